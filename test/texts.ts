// Texts for tests that compare a hand-written fast path with the library it stands in for
// (token pieces with the pre-tokenizer regex, words with Intl.Segmenter): text none of the code
// under test chose, and seeded random text over the characters where the two could differ.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { SLOW, sampledByGroup } from './tier.js';

/** `count` texts of 1 to `maxParts` parts drawn from `alphabet` by a seeded generator (the same texts every run). */
export function seededTexts(count: number, seed: number, alphabet: readonly string[], maxParts = 30): string[] {
  let s = seed >>> 0;
  const rnd = () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0), s / 2 ** 32);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const len = 1 + Math.floor(rnd() * maxParts);
    let t = '';
    for (let j = 0; j < len; j++) t += alphabet[Math.floor(rnd() * alphabet.length)];
    out.push(t);
  }
  return out;
}

/**
 * The files (under `maxBytes`) below these folders that a text check reads: every one in test:slow;
 * in npm test a seeded sample that keeps every folder and, in the blind sets (`td-f-ja-03.jsonl`,
 * `faults-ko.jsonl`), every language of every folder, `perGroup` files of each. The blind sets grow
 * by hundreds of files a set: reading all of them made these checks most of npm test's time.
 */
export function filesUnder(dirs: readonly string[], perGroup = 2, maxBytes = 2_000_000): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const ent of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(d, ent.name);
      if (ent.isDirectory()) walk(p);
      else if (fs.statSync(p).size < maxBytes) out.push(p);
    }
  };
  for (const d of dirs) walk(d);
  return SLOW ? out : sampledByGroup(out, fileGroup, perGroup, 41);
}

/** A file's folder, and its language where the name gives one (`td-f-ja-03.jsonl`, `faults-zh-Hant.jsonl`). */
export function fileGroup(file: string): string {
  const lang = /^(?:[a-z]{2}-[fl]-|faults-|lookalikes-|look-alikes-)([a-z]{2}(?:-[A-Za-z]{2,4})?)\b/.exec(path.basename(file))?.[1] ?? '';
  return `${path.dirname(file)}/${lang}`;
}

/**
 * A file's text as ingest reads it: a `.gz` file's content, not its compressed bytes read as UTF-8 (noise of
 * replacement characters and code points newer than tiktoken's Unicode tables, which no log holds).
 */
export function readText(file: string): string {
  const bytes = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
}

/** How much of each file a text check reads in npm test: whole files, up to 8.5 MB, were most of its time. */
export const SAMPLE_CHARS = 24_000;

/**
 * A file's text as `readText` gives it in test:slow; in npm test its head, up to SAMPLE_CHARS and cut
 * after a line, so every sampled file is still read (its first lines) and no file dominates the time.
 */
export function sampleText(file: string): string {
  const text = readText(file);
  if (SLOW || text.length <= SAMPLE_CHARS) return text;
  const cut = text.lastIndexOf('\n', SAMPLE_CHARS);
  return text.slice(0, cut > 0 ? cut : SAMPLE_CHARS);
}

/** Every line of the files `filesUnder` gives (real exporters' samples, bad input, blind cases), as `sampleText` reads them. */
export function linesUnder(...dirs: string[]): string[] {
  return filesUnder(dirs).flatMap((f) => sampleText(f).split('\n'));
}
