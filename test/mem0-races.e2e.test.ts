// Mem0 lost updates, end to end on the built binary: two UPDATE rows of one memory computed from the
// same previous value are a concurrent overwrite with both writers' rows as evidence; updates made one
// after the other stay quiet. Samples: fixtures/real/generated-memsys/mem0 (made by mem0ai 3.3.1, and by
// Python Mem0's own SQLiteManager; SOURCES.md); the app log beside the history is hand-written (fixtures/formats/mem0).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, tmpdir } from './helpers.js';

const DIR = path.join(FIXTURES, 'formats', 'mem0');
const REAL = path.join(FIXTURES, 'real', 'generated-memsys', 'mem0');

interface Finding {
  analyzer: string;
  cause: string;
  session: string;
  detail: Record<string, unknown>;
  evidence: { source: string; detail: Record<string, unknown> }[];
}

function triage(...inputs: string[]): { findings: Finding[]; stderr: string } {
  const r = cli(['triage', ...inputs, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return { findings: json<{ findings: Finding[] }>(r).findings, stderr: r.stderr };
}

describe('mem0: lost updates from the history chain', () => {
  it('JS: a metadata-only update() racing a text update writes the old text back: the text update is lost', () => {
    // mem0ai 3.3.1: both update() calls read the memory before either wrote (rows 2 and 3, both from the ADD's text)
    const { findings } = triage(`mem0:${path.join(REAL, 'js-lost-update.db')}`);
    expect(findings.map((f) => `${f.analyzer}:${f.cause}`)).toEqual(['concurrent-overwrite:same_base_version']);
    const f = findings[0];
    expect(f.detail.lost_value).toBe('User prefers numbered lists.');
    expect(f.detail.surviving_value).toBe('I prefer answers as bullet lists, never tables.');
    expect(f.detail.base_version).toBe(1);
    const lost = f.evidence.find((e) => e.detail.lost === true);
    const over = f.evidence.find((e) => e.detail.overwrote === true);
    expect(lost?.source).toMatch(/js-lost-update\.db#memory_history:rowid=2$/);
    expect(over?.source).toMatch(/js-lost-update\.db#memory_history:rowid=3$/);
  });

  it('JS: the same calls awaited one after the other (a metadata-only update between two text updates, then a delete) stay quiet', () => {
    expect(triage(`mem0:${path.join(REAL, 'js-sequential.db')}`).findings).toEqual([]);
  });

  it('Python: two requests updating one memory from the text both read: the first is lost, the second won', () => {
    const { findings } = triage(`mem0:${path.join(REAL, 'py-two-writers.db')}`);
    expect(findings.map((f) => `${f.analyzer}:${f.cause}`)).toEqual(['concurrent-overwrite:same_base_version']);
    const f = findings[0];
    expect(f.detail.lost_value).toBe('Zeitzone: Berlin (UTC+1)');
    expect(f.detail.surviving_value).toBe('Time zone: Tokyo (UTC+9)');
    // Mem0 copies the memory's actor into every row of it, not the caller's: both rows say alice
    expect(f.detail.writers).toEqual(['alice@row 2', 'alice@row 3']);
    expect(f.evidence.find((e) => e.detail.lost === true)?.source).toMatch(/py-two-writers\.db#history:rowid=2$/);
    expect(f.evidence.find((e) => e.detail.overwrote === true)?.source).toMatch(/py-two-writers\.db#history:rowid=3$/);
  });

  it('Python: updates each made from the previous value, then a delete, stay quiet', () => {
    expect(triage(`mem0:${path.join(REAL, 'py-sequential.db')}`).findings).toEqual([]);
  });

  it('stays quiet on the real Mem0 JS sample history alone (ADD, the UPDATE asked for, ADD, DELETE)', () => {
    expect(triage(`mem0:${path.join(FIXTURES, 'real', 'generated-memsys', 'mem0', 'history.db')}`).findings).toEqual([]);
  });
});

describe('mem0: one session per history file', () => {
  // two copies of one history in two folders: the same file name, the same memory ids
  function twoHistories(): [string, string] {
    const dir = tmpdir();
    const [a, b] = ['a', 'b'].map((d) => path.join(dir, d, 'history.db'));
    for (const f of [a, b]) {
      fs.mkdirSync(path.dirname(f), { recursive: true });
      fs.copyFileSync(path.join(REAL, 'js-sequential.db'), f);
    }
    return [a, b];
  }

  it('two history.db files without ?session= stay two sessions, with no merge note', () => {
    const [a, b] = twoHistories();
    const r = cli(['triage', `mem0:${a}`, `mem0:${b}`, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const out = json<{ findings: Finding[]; sessions?: unknown; summary?: unknown }>(r);
    // merged, each memory's chain would restart at the second file's ADD and its updates look concurrent
    expect(out.findings).toEqual([]);
    expect(r.stderr).not.toMatch(/merged/);
    expect(r.stdout).toContain('"sessions": 2');
  });

  it('the same ?session= on both merges them, and says so in one line on stderr', () => {
    const [a, b] = twoHistories();
    const r = cli(['triage', `mem0:${a}?session=s1`, `mem0:${b}?session=s1`, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const notes = r.stderr.split('\n').filter((l) => l.includes('merged'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/b[\\/]history\.db: rows merged into session "s1" with those of .*a[\\/]history\.db/);
  });
});

describe("mem0: the app's log of what add() returned", () => {
  const HISTORY = path.join(FIXTURES, 'real', 'generated-memsys', 'mem0', 'history.db');
  it('row-then-acknowledge, and a memory acknowledged then deleted on purpose, are not lost', () => {
    expect(triage(`mem0:${HISTORY}?session=s`, path.join(DIR, 'app-ack-after-row.jsonl')).findings).toEqual([]);
  });

  it('an acknowledged memory the history never had is still lost', () => {
    const f = path.join(tmpdir(), 'app.jsonl');
    const lines = fs.readFileSync(path.join(DIR, 'app-ack-after-row.jsonl'), 'utf8').replaceAll('c3cf6651-767a-4edc-bb0d-9bf42d5ec685', 'never-written');
    fs.writeFileSync(f, lines);
    expect(triage(`mem0:${HISTORY}?session=s`, f).findings.map((x) => `${x.analyzer}:${x.cause}`)).toEqual(['lost-write:never_committed']);
  });
});
