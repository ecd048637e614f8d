import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { get_encoding } from 'tiktoken';
import { countTokens } from './count.js';
import type { EncodingName } from './models.js';
import { filesUnder, sampleText, seededTexts } from '../../test/texts.js';
import { EXHAUSTIVE, SLOW, sampledByGroup, sized } from '../../test/tier.js';

const ENCODINGS: EncodingName[] = ['o200k_base', 'cl100k_base'];
const direct = new Map(ENCODINGS.map((e) => [e, get_encoding(e)]));
const tiktokenCount = (text: string, e: EncodingName) => direct.get(e)!.encode_ordinary(text).length;

/** One text to count and the file it came from. */
interface Text {
  file: string;
  text: string;
}

/**
 * The files under these folders (real exports, bad input, blind cases in seventeen languages; in npm
 * test a seeded sample keeping every folder and language, test/texts.ts): each whole file and each
 * string in it.
 */
function textsUnder(...dirs: string[]): Text[] {
  const out = new Map<string, string>();
  for (const p of filesUnder(dirs)) {
    const text = sampleText(p);
    const add = (t: string) => out.has(t) || out.set(t, p);
    if (text.length < 100_000) add(text);
    // and each line's string values, as messages are counted
    for (const line of text.split('\n')) {
      try {
        JSON.stringify(JSON.parse(line), (_k, v: unknown) => (typeof v === 'string' && v.length > 0 ? (add(v), v) : v));
      } catch {
        /* not JSON */
      }
    }
  }
  return [...out].map(([text, file]) => ({ file, text }));
}

const ALL_TEXTS = textsUnder('fixtures', 'eval');
/**
 * test:slow: all of them. npm test: three texts of every file read, the same ones every run, each cut to
 * its first 2,000 characters (the whole files, up to 100,000 characters, are most of the cost).
 */
const TEXTS = SLOW ? ALL_TEXTS : sampledByGroup(ALL_TEXTS, (t) => t.file, 3, 25).map((t) => ({ ...t, text: t.text.slice(0, 2_000) }));

/** Seeded text over the characters where JavaScript's and Rust's regexes could disagree. */
function randomTexts(count: number, seed: number): string[] {
  const alphabet = [
    ...'aAsStTrReEvVmMlLdD zZ09 ',
    "'",
    '\u2019',
    '\u017f',
    '\u212a', // long s, kelvin sign (case folds)
    '\n',
    '\r',
    '\t',
    '\v',
    '\f',
    '\u0085',
    '\u00a0',
    '\u1680',
    '\u2003',
    '\u2028',
    '\u2029',
    '\u202f',
    '\u205f',
    '\u3000',
    '\ufeff',
    '\u200b',
    '/',
    '.',
    ',',
    '!',
    '?',
    '-',
    '_',
    '"',
    '(',
    ')',
    '#',
    '`',
    '$',
    '<|endoftext|>',
    '中',
    '文',
    '日本',
    'ア',
    'ー',
    '한',
    '글',
    'ü',
    'ß',
    'É',
    'ǅ',
    'ʰ',
    '\u0301',
    '\u0915\u094d',
    'ي',
    '٣',
    '²',
    'Ⅻ',
    '½',
    '😀',
    '👩\u200d💻',
    '\ud83c',
    '\udc00', // a lone surrogate each way
    '123',
    '4567',
    '  ',
    '\r\n',
    ' \n ',
    "'s",
    "'LL",
    "'Re",
  ];
  return seededTexts(count, seed, alphabet, 40);
}

describe('the texts compared with tiktoken', () => {
  it('are many, from every file under fixtures/ and eval/, and the sample still holds every file', () => {
    expect(ALL_TEXTS.length).toBeGreaterThan(SLOW ? 1000 : 300);
    const files = new Set(ALL_TEXTS.map((t) => t.file));
    expect(files.size).toBeGreaterThan(SLOW ? 1000 : 100);
    // every folder is read, in npm test too
    expect(new Set(filesUnder(['fixtures', 'eval']).map((f) => path.dirname(f)))).toEqual(
      new Set(filesUnder(['fixtures', 'eval'], Number.MAX_SAFE_INTEGER).map((f) => path.dirname(f))),
    );
    expect(new Set(TEXTS.map((t) => t.file))).toEqual(files);
    expect(TEXTS.length).toBeGreaterThanOrEqual(SLOW ? ALL_TEXTS.length : files.size);
  });
});

describe("countTokens: the encoding's pre-tokenizer plus remembered pieces gives tiktoken's own count", () => {
  for (const encoding of ENCODINGS) {
    it(`${encoding}: every fixture file and every string in it (npm test: three of each file read)`, EXHAUSTIVE, () => {
      const wrong = TEXTS.filter(({ text }) => countTokens(text, encoding) !== tiktokenCount(text, encoding));
      expect(wrong.slice(0, 3)).toEqual([]);
    });

    it(`${encoding}: 20,000 random texts over whitespace, case-folding, script, number and surrogate edge cases (npm test: 2,000)`, EXHAUSTIVE, () => {
      const texts = randomTexts(sized(2_000, 20_000), encoding === 'o200k_base' ? 1 : 2);
      const wrong = texts.filter((t) => countTokens(t, encoding) !== tiktokenCount(t, encoding));
      expect(wrong.slice(0, 3).map((t) => JSON.stringify(t))).toEqual([]);
    });
  }

  it(
    "past the memo's size (it grows, then starts again): 300,000 distinct pieces (npm test: 140,000), each text still counted as tiktoken does",
    EXHAUSTIVE,
    () => {
      const word = (n: number) => {
        let w = '';
        for (let x = n + 1; x > 0; x = Math.floor(x / 26)) w += String.fromCharCode(97 + (x % 26));
        return w;
      };
      // the memos hold 100,000 pieces (the ASCII one 131,072): npm test goes just past both, test:slow twice round
      const n = sized(140, 300);
      const texts: string[] = [];
      for (let t = 0; t < n; t++) texts.push(Array.from({ length: 1000 }, (_, i) => ` ${word(t * 1000 + i)}`).join(''));
      texts.push(texts[0], texts[n >> 1]); // counted again after the memo started over
      for (const encoding of ENCODINGS) {
        const wrong = texts.filter((t) => countTokens(t, encoding) !== tiktokenCount(t, encoding));
        expect(wrong.length).toBe(0);
      }
    },
  );

  it('a piece remembered from one text counts the same in another (the memo is per encoding)', () => {
    const a = countTokens('internationalization internationalization', 'o200k_base');
    expect(countTokens('internationalization internationalization', 'cl100k_base')).toBe(
      tiktokenCount('internationalization internationalization', 'cl100k_base'),
    );
    expect(a).toBe(tiktokenCount('internationalization internationalization', 'o200k_base'));
  });
});
