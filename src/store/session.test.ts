import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isKind, validateEvent } from '../events/validate.js';
import type { IngestItem } from '../ingest/types.js';
import { openStore } from './connection.js';
import { EvidenceWriter } from './writer.js';
import { SessionReader } from './session.js';
import { StoreError } from '../errors.js';

const item = (line: number, o: Record<string, unknown>): IngestItem => ({
  type: 'event',
  line,
  raw: JSON.stringify(o),
  sub: 0,
  event: validateEvent({ session: 's', ...o }),
});

function store(events: Record<string, unknown>[]) {
  const db = openStore(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-typed-')), 'e.db'));
  const w = new EvidenceWriter(db);
  const src = w.beginSource('a.jsonl', 'a.jsonl', 0, 'test');
  const items = events.map((e, i) => item(i + 1, e));
  w.writeBatch(src.id, items, items.length);
  return db;
}

describe("the store's reader types each event body once", () => {
  it('narrows by kind, keeps v1 fields it does not know and leaves optional fields absent', () => {
    const db = store([
      { kind: 'memory_write', ts: '2026-03-02T10:00:00Z', write_id: 'w1', phase: 'committed', memory_id: 'm1', vendor_field: { x: 1 } },
      { kind: 'state', ts: '2026-03-02T10:00:01Z', key: 'task', op: 'write', version: 2 },
      { kind: 'retrieval', ts: '2026-03-02T10:00:02Z', query: 'q', candidates: [{ id: 'a' }] },
      { kind: 'custom_kind', ts: '2026-03-02T10:00:03Z', anything: true },
    ]);
    const events = new SessionReader(db).load('s').events;
    const [write, state, retrieval, custom] = events;
    expect(isKind(write, 'memory_write') && write.body.phase).toBe('committed');
    expect(write.body.vendor_field).toEqual({ x: 1 });
    expect(isKind(write, 'state')).toBe(false);
    if (!isKind(state, 'state')) throw new Error('not a state event');
    expect([state.body.op, state.body.version, state.body.expected_version]).toEqual(['write', 2, undefined]);
    if (!isKind(retrieval, 'retrieval')) throw new Error('not a retrieval event');
    expect(retrieval.body.candidates[0].score).toBeUndefined();
    expect(custom.kind).toBe('custom_kind');
    expect(custom.body.anything).toBe(true);
    db.close();
  });

  it('a row changed after ingest so that it breaks EVENTS.md is a damaged row, named, not a misread', () => {
    const db = store([{ kind: 'state', ts: '2026-03-02T10:00:01Z', key: 'task', op: 'write', version: 2 }]);
    const id = (db.prepare('SELECT id FROM events').get() as { id: number }).id;
    db.prepare('UPDATE events SET body = ? WHERE id = ?').run(
      JSON.stringify({ kind: 'state', ts: 1, session: 's', key: 'task', op: 'write', version: 'two' }),
      id,
    );
    expect(() => new SessionReader(db).load('s')).toThrow(StoreError);
    expect(() => new SessionReader(db).load('s')).toThrow(new RegExp(`damaged row event ${id} \\(version: expected integer`));
    db.prepare('UPDATE events SET body = ? WHERE id = ?').run(JSON.stringify({ kind: 'retrieval', ts: 1, session: 's', query: 'q', candidates: [] }), id);
    expect(() => new SessionReader(db).load('s')).toThrow(/kind: the body says "retrieval", the row "state"/);
    db.close();
  });
});

describe('SessionReader.stamp', () => {
  it('is the stamp of the rows load() reads, computed by SQLite: equal until a turn, a prompt sum or an event changes', () => {
    const db = store([
      { kind: 'request', ts: '2026-03-02T10:00:00Z', model: 'claude-3-5-sonnet', messages: [{ role: 'user', content: 'hi' }] },
      { kind: 'response', ts: '2026-03-02T10:00:01Z', content: 'hello' },
      { kind: 'request', ts: '2026-03-02T10:00:02Z', model: 'gpt-4o', messages: [{ role: 'user', content: 'and?' }], usage: { input_tokens: 9 } },
    ]);
    const reader = new SessionReader(db);
    const loaded = reader.loadStamped('s').stamp;
    expect(reader.stamp('s')).toEqual(loaded);
    expect(loaded.pending).toBe(true); // no token was counted by this bare writer
    expect(Object.keys(loaded.factors)).toEqual(['claude-3-5-sonnet']); // the request without usage
    db.prepare('UPDATE requests SET prompt_tokens = 12').run();
    const summed = reader.stamp('s');
    expect(summed.pending).toBe(false);
    expect(summed.digest).not.toBe(loaded.digest);
    expect(reader.loadStamped('s').stamp).toEqual(summed);
    db.prepare('UPDATE events SET turn = 3 WHERE kind = ?').run('response');
    expect(reader.stamp('s').digest).not.toBe(summed.digest);
    expect(reader.loadStamped('s').stamp).toEqual(reader.stamp('s'));
    db.close();
  });
});
