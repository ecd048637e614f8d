import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { SEGMENT_WINDOW, cutWord, fit as fitCells, graphemes, textWidth } from './common.js';
import { wrapLines } from '../components/RawEventView.js';

/**
 * Issue 35: one long unbroken run (base64, minified JSON, CJK without spaces) froze the raw event
 * for minutes, because V8's Intl.Segmenter is quadratic on one long input. Text is now segmented
 * by bounded windows; these tests check that the windows change nothing (no cluster split at a
 * window's edge) and that 2 MB lines wrap at all (the hang guard is the limit: no timing assert).
 */

/** Clusters a window's edge must not split: ZWJ sequences, skin tones, flags, keycaps, marks, astral CJK. */
const CLUSTERS = ['🏃‍♂️', '👍🏽', '👨‍👩‍👧‍👦', '🇫🇷', '🇯🇵', '❤️', '1️⃣', 'é', 'ก่', '𠀋', '한', '각'];

/** The clusters of `s` by one call to Intl.Segmenter: the reference (fine on a short text). */
const reference = (s: string): string[] => Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s), (g) => g.segment);

/** `n` characters of a base64-like run with no space: what an image or a minified payload looks like. */
function base64Run(n: number): string {
  const unit = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0123456789+/abcdefghijklmnopqrstuvwxyz';
  return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}

/** About `n` code units of Chinese without a space, with some astral (surrogate pair) characters. */
function cjkRun(n: number): string {
  const unit = '记忆丢失原因限时秒杀今天下单立减错过再等一年𠀋𠀍漢字かな交じり文';
  return unit.repeat(Math.ceil(n / unit.length));
}

/**
 * Mixed clusters shifted by one code unit at a time, so that every kind of cluster straddles a
 * window's edge; with its reference clusters, segmented piece by piece (one call on the whole
 * text is the quadratic case itself): a run of `x` always breaks from a cluster on both sides.
 */
function straddling(): { text: string; clusters: string[] } {
  let text = '';
  const clusters: string[] = [];
  for (let shift = 0; shift < 12; shift++) {
    for (const c of CLUSTERS) {
      const piece = 'x'.repeat(SEGMENT_WINDOW - 3 + shift) + c;
      text += piece;
      clusters.push(...reference(piece));
    }
  }
  return { text, clusters };
}

/**
 * Undo wrapLines on one unbroken line with no leading space: the first line as is, every next
 * line without the two-space indent it was given.
 */
const unwrap = (lines: string[]): string => lines.map((l, i) => (i === 0 ? l : l.slice(2))).join('');

describe('long text is segmented by bounded windows (issue 35)', () => {
  it('splits into the same grapheme clusters as one call to the segmenter, across window edges', () => {
    const { text: s, clusters } = straddling();
    expect(s.length).toBeGreaterThan(SEGMENT_WINDOW * 12 * CLUSTERS.length);
    const got = graphemes(s);
    expect(got).toEqual(clusters);
    // the piecewise reference is the whole one (checked where one call is still cheap)
    const head = s.slice(0, 4 * SEGMENT_WINDOW + 40);
    expect(graphemes(head)).toEqual(reference(head));
    // and every kind of cluster came through whole
    for (const c of CLUSTERS) expect(got, c).toContain(c);
  });

  it('measures a long text as string-width does (the ruler Ink uses)', () => {
    const s = straddling().text.slice(0, 20_000) + cjkRun(3000);
    expect(textWidth(s)).toBe(stringWidth(s));
    const cjk = cjkRun(5000);
    expect(textWidth(cjk)).toBe(stringWidth(cjk));
  });

  it('never cuts a surrogate pair when a window is one cluster too long (thousands of marks)', () => {
    const marks = 'a' + '\u0301'.repeat(SEGMENT_WINDOW * 3) + '𠀋b';
    const got = graphemes(marks);
    expect(got.join('')).toBe(marks);
    for (const g of got) expect(g, 'no lone surrogate').not.toMatch(/(?:[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/);
    expect(got).toContain('𠀋');
    expect(got[got.length - 1]).toBe('b');
  });

  it('keeps a letter with the mark or jamo that the next window starts with', () => {
    const x = 'x'.repeat(SEGMENT_WINDOW - 1);
    for (const [base, joined] of [
      ['e', 'e\u0301'],
      ['가', '가\u11a8'],
      ['漢', '漢\u3099'],
      ['a', 'a\u200d'],
    ]) {
      const s = x + joined + 'y';
      const got = graphemes(s);
      expect(got.slice(-2), joined).toEqual([joined, 'y']);
      expect(got.join('')).toBe(s);
      expect(base.length).toBe(1);
    }
  });

  it('cuts a long word between clusters into pieces of the room, then of full lines (cutWord)', () => {
    expect(cutWord(base64Run(10), 3, 4)).toEqual(['QUJ', 'DREV', 'GR0']);
    expect(cutWord('abc', 0, 2)).toEqual(['', 'ab', 'c']);
    const { text: s, clusters } = straddling();
    const pieces = cutWord(s, 5, 40);
    expect(pieces.join('')).toBe(s);
    for (const p of pieces.slice(1)) expect(textWidth(p)).toBeLessThanOrEqual(40);
    // every cut falls between two of the reference clusters
    const bounds = new Set<number>();
    let at = 0;
    for (const g of clusters) bounds.add((at += g.length));
    at = 0;
    for (const p of pieces) expect(bounds.has((at += p.length)) || p === '', `cut at ${at}`).toBe(true);
  });

  it('wraps a 2 MB unbroken base64 line: every line within the width, nothing lost', () => {
    const line = base64Run(2_000_000);
    const width = 120;
    const lines = wrapLines(line, width);
    expect(lines.length).toBe(1 + Math.ceil((line.length - width) / (width - 2)));
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(width);
    expect(unwrap(lines)).toBe(line);
  });

  it('wraps a 2 MB unbroken Chinese line: every line within the width, nothing lost', () => {
    const line = cjkRun(1_000_000); // 2 MB of UTF-8 and more
    expect(Buffer.byteLength(line)).toBeGreaterThan(2_000_000);
    const width = 81; // odd: a wide character never straddles the edge
    const lines = wrapLines(line, width);
    expect(lines.length).toBeGreaterThan(line.length / width);
    for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(width);
    expect(lines.slice(1).every((l) => l.startsWith('  '))).toBe(true);
    expect(unwrap(lines)).toBe(line);
    // measured as string-width measures a short piece
    expect(textWidth(lines[1])).toBe(stringWidth(lines[1]));
  });

  it('cuts a 2 MB line to a width without reading all of it (fit)', () => {
    expect(fitCells(cjkRun(1_000_000), 9)).toBe('记忆丢失…');
    expect(fitCells(base64Run(2_000_000), 6)).toBe('QUJDR…');
  });
});
