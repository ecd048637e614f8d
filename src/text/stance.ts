/**
 * What a statement affirms or denies, clause by clause, in every language of ./stance-words.ts: its
 * content words (the text layer's tokens), the predicates it names by meaning ("needs" / "braucht" /
 * "必要": need), and whether it denies them ("no parking space needed", "late check-out declined").
 * Two statements contradict when one affirms what the other denies: the same predicate (or a bare
 * statement against an approval: "never deploy on Fridays" / "deploying on Fridays is fine"), opposite
 * stances, and every content word of the shorter clause in the other.
 */
import { tokenSet } from './relevance.js';
import { MODAL, PREDICATES as NAMES, type Predicate, STANCE } from './stance-words.js';

export interface ClauseStance {
  /** the clause as written */
  text: string;
  /** its content tokens (./relevance.ts), predicates and negations left out */
  content: ReadonlySet<string>;
  /** the predicates it names */
  predicates: ReadonlySet<Predicate>;
  /** it denies what it states */
  denied: boolean;
}

export interface StanceConflict {
  /** the clause of each statement, in the order given */
  clauses: [ClauseStance, ClauseStance];
  /** the content words both share: what they disagree on */
  shared: string[];
}

const JOINED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** a letter, mark or digit: what a word is made of */
const W = '[\\p{L}\\p{M}\\p{N}]';

/**
 * Cues as one pattern: joined scripts anywhere; the others from a word's start, whole, or a stem (`*`)
 * and any letters after it, to the word's end; an elided cue ("n'") up to its apostrophe. Longest
 * first. The word boundaries and the stems' tail are written once, not in each cue: a Unicode class
 * in each of a few hundred alternatives cost V8 half a second per pattern to compile, in every
 * process (7 s of a three-event triage under load).
 */
function alternation(cues: readonly string[]): string {
  const all = [...new Set(cues)].sort((a, b) => b.length - a.length);
  const body = (c: string) => escape(c).replace(/ /g, '\\s+');
  const joined = all.filter((c) => JOINED.test(c)).map(escape);
  const spaced = all.filter((c) => !JOINED.test(c));
  const elided = spaced.filter((c) => /['’]$/.test(c)).map(body);
  const whole = spaced.filter((c) => !/['’]$/.test(c) && !c.endsWith('*')).map(body);
  const stems = spaced.filter((c) => c.endsWith('*')).map((c) => body(c.slice(0, -1)));
  const words = [...whole, ...(stems.length ? [`(?:${stems.join('|')})[\\p{L}\\p{M}]*`] : [])];
  const inner = [...(words.length ? [`(?:${words.join('|')})(?!${W})`] : []), ...elided];
  return [...joined, ...(inner.length ? [`(?<!${W})(?:${inner.join('|')})`] : [])].join('|');
}

interface Cue {
  re: RegExp;
  predicate: Predicate;
  no: boolean;
}

/**
 * The cues as patterns, built on first use: a few hundred cues of every language in \p{…} classes take
 * 50-100 ms to compile, paid otherwise by every command that loads the analyzers (the TUI's first frame
 * among them, issue 35) whether or not it reads a memory's stance.
 */
const patterns = (() => {
  let built: { PREDICATES: readonly Cue[]; NEGATION: RegExp; JOIN_SPACED: RegExp; JOIN_JOINED: RegExp } | undefined;
  return () => {
    if (built) return built;
    const LANGS = Object.values(STANCE);
    const JOINS = LANGS.flatMap((l) => l.joins);
    built = {
      PREDICATES: NAMES.flatMap((predicate) =>
        ([false, true] as const).map((no) => ({
          predicate,
          no,
          re: new RegExp(alternation(LANGS.flatMap((l) => (no ? l.predicates[predicate].no : l.predicates[predicate].yes))), 'gu'),
        })),
      ),
      // (both run on lower-cased text: no case folding)
      NEGATION: new RegExp(alternation(LANGS.flatMap((l) => l.negations)), 'gu'),
      JOIN_SPACED: new RegExp(
        `(?<=\\s)(?:${JOINS.filter((j) => !JOINED.test(j) && !HANGUL.test(j))
          .map((j) => escape(j).replace(/ /g, '\\s+'))
          .join('|')})(?=\\s)`,
        'giu',
      ),
      JOIN_JOINED: new RegExp(
        JOINS.filter((j) => JOINED.test(j))
          .map(escape)
          .join('|'),
        'gu',
      ),
    };
    return built;
  };
})();

/** clause ends: sentence ends, semicolons, commas and colons (not inside a number: "14:00", "1,5"), brackets, dashes */
const CLAUSE_END = /[;；。!?！？\n()（）[\]]|[.,，、:：](?!\d)|\s[-–—]\s/u;

/** a lone consonant (compatibility jamo) at an ending's start, as the final consonant of the syllable before it */
const FINAL: Record<string, string> = { ㄱ: '\u11a8', ㄴ: '\u11ab', ㄹ: '\u11af', ㅁ: '\u11b7', ㅂ: '\u11b8', ㅅ: '\u11ba', ㅆ: '\u11bb' };
/** every language's predicate endings, decomposed (Hangul as jamo), longest first */
const ENDINGS = [...new Set(Object.values(STANCE).flatMap((l) => l.endings ?? []))]
  .map((e) => (FINAL[e[0]] ? FINAL[e[0]] + e.slice(1) : e).normalize('NFD'))
  .sort((a, b) => b.length - a.length);
const LETTER = /[\p{L}\p{M}]/u;

/** A word without its predicate ending ("마신다" -> "마시", "먹지" -> "먹"), when a letter stays before it. */
function stemOf(word: string): string {
  const d = word.normalize('NFD');
  for (const e of ENDINGS) if (d.length > e.length && d.endsWith(e) && LETTER.test(d.slice(0, -e.length))) return d.slice(0, -e.length).normalize('NFC');
  return word;
}

/** Han then kana: an inflected verb or adjective ("飲む", "飲ま" of "飲まない"), read as its Han stem. */
const OKURIGANA = /^(\p{Script=Han}+)\p{Script=Hiragana}+$/u;

/** A clause's content tokens, each predicate read by its stem. */
function contentOf(rest: string): Set<string> {
  const stemmed = ENDINGS.length ? rest.replace(/[\p{L}\p{M}]+/gu, stemOf) : rest;
  return new Set([...tokenSet(stemmed)].map((t) => OKURIGANA.exec(t)?.[1] ?? t));
}

/** The stance of one clause. */
export function clauseStance(text: string): ClauseStance {
  let rest = text.normalize('NFKC').toLowerCase().replace(/[’‘]/g, "'");
  const predicates = new Set<Predicate>();
  let no = false;
  // the longest cue first across the predicates, so that "不要" is one word of need, not a negation and "要"
  const found: { at: number; len: number; cue: Cue }[] = [];
  const { PREDICATES, NEGATION } = patterns();
  for (const cue of PREDICATES) for (const m of rest.matchAll(cue.re)) found.push({ at: m.index, len: m[0].length, cue });
  found.sort((a, b) => a.at - b.at || b.len - a.len);
  let end = 0;
  for (const f of found) {
    if (f.at < end) continue;
    predicates.add(f.cue.predicate);
    if (f.cue.no) no = !no;
    rest = `${rest.slice(0, f.at)}${' '.repeat(f.len)}${rest.slice(f.at + f.len)}`;
    end = f.at + f.len;
  }
  let negated = false;
  rest = rest.replace(NEGATION, (m) => {
    negated = true;
    return ' '.repeat(m.length);
  });
  return { text: text.trim(), content: contentOf(rest), predicates, denied: negated !== no };
}

/**
 * A statement's clauses, each with its stance. A clause with no content word ("已同意", "OK") comments
 * on the one before it (the first, on the one after) and is read with it.
 */
export function stances(text: string): ClauseStance[] {
  const { JOIN_SPACED, JOIN_JOINED } = patterns();
  const parts = text
    .replace(JOIN_SPACED, ' ; ')
    .replace(JOIN_JOINED, ' ; ')
    .split(CLAUSE_END)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: ClauseStance[] = [];
  let carry = '';
  for (const p of parts) {
    const c = clauseStance(p);
    if (!c.content.size && (c.predicates.size || c.denied)) {
      if (out.length) out[out.length - 1] = clauseStance(`${out[out.length - 1].text} ${p}`);
      else carry = `${carry} ${p}`;
      continue;
    }
    out.push(carry ? clauseStance(`${carry} ${p}`) : c);
    carry = '';
  }
  return out;
}

const sameSet = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>) => a.size === b.size && [...a].every((x) => b.has(x));

/** The predicates of two clauses name one thing: the same ones, or a bare statement against an approval. */
function samePredicate(a: ReadonlySet<Predicate>, b: ReadonlySet<Predicate>): boolean {
  if (sameSet(a, b)) return true;
  const [none, some] = a.size ? [b, a] : [a, b];
  return none.size === 0 && [...some].every((p) => MODAL.has(p));
}

/**
 * Where one statement denies what the other affirms, or null. The shorter clause's content words
 * must all stand in the other (one or more when both name a predicate, two or more when neither does):
 * "needs the parking space" / "no parking space needed" disagree; "doesn't need breakfast" / "needs
 * a parking space" and "likes tea" / "does not like coffee" do not.
 */
export function stanceConflict(a: string, b: string): StanceConflict | null {
  const sa = stances(a);
  const sb = stances(b);
  for (const ca of sa)
    for (const cb of sb) {
      if (ca.denied === cb.denied || !samePredicate(ca.predicates, cb.predicates)) continue;
      const [small, big] = ca.content.size <= cb.content.size ? [ca.content, cb.content] : [cb.content, ca.content];
      const shared = [...small].filter((t) => big.has(t));
      const need = ca.predicates.size || cb.predicates.size ? 1 : 2;
      if (shared.length < need || shared.length < small.size) continue;
      return { clauses: [ca, cb], shared };
    }
  return null;
}

/**
 * Which of two clauses in conflict an answer takes: the stance of the answer's clauses that hold at
 * least half of the words the two share. `first` / `second` when every such clause takes the one
 * stance, null when none speaks of it or they take both.
 */
export function stanceTaken(answer: string, c: StanceConflict): 'first' | 'second' | null {
  const want = Math.max(1, Math.ceil(c.shared.length / 2));
  let denied = 0;
  let affirmed = 0;
  for (const s of stances(answer)) {
    if (c.shared.filter((t) => s.content.has(t)).length < want) continue;
    if (s.denied) denied++;
    else affirmed++;
  }
  if (!denied === !affirmed) return null;
  const firstDenied = c.clauses[0].denied;
  return denied ? (firstDenied ? 'first' : 'second') : firstDenied ? 'second' : 'first';
}
