/**
 * eld's language scores over a packed copy of its n-gram table. eld keeps the table as one
 * object per n-gram (81,206 of them in the "small" set): about 25 MB of heap in every thread that
 * identifies a language. Here the table is one binary image (packEld, written by the build), used
 * in place: about 3 MB, off the heap. The text is cut into n-grams and scored exactly as eld 2.1.0 does
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

/** FNV-1a over a string's character codes (n-grams are strings of bytes, one character each). */
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const MAGIC = 0x4c454d41; // "AMEL"
const FORMAT = 1;
const HEADER_WORDS = 8;

/**
 * eld's n-gram table as one binary image (the build writes it: scripts/eld-data.mjs), read with
 * one file read and used in place: an open-addressing table of n-grams (their bytes, one per
 * character) pointing at slices of (language, score) pairs. Nothing is built per thread: the
 * Map of 81,206 n-grams this replaced took ~100 ms to fill in every thread that identified a
 * language (a third of a small triage) and ~5 MB of its heap.
 *
 * Layout, little-endian 32-bit words: magic, format, languages JSON bytes, n-grams, slots, key
 * bytes, pairs, 0; then the languages JSON (padded to 4 bytes), slots (n-gram + 1, 0 empty),
 * key starts (n-grams + 1), pair starts (n-grams + 1), pairs (language, score), key bytes.
 */
export function packEld(data: EldData): Uint8Array {
  const keys = Object.keys(data.ngrams);
  const langsJson = Buffer.from(JSON.stringify(data.languages), 'utf8');
  const langsWords = Math.ceil(langsJson.length / 4);
  let keyBytes = 0;
  let pairCount = 0;
  for (const k of keys) {
    keyBytes += k.length;
    pairCount += Object.keys(data.ngrams[k]).length;
  }
  let slots = 1;
  while (slots < keys.length * 2) slots *= 2;
  const words = HEADER_WORDS + langsWords + slots + 2 * (keys.length + 1) + 2 * pairCount;
  const buf = new ArrayBuffer(words * 4 + keyBytes);
  const u32 = new Uint32Array(buf, 0, words);
  u32.set([MAGIC, FORMAT, langsJson.length, keys.length, slots, keyBytes, pairCount, 0]);
  new Uint8Array(buf, HEADER_WORDS * 4, langsJson.length).set(langsJson);
  let at = HEADER_WORDS + langsWords;
  const slot = new Int32Array(buf, at * 4, slots);
  const keyStart = new Uint32Array(buf, (at += slots) * 4, keys.length + 1);
  const pairStart = new Uint32Array(buf, (at += keys.length + 1) * 4, keys.length + 1);
  const pairs = new Int32Array(buf, (at += keys.length + 1) * 4, 2 * pairCount);
  const bytes = new Uint8Array(buf, (at += 2 * pairCount) * 4, keyBytes);
  let kb = 0;
  let pb = 0;
  keys.forEach((k, i) => {
    keyStart[i] = kb;
    pairStart[i] = pb;
    for (let j = 0; j < k.length; j++) {
      const c = k.charCodeAt(j);
      if (c > 0xff) throw new Error(`eld data: n-gram ${JSON.stringify(k)} is not bytes`);
      bytes[kb++] = c;
    }
    for (const [l, score] of Object.entries(data.ngrams[k])) {
      pairs[2 * pb] = Number(l);
      pairs[2 * pb + 1] = score;
      pb++;
    }
    let h = hashOf(k) & (slots - 1);
    while (slot[h] !== 0) h = (h + 1) & (slots - 1);
    slot[h] = i + 1;
  });
  keyStart[keys.length] = kb;
  pairStart[keys.length] = pb;
  return new Uint8Array(buf);
}

export class PackedEld {
  private readonly langCodes: Record<string, string>;
  private readonly langs: number;
  private readonly slots: Int32Array;
  private readonly keyStart: Uint32Array;
  private readonly pairStart: Uint32Array;
  private readonly pairs: Int32Array;
  private readonly bytes: Uint8Array;

  /** From packEld's image (a file read: any byte offset; copied once if not 4-byte aligned). */
  constructor(image: Uint8Array) {
    const img = image.byteOffset % 4 === 0 ? image : image.slice();
    const u32 = new Uint32Array(img.buffer, img.byteOffset, HEADER_WORDS);
    if (u32[0] !== MAGIC || u32[1] !== FORMAT) throw new Error('not an eld image of this format');
    const [, , langsBytes, n, slots, keyBytes, pairCount] = u32;
    this.langCodes = JSON.parse(Buffer.from(img.buffer, img.byteOffset + HEADER_WORDS * 4, langsBytes).toString('utf8')) as Record<string, string>;
    this.langs = Object.keys(this.langCodes).length;
    let at = img.byteOffset + (HEADER_WORDS + Math.ceil(langsBytes / 4)) * 4;
    this.slots = new Int32Array(img.buffer, at, slots);
    this.keyStart = new Uint32Array(img.buffer, (at += slots * 4), n + 1);
    this.pairStart = new Uint32Array(img.buffer, (at += (n + 1) * 4), n + 1);
    this.pairs = new Int32Array(img.buffer, (at += (n + 1) * 4), 2 * pairCount);
    this.bytes = new Uint8Array(img.buffer, (at += 2 * pairCount * 4), keyBytes);
  }

  static fromData(data: EldData): PackedEld {
    return new PackedEld(packEld(data));
  }

  /** The n-gram's index, or -1. */
  private find(g: string): number {
    const mask = this.slots.length - 1;
    for (let h = hashOf(g) & mask; ; h = (h + 1) & mask) {
      const e = this.slots[h];
      if (e === 0) return -1;
      const k = e - 1;
      const at = this.keyStart[k];
      if (this.keyStart[k + 1] - at !== g.length) continue;
      let same = true;
      for (let j = 0; j < g.length; j++) {
        if (this.bytes[at + j] !== g.charCodeAt(j)) {
          same = false;
          break;
        }
      }
      if (same) return k;
    }
  }

  /** eld's `detect(text)` (no subset, no text clean-up: the options we never set). */
  detect(text: string): EldResult {
    const ngrams = byteNgrams(toUtf8Words(text.substring(0, 1000).replace(separators, ' ').trim().toLowerCase()));
    const scores: number[] = new Array(this.langs).fill(0);
    for (const g of ngrams) {
      const k = this.find(g);
      if (k < 0) continue;
      const end = 2 * this.pairStart[k + 1];
      for (let i = 2 * this.pairStart[k]; i < end; i += 2) scores[this.pairs[i]] += this.pairs[i + 1] + BASE_NGRAM_SCORE;
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
        dictionary[0xf0 | (charCode >> 18)] +
        dictionary[0x80 | ((charCode >> 12) & 0x3f)] +
        dictionary[0x80 | ((charCode >> 6) & 0x3f)] +
        dictionary[0x80 | (charCode & 0x3f)];
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
