/**
 * eld's language scores over a packed copy of its n-gram table. eld keeps the table as one
 * object per n-gram (81,206 of them in the "small" set): about 25 MB of heap in every thread that
 * identifies a language. Here each n-gram maps to a slice of one Int32Array of (language, score)
 * pairs: about 5 MB. The text is cut into n-grams and scored exactly as eld 2.1.0 does
 * (languageDetector.js: textProcessor, strToUtf8Bytes, getByteNgrams, calculateScores,
 * getMaxLang; Apache-2.0, Nito T.M.), and the result is eld's own LanguageResult, so
 * `isReliable()` is eld's. `src/text/eld-packed.test.ts` checks the guesses equal eld's.
 */

/** The JSON eld's data modules hold (`ngramsData`). */
export interface EldData {
  type: string;
  languages: Record<string, string>;
  ngrams: Record<string, Record<string, number>>;
}

interface EldResult {
  language: string;
  isReliable(): boolean;
}
type ResultCtor = new (language: string, results: number[], numNgrams: number, langCodes: Record<string, string>) => EldResult;

const ELD_SMALL = import.meta.resolve('eld/small');
const eldModule = (p: string) => import(new URL(`../${p}`, ELD_SMALL).href);
const { separators } = (await eldModule('regexPatterns.js')) as { separators: RegExp };
const { dictionary } = (await eldModule('dictionary.js')) as { dictionary: string[] };
const { LanguageResult } = (await eldModule('LanguageResult.js')) as { LanguageResult: ResultCtor };

/** eld subtracts this from every stored score to keep its data small, and adds it back when scoring. */
const BASE_NGRAM_SCORE = 53;

export class PackedEld {
  private readonly langCodes: Record<string, string>;
  private readonly langs: number;
  /** n-gram -> (offset of its first pair in `pairs`) * 256 + number of pairs */
  private readonly slices = new Map<string, number>();
  private readonly pairs: Int32Array;

  constructor(data: EldData) {
    this.langCodes = data.languages;
    this.langs = Object.keys(data.languages).length;
    let n = 0;
    for (const k in data.ngrams) for (const _ in data.ngrams[k]) n++;
    this.pairs = new Int32Array(n * 2);
    let o = 0;
    for (const k in data.ngrams) {
      const v = data.ngrams[k];
      const start = o / 2;
      for (const l in v) {
        this.pairs[o++] = Number(l);
        this.pairs[o++] = v[l];
      }
      const count = o / 2 - start;
      if (count > 255) throw new Error(`eld data: n-gram "${k}" has ${count} languages`);
      this.slices.set(k, start * 256 + count);
    }
  }

  /** eld's `detect(text)` (no subset, no text clean-up: the options we never set). */
  detect(text: string): EldResult {
    const ngrams = byteNgrams(toUtf8Words(text.substring(0, 1000).replace(separators, ' ').trim().toLowerCase()));
    const scores: number[] = new Array(this.langs).fill(0);
    for (const g of ngrams) {
      const s = this.slices.get(g);
      if (s === undefined) continue;
      const start = Math.floor(s / 256) * 2;
      const end = start + (s % 256) * 2;
      for (let i = start; i < end; i += 2) scores[this.pairs[i]] += this.pairs[i + 1] + BASE_NGRAM_SCORE;
    }
    let best = -1;
    let max = 0;
    for (let i = 0; i < scores.length; i++) {
      if (scores[i] > 0 && scores[i] > max) {
        max = scores[i];
        best = i;
      }
    }
    if (best < 0) return new LanguageResult('', [], 0, {});
    return new LanguageResult(this.langCodes[String(best)], scores, ngrams.size, this.langCodes);
  }
}

/** eld's strToUtf8Bytes: words as strings of UTF-8 bytes (one character per byte), cut after ~350 bytes. */
function toUtf8Words(str: string): string[] {
  let encoded = '';
  const words: string[] = [];
  let countBytes = 0;
  const cutAfter = 350;
  const enforceCutAfter = 380;
  for (let ii = 0; ii < str.length; ii++) {
    let charCode = str.charCodeAt(ii);
    if (charCode < 0x80) {
      if (charCode === 32) {
        if (encoded !== '') {
          words.push(encoded);
          encoded = '';
        }
        if (countBytes > cutAfter) break;
      } else encoded += str[ii];
      countBytes++;
    } else if (charCode < 0x800) {
      encoded += dictionary[0xc0 | (charCode >> 6)] + dictionary[0x80 | (charCode & 0x3f)];
      countBytes += 2;
    } else if (charCode < 0xd800 || charCode >= 0xe000) {
      encoded += dictionary[0xe0 | (charCode >> 12)] + dictionary[0x80 | ((charCode >> 6) & 0x3f)] + dictionary[0x80 | (charCode & 0x3f)];
      countBytes += 3;
    } else {
      ii++;
      charCode = 0x10000 + (((charCode & 0x3ff) << 10) | (str.charCodeAt(ii) & 0x3ff));
      encoded +=
        dictionary[0xf0 | (charCode >> 18)] + dictionary[0x80 | ((charCode >> 12) & 0x3f)] + dictionary[0x80 | ((charCode >> 6) & 0x3f)] + dictionary[0x80 | (charCode & 0x3f)];
      countBytes += 4;
    }
    if (countBytes > enforceCutAfter) break;
  }
  if (encoded !== '') words.push(encoded);
  return words;
}

/** eld's getByteNgrams: 4-byte n-grams with a stride of 3, the first marked by a leading space, the last by a trailing one. */
function byteNgrams(words: string[]): Set<string> {
  const out = new Set<string>();
  for (const word of words) {
    const len = Math.min(word.length, 70);
    let j = 0;
    for (; j + 4 < len; j += 3) out.add((j === 0 ? ' ' : '') + word.substring(j, j + 4));
    out.add((j === 0 ? ' ' : '') + word.substring(len !== 3 ? len - 4 : 0) + ' ');
  }
  return out;
}
