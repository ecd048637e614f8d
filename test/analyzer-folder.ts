/**
 * What test/registry.test.ts holds of every analyzer folder, and test/new-analyzer.test.ts of the
 * toy one (docs/new-analyzer.md lists the same): the README's heading, description, Causes and
 * Layer sections equal the meta; fixtures to flag and to leave alone, each used by a test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Analyzer } from '../src/analyzers/define.js';
import { LAYERS } from '../src/findings/types.js';

/** A README section's text, from its `## title` line to the next `## `; the test fails without it. */
function section(readme: string, title: string): string {
  const at = readme.indexOf(`\n## ${title}\n`);
  expect(at, `a "## ${title}" section`).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', at + 1);
  return readme.slice(at + 1, end < 0 ? undefined : end);
}

/** The checks of one analyzer folder `dir` against its analyzer `a`. */
export function describeAnalyzerFolder(a: Analyzer, dir: string): void {
  describe(a.meta.id, () => {
    const readme = () => fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
    const tests = () =>
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.test.ts'))
        .map((t) => fs.readFileSync(path.join(dir, t), 'utf8'))
        .join('\n');

    it('has a README whose heading and description match the meta, and that documents every cause', () => {
      const lines = readme().split('\n');
      expect(lines[0]).toBe(`# ${a.meta.id}`);
      expect(lines[2]).toBe(`> ${a.meta.description}`);
      for (const cause of Object.keys(a.meta.causes)) expect(readme()).toContain(`\`${cause}\``);
    });

    it("documents in its README's Causes section exactly the causes it emits, and its tests expect each of a fixture", () => {
      const documented = [...section(readme(), 'Causes').matchAll(/^(?:- |\| )`([a-z][a-z0-9_]*)`/gm)].map((m) => m[1]);
      expect(documented.sort()).toEqual(Object.keys(a.meta.causes).sort());
      // testAnalyzer fails unless an invalid fixture yields each expected cause
      const body = tests();
      for (const cause of documented) expect(body, `no test expects ${cause} of a fixture`).toMatch(new RegExp(`['"\`]${cause}['"\`]`));
    });

    it('has fixtures it must flag and fixtures it must leave alone, and a test that uses them', () => {
      for (const kind of ['valid', 'invalid']) expect(fs.readdirSync(path.join(dir, 'fixtures', kind)).length).toBeGreaterThan(0);
      const body = tests();
      expect(body).toContain('testAnalyzer(');
      for (const kind of ['valid', 'invalid']) {
        for (const f of fs.readdirSync(path.join(dir, 'fixtures', kind))) expect(body, `${kind}/${f} is not used by a test`).toContain(f);
      }
    });

    it("maps every cause to a layer of FINDINGS.md, and its README's Layer section says which, cause by cause", () => {
      for (const cause of Object.keys(a.meta.causes)) expect(LAYERS, `${cause}'s layer`).toContain((a.meta.layers as Record<string, string>)[cause]);
      expect(Object.keys(a.meta.layers).sort()).toEqual(Object.keys(a.meta.causes).sort());
      const documented = Object.fromEntries(
        [...section(readme(), 'Layer that failed').matchAll(/^- `([a-z][a-z0-9_]*)`: `([a-z]+)`/gm)].map((m) => [m[1], m[2]]),
      );
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
