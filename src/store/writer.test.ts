import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateEvent } from '../events/validate.js';
import type { IngestItem } from '../ingest/types.js';
import { openStore } from './connection.js';
import { EvidenceWriter, pendingSha } from './writer.js';

const item = (session: string, line: number): IngestItem => {
  const o = { kind: 'lifecycle', ts: `2026-03-02T10:00:${String(line).padStart(2, '0')}Z`, session, phase: 'start', n: line };
  return { type: 'event', line, raw: JSON.stringify(o), sub: 0, event: validateEvent(o) };
};

function fresh() {
  const db = openStore(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-writer-')), 'e.db'));
  return { db, w: new EvidenceWriter(db) };
}

const sourceOf = (db: ReturnType<typeof fresh>['db']) =>
  Object.fromEntries(
    (db.prepare('SELECT session, source_id FROM events ORDER BY id').all() as { session: string; source_id: number }[]).map((r) => [r.session, r.source_id]),
  );

describe('mergeSource: a file read into a temporary store whose bytes were read before joins that source', () => {
  it('moves exactly the merged source’s events, also when another source’s events were written between them', () => {
    const { db, w } = fresh();
    const first = w.beginSource(pendingSha(), 'a.jsonl', 0, 'test');
    w.writeBatch(first.id, [item('a1', 1)], 1);
    w.completeSource(first.id, 'sha-a', 10);
    // the copy and another file, their batches interleaved: the other's rows lie inside the copy's id range
    const copy = w.beginSource(pendingSha(), 'copy.jsonl', 0, 'test');
    const other = w.beginSource(pendingSha(), 'b.jsonl', 0, 'test');
    w.writeBatch(copy.id, [item('c1', 1)], 1);
    w.writeBatch(other.id, [item('b1', 1), item('b2', 2)], 2);
    w.writeBatch(copy.id, [item('c2', 2)], 2);
    w.mergeSource(copy.id, { ...w.findSource('sha-a')!, size: 10 });
    expect(sourceOf(db)).toEqual({ a1: first.id, c1: first.id, b1: other.id, b2: other.id, c2: first.id });
    expect(db.prepare('SELECT id, events FROM sources ORDER BY id').all()).toEqual([
      { id: first.id, events: 3 },
      { id: other.id, events: 2 },
    ]);
    // the emptied row went with its foreign-key check off: nothing refers to it, and the check is back on
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('inside a transaction (where the pragma cannot change) the row goes in it, checked', () => {
    const { db, w } = fresh();
    const first = w.beginSource(pendingSha(), 'a.jsonl', 0, 'test');
    w.writeBatch(first.id, [item('a1', 1)], 1);
    w.completeSource(first.id, 'sha-a', 10);
    const copy = w.beginSource(pendingSha(), 'copy.jsonl', 0, 'test');
    w.writeBatch(copy.id, [item('c1', 1)], 1);
    db.transaction(() => w.mergeSource(copy.id, { ...w.findSource('sha-a')!, size: 10 }))();
    expect(sourceOf(db)).toEqual({ a1: first.id, c1: first.id });
    expect(db.prepare('SELECT id FROM sources').all()).toEqual([{ id: first.id }]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });

  it('a source this writer did not begin (another process’s, a resumed one) is moved whole', () => {
    const { db, w } = fresh();
    const first = w.beginSource(pendingSha(), 'a.jsonl', 0, 'test');
    w.writeBatch(first.id, [item('a1', 1)], 1);
    w.completeSource(first.id, 'sha-a', 10);
    const elsewhere = new EvidenceWriter(db);
    const copy = elsewhere.beginSource(pendingSha(), 'copy.jsonl', 0, 'test');
    elsewhere.writeBatch(copy.id, [item('c1', 1), item('c2', 2)], 2);
    w.mergeSource(copy.id, { ...w.findSource('sha-a')!, size: 10 });
    expect(sourceOf(db)).toEqual({ a1: first.id, c1: first.id, c2: first.id });
  });

  it('a copy whose every event was a duplicate moves nothing and leaves no source behind', () => {
    const { db, w } = fresh();
    const first = w.beginSource(pendingSha(), 'a.jsonl', 0, 'test');
    w.writeBatch(first.id, [item('a1', 1)], 1);
    w.completeSource(first.id, 'sha-a', 10);
    const copy = w.beginSource(pendingSha(), 'copy.jsonl', 0, 'test');
    expect(w.writeBatch(copy.id, [item('a1', 1)], 1).duplicates).toBe(1);
    w.mergeSource(copy.id, { ...w.findSource('sha-a')!, size: 10 });
    expect(sourceOf(db)).toEqual({ a1: first.id });
    expect(db.prepare('SELECT count(*) AS n FROM sources').get()).toEqual({ n: 1 });
  });
});
