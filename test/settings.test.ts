/**
 * The environment variables, held to the README's configuration section both ways: every
 * AMNESIA_* variable of src/settings.ts is in its table with the same words and nothing else is;
 * every variable src/ reads is documented there, and every documented one is read; the program's
 * own variables are read in src/settings.ts only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../src/settings.js';
import { ROOT } from './helpers.js';

const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('\n## Configuration\n'), readme.indexOf('\n## ', readme.indexOf('\n## Configuration\n') + 1));
const tables = section.split(/\n\n+/).filter((b) => b.trimStart().startsWith('|'));
const rows = (table: string) =>
  table
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split(/(?<!\\)\|/).map((c) => c.trim()))
    .map((c) => ({ names: [...c[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]), what: c[2].replace(/\\\|/g, '|') }));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'fixtures' ? [] : sources(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** Variable names read in src/: `env.NAME`, `env?.NAME`, `env['NAME']`, and the names a list hands to process.env. */
const read = new Map<string, string[]>();
for (const file of sources(path.join(ROOT, 'src'))) {
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(/\benv\??\.([A-Z][A-Z0-9_]+)\b|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)) {
    const name = m[1] ?? m[2];
    read.set(name, [...(read.get(name) ?? []), path.relative(ROOT, file)]);
  }
}

/**
 * The files that touch process.env, each with why; everything else reads its command's Io.env (or
 * settings()), so a test can hand a command any environment.
 */
const PROCESS_ENV: Readonly<Record<string, string>> = {
  'src/settings.ts': "settings()' default: the program's own variables",
  'src/cli/io.ts': "processIo(): the process's environment becomes every command's Io.env",
  'src/tui/interactive.ts': 'writes: CI and CONTINUOUS_INTEGRATION turned off while Ink loads, then restored',
  'src/cli/actions/tui.ts': 'writes: NODE_ENV set to production before React loads when it is unset',
};
const touching = sources(path.join(ROOT, 'src'))
  .filter((f) => /\bprocess\.env\b/.test(fs.readFileSync(f, 'utf8').replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '')))
  .map((f) => path.relative(ROOT, f).split(path.sep).join('/'))
  .sort();

describe('environment variables: src/settings.ts and the README', () => {
  it('the README has a configuration section with two tables', () => {
    expect(section).toContain('## Configuration');
    expect(tables).toHaveLength(2);
  });

  it('lists every AMNESIA_* variable settings.ts knows, in its words, and no other', () => {
    const own = rows(tables[0]);
    expect(own.flatMap((r) => r.names)).toEqual(Object.keys(SETTINGS));
    for (const r of own) expect(r.what).toBe(SETTINGS[r.names[0] as keyof typeof SETTINGS]);
  });

  it('every variable src/ reads is documented, and every documented one is read', () => {
    const documented = tables.flatMap((t) => rows(t).flatMap((r) => r.names));
    expect([...read.keys()].filter((n) => !documented.includes(n)).sort()).toEqual([]);
    expect(documented.filter((n) => !read.has(n)).sort()).toEqual([]);
  });

  it("process.env is touched only where PROCESS_ENV says why: other code reads the command's Io.env", () => {
    expect(touching).toEqual(Object.keys(PROCESS_ENV).sort());
  });

  it("the program's own variables are read in src/settings.ts only", () => {
    const elsewhere = [...read].filter(([n, files]) => n.startsWith('AMNESIA_') && files.some((f) => f !== path.join('src', 'settings.ts')));
    expect(elsewhere).toEqual([]);
  });
});
