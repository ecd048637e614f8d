/**
 * Conflict detection after retrieval: two current memories about the same subject whose content
 * cannot both hold ("we use Postgres" / "we switched to MySQL"), found whether or not they share
 * a slot, for any subject (claims.ts). Resolved by time and source credibility scored together, ties
 * by the raw layer's order: the loser is marked superseded (never deleted) and names the memory that won.
 */
import { tokenSet as termsOf } from '../text/relevance.js';
import { CHANGE_MARKERS, SUBJECT_VALUES, VALUE_ALIASES } from './lexicon/subjects.js';
import { claimOf, mentions, sameSubject, valuesAgree, type Claim } from './claims.js';
import { recencyOf, SOURCE_WEIGHT, WEIGHTS } from './rank.js';
import { PINNED_TYPES, type Memory } from './types.js';

const CJK = /[\u3400-\u9fff]/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One matcher per subject, built once from the data. */
const MATCHERS: { subject: string; values: { value: string; re: RegExp }[] }[] = Object.entries(SUBJECT_VALUES).map(([subject, values]) => ({
  subject,
  values: values.map((v) => ({
    value: VALUE_ALIASES[v] ?? v,
    re: CJK.test(v) ? new RegExp(escape(v), 'i') : new RegExp(`(?<![\\p{L}\\p{N}#+])${escape(v)}(?![\\p{L}\\p{N}#+])`, 'iu'),
  })),
}));
const MARKERS = Object.values(CHANGE_MARKERS)
  .flat()
  .map((m) => m.toLowerCase());

const cache = new Map<string, Map<string, Set<string>>>();

/** Subjects a text names, with the values it gives each (memoised: conflict checks compare every pair). */
export function subjectsOf(text: string): Map<string, Set<string>> {
  const known = cache.get(text);
  if (known) return known;
  const out = new Map<string, Set<string>>();
  for (const m of MATCHERS) {
    for (const v of m.values) {
      if (!v.re.test(text)) continue;
      const set = out.get(m.subject) ?? new Set<string>();
      set.add(v.value);
      out.set(m.subject, set);
    }
  }
  if (cache.size > 5000) cache.clear();
  cache.set(text, out);
  return out;
}

/** The text says it replaces something ("switched to", "改用", "不对"). */
export function marksChange(text: string): boolean {
  const t = text.toLowerCase();
  return MARKERS.some((m) => t.includes(m));
}

/** Every term of a claim's subject is in the text: the text can be about that subject. */
function subjectFits(c: Claim, text: string): boolean {
  if (!c.subjectTerms.size) return true;
  const t = termsOf(text);
  for (const x of c.subjectTerms) if (!t.has(x)) return false;
  return true;
}

const subjectName = (c: Claim, other: Claim): string => {
  for (const v of [c.value, c.oldValue, other.value, other.oldValue]) {
    const lex = v ? [...subjectsOf(v).keys()][0] : undefined;
    if (lex) return lex;
  }
  return (c.subject ?? other.subject ?? 'value').toLowerCase();
};

/**
 * The subject two memories disagree on, or null. Any types (a pinned preference is compared with a
 * decision or a fact too). They disagree when:
 * - they name the same subject (every term of the shorter subject in the longer) with values that do
 *   not agree, or one withdraws what the other states;
 * - one names the other's value as the old one ("MySQL instead of Postgres", "not PostgreSQL anymore");
 * - one withdraws a liking the other states ("I no longer drink coffee" / "I love coffee");
 * - both give different values of a known subject (lexicon/subjects.ts) and one says it replaces
 *   something ("switched to", "改用"), unless each names a subject the other is not about
 *   ("Postgres for orders" / "analytics moved to ClickHouse").
 */
export function conflictSubject(a: Pick<Memory, 'id' | 'text' | 'type'>, b: Pick<Memory, 'id' | 'text' | 'type'>): string | null {
  if (a.id === b.id) return null;
  const ca = claimOf(a.text);
  const cb = claimOf(b.text);
  if (sameSubject(ca, cb)) {
    if (ca.negated !== cb.negated) return subjectName(ca, cb);
    return valuesAgree(ca.valueKey, cb.valueKey) ? null : subjectName(ca, cb);
  }
  // apart: each is about a subject the other is not (one that names no subject, "MySQL instead of Postgres", is about any)
  const apart = ca.subjectTerms.size > 0 && cb.subjectTerms.size > 0 && (!subjectFits(ca, b.text) || !subjectFits(cb, a.text));
  if (apart) return null;
  for (const [x, y, yText] of [
    [ca, cb, b.text],
    [cb, ca, a.text],
  ] as const) {
    if (x.oldValue && mentions(yText, x.oldValue) && !(x.value && mentions(yText, x.value)) && !y.negated) return subjectName(x, y);
  }
  for (const [x, yMem] of [
    [ca, b],
    [cb, a],
  ] as const) {
    const y = x === ca ? cb : ca;
    if (!x.negated || y.negated || !x.value) continue;
    const object = x.valueKey.at(-1);
    const lexical = [...subjectsOf(x.value).keys()].some((s) => subjectsOf(yMem.text).has(s));
    if (object && (PINNED_TYPES.has(yMem.type) || lexical) && mentions(yMem.text, object)) return subjectName(x, y);
  }
  const sa = subjectsOf(a.text);
  if (!sa.size) return null;
  const sb = subjectsOf(b.text);
  for (const [subject, va] of sa) {
    const vb = sb.get(subject);
    if (!vb) continue;
    if ([...va].some((v) => vb.has(v))) continue; // they agree on a value: not incompatible
    if (marksChange(a.text) || marksChange(b.text)) return subject;
  }
  return null;
}

/** How much a memory counts in a conflict: recency relative to the newer one and source credibility, weighted as in reranking. */
function standing(m: Pick<Memory, 'type' | 'temporary' | 'createdAt' | 'source'>, newest: number): number {
  return WEIGHTS.recency * recencyOf(m, newest) + WEIGHTS.source * (SOURCE_WEIGHT[m.source] ?? 0.5);
}

const writeOrder = (m: Pick<Memory, 'writeId'>) => Number(/(\d+)$/.exec(m.writeId)?.[1] ?? 0);

/** Later in the raw layer: the raw entry's id, else the write's order, else the version. */
function later(a: Memory, b: Memory): boolean {
  if (a.rawId !== null && b.rawId !== null && a.rawId !== b.rawId) return a.rawId > b.rawId;
  if (writeOrder(a) !== writeOrder(b)) return writeOrder(a) > writeOrder(b);
  return a.version > b.version;
}

/**
 * Which of two conflicting memories stands. Time and source credibility are scored together, with
 * the weights and half-lives of reranking: the newer wins unless the older's source is credible
 * enough to outweigh its age (a day-old statement of the user beats a fresh inference; a 400-day-old
 * one loses to a newer switch the user confirmed). Equal standing: the later in the raw layer wins.
 * `rule`: `recency` when the newer won, `credibility` when the older did.
 */
export function winner(a: Memory, b: Memory): { kept: Memory; superseded: Memory; rule: 'credibility' | 'recency' } {
  const [older, newer] = a.createdAt < b.createdAt || (a.createdAt === b.createdAt && later(b, a)) ? [a, b] : [b, a];
  const sn = standing(newer, newer.createdAt);
  const so = standing(older, newer.createdAt);
  if (so > sn + 1e-9) return { kept: older, superseded: newer, rule: 'credibility' };
  return { kept: newer, superseded: older, rule: 'recency' };
}
