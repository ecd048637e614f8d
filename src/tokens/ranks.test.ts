import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { get_encoding } from 'tiktoken';
import { bytePairCount, longPairCount, RankTable } from './ranks.js';
import { pretokenizer } from './pretokenize.js';
import type { EncodingName } from './models.js';
import { EXHAUSTIVE, sampled } from '../../test/tier.js';
import { filesUnder, sampleText } from '../../test/texts.js';

const ENCODINGS: EncodingName[] = ['o200k_base', 'cl100k_base'];

/** The tables `npm run build` writes (npm test builds first). */
function built(encoding: EncodingName): RankTable {
  const file = `dist/tokens/${encoding}.ranks`;
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` (npm test does)`);
  return RankTable.fromFile(file);
}

/** Pieces as the counter sees them: every fixture file's text split by the encoding's pre-tokenizer, plus random ones. */
function pieces(encoding: EncodingName): string[] {
  const out = new Set<string>();
  const re = pretokenizer(encoding);
  for (const p of filesUnder(['fixtures', 'eval'])) for (const m of sampleText(p).matchAll(re)) if (m[0].length <= 64) out.add(m[0]);
  let s = 3;
  const r = () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0), s / 2 ** 32);
  const chars = [
    ...'abcdeghilmnorstuyzABCDEZ0189 .,;!?\'"-_/()[]{}<>#@$%^&*+=|~`',
    'é',
    'ü',
    'ß',
    'ñ',
    '中',
    '文',
    '日',
    'の',
    'ア',
    '한',
    'я',
    'ж',
    'ي',
    '😀',
    '\u0301',
    '\ud83c',
    '\n',
    '\t',
  ];
  for (let i = 0; i < 20_000; i++) {
    const t = Array.from({ length: 1 + Math.floor(r() * 24) }, () => chars[Math.floor(r() * chars.length)]).join('');
    for (const m of t.matchAll(re)) out.add(m[0]);
  }
  return [...out];
}

describe('RankTable and bytePairCount: tiktoken byte-pair encoding from the built rank table', () => {
  for (const encoding of ENCODINGS) {
    it(`${encoding}: every token's bytes have tiktoken's rank; bytes that are no token have none`, () => {
      const table = built(encoding);
      const enc = get_encoding(encoding);
      for (const word of ['hello', ' the', 'ing', '中文', ' Amnesia', '\n\n']) {
        const ids = enc.encode_ordinary(word);
        if (ids.length === 1) expect(table.rank(Buffer.from(word), 0, Buffer.byteLength(word))).toBe(ids[0]);
      }
      expect(table.rank(Buffer.from('zqxjzqxjzqxj'), 0, 12)).toBe(-1);
      expect(table.rank(Buffer.from('xhellox'), 1, 6)).toBe(enc.encode_ordinary('hello')[0]);
    });

    it(
      `${encoding}: counts every fixture piece and 20,000 random texts' pieces as tiktoken does (npm test: 3,000 of the pieces of a seeded sample of the files)`,
      EXHAUSTIVE,
      () => {
        const table = built(encoding);
        const enc = get_encoding(encoding);
        const every = pieces(encoding);
        expect(every.length).toBeGreaterThan(20_000);
        const all = sampled(every, 3_000, encoding === 'o200k_base' ? 11 : 12);
        const wrong = all.filter((p) => bytePairCount(table, Buffer.from(p, 'utf8')) !== enc.encode_ordinary(p).length);
        expect(wrong.slice(0, 5).map((p) => JSON.stringify(p))).toEqual([]);
        // the heap merge (used above 128 bytes) on every piece, short ones included
        const wrongLong = all.filter((p) => longPairCount(table, Buffer.from(p, 'utf8')) !== enc.encode_ordinary(p).length);
        expect(wrongLong.slice(0, 5).map((p) => JSON.stringify(p))).toEqual([]);
      },
    );

    it(`${encoding}: long pieces (runs of letters, emoji, CJK, symbols, digits-free base64) as tiktoken counts them`, () => {
      const table = built(encoding);
      const enc = get_encoding(encoding);
      let s = 17;
      const r = () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0), s / 2 ** 32);
      const runs = [
        'a'.repeat(3000),
        'ab'.repeat(1500),
        '😀'.repeat(1200),
        '😀👍🏽🔥'.repeat(300),
        '中文的测试文本'.repeat(300),
        '-=#*'.repeat(600),
        Array.from({ length: 2500 }, () => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'[Math.floor(r() * 52)]).join(''),
        Array.from({ length: 1500 }, () => 'ßéüñçøåæœ'[Math.floor(r() * 9)]).join(''),
      ];
      let long = 0;
      for (const run of runs) {
        const pieces = [...run.matchAll(pretokenizer(encoding))].map((m) => m[0]);
        long += pieces.filter((p) => Buffer.byteLength(p) > 128).length;
        for (const p of pieces) expect(bytePairCount(table, Buffer.from(p, 'utf8')), p.slice(0, 20)).toBe(enc.encode_ordinary(p).length);
      }
      expect(long).toBeGreaterThanOrEqual(5);
    });
  }
});
