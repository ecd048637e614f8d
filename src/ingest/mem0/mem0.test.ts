// Mem0's Python history table (history: old_memory / new_memory / event, naive or offset times,
// actor_id and role), and rows that cannot be read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { mem0Format, mem0Time } from './index.js';
import type { IngestItem } from '../types.js';

function pythonHistory(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mem0-py-')), 'history.db');
  const db = new Database(file);
  db.exec(`CREATE TABLE history (id TEXT PRIMARY KEY, memory_id TEXT, old_memory TEXT, new_memory TEXT, event TEXT,
             created_at DATETIME, updated_at DATETIME, is_deleted INTEGER, actor_id TEXT, role TEXT)`);
  const ins = db.prepare('INSERT INTO history VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  ins.run('h1', 'm1', null, '用户喜欢列表', 'ADD', '2026-03-02T02:00:00.123456-08:00', null, 0, 'alice', 'user');
  ins.run('h2', 'm2', null, 'Lives in Lisbon', 'ADD', '2026-03-02 10:05:00', null, 0, null, null);
  ins.run('h3', 'm1', '用户喜欢列表', '用户喜欢编号列表', 'UPDATE', '2026-03-02T02:00:00-08:00', '2026-03-02T10:10:00+00:00', 0, 'alice', 'user');
  ins.run('h4', 'm2', 'Lives in Lisbon', null, 'DELETE', null, null, 1, null, null);
  ins.run('h5', 'm3', null, 'x', 'MERGE', '2026-03-02T10:20:00Z', null, 0, null, null);
  db.close();
  return file;
}

describe('mem0 (Python history table)', () => {
  it('maps ADD / UPDATE / DELETE with times, actor and role; an unknown event is a bad row', async () => {
    const items: IngestItem[] = [];
    for await (const it of mem0Format.database!.read(
      { path: pythonHistory(), url: null, display: 'history.db', params: { session: 's7' } },
      { display: 'history.db', maxLineBytes: 1 << 20 },
    ))
      items.push(it);
    // the state writes the ADD / UPDATE rows also give are checked in 'mem0 versions from the chain'
    const ev = items.flatMap((i) => (i.type === 'event' && i.event.kind !== 'state' ? [i.event] : []));
    expect(ev.map((e) => [e.kind, e.body.op ?? null, new Date(e.ts).toISOString(), e.actor, e.body.locator])).toEqual([
      ['memory_write', 'add', '2026-03-02T10:00:00.123Z', 'alice', 'history:rowid=1'],
      ['memory_write', 'add', '2026-03-02T10:05:00.000Z', null, 'history:rowid=2'],
      ['memory_write', 'update', '2026-03-02T10:10:00.000Z', 'alice', 'history:rowid=3'],
      // Mem0 gives a DELETE no time: it takes the latest time before it
      ['memory_write', 'delete', '2026-03-02T10:10:00.000Z', null, 'history:rowid=4'],
      ['store_snapshot', null, '2026-03-02T10:10:00.000Z', null, 'history:rowid=4'],
    ]);
    expect(ev.every((e) => e.session === 's7')).toBe(true);
    expect(ev[2].body).toMatchObject({ text: '用户喜欢编号列表', previous_text: '用户喜欢列表', role: 'user', phase: 'committed' });
    expect(ev[4].body.records).toEqual([{ id: 'm1', text: '用户喜欢编号列表', version: 2 }]);
    const bad = items.filter((i) => i.type === 'bad') as Extract<IngestItem, { type: 'bad' }>[];
    expect(bad.map((b) => b.reason)).toEqual(['history:rowid=5: unknown event "MERGE" (ADD, UPDATE, DELETE or NONE)']);
  });

  it('reads Mem0 times: offsets, naive times as UTC, nothing else', () => {
    expect(mem0Time('2026-03-02 10:05:00.5')).toBe('2026-03-02T10:05:00.500Z');
    expect(mem0Time('2026-03-02T02:00:00-08:00')).toBe('2026-03-02T10:00:00.000Z');
    expect([mem0Time(null), mem0Time('yesterday'), mem0Time(5)]).toEqual([null, null, null]);
  });

  it('is found by its tables only', () => {
    const t = (cols: Record<string, string[]>) => new Map(Object.entries(cols).map(([k, v]) => [k, new Set(v)]));
    expect(mem0Format.database!.detectSqlite(t({ memory_history: ['id', 'memory_id', 'previous_value', 'new_value', 'action'] }))).toBeGreaterThan(0);
    expect(mem0Format.database!.detectSqlite(t({ history: ['id', 'memory_id', 'old_memory', 'new_memory', 'event'] }))).toBeGreaterThan(0);
    expect(mem0Format.database!.detectSqlite(t({ history: ['id', 'url', 'title'] }))).toBe(0);
  });
});

describe('mem0 versions from the chain', () => {
  it('gives each ADD / UPDATE a state write whose expected_version is the version that produced its previous value', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mem0-v-')), 'history.db');
    const db = new Database(file);
    db.exec(
      'CREATE TABLE memory_history (id INTEGER PRIMARY KEY AUTOINCREMENT, memory_id TEXT NOT NULL, previous_value TEXT, new_value TEXT, action TEXT NOT NULL, created_at TEXT, updated_at TEXT, is_deleted INTEGER DEFAULT 0)',
    );
    const ins = db.prepare('INSERT INTO memory_history (memory_id, previous_value, new_value, action, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
    const t = '2026-01-01T00:00:00Z';
    ins.run('m', null, 'a', 'ADD', t, null);
    ins.run('m', 'a', 'b', 'UPDATE', t, t);
    ins.run('m', 'b', 'a', 'UPDATE', t, t); // back to a: from v2
    ins.run('m', 'a', 'c', 'UPDATE', t, t); // from the newest a (v3), not the ADD
    ins.run('m', 'zz', 'd', 'UPDATE', t, t); // a previous value no row produced: no base
    db.close();
    const states: Record<string, unknown>[] = [];
    for await (const it of mem0Format.database!.read({ path: file, url: null, display: 'h.db', params: {} }, { display: 'h.db', maxLineBytes: 1 << 20 })) {
      if (it.type === 'event' && it.event.kind === 'state') states.push(it.event.body as Record<string, unknown>);
    }
    expect(states.map((s) => `${s.version}<-${s.expected_version ?? '-'}`)).toEqual(['1<--', '2<-1', '3<-2', '4<-3', '5<--']);
    expect(states.every((s) => s.key === 'memory:m' && s.op === 'write')).toBe(true);
  });
});

describe("mem0 0.0.2-0.0.9 (history: prev_value / new_value / timestamp), written by 0.0.2's own SQLiteManager", () => {
  // fixtures/real/generated-memsys/mem0/history-0.0.2.db (scripts/memsys-samples/mem0-0.0.2.py, SOURCES.md)
  const FILE = path.join(import.meta.dirname, '..', '..', '..', 'fixtures', 'real', 'generated-memsys', 'mem0', 'history-0.0.2.db');

  it('reads every row with its own timestamp (naive UTC), the texts before and after, the delete; the lost update as two state writes from one version', async () => {
    const items: IngestItem[] = [];
    for await (const it of mem0Format.database!.read(
      { path: FILE, url: null, display: 'history-0.0.2.db', params: {} },
      { display: 'history-0.0.2.db', maxLineBytes: 1 << 20 },
    ))
      items.push(it);
    expect(items.filter((i) => i.type === 'bad')).toEqual([]);
    const ev = items.flatMap((i) => (i.type === 'event' ? [i.event] : []));
    const writes = ev.filter((e) => e.kind === 'memory_write');
    expect(writes.map((e) => `${e.body.op}:${e.body.locator}`)).toEqual([
      'add:history:rowid=1',
      'update:history:rowid=2',
      'add:history:rowid=3',
      'update:history:rowid=4',
      'update:history:rowid=5',
      'add:history:rowid=6',
      'delete:history:rowid=7',
    ]);
    // 0.0.2 stamps every row (datetime.utcnow(), naive): the times increase row by row, read as UTC
    const ts = writes.map((e) => e.ts);
    expect([...ts].sort((a, b) => a - b)).toEqual(ts);
    expect(new Set(ts).size).toBe(ts.length);
    expect(writes[1].body).toMatchObject({ previous_text: 'Prefers answers as bullet lists, never tables', text: 'Prefers numbered lists' });
    expect(writes[6].body).toMatchObject({ op: 'delete', previous_text: 'Project codename is Bluebird' });
    // rows 4 and 5 both changed the time zone from the ADD's text: two writes from version 1
    const tz = ev.filter((e) => e.kind === 'state' && e.body.key === `memory:${writes[2].body.memory_id}`);
    expect(tz.map((e) => [e.body.version, e.body.expected_version ?? null])).toEqual([
      [1, null],
      [2, 1],
      [3, 1],
    ]);
    const snap = ev.find((e) => e.kind === 'store_snapshot');
    expect(snap?.body.memory_ids).toHaveLength(2); // the deleted memory is gone
  });
});
