/**
 * What a user says that a memory system should keep beyond the conversation, read conservatively:
 * a standing preference the constraint grammar reads (./constraints.ts) stated with a word that makes
 * it last ("from now on", "always", "以后", "今後", "ab jetzt": the lexicon's `durable`), or an explicit
 * request to keep something ("remember that…", "记住…", "…覚えておいて", "merk dir…": the lexicon's
 * `remember_request`) about the speaker (the lexicon's `speaker`: "my", "我", "私"), or a fact or decision
 * of the speaker's said to last: "our son has a peanut allergy, and that is not going to change" (the
 * lexicon's `lasting`, or a verb of change its negation governs, ./change-words.ts: that it will not
 * change, not an adverb such as "permanently"), "we have decided:
 * only the veggie box from now on" (a `decision` and an `onward` word in one message). Ordinary talk states none of these: a liking mentioned in passing, a plan, a fact
 * about oneself are left to the memory system's judgement, and never reported as missed.
 */
import { detectPreferences, isPermission } from './constraints.js';
import { lexiconsFor, statementLexicons } from './lexicon-choice.js';
import { CHANGE } from './change-words.js';
import { Cues, type Lexicon } from './lexicon.js';
import { sentences } from './sentences.js';

export interface DurableStatement {
  kind: 'preference' | 'remember' | 'lasting';
  /** the sentence as written */
  sentence: string;
  /** the preference's key and topic (`language:es`, `language`); null for a request to remember or a lasting fact */
  key: string | null;
  topic: string | null;
  /** a short label: the preference's, or what is to be remembered */
  label: string;
  /** what is to be kept: the preference's sentence, or the words the request names */
  what: string;
}

const QUESTION = /[?？؟]\s*$/;
const LETTERS = /[\p{L}\p{N}]/gu;

/** A sentence's text after the fillers it starts with ("ok", "also", "btw", "please"). */
function afterFillers(lower: string, lex: Lexicon): string {
  let rest = lower.trimStart();
  for (let i = 0; i < 4; i++) {
    const f = lex.cues.fillers.start(rest);
    if (!f) break;
    rest = rest
      .slice(f.length)
      .replace(/^[\s,，、:：;；!！.。-]+/u, '')
      .trimStart();
  }
  return rest;
}

/** The words a request to remember names: after its cue, or (verb-final languages) before it; else the sentence before. */
function remembered(sentence: string, prev: string | null, lexs: Lexicon[]): string | null {
  const lower = sentence.toLowerCase();
  for (const lex of lexs) {
    const rest = afterFillers(lower, lex);
    const cue = lex.cues.remember_request.start(rest);
    let what: string | null = null;
    // the sentence as written (lower-casing keeps the length of the scripts these cues are in)
    if (cue) what = sentence.slice(lower.length - rest.length + cue.length);
    else if (lex.data.verb_final) {
      const m = lex.cues.remember_request.first(lower);
      if (m) what = sentence.slice(0, m.index);
    }
    if (what === null) continue;
    what = what.replace(/^[\s,，、:：;；-]+|[\s,，、。.!！]+$/gu, '').replace(/^(?:that|this|:)\s+/u, '');
    // "Remember: …" on its own, the thing said the sentence before
    if ((what.match(LETTERS) ?? []).length < 4) what = prev;
    if (!what || (what.match(LETTERS) ?? []).length < 4) return null;
    // about the user ("my sister's birthday", "我对花生过敏"), not advice or trivia ("Remember that
    // staying positive is very important", "Remember that the FDA once burned six tons of literature!")
    return lex.cues.speaker.has(what.toLowerCase()) ? what : null;
  }
  return null;
}

/**
 * A fact or decision of the speaker's said to last, or null. A sentence that says only that something
 * will not change ("이건 앞으로도 안 바뀌어요") is about the sentence before it. `decided`: the message tells
 * a decision ("we have decided", "決めました"), which an `onward` word ("from now on", not "always") in
 * the sentence makes lasting.
 */
function lasting(sentence: string, prev: string | null, decided: boolean, lexs: Lexicon[]): string | null {
  const lower = sentence.toLowerCase().replace(/’/g, "'");
  for (const lex of lexs) {
    const says = lex.cues.lasting.first(lower) ?? unchanging(lower, lex);
    if (says) {
      if (lex.cues.speaker.has(lower) && (lower.replace(says.text, '').match(LETTERS) ?? []).length >= 12) return sentence;
      if (prev && lex.cues.speaker.has(prev.toLowerCase())) return `${prev} ${sentence}`;
    }
    if (decided && lex.cues.onward.has(lower)) return sentence;
  }
  return null;
}

const JOINED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CHANGE_CUES = new Map(Object.entries(CHANGE).map(([lang, w]) => [lang, { cues: new Cues(w.verbs, !JOINED.test(w.verbs.join('')), []), after: w.after }]));
/** what ends a clause after a verb of change */
const CLAUSE_END = /^\s*(?:[,;:.!?，。；！？)\]—–-]|$)/u;

/**
 * A verb of change its language's negation governs (./change-words.ts): the words from the negation to
 * the verb, or null. "that won't ever change", "这辈子都改不了"; not "I won't change my order".
 */
function unchanging(lower: string, lex: Lexicon): { index: number; text: string } | null {
  const change = CHANGE_CUES.get(lex.lang);
  if (!change) return null;
  const negs = lex.cues.fact_negation.all(lower);
  for (const v of change.cues.all(lower)) {
    const end = v.index + v.text.length;
    if (change.after !== undefined) {
      const n = negs.find((x) => x.index >= end && x.index - end <= change.after!);
      if (n) return { index: v.index, text: lower.slice(v.index, n.index + n.text.length) };
      continue;
    }
    if (!CLAUSE_END.test(lower.slice(end))) continue;
    const n = negs.findLast(
      (x) =>
        x.index + x.text.length <= v.index &&
        lower
          .slice(x.index + x.text.length, v.index)
          .trim()
          .split(/\s+/)
          .filter(Boolean).length <= 2,
    );
    if (n) return { index: n.index, text: lower.slice(n.index, end) };
  }
  return null;
}

/** The durable statements of a user message (most messages: none). */
export function durableStatements(text: string): DurableStatement[] {
  const out: DurableStatement[] = [];
  const seen = new Set<string>();
  for (const p of detectPreferences(text, 'user')) {
    // a withdrawal, a permission and the open class of directives ("know I'm always here to cheer you
    // on" reads as one) are not kept as standing preferences here
    if (p.topic === '*' || p.key.endsWith(':withdrawn') || p.key.startsWith('directive:') || isPermission(p)) continue;
    if (QUESTION.test(p.sentence) || seen.has(p.key)) continue;
    const lower = p.sentence.toLowerCase();
    if (!lexiconsFor(p.sentence, lower).some((l) => l.cues.durable.has(lower))) continue;
    seen.add(p.key);
    out.push({ kind: 'preference', sentence: p.sentence, key: p.key, topic: p.topic, label: p.label, what: p.sentence });
  }
  const decided = lexiconsFor(text, text.toLowerCase()).some((l) => l.cues.decision.has(text.toLowerCase()));
  let prev: string | null = null;
  for (const s of sentences(text)) {
    const sentence = s.trim();
    if (!sentence) continue;
    if (!QUESTION.test(sentence) && !out.some((x) => x.sentence === sentence)) {
      const lexs = statementLexicons(sentence, sentence.toLowerCase());
      const what = remembered(sentence, prev, lexs);
      if (what) out.push({ kind: 'remember', sentence, key: null, topic: null, label: what, what });
      else {
        const fact = lasting(sentence, prev, decided, lexs);
        if (fact) out.push({ kind: 'lasting', sentence, key: null, topic: null, label: clipLabel(fact), what: fact });
      }
    }
    prev = sentence;
  }
  return out;
}

function clipLabel(s: string, max = 60): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
