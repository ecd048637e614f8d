import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateEvent } from '../events/validate.js';
import type { IngestItem } from '../ingest/types.js';
import { openStore } from './connection.js';
import { EvidenceWriter } from './writer.js';

const item = (line: number, o: Record<string, unknown>, turnKey?: string): IngestItem => ({
  type: 'event',
  line,
  raw: JSON.stringify(o),
  sub: 0,
  event: validateEvent({ session: 's', ...o }),
  ...(turnKey ? { turnKey } : {}),
});
const req = (ts: string, text = ts) => ({ kind: 'request', ts, model: 'm', messages: [{ role: 'user', content: text }] });

function store() {
  const db = openStore(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-turns-')), 'e.db'));
  const w = new EvidenceWriter(db);
  const file = (name: string, items: IngestItem[]) => {
    const src = w.beginSource(name, name, 0, 'test');
    w.writeBatch(src.id, items, items.length);
    w.assignTurns(src.id);
  };
  const turns = () =>
    db.prepare('SELECT e.ts, e.turn, e.kind FROM events e ORDER BY e.ts, e.kind').all() as { ts: number; turn: number | null; kind: string }[];
  return { db, file, turns };
}

describe('turns numbered by the store', () => {
  it("a key's turn is its rank by first start time, recomputed when a later file brings an earlier trace", () => {
    const s = store();
    s.file('b', [item(1, req('2026-03-02T10:10:00Z'), 'trace:B'), item(2, { kind: 'response', ts: '2026-03-02T10:10:01Z', content: 'x' }, 'trace:B')]);
    expect(s.turns().map((t) => t.turn)).toEqual([0, 0]);
    s.file('a', [item(1, req('2026-03-02T10:00:00Z'), 'trace:A')]);
    expect(s.turns().map((t) => t.turn)).toEqual([0, 1, 1]); // A happened first: B moves to turn 1
  });

  it('ties at the same time go by file, then line; a key of system events only gets no turn; explicit turns are kept', () => {
    const s = store();
    s.file('f', [
      item(1, req('2026-03-02T10:00:00Z', 'first'), 'call:2'),
      item(2, req('2026-03-02T10:00:00Z', 'second'), 'call:1'),
      item(3, { kind: 'lifecycle', ts: '2026-03-02T09:00:00Z', event: 'restart' }, 'trace:sys'),
      item(4, { ...req('2026-03-02T08:00:00Z'), turn: 7 }, 'call:ignored'),
    ]);
    const rows = s.db.prepare('SELECT line, turn FROM events ORDER BY line').all();
    expect(rows).toEqual([
      { line: 1, turn: 0 },
      { line: 2, turn: 1 },
      { line: 3, turn: null },
      { line: 4, turn: 7 },
    ]);
  });
});

describe('a compaction never opens a turn', () => {
  it('a key holding only a compaction gets no turn, and does not shift the turns after it', () => {
    const s = store();
    s.file('f', [
      item(1, req('2026-03-02T10:00:00Z'), 'call:1'),
      item(2, { kind: 'compaction', ts: '2026-03-02T10:01:00Z', trigger: 'auto' }, 'compact:1'),
      item(3, req('2026-03-02T10:02:00Z'), 'call:2'),
    ]);
    const rows = s.db.prepare('SELECT line, turn FROM events ORDER BY line').all();
    expect(rows).toEqual([
      { line: 1, turn: 0 },
      { line: 2, turn: null },
      { line: 3, turn: 1 },
    ]);
  });
});
