// The meta test: the registry, the analyzer folders, their READMEs, fixtures and tests stay in step.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANALYZERS } from '../src/analyzers/registry.js';
import { LAYERS } from '../src/findings/types.js';
import { ROOT } from './helpers.js';

const DIR = path.join(ROOT, 'src', 'analyzers');
const SPEC_IDS = ['window-overflow', 'recall-mismatch', 'lost-write', 'concurrent-overwrite', 'tool-drift'];

const folders = fs
  .readdirSync(DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(DIR, d.name, 'index.ts')))
  .map((d) => d.name)
  .sort();

describe('analyzer registry', () => {
  it('holds every analyzer folder, sorted by id, and the five of FINDINGS.md', () => {
    const ids = ANALYZERS.map((a) => a.meta.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(folders);
    for (const id of SPEC_IDS) expect(ids).toContain(id);
  });

  for (const a of ANALYZERS) {
    describe(a.meta.id, () => {
      const dir = path.join(DIR, a.meta.id);
      it('has a README whose heading and description match the meta, and that documents every cause', () => {
        const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8').split('\n');
        expect(readme[0]).toBe(`# ${a.meta.id}`);
        expect(readme[2]).toBe(`> ${a.meta.description}`);
        const text = readme.join('\n');
        for (const cause of Object.keys(a.meta.causes)) expect(text).toContain(`\`${cause}\``);
      });
      it("documents in its README's Causes section exactly the causes it emits, and its tests expect each of a fixture", () => {
        const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
        const at = readme.indexOf('\n## Causes\n');
        expect(at, 'a "## Causes" section').toBeGreaterThan(0);
        const section = readme.slice(at + 1, readme.indexOf('\n## ', at + 1));
        const documented = [...section.matchAll(/^(?:- |\| )`([a-z][a-z0-9_]*)`/gm)].map((m) => m[1]);
        expect(documented.sort()).toEqual(Object.keys(a.meta.causes).sort());
        // testAnalyzer fails unless an invalid fixture yields each expected cause
        const tests = fs.readdirSync(dir).filter((f) => f.endsWith('.test.ts'));
        const body = tests.map((t) => fs.readFileSync(path.join(dir, t), 'utf8')).join('\n');
        for (const cause of documented) expect(body, `no test expects ${cause} of a fixture`).toMatch(new RegExp(`['"\`]${cause}['"\`]`));
      });
      it('has fixtures it must flag and fixtures it must leave alone, and a test that uses them', () => {
        for (const kind of ['valid', 'invalid']) {
          const files = fs.readdirSync(path.join(dir, 'fixtures', kind));
          expect(files.length).toBeGreaterThan(0);
        }
        const tests = fs.readdirSync(dir).filter((f) => f.endsWith('.test.ts'));
        expect(tests.length).toBeGreaterThan(0);
        const body = tests.map((t) => fs.readFileSync(path.join(dir, t), 'utf8')).join('\n');
        expect(body).toContain('testAnalyzer(');
        for (const kind of ['valid', 'invalid']) {
          for (const f of fs.readdirSync(path.join(dir, 'fixtures', kind))) expect(body, `${kind}/${f} is not used by a test`).toContain(f);
        }
      });
      it("maps every cause to a layer of FINDINGS.md, and its README's Layer section says which, cause by cause", () => {
        for (const cause of Object.keys(a.meta.causes)) expect(LAYERS, `${cause}'s layer`).toContain((a.meta.layers as Record<string, string>)[cause]);
        expect(Object.keys(a.meta.layers).sort()).toEqual(Object.keys(a.meta.causes).sort());
        const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
        const at = readme.indexOf('\n## Layer that failed\n');
        expect(at, 'a "## Layer that failed" section').toBeGreaterThan(0);
        const section = readme.slice(at + 1, readme.indexOf('\n## ', at + 1));
        const documented = Object.fromEntries([...section.matchAll(/^- `([a-z][a-z0-9_]*)`: `([a-z]+)`/gm)].map((m) => [m[1], m[2]]));
        expect(documented).toEqual(a.meta.layers);
      });
      it('declares a severity and one-line cause descriptions', () => {
        expect(['info', 'warning', 'error']).toContain(a.meta.severity);
        for (const [cause, why] of Object.entries(a.meta.causes)) {
          expect(cause).toMatch(/^[a-z][a-z0-9_]*$/);
          expect(why.length).toBeGreaterThan(10);
        }
      });
    });
  }
});
