import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openStore, type Db } from '../src/store/connection.js';
import { resolveInputs } from '../src/ingest/inputs.js';
import { ingest } from '../src/ingest/pipeline.js';
import type { InputFormat } from '../src/ingest/types.js';
import { EvidenceWriter } from '../src/store/writer.js';

/** A native log of `n` requests over a few sessions, each with a growing prompt (messages shared between requests). */
function writeLog(file: string, n: number, prefix = 's'): void {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const s = `${prefix}${i % 7}`;
    const messages = [
      { role: 'system', content: 'You are helpful.' },
      { role: 'user', content: `question ${i} of ${s}` },
    ];
    lines.push(JSON.stringify({ kind: 'request', ts: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), session: s, turn: i, model: 'gpt-4o', messages }));
    if (i % 50 === 0) lines.push('{not json');
  }
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

/** The same reader, made to throw after `after` items: a reader bug met mid-file. */
function crashing(format: InputFormat, after: number): InputFormat {
  return {
    ...format,
    async *read(content: Readable, opts) {
      let n = 0;
      for await (const item of format.read(content, opts)) {
        if (++n > after) throw new TypeError('Cannot convert object to primitive value');
        yield item;
      }
    },
  };
}

const count = (db: Db, table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const counts = (db: Db) => Object.fromEntries(['sources', 'events', 'requests', 'messages', 'bad_lines'].map((t) => [t, count(db, t)]));

describe('a reader that crashes mid-file leaves nothing half-read', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-crash-'));
  const log = path.join(dir, 'log.jsonl');
  writeLog(log, 1500);

  it('its partial rows are rolled back, the error names the file and line, and a re-run reads it cleanly', async () => {
    const reference = openStore(path.join(dir, 'reference.db'));
    await ingest(reference, { inputs: await resolveInputs([log]), progress: false });
    const want = counts(reference);
    reference.close();

    const db = openStore(path.join(dir, 'crash.db'));
    // an earlier file stays: only the failing source is undone (its messages too, not the shared ones)
    const other = path.join(dir, 'other.jsonl');
    writeLog(other, 20, 'other-');
    await ingest(db, { inputs: await resolveInputs([other]), progress: false });
    const before = counts(db);
    const inputs = await resolveInputs([log]);
    inputs.files[0].format = crashing(inputs.files[0].format, 1200);
    // 1200 items: two batches of 500 committed before the crash
    await expect(ingest(db, { inputs, progress: false })).rejects.toThrow(
      /log\.jsonl: the native reader failed after line \d+ \(Cannot convert object to primitive value\); nothing of it was kept/,
    );
    expect(counts(db)).toEqual(before);
    expect(db.prepare("SELECT count(*) AS n FROM sources WHERE status = 'ingesting'").get()).toEqual({ n: 0 });

    const again = await ingest(db, { inputs: await resolveInputs([log]), progress: false });
    expect(again.files[0].status).toBe('ingested');
    const got = counts(db);
    expect(got.events).toBe(before.events + want.events);
    expect(got.bad_lines).toBe(before.bad_lines + want.bad_lines);
    expect(db.prepare('SELECT status FROM sources ORDER BY id').pluck().all()).toEqual(['complete', 'complete']);
    db.close();
  });

  it('a crash at the very first item leaves no source behind', async () => {
    const db = openStore(path.join(dir, 'first.db'));
    const inputs = await resolveInputs([log]);
    inputs.files[0].format = crashing(inputs.files[0].format, 0);
    await expect(ingest(db, { inputs, progress: false })).rejects.toThrow(/log\.jsonl: the native reader failed at the start \(/);
    expect(counts(db)).toEqual({ sources: 0, events: 0, requests: 0, messages: 0, bad_lines: 0 });
    db.close();
  });
});

describe('a gzip that ends early', () => {
  it('is an input error naming the file; what was read of it before the end is rolled back', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-gz-'));
    const log = path.join(dir, 'log.jsonl');
    writeLog(log, 3000);
    const gz = zlib.gzipSync(fs.readFileSync(log));
    const cut = path.join(dir, 'cut.jsonl.gz');
    fs.writeFileSync(cut, gz.subarray(0, Math.floor(gz.length * 0.8)));
    const db = openStore(path.join(dir, 'e.db'));
    await expect(ingest(db, { inputs: await resolveInputs([cut]), progress: false })).rejects.toThrow(
      /cut\.jsonl\.gz: not a valid gzip file \(unexpected end of file\); nothing of it was kept/,
    );
    expect(counts(db)).toEqual({ sources: 0, events: 0, requests: 0, messages: 0, bad_lines: 0 });
    db.close();
  });
});

describe('standard input left "ingesting" by a process that is gone', () => {
  it("is undone by the next run, so its events are read again under the new source; a live process's is left alone", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-pending-'));
    const log = path.join(dir, 'log.jsonl');
    writeLog(log, 40);
    const db = openStore(path.join(dir, 'e.db'));
    const w = new EvidenceWriter(db);
    // a dead process's source (pid 2^22+1 is above Linux's pid_max default) and one of this live process
    const dead = w.beginSource(`pending:${encodeURIComponent(os.hostname())}:4194305:x`, '<stdin>', 0, 'native');
    const alive = w.beginSource(`pending:${encodeURIComponent(os.hostname())}:${process.pid}:y`, '<stdin>', 0, 'native');
    const legacy = w.beginSource('pending:0b1d6f2c-0000-4000-8000-000000000000', '<stdin>', 0, 'native');
    expect(w.recoverAbandoned()).toBe(2);
    const left = db.prepare('SELECT id FROM sources ORDER BY id').pluck().all();
    expect(left).toEqual([alive.id]);
    expect(left).not.toContain(dead.id);
    expect(left).not.toContain(legacy.id);
    db.close();
  });
});
