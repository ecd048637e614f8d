/**
 * Do two memories contradict each other? One rule for every way a log shows it: the same declared
 * subject (slot, key, subject, entity) with another text; two preferences on one topic with different
 * keys (src/text's `supersedes`); the same sentence around two values of a fact that holds one value
 * at a time ("lives in Berlin" / "lives in Munich", "誕生日は3月5日" / "誕生日は3月15日"), or around a
 * value and its denial or opposite ("mag Kaffee" / "mag keinen Kaffee", "好き" / "嫌い"); and the
 * reference engine's claims (src/engine/conflicts.ts), which read a subject and its value in English
 * and Chinese ("we use Postgres" / "we switched to MySQL").
 */
import { conflictSubject } from '../../engine/conflicts.js';
import { SUBJECT_VALUES } from '../../engine/lexicon/subjects.js';
import { sameQualifiers } from '../../text/attributes.js';
import { supersedes } from '../../text/checks.js';
import { detectPreferences } from '../../text/index.js';
import { tokens, tokenSet } from '../../text/relevance.js';
import { type StanceConflict, stanceConflict } from '../../text/stance.js';
import { DATE_WORDS, matcher, NEGATIONS, OPPOSITES, SINGLE_VALUED } from './cues.js';
import type { ConflictKind } from './types.js';

export interface MemoryText {
  text: string;
  /** the subject the log declares for it (a slot, key, subject or entity field), lower case */
  subject?: string | null;
}

export interface Contradiction {
  kind: ConflictKind;
  /** what the two disagree on, in words: the declared subject, the topic, or the words around the values */
  subject: string;
  /** the value each gives (the words that differ), in the order of the arguments */
  values: [string, string];
  /** the clauses where one affirms what the other denies (src/text/stance.ts), when that is how they disagree */
  stance?: StanceConflict;
}

/**
 * A memory is read as the memory system's note about the user, as a system prompt's line is ("Priya wants
 * comparisons as a table", "Lucía quiere…"): not as the user's own request to the assistant.
 */
export const NOTE = 'system';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
const UNIT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー])[\p{L}\p{M}\p{N}])+(?:'(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])\p{L})+)*/gu;

/** A text's units: words, and each Han or kana character alone (those scripts write no spaces). */
export function units(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().replace(/[’‘]/g, "'").match(UNIT) ?? [];
}

/** A Han or kana character weighs half a word. */
const weight = (us: readonly string[]) => us.reduce((n, u) => n + (CJK.test(u) ? 0.5 : 1), 0);
const join = (us: readonly string[]) => us.reduce((s, u, i) => (i && !(CJK.test(u) && CJK.test(us[i - 1])) ? `${s} ${u}` : s + u), '');

const NEGATION = new RegExp(matcher(NEGATIONS).source, 'gu');
const SINGLE = matcher(SINGLE_VALUED);
const DATE = new Set(Object.values(DATE_WORDS).flat());
const OPPOSITE = new Set(Object.values(OPPOSITES).flatMap((ps) => ps.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`])));
/** a unit that is a number or a date's part */
const DATE_UNIT = (u: string) => /\p{N}/u.test(u) || DATE.has(u) || /^[年月日号號時时分点]$/u.test(u);

/** the most words (a Han or kana character half a word) the differing value of either memory may have */
const MAX_VALUE = 4;
/** how many words either side of the values a word of a single-valued fact must sit within */
const NEAR = 3;

const stem = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(?<=\p{L}{3})(?:es|s)$/u, '');

/** The words a text writes capitalised after its first word (names: "Boa Viagem", "Chapel Allerton"), lower case. */
function namesOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.normalize('NFKC').matchAll(/(?<=[\p{L}\p{N},;:]\s+)\p{Lu}[\p{L}\p{M}]*/gu)) out.add(m[0].toLowerCase());
  return out;
}

function template(a: string, b: string): Contradiction | null {
  const ua = units(a);
  const ub = units(b);
  let p = 0;
  while (p < ua.length && p < ub.length && ua[p] === ub[p]) p++;
  let s = 0;
  while (s < ua.length - p && s < ub.length - p && ua[ua.length - 1 - s] === ub[ub.length - 1 - s]) s++;
  const ma = ua.slice(p, ua.length - s);
  const mb = ub.slice(p, ub.length - s);
  if (!ma.length && !mb.length) return null;
  const shared = [...ua.slice(0, p), ...ua.slice(ua.length - s)];
  const sw = weight(shared);
  if (sw < 1.5 || sw < 0.5 * Math.max(weight(ua), weight(ub))) return null;
  if (weight(ma) > MAX_VALUE || weight(mb) > MAX_VALUE) return null;
  const va = join(ma);
  const vb = join(mb);
  // "owner" / "backup owner": two attributes, each with its own value
  if (!sameQualifiers(va, vb)) return null;
  // around the values: the words just before and just after them
  const before: string[] = [];
  for (let i = p - 1; i >= 0 && weight(before) < NEAR; i--) before.unshift(ua[i]);
  const after: string[] = [];
  for (let i = ua.length - s; i < ua.length && weight(after) < NEAR; i++) after.push(ua[i]);
  const subject = after.length ? `${join(before)} … ${join(after)}`.trim() : join(before);
  if (OPPOSITE.has(`${va}|${vb}`)) return { kind: 'opposite', subject, values: [va, vb] };
  const na = va.replace(NEGATION, ' ');
  const nb = vb.replace(NEGATION, ' ');
  if ((na !== va) !== (nb !== vb) && stem(na) === stem(nb)) return { kind: 'negation', subject, values: [va, vb] };
  if (!ma.length || !mb.length) return null;
  // each value says something (not "in" against "near"): a content word, a date, or a name ("Boa Viagem": its words are
  // stop words, its capitals make it a place)
  const says = (m: string[], v: string, text: string) => m.some(DATE_UNIT) || tokens(v).length > 0 || m.some((u) => namesOf(text).has(u));
  if (!says(ma, va, a) || !says(mb, vb, b)) return null;
  const dates = ma.every(DATE_UNIT) && mb.every(DATE_UNIT);
  if (dates || SINGLE.test(join(before)) || SINGLE.test(join(after))) return { kind: 'value', subject, values: [va, vb] };
  return null;
}

/** The words of the shorter clause that both share ("parking space"), or that clause when it is written without spaces. */
function sharedWords(s: StanceConflict): string {
  const [short] = [...s.clauses].sort((x, y) => x.content.size - y.content.size);
  const shared = new Set(s.shared);
  const words = short.text.split(/\s+/).filter((w) => [...tokenSet(w)].some((t) => shared.has(t)));
  return words.length && /\s/.test(short.text) ? words.join(' ') : short.text;
}

function withStance(t: Contradiction, a: string, b: string): Contradiction {
  const stance = stanceConflict(a, b);
  return stance ? { ...t, stance } : t;
}

/** The contradiction between two memories, or null when both can hold. */
export function contradiction(a: MemoryText, b: MemoryText): Contradiction | null {
  const na = units(a.text).join(' ');
  const nb = units(b.text).join(' ');
  // the same text, or one holding the other (an update that added to it): both hold
  if (!na || !nb || na.includes(nb) || nb.includes(na)) return null;
  if (a.subject && b.subject) return a.subject === b.subject ? { kind: 'subject', subject: a.subject, values: [a.text, b.text] } : null;
  for (const pa of detectPreferences(a.text, NOTE))
    for (const pb of detectPreferences(b.text, NOTE))
      if (pa.topic !== '*' && pb.topic !== '*' && supersedes(pb, pa)) return { kind: 'preference', subject: pa.topic, values: [pa.key, pb.key] };
  const t = template(a.text, b.text);
  // a statement and its denial: the clauses where one denies what the other affirms, so that the answer's stance can
  // be read ("Da Mira keinen Kaffee trinkt…" takes "Mira trinkt keinen Kaffee"; its words alone tell neither)
  if (t) return t.kind === 'negation' || t.kind === 'opposite' ? withStance(t, a.text, b.text) : t;
  const s = stanceConflict(a.text, b.text);
  if (s) return { kind: 'negation', subject: sharedWords(s), values: [s.clauses[0].text, s.clauses[1].text], stance: s };
  const claim = conflictSubject({ id: 'a', text: a.text, type: 'fact' }, { id: 'b', text: b.text, type: 'fact' });
  // a subject of one word ("Caroline is passionate about…" / "Caroline is excited to…") has many values at once:
  // only a subject of the engine's lexicon ("database") or of several words ("production database version") holds one
  if (!claim || !(SUBJECT_VALUES[claim] || tokenSet(claim).size >= 2)) return null;
  return { kind: 'claim', subject: claim, values: [a.text, b.text] };
}
