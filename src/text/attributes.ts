/**
 * Whether two names of an attribute name the same one: a qualifier that one has and the other has not
 * ("backup owner" / "owner", "旧地址" / "地址", ./attribute-words.ts) makes them two attributes, each
 * with a value of its own. Shared by memory-conflict and the reference engine's conflict rule.
 */
import { QUALIFIERS } from './attribute-words.js';

const JOINED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const CUES = [...new Set(Object.values(QUALIFIERS).flat())].sort((a, b) => b.length - a.length);
const W = '[\\p{L}\\p{M}\\p{N}]';
const spaced = CUES.filter((c) => !JOINED.test(c));
const stems = spaced.filter((c) => c.endsWith('*')).map((c) => escape(c.slice(0, -1)));
/**
 * Every cue in one pattern: joined scripts anywhere, the others a whole word (a stem, `*`, with any
 * letters after it). The word boundaries and the stems' tail are written once: a Unicode class in each
 * alternative made the pattern slow to compile in every process (src/text/stance.ts says how slow).
 */
const QUALIFIER = new RegExp(
  [
    ...CUES.filter((c) => JOINED.test(c)).map(escape),
    `(?<!${W})(?:${[...spaced.filter((c) => !c.endsWith('*')).map(escape), ...(stems.length ? [`(?:${stems.join('|')})[\\p{L}\\p{M}]*`] : [])].join('|')})(?!${W})`,
  ].join('|'),
  'gu',
);

/** The cue a match is of: the first, longest first, that is the text or (a stem) starts it. */
const cueOf = (text: string) => CUES.find((c) => (c.endsWith('*') ? !JOINED.test(c) && text.startsWith(c.slice(0, -1)) : c === text));

/** The qualifiers a name of an attribute carries, each as its cue. */
export function qualifiersOf(name: string): Set<string> {
  const out = new Set<string>();
  for (const m of name.normalize('NFKC').toLowerCase().matchAll(QUALIFIER)) {
    const cue = cueOf(m[0]);
    if (cue) out.add(cue);
  }
  return out;
}

/** Two names of an attribute carry the same qualifiers (none, or the same ones): they may name one attribute. */
export function sameQualifiers(a: string, b: string): boolean {
  const qa = qualifiersOf(a);
  const qb = qualifiersOf(b);
  return qa.size === qb.size && [...qa].every((q) => qb.has(q));
}
