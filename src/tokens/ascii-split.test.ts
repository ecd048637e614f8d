import { describe, expect, it } from 'vitest';
import { asciiPieceEnd } from './ascii-split.js';
import type { EncodingName } from './models.js';
import { pretokenizer } from './pretokenize.js';
import { linesUnder, seededTexts } from '../../test/texts.js';
import { EXHAUSTIVE, sized } from '../../test/tier.js';

const ENCODINGS: EncodingName[] = ['o200k_base', 'cl100k_base'];

/**
 * Walk a text with the encoding's regex; at every piece the hand-run rules must give the same end,
 * or decline (-1). Returns the mismatches and how many pieces the rules decided.
 */
function compare(text: string, encoding: EncodingName): { wrong: string[]; decided: number; pieces: number } {
  const re = pretokenizer(encoding);
  const wrong: string[] = [];
  let decided = 0;
  let pieces = 0;
  for (let pos = 0; pos < text.length; ) {
    re.lastIndex = pos;
    const m = re.exec(text)!;
    if (m.index !== pos) wrong.push(`${JSON.stringify(text)} at ${pos}: the regex skipped to ${m.index}`); // every position starts a piece
    const end = pos + m[0].length;
    const mine = asciiPieceEnd(text, pos, encoding);
    pieces++;
    if (mine >= 0) {
      decided++;
      if (mine !== end) wrong.push(`${JSON.stringify(text)} at ${pos}: regex ${JSON.stringify(m[0])}, rules ${JSON.stringify(text.slice(pos, mine))}`);
    }
    pos = end;
  }
  return { wrong, decided, pieces };
}

const ASCII_EDGES = [
  ...'aAbZsStTrReEvVmMlLdDxX09 ',
  ' ',
  ' ',
  '  ',
  "'",
  "'s",
  "'S",
  "'re",
  "'LL",
  "'Ve",
  "'m",
  "'d",
  "'t",
  "'x",
  "'r",
  "'l",
  '\n',
  '\r',
  '\r\n',
  '\t',
  '\v',
  '\f',
  ' \n',
  '\n ',
  '/',
  '.',
  ',',
  '!',
  '?',
  '-',
  '"',
  '(',
  '#',
  '`',
  '$',
  '\x00',
  '\x1b',
  '\x7f',
  '123',
  '4567',
];
const NEAR_ASCII = ['é', 'ſ', 'K', '\u0085', '\u00a0', '\u3000', '\u2019', '²', '٣', '中', '😀', '\u0301', 'É'];

describe('asciiPieceEnd: the pre-tokenizer rules run by hand over ASCII end every piece where the regex does', () => {
  for (const encoding of ENCODINGS) {
    it(`${encoding}: 30,000 random ASCII texts over every class and contraction, every piece decided and equal`, () => {
      let decided = 0;
      let pieces = 0;
      const wrong: string[] = [];
      for (const t of seededTexts(30_000, encoding === 'o200k_base' ? 7 : 8, ASCII_EDGES)) {
        const r = compare(t, encoding);
        wrong.push(...r.wrong);
        decided += r.decided;
        pieces += r.pieces;
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(decided).toBe(pieces); // pure ASCII: the rules never hand back to the regex
    });

    it(`${encoding}: 30,000 texts mixing non-ASCII letters, marks, digits and spaces in: declined or equal, never wrong`, () => {
      const wrong: string[] = [];
      let declined = 0;
      for (const t of seededTexts(30_000, encoding === 'o200k_base' ? 9 : 10, [...ASCII_EDGES, ...NEAR_ASCII])) {
        const r = compare(t, encoding);
        wrong.push(...r.wrong);
        declined += r.pieces - r.decided;
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(declined).toBeGreaterThan(1000);
    });

    it(
      `${encoding}: every line of the real exporters' samples and the blind sets (npm test: a seeded sample of the files, every folder and language)`,
      EXHAUSTIVE,
      () => {
        const wrong: string[] = [];
        const lines = linesUnder('fixtures', 'eval');
        for (const line of lines) wrong.push(...compare(line, encoding).wrong);
        const n = lines.length;
        expect(n).toBeGreaterThan(sized(300, 1000));
        expect(wrong.slice(0, 5)).toEqual([]);
      },
    );
  }

  it('a few pieces by name: words keep their leading space or mark, contractions differ between the encodings, three digits at most', () => {
    const ends = (t: string, e: EncodingName) => {
      const out: string[] = [];
      for (let p = 0; p < t.length; ) {
        const end = asciiPieceEnd(t, p, e);
        out.push(t.slice(p, end));
        p = end;
      }
      return out;
    };
    expect(ends("it's  HTMLParser 12345!!\n\nok", 'o200k_base')).toEqual(["it's", ' ', ' HTMLParser', ' ', '123', '45', '!!\n\n', 'ok']);
    expect(ends("it's  HTMLParser 12345!!\n\nok", 'cl100k_base')).toEqual(['it', "'s", ' ', ' HTMLParser', ' ', '123', '45', '!!\n\n', 'ok']);
    expect(ends('a /b\n/c', 'o200k_base')).toEqual(['a', ' /', 'b', '\n', '/c']);
  });
});
