/** Choosing the cue lexicon a sentence is read with (the constraint grammar's first step). */
import { LANGS, lexicon, type Lexicon } from './lexicon.js';
import { chineseScript, identifyLanguage } from './language.js';

const KANA = /[\u3040-\u30ff]/;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
const LATIN_LEXICONS = LANGS.filter((l) => lexicon(l).latin);

/**
 * The lexicons that read a sentence: Japanese for kana, Chinese (with English when it holds a few
 * Latin words) for Han characters, else the Latin lexicon whose instruction cues it holds most,
 * ties broken by the identified language (English last).
 */
export function lexiconsFor(sentence: string, lower: string): Lexicon[] {
  if (KANA.test(sentence)) return [lexicon('ja')];
  if (HAN.test(sentence)) {
    const zh = lexicon(chineseScript(sentence));
    const latinWords = (sentence.match(/[A-Za-z]{3,}/g) ?? []).length;
    return latinWords >= 3 ? [zh, lexicon('en')] : [zh];
  }
  let best: Lexicon[] = [];
  let bestScore = 0;
  for (const l of LATIN_LEXICONS) {
    const lx = lexicon(l);
    const score = lx.signal.count(lower);
    if (score > bestScore) {
      best = [lx];
      bestScore = score;
    } else if (score === bestScore && score > 0) best.push(lx);
  }
  if (best.length <= 1) return best.length ? best : [lexicon('en')];
  const guess = identifyLanguage(sentence).lang;
  const byGuess = best.find((l) => l.lang === guess);
  return [byGuess ?? best.find((l) => l.lang === 'en') ?? best[0]];
}
