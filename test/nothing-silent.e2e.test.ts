// Issue 29, "nothing silent": every file a folder holds that is a log is read or named as skipped by
// ingest, triage and ci; a file forced into a format it is not gives bad lines, not nothing; a file of
// the format that holds no model call says so in one line.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cli, json, nativeLine, tmpdir } from './helpers.js';
import { REAL, write } from './real-samples.js';

const MASTRA_DB = path.join(REAL, 'generated-frameworks', 'samples', 'mastra.db');
const VERCEL = path.join(REAL, 'generated', 'samples', 'vercel-ai-sdk.jsonl');
const GEMINI = path.join(REAL, 'gemini-cli', 'forgot', 'tmp', 'proj', 'chats');

/** A folder of logs beside databases: a Mastra store (read), an unrelated SQLite file and a text file named .db (skipped, named). */
function folder(): string {
  const d = tmpdir('amnesia-silent-');
  write(d, 'good.jsonl', `${nativeLine({ kind: 'request', model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] })}\n`);
  fs.copyFileSync(MASTRA_DB, path.join(d, 'mastra.db'));
  const other = new Database(path.join(d, 'app.sqlite'));
  other.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL); INSERT INTO orders (total) VALUES (3.5)');
  other.close();
  write(d, 'notes.db', 'not a database\n');
  return d;
}

describe('databases in a folder are read or named, never passed over unseen', () => {
  it('ingest reads the Mastra store by its tables and names the other two as skipped, with why', () => {
    const d = folder();
    const r = cli(['ingest', d, '--db', path.join(tmpdir(), 'e.db'), '--format', 'json']);
    expect(r.code).toBe(0);
    const doc = json(r);
    const read = doc.files.map((f: { path: string; format: string }) => [path.basename(f.path), f.format]);
    expect(read).toEqual(
      expect.arrayContaining([
        ['good.jsonl', 'native'],
        ['mastra.db', 'mastra'],
      ]),
    );
    expect(doc.files.find((f: { format: string }) => f.format === 'mastra').events).toBeGreaterThan(20);
    const skipped = Object.fromEntries(doc.skipped.map((s: { path: string; reason: string }) => [path.basename(s.path), s.reason]));
    expect(Object.keys(skipped).sort()).toEqual(['app.sqlite', 'notes.db']);
    expect(skipped['app.sqlite']).toMatch(/an SQLite database that is none of mem0, langgraph, mastra \(tables: orders\)/);
    expect(skipped['notes.db']).toMatch(/not an SQLite database/);
  });

  it('triage and ci name them too; ci fails on them unless told to ignore them', () => {
    const d = folder();
    const t = cli(['triage', d, '--format', 'json']);
    expect(t.stderr).toMatch(/skipped 1 file\(s\): an SQLite database that is none of .*: .*app\.sqlite/);
    expect(t.stderr).toMatch(/skipped 1 file\(s\): not an SQLite database, though named like one: .*notes\.db/);
    const c = cli(['ci', d, '--format', 'json', '--no-progress'], { cwd: tmpdir() });
    expect(c.code).toBe(1);
    expect(
      json(c)
        .unread.map((u: { path: string }) => path.basename(u.path))
        .sort(),
    ).toEqual(['app.sqlite', 'notes.db']);
    const w = tmpdir();
    const ignore = (...globs: string[]) => globs.flatMap((g) => ['--ignore-unread', g]);
    expect(cli(['ci', d, '--no-progress', '--update-baseline', ...ignore('**/app.sqlite', '**/notes.db')], { cwd: w }).code).toBe(0);
    expect(cli(['ci', d, '--no-progress', ...ignore('**/app.sqlite', '**/notes.db')], { cwd: w }).code).toBe(0);
    expect(cli(['ci', d, '--no-progress', ...ignore('**/app.sqlite')], { cwd: w }).code).toBe(1);
  });

  it("look-alike: the evidence store kept in the folder (--db inside it) is amnesia's own, neither read nor skipped", () => {
    const d = tmpdir('amnesia-silent-');
    write(d, 'good.jsonl', `${nativeLine({ kind: 'request', model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] })}\n`);
    const db = path.join(d, 'evidence.db');
    expect(cli(['ingest', d, '--db', db]).code).toBe(0);
    const again = cli(['ingest', d, '--db', db, '--format', 'json']);
    expect(again.code).toBe(0);
    expect(json(again).skipped).toEqual([]);
    expect(json(again).files.map((f: { path: string }) => path.basename(f.path))).toEqual(['good.jsonl']);
  });
});

describe('a file forced into a format it is not: its lines are bad lines, counted', () => {
  const lines = fs.readFileSync(VERCEL, 'utf8').split('\n').filter(Boolean).length;
  for (const format of ['codex', 'claude-code', 'copilot-cli']) {
    it(`OTLP spans forced as ${format}: every line a bad line naming what it is not`, () => {
      const r = cli(['ingest', VERCEL, '--db', path.join(tmpdir(), 'e.db'), '--input-format', format, '--format', 'json']);
      expect(r.code).toBe(0);
      const f = json(r).files[0];
      expect([f.events, f.bad_lines]).toEqual([0, lines]);
    });
  }

  it("another agent's transcript (lines with a type, none of the format's) forced as codex or claude-code: bad lines, not nothing", () => {
    const copilot = path.join(REAL, 'copilot-cli', 'forgot', 'session-state');
    const events = path.join(copilot, fs.readdirSync(copilot)[0], 'events.jsonl');
    const codexDir = path.join(REAL, 'codex', 'sessions');
    const rollout = fs.readdirSync(codexDir, { recursive: true, encoding: 'utf8' }).find((n) => n.endsWith('.jsonl'))!;
    for (const [src, format] of [
      [events, 'codex'],
      [path.join(codexDir, rollout), 'claude-code'],
      [path.join(codexDir, rollout), 'copilot-cli'],
    ]) {
      const n = fs.readFileSync(src, 'utf8').split('\n').filter(Boolean).length;
      const r = cli(['ingest', src, '--db', path.join(tmpdir(), 'e.db'), '--input-format', format, '--format', 'json']);
      const f = json(r).files[0];
      expect([format, f.events, f.bad_lines]).toEqual([format, 0, n]);
    }
  });

  it('a Gemini CLI chat forced as cline: one bad line (a Cline messages file without "messages")', () => {
    const file = fs.readdirSync(GEMINI).find((n) => n.endsWith('.jsonl'))!;
    const r = cli(['ingest', path.join(GEMINI, file), '--db', path.join(tmpdir(), 'e.db'), '--input-format', 'cline']);
    expect(r.stdout).toMatch(/1 bad line\(s\)/);
    expect(r.stdout).toMatch(/a Cline messages file without "messages"/);
  });
});

describe('a file of the format with no model call in it says so in one line', () => {
  it('a Claude Code transcript of bookkeeping only: the lines and their types, on stderr', () => {
    const d = tmpdir('amnesia-silent-');
    const f = write(
      d,
      's.jsonl',
      [
        { type: 'summary', summary: 'Fix the build', leafUuid: '0b3c2f9e-1111-4a2b-9c3d-222233334444' },
        { type: 'file-history-snapshot', messageId: '0b3c2f9e-1111-4a2b-9c3d-222233334445', snapshot: { trackedFileBackups: {} }, isSnapshotUpdate: false },
      ]
        .map((o) => JSON.stringify(o))
        .join('\n'),
    );
    const r = cli(['ingest', f, '--db', path.join(d, 'e.db')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/s\.jsonl: 2 lines, none a model call or a message: summary \(1\), file-history-snapshot \(1\)/);
    expect(r.stdout).toMatch(/no bad lines/);
  });

  it('a Langfuse trace download whose generations were left out: its observations and their types, on stderr', () => {
    const src = path.join(REAL, 'langfuse', 'agno-2025-06-11.trace.json');
    const trace = JSON.parse(fs.readFileSync(src, 'utf8'));
    trace.observations = trace.observations.filter((o: { type: string }) => o.type !== 'GENERATION');
    const f = write(tmpdir('amnesia-silent-'), 'trace.json', JSON.stringify(trace, null, 2));
    const r = cli(['ingest', f, '--db', path.join(tmpdir(), 'e.db')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/trace\.json: \d+ observations?, none a model call \(a generation with its input or output\): SPAN \(\d+\)/);
    // look-alike: the download as it came has its model calls, and says nothing of the kind
    expect(cli(['ingest', src, '--db', path.join(tmpdir(), 'e.db')]).stderr).not.toMatch(/none a model call/);
  });

  it('look-alike: a transcript with a conversation says nothing of the kind', () => {
    const dir = path.join(REAL, 'codex', 'sessions');
    const files: string[] = [];
    const walk = (p: string) => {
      for (const e of fs.readdirSync(p, { withFileTypes: true })) e.isDirectory() ? walk(path.join(p, e.name)) : files.push(path.join(p, e.name));
    };
    walk(dir);
    const r = cli(['ingest', files.find((f) => f.endsWith('.jsonl'))!, '--db', path.join(tmpdir(), 'e.db')]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/none a model call/);
  });
});
