/**
 * Word tokens for every supported language: `Intl.Segmenter` word segmentation (dictionary-based
 * for Chinese and Japanese, so "不要使用表格" gives 不要 / 使用 / 表格), lower-cased, punctuation
 * and spaces dropped. Stable API: issue 13's relevance (BM25) and the constraint grammar use it.
 */

import { asciiWords } from './ascii-words.js';

const segmenters = new Map<string, Intl.Segmenter>();

/** The word segmenter for a locale (none: the default one), made once each: making one loads ICU's break rules. */
export function segmenter(lang: string | undefined): Intl.Segmenter {
  const key = lang ?? '';
  let s = segmenters.get(key);
  if (!s) {
    s = new Intl.Segmenter(lang || undefined, { granularity: 'word' });
    segmenters.set(key, s);
  }
  return s;
}

const HAN_OR_KANA = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;

/** The language to segment with when none is given: Japanese when kana appear, Chinese for Han, else neutral. */
function guessLocale(text: string): string | undefined {
  if (/[\u3040-\u30ff]/.test(text)) return 'ja';
  if (HAN_OR_KANA.test(text)) return 'zh';
  return undefined;
}

/** The longest text `words` gives the segmenter in one call: Intl.Segmenter is quadratic on one long input. */
export const WORD_WINDOW = 2048;
/** Without a safe cut, the segments ending this close to a window's end wait for the next window. */
const HOLD = 64;

// a word boundary always falls after a line feed, and after a space or a stand-alone punctuation mark
// followed by a letter or a digit (UAX #29: no rule joins them; a dictionary run of Han or kana ends there)
const BREAK_BEFORE_WORD = /[\s!?()[\]{}"、。，！？；：「」『』（）《》〈〉【】]/;
const WORD_START = /^[\p{L}\p{N}]/u;

/** The last index in [from, to] where a word boundary is certain, or -1. */
function safeCut(text: string, from: number, to: number): number {
  for (let i = to; i > from; i--) {
    const prev = text[i - 1];
    if (prev === '\n' || (BREAK_BEFORE_WORD.test(prev) && WORD_START.test(text.slice(i, i + 2)))) return i;
  }
  return -1;
}

/**
 * The segmenter's segments of `text`, asked for in windows of at most WORD_WINDOW code units, so a
 * long text costs linear time. A window ends where a boundary is certain (above), and the segments
 * are then exactly those of one call. A long run with no such place (Chinese without punctuation,
 * base64) is cut after its last segment that ends HOLD units before the window's end, and the next
 * window starts there; one segment longer than a window is cut at the window's end.
 */
export function* words(seg: Intl.Segmenter, text: string): Generator<{ segment: string; isWordLike?: boolean }> {
  let start = 0;
  while (text.length - start > WORD_WINDOW) {
    const cut = safeCut(text, start + WORD_WINDOW / 2, start + WORD_WINDOW);
    if (cut > 0) {
      yield* seg.segment(text.slice(start, cut));
      start = cut;
      continue;
    }
    let limit = start + WORD_WINDOW;
    // never between the two halves of a surrogate pair
    if (/[\ud800-\udbff]/.test(text[limit - 1])) limit--;
    let next = start;
    for (const s of seg.segment(text.slice(start, limit))) {
      const end = s.index + s.segment.length;
      if (end > limit - start - HOLD && s.index > 0) break;
      yield s;
      next = start + end;
      if (end > limit - start - HOLD) break;
    }
    start = next;
  }
  yield* seg.segment(text.slice(start));
}

/** Lower-cased word tokens of `text` (numbers included, punctuation and spaces dropped). */
export function tokenize(text: string, lang?: string): string[] {
  const out: string[] = [];
  if (!text) return out;
  // ASCII (most logs): the same words, found without the segmenter (./ascii-words.ts)
  const ascii = lang === undefined || lang === 'en' ? asciiWords(text) : null;
  if (ascii) {
    for (const w of ascii) out.push(w.toLowerCase());
    return out;
  }
  const seg = segmenter(lang ?? guessLocale(text));
  for (const s of words(seg, text)) {
    if (!s.isWordLike) continue;
    out.push(s.segment.toLowerCase());
  }
  return out;
}

/** Tokens without stop words (and without one-letter Latin tokens). */
export function contentTokens(text: string, stop: ReadonlySet<string>, lang?: string): string[] {
  return tokenize(text, lang).filter((t) => !stop.has(t) && !(t.length < 2 && /^[a-z]$/i.test(t)));
}
