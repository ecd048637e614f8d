// Texts for tests that compare a hand-written fast path with the library it stands in for
// (token pieces with the pre-tokenizer regex, words with Intl.Segmenter): text none of the code
// under test chose, and seeded random text over the characters where the two could differ.
import fs from 'node:fs';
import path from 'node:path';

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

/** Every line of every file (under 2 MB) below these folders: real exporters' samples, bad input, blind cases. */
export function linesUnder(...dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const ent of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, ent.name);
      if (ent.isDirectory()) walk(p);
      else if (fs.statSync(p).size < 2_000_000) out.push(...fs.readFileSync(p, 'utf8').split('\n'));
    }
  };
  for (const d of dirs) walk(d);
  return out;
}
