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

describe('turns are user turns, whatever the trace layout', () => {
  const sys = { role: 'system', content: 'Be helpful.' };
  const u1 = { role: 'user', content: 'No peanuts. Plan dinner.' };
  const a1 = { role: 'assistant', content: 'Le Petit Zinc.' };
  const u2 = { role: 'user', content: 'Weather tomorrow?' };
  const call = { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] };
  const result = { role: 'tool', tool_call_id: 'c1', content: '18°C' };
  const a2 = { role: 'assistant', content: 'Rain.' };
  const u3 = { role: 'user', content: 'Dessert?' };
  const at = (s: number) => `2026-03-02T10:00:${String(s).padStart(2, '0')}Z`;
  const ask = (s: number, messages: unknown[]) => ({ kind: 'request', ts: at(s), model: 'm', messages });
  const conversation = [
    ask(1, [sys, u1]),
    ask(10, [sys, u1, a1, u2]),
    ask(12, [sys, u1, a1, u2, call, result]),
    ask(20, [sys, u1, a1, u2, call, result, a2, u3]),
  ];
  const turnsOf = (s: ReturnType<typeof store>) =>
    s.db.prepare('SELECT kind, turn FROM events ORDER BY ts, line').all() as { kind: string; turn: number | null }[];

  it('a conversation in one trace is not one turn: a new user message opens one; retrievals and writes land beside their requests', () => {
    const s = store();
    s.file('one-trace', [
      ...conversation.map((r, i) => item(i + 1, r, 'trace:T')),
      item(5, { kind: 'memory_write', ts: at(5), write_id: 'w1', phase: 'committed' }, 'trace:T'), // after turn 0's answer
      item(6, { kind: 'tool_call', ts: at(11), call_id: 'c1', name: 'get_weather' }, 'trace:T'),
      item(7, { kind: 'retrieval', ts: at(19), retrieval_id: 'r1', query: 'dessert', candidates: [] }, 'trace:T'), // feeds turn 2
    ]);
    expect(turnsOf(s)).toEqual([
      { kind: 'request', turn: 0 },
      { kind: 'memory_write', turn: 0 },
      { kind: 'request', turn: 1 },
      { kind: 'tool_call', turn: 1 },
      { kind: 'request', turn: 1 },
      { kind: 'retrieval', turn: 2 },
      { kind: 'request', turn: 2 },
    ]);
  });

  it('proxy logs (one key per call) number user turns, not model calls', () => {
    const s = store();
    s.file(
      'proxy',
      conversation.map((r, i) => item(i + 1, r, `call:${i}`)),
    );
    expect(turnsOf(s).map((t) => t.turn)).toEqual([0, 1, 1, 2]);
  });

  it('one trace per turn gives the same turns; a summarisation call inside a turn and tool results sent as user messages open none', () => {
    const s = store();
    const summarise = ask(13, [{ role: 'user', content: 'Summarize: the user is allergic to peanuts.' }]);
    const anthropicResult = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: '18°C' }] };
    s.file('traces', [
      item(1, conversation[0], 'trace:A'),
      item(2, conversation[1], 'trace:B'),
      item(3, ask(12, [sys, u1, a1, u2, call, anthropicResult]), 'trace:B'),
      item(4, summarise, 'trace:B'),
      item(5, conversation[3], 'trace:C'),
    ]);
    expect(turnsOf(s).map((t) => t.turn)).toEqual([0, 1, 1, 1, 2]);
  });

  it("a summarisation in its own trace, named by the compaction as the call that wrote it, opens no turn; the user's next message does", () => {
    const s = store();
    const summarise = { ...ask(22, [{ role: 'user', content: 'Summarize this conversation: no peanuts, dinner, rain.' }]), request_id: 'sum-1' };
    const compaction = { kind: 'compaction', ts: at(23), strategy: 'summary', summary: 'No peanuts.', request_id: 'sum-1' };
    const after = ask(30, [sys, { role: 'user', content: 'Summary: No peanuts.' }, { role: 'user', content: 'And breakfast?' }]);
    s.file('traces', [
      ...conversation.map((r, i) => item(i + 1, r, `trace:${'ABBC'[i]}`)),
      item(5, summarise, 'trace:S'),
      item(6, compaction, 'trace:S'),
      item(7, after, 'trace:D'),
    ]);
    expect(turnsOf(s).map((t) => `${t.kind}:${t.turn}`)).toEqual([
      'request:0',
      'request:1',
      'request:1',
      'request:2',
      'request:2',
      'compaction:2',
      'request:3',
    ]);
  });

  it('look-alike: the same summarisation call with no compaction naming it still opens a turn (a user could have asked for it)', () => {
    const s = store();
    const summarise = { ...ask(22, [{ role: 'user', content: 'Summarize this conversation: no peanuts, dinner, rain.' }]), request_id: 'sum-1' };
    const compaction = { kind: 'compaction', ts: at(23), strategy: 'summary', summary: 'No peanuts.', request_id: 'other' };
    s.file('traces', [...conversation.map((r, i) => item(i + 1, r, `trace:${'ABBC'[i]}`)), item(5, summarise, 'trace:S'), item(6, compaction, 'trace:S')]);
    expect(turnsOf(s).map((t) => t.turn)).toEqual([0, 1, 1, 2, 3, 3]);
  });

  it('chat spans exported without their input still open a turn per trace', () => {
    const s = store();
    s.file('no-input', [item(1, ask(1, []), 'trace:A'), item(2, ask(5, []), 'trace:A'), item(3, ask(9, []), 'trace:B')]);
    expect(turnsOf(s).map((t) => t.turn)).toEqual([0, 0, 1]);
  });
});
