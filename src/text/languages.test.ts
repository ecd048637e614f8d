// Languages are data: every lexicon (src/text/lexicon/<lang>.json) has every section the grammars
// read, and its cases (src/text/lexicon/cases/<lang>.json): constraints it must find with their keys,
// look-alikes it must not (encouragement, narrative, quotes, one-off requests, questions), withdrawals,
// save promises and non-promises, and style (marketing, slang, citations, plain). Adding a language is
// one lexicon file and one cases file; this test holds them to each other.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectPreferences, isSavePromise, measureStyle } from './index.js';
import { LANGS } from './lexicon.js';

const DIR = path.join(import.meta.dirname, 'lexicon');
const CASES = path.join(DIR, 'cases');

interface Cases {
  constraints: [string, string[]][];
  not_constraints: string[];
  withdrawals: [string, string][];
  promises: string[];
  not_promises: string[];
  style: { marketing: string[]; slang: string[]; citations: string[]; plain: string[] };
}

const caseLangs = fs
  .readdirSync(CASES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();
const load = (lang: string): Cases => JSON.parse(fs.readFileSync(path.join(CASES, `${lang}.json`), 'utf8')) as Cases;
const keys = (t: string) =>
  detectPreferences(t)
    .map((p) => p.key)
    .sort();

describe('every language is one lexicon file and one cases file', () => {
  const lexLangs = fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
  it('the registry lists every lexicon file, and every lexicon has its cases', () => {
    expect([...LANGS].sort()).toEqual(lexLangs);
    expect(caseLangs).toEqual(lexLangs);
  });
  it('every lexicon has every section of the English one, none empty where English has cues', () => {
    const en = JSON.parse(fs.readFileSync(path.join(DIR, 'en.json'), 'utf8')) as Record<string, unknown>;
    for (const l of lexLangs) {
      const d = JSON.parse(fs.readFileSync(path.join(DIR, `${l}.json`), 'utf8')) as Record<string, unknown>;
      for (const [k, v] of Object.entries(en)) {
        if (k === 'verb_final' || k === 'verbatim' || k === 'first_person' || k === 'release' || k === 'condition' || k === 'coordinator') continue; // optional sections: a lexicon without them reads the rest
        const open = k === 'numbers' || k === 'languages'; // their keys are the language's own words
        expect(d, `${l}.json: ${k}`).toHaveProperty(k);
        if (!open && v && typeof v === 'object' && !Array.isArray(v)) {
          for (const sub of Object.keys(v)) expect(d[k], `${l}.json: ${k}.${sub}`).toHaveProperty(sub);
        }
      }
      for (const k of ['standing', 'imperative', 'negation', 'withdraw', 'targets']) expect((d[k] as string[]).length, `${l}.json: ${k}`).toBeGreaterThan(0);
    }
  });
});

describe.each(caseLangs)('%s', (lang) => {
  const c = load(lang);
  it('has a case in every section', () => {
    for (const s of [
      c.constraints,
      c.not_constraints,
      c.withdrawals,
      c.promises,
      c.not_promises,
      c.style.marketing,
      c.style.slang,
      c.style.citations,
      c.style.plain,
    ]) {
      expect(s.length).toBeGreaterThan(0);
    }
  });
  it.each(c.constraints)('a constraint: %s', (text, want) => {
    expect(keys(text)).toEqual([...want].sort());
  });
  it.each(c.not_constraints)('not a constraint: %s', (text) => {
    expect(keys(text)).toEqual([]);
  });
  it.each(c.withdrawals)('%s is withdrawn by: %s', (stated, withdrawn) => {
    expect(keys(stated).length).toBeGreaterThan(0);
    const w = detectPreferences(withdrawn);
    expect(w.length).toBeGreaterThan(0);
    for (const p of w) expect(p.polarity).toBe('allow');
  });
  it.each(c.promises)('a save promise: %s', (text) => {
    expect(isSavePromise(text)).toBe(true);
  });
  it.each(c.not_promises)('not a save promise: %s', (text) => {
    expect(isSavePromise(text)).toBe(false);
  });
  it('style: marketing, slang and citations found, none in plain prose', () => {
    for (const t of c.style.marketing) expect(measureStyle(t).marketing, t).toBeGreaterThan(0);
    for (const t of c.style.slang) expect(measureStyle(t).slang, t).toBeGreaterThan(0);
    for (const t of c.style.citations) expect(measureStyle(t).citations, t).toBeGreaterThan(0);
    for (const t of c.style.plain) {
      const m = measureStyle(t);
      expect([m.marketing, m.slang, m.citations], t).toEqual([0, 0, 0]);
    }
  });
});
