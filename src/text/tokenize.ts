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
  for (const s of seg.segment(text)) {
    if (!s.isWordLike) continue;
    out.push(s.segment.toLowerCase());
  }
  return out;
}

/** Tokens without stop words (and without one-letter Latin tokens). */
export function contentTokens(text: string, stop: ReadonlySet<string>, lang?: string): string[] {
  return tokenize(text, lang).filter((t) => !stop.has(t) && !(t.length < 2 && /^[a-z]$/i.test(t)));
}
