import { describe, expect, it } from 'vitest';
import { asciiWords } from './ascii-words.js';
import { linesUnder, seededTexts } from '../../test/texts.js';
import { EXHAUSTIVE, sampled, sized } from '../../test/tier.js';

/** What the callers used before: the segmenter's word-like segments (root rules, and the default locale's). */
const SEGMENTERS = [new Intl.Segmenter('und', { granularity: 'word' }), new Intl.Segmenter(undefined, { granularity: 'word' })];
const viaSegmenter = (seg: Intl.Segmenter, t: string) => [...seg.segment(t)].filter((s) => s.isWordLike).map((s) => s.segment);

const ALPHABET = [...'aZe19 ', ...' .,:;\'"!?-()/\\@#$%&*+=<>[]{}|~`^\t\n\r\v\f\x00\x7f', 'ab', '12', "n't", 'e.g.', '3.14', '1,000'];

describe("asciiWords: the segmenter's word-like segments of an ASCII text, found by hand", () => {
  it('30,000 random texts over letters, digits and every ASCII mark: the same words as the segmenter (npm test: 3,000)', EXHAUSTIVE, () => {
    const wrong: string[] = [];
    for (const t of seededTexts(sized(3_000, 30_000), 5, ALPHABET, 24)) {
      const mine = asciiWords(t);
      expect(mine).not.toBeNull();
      for (const seg of SEGMENTERS) {
        const want = viaSegmenter(seg, t);
        if (JSON.stringify(mine) !== JSON.stringify(want)) wrong.push(`${JSON.stringify(t)}: ${JSON.stringify(mine)} vs ${JSON.stringify(want)}`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('every ASCII line of the fixtures and blind sets: the same words (npm test: a seeded 5,000 of the lines)', EXHAUSTIVE, () => {
    const wrong: string[] = [];
    let decided = 0;
    for (const line of sampled(linesUnder('fixtures', 'eval'), 5_000, 6)) {
      const mine = asciiWords(line);
      if (!mine) continue;
      decided++;
      if (JSON.stringify(mine) !== JSON.stringify(viaSegmenter(SEGMENTERS[0], line))) wrong.push(line.slice(0, 200));
    }
    expect(decided).toBeGreaterThan(sized(500, 1000));
    expect(wrong.slice(0, 3)).toEqual([]);
  });

  it('declines text it does not cover: non-ASCII, an underscore', () => {
    expect(asciiWords('naïve')).toBeNull();
    expect(asciiWords('snake_case')).toBeNull();
    expect(asciiWords("Don't use XML, e.g. <a>; pay 1,000.50 at 10:30")).toEqual(["Don't", 'use', 'XML', 'e.g', 'a', 'pay', '1,000.50', 'at', '10', '30']);
  });
});
