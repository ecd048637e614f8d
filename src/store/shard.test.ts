import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateEvent } from '../events/validate.js';
import type { IngestItem } from '../ingest/types.js';
import { openStore, type Db } from './connection.js';
import { EvidenceWriter } from './writer.js';
import { ownedSessions, routedEvents, sessionShards } from './shard.js';
import { shardOf } from '../events/shard.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function store(events: Record<string, unknown>[]): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-shard-'));
  dirs.push(dir);
  const db = openStore(path.join(dir, 'e.db'));
  const w = new EvidenceWriter(db);
  const src = w.beginSource('a.jsonl', 'a.jsonl', 0, 'test');
  const items: IngestItem[] = events.map((o, i) => ({ type: 'event', line: i + 1, raw: JSON.stringify(o), sub: 0, event: validateEvent(o) }));
  w.writeBatch(src.id, items, items.length);
  return db;
}

const at = (m: number) => `2026-03-02T10:${String(m).padStart(2, '0')}:00Z`;
// twelve sessions of four users; u0's first session writes a memory the others later search for
const EVENTS = Array.from({ length: 12 }, (_, i) => {
  const session = `s${i}`;
  const scope = { user: `u${i % 4}` };
  const out: Record<string, unknown>[] = [
    { kind: 'request', ts: at(i * 3), session, scope, model: 'gpt-4o', messages: [{ role: 'user', content: `hello ${i}` }] },
    { kind: 'response', ts: at(i * 3 + 1), session, content: 'hi' },
  ];
  if (i % 4 === 0)
    out.push({ kind: 'memory_write', ts: at(i * 3 + 2), session, scope, write_id: `w${i}`, phase: 'committed', memory_id: `m${i}`, content: 'prefers lists' });
  return out;
}).flat();

describe('shards of a store', () => {
  it('puts each session in the shard of its key: the session id, or by user its first scope.user', () => {
    const db = store(EVENTS);
    const bySession = sessionShards(db, 5, 'session');
    for (const [s, k] of bySession) expect(k).toBe(shardOf(s, 5));
    const byUser = sessionShards(db, 5, 'user');
    for (let i = 0; i < 12; i++) expect(byUser.get(`s${i}`)).toBe(shardOf(`user:u${i % 4}`, 5));
    // one user's sessions together
    expect(new Set([0, 4, 8].map((i) => byUser.get(`s${i}`))).size).toBe(1);
    const owned = [0, 1, 2, 3, 4].map((k) => ownedSessions(db, { k, n: 5, by: 'user' }));
    expect(owned.reduce((n, o) => n + o.size, 0)).toBe(12);
  });

  it("routes every event once to its owner, and memory writes plus the writing sessions' first and last events to every shard", () => {
    const db = store(EVENTS);
    const routed = [...routedEvents(db, 3, 'session')];
    expect(routed.length).toBe(EVENTS.length);
    const context = routed.filter((r) => r.context).map((r) => `${r.event.session}:${r.event.kind}`);
    // s0, s4, s8 wrote to memory: their write, first (request) and last (the write itself) event
    expect(context.sort()).toEqual(['s0:memory_write', 's0:request', 's4:memory_write', 's4:request', 's8:memory_write', 's8:request']);
    // stored order, each line naming where it was read
    expect(routed.map((r) => r.event.rowid)).toEqual([...routed.map((r) => r.event.rowid)].sort((a, b) => a - b));
    const native = routed[0].event.native(true);
    expect(native).toMatchObject({ kind: 'request', session: 's0', origin: 'a.jsonl:1', messages: [{ role: 'user', content: 'hello 0' }] });
  });
});
