/**
 * Is a constraint still present in a prompt? Present when a message that carried it is there,
 * when any system / developer / user / assistant message states the same key (a restatement, a
 * pinned copy, an injected memory, a summary that words it differently: "The user asked for no
 * emoji"), or when a message holds its distinctive text or most of its content words.
 */
import { detectPreferences, type DetectMode } from './constraints.js';
import { contentTokens } from './tokenize.js';
import { stopwordsOf } from './stopwords.js';

/** read on first use (stopwords-iso's JSON costs a small run's start-up ~5 ms) */
let stop: ReadonlySet<string> | null = null;
const STOP = () => (stop ??= stopwordsOf(['en', 'de', 'fr', 'es', 'pt', 'zh', 'ja']));

export interface MessageLike {
  /** content-addressed id: the same body has the same id in every request */
  id: number | string;
  role: string;
  text: string;
}

export interface ConstraintRef {
  key: string;
  /** messages known to carry it: where it was stated, restated or pinned */
  messageIds: ReadonlySet<number | string>;
  /** distinctive text: the sentence it was stated in, a memory's text */
  texts: readonly string[];
}

export interface Presence {
  present: boolean;
  /** message: a known carrier is in the prompt; restatement: a message states the same key; text: a message contains its words */
  via?: 'message' | 'restatement' | 'text';
  messageId?: number | string;
  role?: string;
}

/** Lower-cased, whitespace collapsed, end punctuation dropped: how distinctive texts are compared. */
export function normalizeText(t: string): string {
  const s = t.toLowerCase().replace(/\s+/g, ' ');
  // the ends trimmed by hand: `[…]+$` tried from every character of a long run of them (quadratic)
  let from = 0;
  while (from < s.length && LEAD.has(s[from])) from++;
  let to = s.length;
  while (to > from && TRAIL.has(s[to - 1])) to--;
  return s.slice(from, to).trim();
}

const LEAD = new Set(' "\'“”‘’「」');
const TRAIL = new Set(' .!?。！？;；,，"\'“”‘’「」');

/** Long enough to be told apart from ordinary text: 12+ characters, or 6+ when it holds Chinese. */
export function isDistinctive(norm: string): boolean {
  return norm.length >= 12 || (/[\u4e00-\u9fff]/.test(norm) && norm.length >= 6);
}

/**
 * Caches, per content-addressed message id, the preference keys a message states and its
 * normalized text, so a long session scans each message body once.
 */
export class PromptScanner {
  private readonly keys = new Map<number | string, ReadonlySet<string>>();
  private readonly norms = new Map<number | string, string>();
  private readonly absent = new WeakMap<ConstraintRef, { texts: number; ids: Set<number | string> }>();

  /** Keys stated by a system / developer / user / assistant message (none for tool messages). */
  keysOf(m: MessageLike): ReadonlySet<string> {
    let k = this.keys.get(m.id);
    if (!k) {
      // a user states rules in the second person; a system prompt, a summary or the assistant's own
      // restatement may word them in the third ("The user asked for no emoji")
      const mode: DetectMode | null = m.role === 'user' ? 'user' : m.role === 'system' || m.role === 'developer' || m.role === 'assistant' ? 'system' : null;
      k = new Set(mode ? detectPreferences(m.text, mode).map((p) => p.key) : []);
      this.keys.set(m.id, k);
    }
    return k;
  }

  private readonly words = new Map<number | string, ReadonlySet<string>>();

  wordsOf(m: MessageLike): ReadonlySet<string> {
    let w = this.words.get(m.id);
    if (!w) {
      w = new Set(contentTokens(m.text.slice(0, 20_000), STOP()));
      this.words.set(m.id, w);
    }
    return w;
  }

  normOf(m: MessageLike): string {
    let n = this.norms.get(m.id);
    if (n === undefined) {
      n = m.text.toLowerCase().replace(/\s+/g, ' ');
      this.norms.set(m.id, n);
    }
    return n;
  }

  /**
   * Is the constraint still in this prompt? Yes when a message that carried it is there, or a
   * system / developer / user message states the same key (a restatement, a pinned copy, an
   * injected memory), or any message contains its distinctive text.
   */
  presence(c: ConstraintRef, messages: readonly MessageLike[]): Presence {
    for (const m of messages) if (c.messageIds.has(m.id)) return { present: true, via: 'message', messageId: m.id, role: m.role };
    // a message found not to carry this constraint never will (its body does not change): skip it next time
    let cache = this.absent.get(c);
    if (!cache || cache.texts !== c.texts.length) this.absent.set(c, (cache = { texts: c.texts.length, ids: new Set() }));
    const absent = cache.ids;
    let texts: string[] | null = null;
    let words: Set<string>[] | null = null;
    for (const m of messages) {
      if (absent.has(m.id)) continue;
      if (this.keysOf(m).has(c.key)) return { present: true, via: 'restatement', messageId: m.id, role: m.role };
      texts ??= c.texts.map(normalizeText).filter(isDistinctive);
      if (texts.length) {
        const n = this.normOf(m);
        if (texts.some((t) => n.includes(t))) return { present: true, via: 'text', messageId: m.id, role: m.role };
      }
      // a reworded carrier (a summary): most of the constraint's content words, for a key no grammar restates
      if (c.key.startsWith('directive:') || c.key.startsWith('forbid:') || c.key.startsWith('include:')) {
        words ??= c.texts.map((t) => new Set(contentTokens(t, STOP()))).filter((w) => w.size >= 2);
        // a word in the message's tokens is in its lower-cased text: the tokens are read only for a
        // message whose text holds enough of the words (most hold none; tokenizing each was the cost)
        if (words.length && m.role !== 'tool' && words.some((w) => enough(w, this.normOf(m)))) {
          const have = this.wordsOf(m);
          if (words.some((w) => [...w].filter((x) => have.has(x)).length >= Math.ceil(w.size * 0.7))) {
            return { present: true, via: 'text', messageId: m.id, role: m.role };
          }
        }
      }
      absent.add(m.id);
    }
    return { present: false };
  }
}

/** Does `text` contain, as substrings, the share of the words a reworded carrier must hold? */
function enough(words: ReadonlySet<string>, text: string): boolean {
  const need = Math.ceil(words.size * 0.7);
  let found = 0;
  let left = words.size;
  for (const w of words) {
    if (text.includes(w)) found++;
    left--;
    if (found >= need) return true;
    if (found + left < need) return false;
  }
  return false;
}

/** One-shot form of PromptScanner.presence. */
export function constraintPresent(c: ConstraintRef, messages: readonly MessageLike[], scanner = new PromptScanner()): Presence {
  return scanner.presence(c, messages);
}
