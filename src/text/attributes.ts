/**
 * Whether two names of an attribute name the same one: a qualifier that one has and the other has not
 * ("backup owner" / "owner", "旧地址" / "地址", ./attribute-words.ts) makes them two attributes, each
 * with a value of its own. Shared by memory-conflict and the reference engine's conflict rule.
 */
import { QUALIFIERS } from './attribute-words.js';

const JOINED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const CUES = [...new Set(Object.values(QUALIFIERS).flat())].sort((a, b) => b.length - a.length);
/** one alternative per cue, each captured by its index so the cue (not its inflection) is the key */
const QUALIFIER = new RegExp(
  CUES.map((c) => {
    if (JOINED.test(c)) return `(${escape(c)})`;
    const stem = c.endsWith('*');
    return `(?<![\\p{L}\\p{M}\\p{N}])(${escape(stem ? c.slice(0, -1) : c)}${stem ? '[\\p{L}\\p{M}]*' : ''})(?![\\p{L}\\p{M}\\p{N}])`;
  }).join('|'),
  'giu',
);

/** The qualifiers a name of an attribute carries, each as its cue. */
export function qualifiersOf(name: string): Set<string> {
  const out = new Set<string>();
  for (const m of name.normalize('NFKC').toLowerCase().matchAll(QUALIFIER)) {
    const i = m.slice(1).findIndex((g) => g !== undefined);
    if (i >= 0) out.add(CUES[i]);
  }
  return out;
}

/** Two names of an attribute carry the same qualifiers (none, or the same ones): they may name one attribute. */
export function sameQualifiers(a: string, b: string): boolean {
  const qa = qualifiersOf(a);
  const qb = qualifiersOf(b);
  return qa.size === qb.size && [...qa].every((q) => qb.has(q));
}
