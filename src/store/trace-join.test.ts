import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateEvent } from '../events/validate.js';
import type { IngestItem } from '../ingest/types.js';
import { openStore } from './connection.js';
import { EvidenceWriter } from './writer.js';

const T = 'trace-x';
const item = (line: number, session: string, o: Record<string, unknown>, turnKey = `trace:${T}`): IngestItem => ({
  type: 'event',
  line,
  raw: JSON.stringify(o),
  sub: 0,
  event: validateEvent({ session, ...o }),
  turnKey,
});
// the later call of a trace carries the conversation so far
const before = (text: string) =>
  text === 'No peanuts.'
    ? []
    : [
        { role: 'user', content: 'No peanuts.' },
        { role: 'assistant', content: 'Noted.' },
      ];
const req = (id: string, s: number, text: string) => ({
  kind: 'request',
  id,
  ts: `2026-03-02T10:00:0${s}Z`,
  model: 'm',
  messages: [...before(text), { role: 'user', content: text }],
});

function store() {
  const db = openStore(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-join-')), 'e.db'));
  const w = new EvidenceWriter(db);
  const file = (name: string, items: IngestItem[]) => {
    const src = w.beginSource(name, name, 0, 'test');
    w.writeBatch(src.id, items, items.length);
    w.assignTurns(src.id);
  };
  const rows = () =>
    db.prepare('SELECT e.event_id AS id, e.session, e.turn, r.session AS rs FROM events e LEFT JOIN requests r ON r.event = e.id ORDER BY e.ts').all() as {
      id: string;
      session: string;
      turn: number;
      rs: string | null;
    }[];
  return { db, file, rows };
}

describe('a trace stored under its own id joins the session another file names for it', () => {
  it('either order: the fallback session is emptied into the named one, requests too, turns renumbered', () => {
    for (const order of ['fallback first', 'named first']) {
      const s = store();
      const fallback = () => s.file('spans', [item(1, T, req('a', 2, 'Weather?'))]);
      const named = () => s.file('turn', [item(1, 's1', req('b', 1, 'No peanuts.'))]);
      if (order === 'fallback first') {
        fallback();
        named();
      } else {
        named();
        fallback();
      }
      expect(s.rows()).toEqual([
        { id: 'b', session: 's1', turn: 0, rs: 's1' },
        { id: 'a', session: 's1', turn: 1, rs: 's1' },
      ]);
    }
  });

  it('the same span in both sessions is kept once; the moved event keeps its id, so reading it again adds nothing', () => {
    const s = store();
    s.file('spans', [item(1, T, req('a', 2, 'Weather?'))]);
    s.file('both', [item(1, 's1', req('b', 1, 'No peanuts.')), item(2, 's1', req('a', 2, 'Weather?'))]);
    expect(s.rows().map((r) => `${r.id}:${r.session}`)).toEqual(['b:s1', 'a:s1']);
    s.file('both-again', [item(1, 's1', req('a', 2, 'Weather?'))]);
    expect(s.rows()).toHaveLength(2);
  });

  it('look-alikes stay where they are: a trace two sessions claim, a session named like a trace with another key', () => {
    const s = store();
    s.file('spans', [item(1, T, req('a', 3, 'Weather?'))]);
    s.file('one', [item(1, 's1', req('b', 1, 'No peanuts.'))]);
    s.file('two', [item(1, 's2', req('c', 2, 'Hello.'))]);
    // s1 took the trace before s2 claimed it too: what moved stays, nothing moves twice
    expect(s.rows().map((r) => `${r.id}:${r.session}`)).toEqual(['b:s1', 'c:s2', 'a:s1']);
    const t = store();
    t.file('two-named', [item(1, 's1', req('b', 1, 'No peanuts.')), item(2, 's2', req('c', 2, 'Hello.'))]);
    t.file('spans', [item(1, T, req('a', 3, 'Weather?'))]);
    expect(t.rows().map((r) => `${r.id}:${r.session}`)).toEqual(['b:s1', 'c:s2', `a:${T}`]);
    const u = store();
    u.file('other-key', [item(1, T, req('a', 2, 'Weather?'), 'call:1')]);
    u.file('turn', [item(1, 's1', req('b', 1, 'No peanuts.'))]);
    expect(u.rows().map((r) => `${r.id}:${r.session}`)).toEqual(['b:s1', `a:${T}`]);
  });
});
