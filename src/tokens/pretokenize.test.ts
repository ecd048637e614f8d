import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { get_encoding } from 'tiktoken';
import { countTokens } from './count.js';
import type { EncodingName } from './models.js';
import { seededTexts } from '../../test/texts.js';

const ENCODINGS: EncodingName[] = ['o200k_base', 'cl100k_base'];
const direct = new Map(ENCODINGS.map((e) => [e, get_encoding(e)]));
const tiktokenCount = (text: string, e: EncodingName) => direct.get(e)!.encode_ordinary(text).length;

/** Every file under these folders: real exports, bad input, blind cases in eight languages. */
function textsUnder(...dirs: string[]): string[] {
  const out = new Set<string>();
  const walk = (d: string) => {
    for (const ent of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, ent.name);
      if (ent.isDirectory()) walk(p);
      else if (fs.statSync(p).size < 2_000_000) {
        const text = fs.readFileSync(p, 'utf8');
        if (text.length < 100_000) out.add(text);
        // and each line's string values, as messages are counted
        for (const line of text.split('\n')) {
          try {
            JSON.stringify(JSON.parse(line), (_k, v: unknown) => (typeof v === 'string' && v.length > 0 ? (out.add(v), v) : v));
          } catch {
            /* not JSON */
          }
        }
      }
    }
  };
  for (const d of dirs) walk(d);
  return [...out];
}

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

describe("countTokens: the encoding's pre-tokenizer plus remembered pieces gives tiktoken's own count", () => {
  for (const encoding of ENCODINGS) {
    it(`${encoding}: every fixture file and every string in it`, () => {
      const texts = textsUnder('fixtures', 'eval');
      expect(texts.length).toBeGreaterThan(1000);
      const wrong = texts.filter((t) => countTokens(t, encoding) !== tiktokenCount(t, encoding));
      expect(wrong.slice(0, 3)).toEqual([]);
    });

    it(`${encoding}: 20,000 random texts over whitespace, case-folding, script, number and surrogate edge cases`, () => {
      const wrong = randomTexts(20_000, encoding === 'o200k_base' ? 1 : 2).filter((t) => countTokens(t, encoding) !== tiktokenCount(t, encoding));
      expect(wrong.slice(0, 3).map((t) => JSON.stringify(t))).toEqual([]);
    });
  }

  it("past the memo's size (it grows, then starts again): 300,000 distinct pieces, each text still counted as tiktoken does", () => {
    const word = (n: number) => {
      let w = '';
      for (let x = n + 1; x > 0; x = Math.floor(x / 26)) w += String.fromCharCode(97 + (x % 26));
      return w;
    };
    const texts: string[] = [];
    for (let t = 0; t < 300; t++) texts.push(Array.from({ length: 1000 }, (_, i) => ` ${word(t * 1000 + i)}`).join(''));
    texts.push(texts[0], texts[150]); // counted again after the memo started over
    for (const encoding of ENCODINGS) {
      const wrong = texts.filter((t) => countTokens(t, encoding) !== tiktokenCount(t, encoding));
      expect(wrong.length).toBe(0);
    }
  });

  it('a piece remembered from one text counts the same in another (the memo is per encoding)', () => {
    const a = countTokens('internationalization internationalization', 'o200k_base');
    expect(countTokens('internationalization internationalization', 'cl100k_base')).toBe(
      tiktokenCount('internationalization internationalization', 'cl100k_base'),
    );
    expect(a).toBe(tiktokenCount('internationalization internationalization', 'o200k_base'));
  });
});
