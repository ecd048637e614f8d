/**
 * Does an answer name a forbidden term as something it offers, or only to say it left it out? "Try
 * the peanut praline tart" mentions peanuts; "I asked for a peanut-free menu", "sin cacahuetes",
 * "ピーナッツ抜き" name them to say they are not there. The words that say so are each lexicon's
 * `left_out` (right before the term) and `left_out_after` (right after it).
 */
import { lexicons } from './lexicon.js';

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
/** a clause ends here: a marker beyond it is another clause's */
const CLAUSE_END = /[.!?;:,。！？；：，、\n]/;

/**
 * The term as a pattern: a Latin or Cyrillic word term also in its plural or a short inflection
 * ("peanuts" names "peanut", "арахис" names "арахиса"); a CJK term as it is.
 */
export function termPattern(term: string): RegExp {
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  if (CJK.test(term)) return new RegExp(esc(term), 'giu');
  const words = term.split(/\s+/);
  const last = words[words.length - 1];
  // Cyrillic words inflect by case ("арахисом", "арахиса"): the stem without its ending, and up to five letters after
  const cyr = /\p{Script=Cyrillic}/u.test(last);
  const stem = cyr ? (last.length >= 6 ? last.slice(0, -2) : last) : last.length >= 5 ? last.replace(/(?:es|s)$/u, '') : last;
  const head = words.slice(0, -1).map(esc).join('\\s+');
  const tail = stem === last && last.length < 5 ? esc(last) : `${esc(stem)}\\p{L}{0,${cyr ? 5 : 2}}`;
  return new RegExp(`(?<![\\p{L}\\p{N}])${head ? `${head}\\s+` : ''}${tail}(?![\\p{L}\\p{N}])`, 'giu');
}

/** Is the match at [start, end) of `text` named as left out? */
function leftOut(text: string, start: number, end: number): boolean {
  let before = text.slice(Math.max(0, start - 32), start).toLowerCase();
  const cut = Math.max(...[...before].map((ch, i) => (CLAUSE_END.test(ch) ? i : -1)));
  if (cut >= 0) before = before.slice(cut + 1);
  let after = text.slice(end, end + 24).toLowerCase();
  const stop = after.search(CLAUSE_END);
  if (stop >= 0) after = after.slice(0, stop);
  for (const lex of lexicons().values()) {
    const after1 = lex.cues.left_out_after.start(after.trimStart()) ?? (lex.latin ? null : lex.cues.left_out_after.first(after.slice(0, 8)));
    if (after1) return true;
    for (const m of lex.cues.left_out.all(before)) {
      const between = before.slice(m.index + m.text.length);
      // "without any roasted peanuts": at most two words between; in CJK at most two characters
      if (lex.latin ? between.trim().split(/\s+/).filter(Boolean).length <= 2 : between.trim().length <= 2) return true;
    }
  }
  return false;
}

/** The first place the answer names the term other than as left out, or null. */
export function mentionOf(term: string, text: string): string | null {
  const re = termPattern(term);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (!leftOut(text, m.index, m.index + m[0].length)) return m[0];
    if (m[0] === '') re.lastIndex++;
  }
  return null;
}
