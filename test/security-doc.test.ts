// SECURITY.md held to the tests: every promise in "What it defends against" and every attack in the
// issue-26 table names at least one test, and every test file it names exists (a renamed or deleted test
// would leave a promise nothing holds).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const doc = fs.readFileSync(path.join(ROOT, 'SECURITY.md'), 'utf8');

/** The rows of the Markdown table under a `## heading`, as cells (header and rule rows left out). */
function tableRows(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(`## ${heading}`);
  if (start < 0) return [];
  const rest = markdown.slice(start + 3 + heading.length);
  const end = rest.search(/\n## /);
  const lines = (end < 0 ? rest : rest.slice(0, end)).split('\n').filter((l) => l.startsWith('|'));
  return lines.slice(2).map((l) =>
    l
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim()),
  );
}

/** Test files a cell names: `path/x.test.ts`, `test/…` files, or a test folder. */
function namedTests(cell: string): string[] {
  return [...cell.matchAll(/`((?:src|test)\/[\w./-]+)`/g)].map((m) => m[1]).filter((p) => /\.test\.tsx?$|^test\/[\w.-]+\.tsx?$/.test(p));
}

describe('SECURITY.md names a test for each promise', () => {
  const promises = tableRows(doc, 'What it defends against');
  const attacks = tableRows(doc, 'Issue 26: each attack and the test that holds it');

  it('reads both tables', () => {
    expect(promises.length).toBeGreaterThan(15);
    expect(attacks.length).toBeGreaterThan(20);
  });

  it('every promise names a test file that exists', () => {
    for (const [threat, , tested] of promises) {
      const files = namedTests(tested ?? '');
      expect(files.length, `no test named for: ${threat.slice(0, 80)}`).toBeGreaterThan(0);
      for (const f of files) expect(fs.existsSync(path.join(ROOT, f)), `${f} (for: ${threat.slice(0, 60)})`).toBe(true);
    }
  });

  it('every issue-26 attack names a test file that exists', () => {
    for (const [n, attack, tested] of attacks) {
      const files = namedTests(tested ?? '');
      expect(files.length, `attack ${n}: ${attack.slice(0, 60)}`).toBeGreaterThan(0);
      for (const f of files) expect(fs.existsSync(path.join(ROOT, f)), `attack ${n}: ${f}`).toBe(true);
    }
  });

  it('refuses a promise held by review alone, and a test that is not there', () => {
    const md = '## What it defends against\n\n| a | b | c |\n|---|---|---|\n| x | y | code review; `src/store/` |\n| z | w | `test/gone.e2e.test.ts` |\n';
    const [reviewed, gone] = tableRows(md, 'What it defends against');
    expect(namedTests(reviewed[2])).toEqual([]);
    expect(namedTests(gone[2]).map((f) => fs.existsSync(path.join(ROOT, f)))).toEqual([false]);
  });
});
