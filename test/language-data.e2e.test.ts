/**
 * The built program reads eld's n-gram data as one binary image (dist/text/eld-small.bin, written by
 * the build) instead of importing eld's 1.6 MB object literal: the guesses must be eld's own, text for text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eld } from 'eld/small';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILT = path.join(ROOT, 'dist', 'text', 'language.js');

/** Texts from the fixtures' user and assistant messages, in the languages the lexicons cover, and short ones. */
function texts(): string[] {
  const out = new Set<string>([
    'Bitte antworte immer auf Deutsch.',
    'Réponds toujours en français, sans exception.',
    'Responde siempre en español y sin tablas.',
    'Responda sempre em português, por favor.',
    'Please never use XML in your answers.',
    'ok',
    'Das ist gut but the rest is English text mixed in here',
  ]);
  const dirs = ['fixtures/incidents', 'eval/blind2/cases'].map((d) => path.join(ROOT, d)).filter((d) => fs.existsSync(d));
  const files = dirs.flatMap((d) => fs.readdirSync(d, { recursive: true }).map((f) => path.join(d, String(f)))).filter((f) => f.endsWith('.jsonl'));
  for (const f of files.slice(0, 200)) {
    for (const m of fs.readFileSync(f, 'utf8').matchAll(/"content":\s*"((?:[^"\\]|\\.){12,400})"/g)) {
      try {
        out.add(JSON.parse(`"${m[1]}"`));
      } catch {
        // not a plain JSON string: skipped
      }
      if (out.size >= 400) return [...out];
    }
  }
  return [...out];
}

describe('language identification in the built program', () => {
  it("reads the n-gram image the build wrote: every n-gram of eld's data, with its scores", async () => {
    const image = fs.readFileSync(path.join(ROOT, 'dist', 'text', 'eld-small.bin'));
    expect(image.subarray(0, 4).toString('latin1')).toBe('AMEL');
    expect(fs.existsSync(path.join(ROOT, 'dist', 'text', 'eld-small.json'))).toBe(false); // no second copy shipped
    const { packEld } = (await import(path.join(ROOT, 'dist', 'text', 'eld-packed.js'))) as typeof import('../src/text/eld-packed.js');
    const { ngramsData } = (await import(new URL('../ngrams/small.js', import.meta.resolve('eld/small')).href)) as {
      ngramsData: Parameters<typeof packEld>[0];
    };
    expect(Buffer.from(packEld(ngramsData)).equals(image)).toBe(true);
  });

  it("gives eld's own answer for every text (the image is the same data, scored as eld's detector scores it)", async () => {
    const { identifyLanguage } = (await import(BUILT)) as typeof import('../src/text/language.js');
    const all = texts();
    expect(all.length).toBeGreaterThan(50);
    let compared = 0;
    for (const t of all) {
      const got = identifyLanguage(t);
      // identifyLanguage asks eld only for alphabetic prose; CJK is told by script, very short text is null
      if (got.lang === null || /^(zh|ja|ko)/.test(got.lang)) continue;
      expect(got.lang, t).toBe(eld.detect(t.slice(0, 4000)).language || null);
      compared++;
    }
    expect(compared).toBeGreaterThan(30);
  });
});
