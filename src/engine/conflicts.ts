/**
 * Conflict detection after retrieval: two current memories about the same subject whose content
 * cannot both hold ("we use Postgres" / "we switched to MySQL"), found whether or not they share
 * a slot. Resolved by source credibility first (user > confirmed > inferred > tool), then recency:
 * the loser is marked superseded (never deleted) and names the memory that won.
 */
import { tokenSet as termsOf } from '../text/relevance.js';
import { CHANGE_MARKERS, SUBJECT_VALUES, VALUE_ALIASES } from './lexicon/subjects.js';
import { PINNED_TYPES, SOURCE_RANK, type Memory } from './types.js';

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

/** Content words shared beyond the subject's values. */
function sharedContext(a: string, b: string, values: Set<string>): boolean {
  const ta = termsOf(a);
  const tb = termsOf(b);
  for (const t of ta) if (tb.has(t) && !values.has(t)) return true;
  return false;
}

/** The subject two memories disagree on, or null. Pinned types (preferences, constraints) are resolved by slot. */
export function conflictSubject(a: Memory, b: Memory): string | null {
  if (a.id === b.id) return null;
  if (PINNED_TYPES.has(a.type) !== PINNED_TYPES.has(b.type)) return null;
  const sa = subjectsOf(a.text);
  if (!sa.size) return null;
  const sb = subjectsOf(b.text);
  for (const [subject, va] of sa) {
    const vb = sb.get(subject);
    if (!vb) continue;
    if ([...va].some((v) => vb.has(v))) continue; // they agree on a value: not incompatible
    const all = new Set([...va, ...vb]);
    if (marksChange(a.text) || marksChange(b.text) || sharedContext(a.text, b.text, all)) return subject;
  }
  return null;
}

/** Which of two conflicting memories stands: the more credible source, then the newer. */
export function winner(a: Memory, b: Memory): { kept: Memory; superseded: Memory; rule: 'credibility' | 'recency' } {
  const ra = SOURCE_RANK[a.source] ?? 0;
  const rb = SOURCE_RANK[b.source] ?? 0;
  if (ra !== rb) return ra > rb ? { kept: a, superseded: b, rule: 'credibility' } : { kept: b, superseded: a, rule: 'credibility' };
  const newer = a.createdAt !== b.createdAt ? a.createdAt > b.createdAt : a.version >= b.version && a.id > b.id;
  return newer ? { kept: a, superseded: b, rule: 'recency' } : { kept: b, superseded: a, rule: 'recency' };
}
