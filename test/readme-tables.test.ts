/**
 * The README's lists of what the program has, held to the code both ways: the commands table names
 * every command the CLI registers (subcommands too) and no other; the analyzers table lists the
 * registry, row for row as the build writes it from each analyzer's meta.summary; the "How it works" tree names every folder of src/ and none that is gone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { analyzersTable, TABLE_END, TABLE_START, withAnalyzersTable } from '../src/analyzers/docs.js';
import { ANALYZERS } from '../src/analyzers/registry.js';
import { buildProgram, EXIT } from '../src/cli/main.js';
import { ROOT } from './helpers.js';

const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const section = (heading: string) => {
  const start = readme.indexOf(`\n## ${heading}\n`);
  expect(start, `README section "${heading}"`).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
};
/** The first cell of each row of a section's first table. */
const firstCells = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .slice(2)
    .map((l) => l.split(/(?<!\\)\|/)[1].trim());

/** `ingest`, `baseline record`...: every command a user can type, subcommands by their parent's name. */
function commandNames(c: Command, prefix = ''): string[] {
  return c.commands.flatMap((s) => {
    const name = `${prefix}${s.name()}`;
    return s.commands.length ? commandNames(s, `${name} `) : [name];
  });
}

describe("the README's tables hold what the code has", () => {
  it('the commands table names every registered command, and only those', () => {
    const io = { out: new PassThrough(), err: new PassThrough(), in: Readable.from([]), env: {} };
    const registered = commandNames(buildProgram({ io, exitCode: EXIT.ok })).sort();
    const named = firstCells(section('Commands'))
      .flatMap((cell) => [...cell.matchAll(/`amnesia ([a-z-]+(?: [a-z-]+)?)/g)].map((m) => m[1]))
      // "baseline record <logs>": a subcommand's name is two words, an argument is not a name
      .map((n) => (registered.includes(n) ? n : n.split(' ')[0]))
      .sort();
    expect([...new Set(named)]).toEqual(registered);
  });

  it('the analyzers table lists the registry', () => {
    const listed = readme
      .slice(0, readme.indexOf('\n## '))
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) => /^\| `([a-z-]+)`/.exec(l)![1]);
    expect([...listed].sort()).toEqual(ANALYZERS.map((a) => a.meta.id).sort());
    // between its markers, the table is exactly what `npm run build` writes (scripts/readme-analyzers.mjs)
    const table = readme.slice(readme.indexOf(TABLE_START) + TABLE_START.length, readme.indexOf(TABLE_END)).trim();
    expect(table).toBe(analyzersTable(ANALYZERS));
    expect(withAnalyzersTable(readme, analyzersTable(ANALYZERS))).toBe(readme);
  });

  it('the table is written from the summaries, and a README without its markers is refused, not left stale', () => {
    const [first, ...rest] = ANALYZERS;
    const changed = { ...first, meta: { ...first.meta, summary: { happened: 'a | b\nc', fix: 'd' } } };
    const table = analyzersTable([changed, ...rest]);
    expect(table.split('\n')[2]).toBe(`| \`${first.meta.id}\` | a \\| b c | d |`);
    expect(withAnalyzersTable(readme, table)).not.toBe(readme);
    expect(withAnalyzersTable(readme, table)).toContain(table);
    expect(() => withAnalyzersTable(readme.replace(TABLE_START, ''), table)).toThrow(/markers are missing/);
  });

  it('the "How it works" tree names every folder of src/, and none that is gone', () => {
    const tree = section('How it works');
    const block = tree.slice(tree.indexOf('```\nsrc/\n') + 4, tree.indexOf('\n```', tree.indexOf('```\nsrc/\n') + 4));
    const named = [...block.matchAll(/^ {2}([a-z]+)\/(?:<[a-z]+>\/)?/gm)].map((m) => m[1]).sort();
    const folders = fs
      .readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(named).toEqual(folders);
  });
});
