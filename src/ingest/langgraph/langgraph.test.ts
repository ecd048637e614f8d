// The LangGraph mapping on checkpoints written the way Python's checkpointers write them: msgpack
// blobs with jsonplus extension types and string channel versions, read from an SQLite file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { encode, ExtData } from '@msgpack/msgpack';
import { describe, expect, it } from 'vitest';
import { loadTyped, SerdeError } from './serde.js';
import { isStateChannel, readCheckpoints, versionInt } from './map.js';
import { sqliteBackend } from './backend.js';
import { taskNames, uuid5 } from './taskid.js';
import type { IngestItem } from '../types.js';

/** Python jsonplus: a constructor call as ext type 0/2 (module, name, argument). */
const ext = (type: number, v: unknown) => new ExtData(type, encode(v));

describe('serde', () => {
  it('reads JSON, msgpack with Python objects, bytes; refuses what it cannot read', () => {
    expect(loadTyped('json', Buffer.from('{"a":[1,2]}'))).toEqual({ a: [1, 2] });
    expect(loadTyped('json', '"x"')).toBe('x');
    const msg = encode({
      when: ext(3, ['datetime', 'datetime', '2026-03-02T10:00:00+00:00', 'fromisoformat']),
      id: ext(0, ['uuid', 'UUID', '0a1b']),
      tags: ext(1, ['builtins', 'set', [['a', 'b']]]),
      msg: ext(5, ['langchain_core.messages.human', 'HumanMessage', { content: '记住我的时区', type: 'human' }, 'model_validate']),
    });
    expect(loadTyped('msgpack', msg)).toEqual({
      when: '2026-03-02T10:00:00+00:00',
      id: '0a1b',
      tags: ['a', 'b'],
      msg: { content: '记住我的时区', type: 'human' },
    });
    expect(loadTyped('bytes', Buffer.from([1, 2]))).toEqual({ bytes: 'AQI=' });
    expect(loadTyped('empty', null)).toBeUndefined();
    expect(() => loadTyped('pickle', Buffer.from('x'))).toThrow(SerdeError);
    expect(() => loadTyped('msgpack', Buffer.from([0xc1]))).toThrow(/not valid msgpack/);
    expect(() => loadTyped('json', Buffer.from('{'))).toThrow(/not valid JSON/);
  });

  it('parses channel versions as JS and Python write them, and tells state channels apart', () => {
    expect([versionInt(3), versionInt('3'), versionInt('00000000000000000000000000000007.0.5489'), versionInt('x'), versionInt(null)]).toEqual([
      3,
      3,
      7,
      null,
      null,
    ]);
    expect(['notes', 'messages', '__start__', 'branch:to:a', '__pregel_tasks', 'join:a+b:c'].filter(isStateChannel)).toEqual(['notes', 'messages']);
  });

  it("recomputes LangGraph's task ids (uuid5) to name the node", () => {
    // RFC 4122 test vector: uuid5(DNS namespace, "python.org")
    expect(uuid5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
    const cp = '1f1ed01a-f8a6-6970-8000-16e5d2d0c9aa';
    const names = taskNames(cp, '', 1, ['researcher', 'planner'], ['branch:to:researcher', 'branch:to:planner']);
    // ids from a real run of @langchain/langgraph 1.7.3 (see fixtures/real/generated-memsys)
    expect(names.get('a553d2e9-f99c-515a-94be-174f95e29d21')).toBe('researcher');
    expect(names.get('e09b1505-162c-5671-b4bd-cbe37ce5950f')).toBe('planner');
  });
});

function pythonStyleDb(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lg-py-')), 'checkpoints.sqlite');
  const db = new Database(file);
  db.exec(`CREATE TABLE checkpoints (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL,
             parent_checkpoint_id TEXT, type TEXT, checkpoint BLOB, metadata BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id));
           CREATE TABLE writes (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL, task_id TEXT NOT NULL,
             idx INTEGER NOT NULL, channel TEXT NOT NULL, type TEXT, value BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx));`);
  const v = (n: number) => `${String(n).padStart(32, '0')}.0.123`;
  const cp = (
    id: string,
    parent: string | null,
    step: number,
    ts: string,
    versions: Record<string, string>,
    seen: Record<string, Record<string, string>>,
    values: Record<string, unknown>,
  ) =>
    db
      .prepare('INSERT INTO checkpoints VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(
        't1',
        '',
        id,
        parent,
        'msgpack',
        Buffer.from(encode({ v: 1, id, ts, channel_values: values, channel_versions: versions, versions_seen: seen })),
        Buffer.from(JSON.stringify({ source: 'loop', step })),
      );
  const w = (checkpoint: string, task: string, idx: number, channel: string, value: unknown, type = 'msgpack') =>
    db
      .prepare('INSERT INTO writes VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run('t1', '', checkpoint, task, idx, channel, type, Buffer.from(type === 'msgpack' ? encode(value) : String(value)));
  const P = '1ef00000-0000-6000-8000-000000000001';
  const C = '1ef00000-0000-6000-8000-000000000002';
  // two tasks wrote `plan` from version 1; the checkpoint holds one of them: the other was overwritten
  cp(P, null, 0, '2026-03-02T10:00:00+00:00', { plan: v(1), 'branch:to:a': v(1), 'branch:to:b': v(1) }, {}, { plan: 'draft' });
  w(P, 'task-a-0000', 0, 'plan', 'draft + flights');
  w(P, 'task-b-0000', 0, 'plan', 'draft + hotel');
  w(P, 'task-b-0000', 1, 'branch:to:c', null);
  cp(C, P, 1, '2026-03-02T10:00:05+00:00', { plan: v(2) }, { a: { 'branch:to:a': v(1) }, b: { 'branch:to:b': v(1) } }, { plan: 'draft + hotel' });
  // a task's write at the newest checkpoint: never applied; and one value nobody can read
  w(C, 'task-c-0000', 0, 'plan', 'draft + hotel + car');
  w(C, 'task-c-0000', 1, 'notes', 'x', 'pickle');
  db.close();
  return file;
}

describe('readCheckpoints on a Python-style (msgpack) SQLite checkpointer', () => {
  it('maps the overwrite, the pending write and the unreadable value', async () => {
    const file = pythonStyleDb();
    const items: IngestItem[] = [];
    for await (const it of readCheckpoints(sqliteBackend({ path: file, url: null, display: 'cp.sqlite', params: {} }, 'cp.sqlite'))) items.push(it);
    const events = items.flatMap((i) => (i.type === 'event' ? [i.event.body as Record<string, unknown>] : []));
    const states = events.filter((e) => e.kind === 'state').map((e) => [e.actor, e.value, e.version, e.expected_version, e.overwritten ?? false]);
    // the lost write (no version: it never reached a checkpoint) first, the surviving one last
    expect(states).toEqual([
      ['task:task-a-0', 'draft + flights', undefined, 1, true],
      ['task:task-b-0', 'draft + hotel', 2, 1, false],
    ]);
    const writes = events.filter((e) => e.kind === 'memory_write').map((e) => `${e.write_id}:${e.phase}`);
    expect(writes).toEqual([
      'task-a-0000:0:acknowledged',
      'task-b-0000:0:acknowledged',
      'task-a-0000:0:committed',
      'task-b-0000:0:committed',
      'task-c-0000:0:acknowledged',
    ]);
    const bad = items.filter((i) => i.type === 'bad').map((i) => (i as { reason: string }).reason);
    expect(bad).toEqual([
      expect.stringMatching(
        /^writes:thread_id=t1,checkpoint_id=1ef00000-0000-6000-8000-000000000002,task_id=task-c-0000,idx=1: serialization "pickle" is not read/,
      ),
    ]);
    expect(events.every((e) => e.session === 't1' && typeof e.locator === 'string')).toBe(true);
  });
});

/** the events of a real sample, by thread */
async function realEvents(file: string): Promise<Record<string, unknown>[]> {
  const items: IngestItem[] = [];
  for await (const it of readCheckpoints(sqliteBackend({ path: file, url: null, display: 'lineage.sqlite', params: {} }, 'lineage.sqlite'))) items.push(it);
  expect(items.filter((i) => i.type === 'bad')).toEqual([]);
  return items.flatMap((i) => (i.type === 'event' ? [i.event.body as Record<string, unknown>] : []));
}

describe('the thread lineage (real @langchain/langgraph 1.7.3 on SqliteSaver, fixtures/real/generated-memsys/langgraph/lineage.sqlite)', () => {
  const file = 'fixtures/real/generated-memsys/langgraph/lineage.sqlite';

  it('a human updateState racing a running node: the run went on, so the edit is the lost write, named updateState', async () => {
    const events = (await realEvents(file)).filter((e) => e.session === 'update-race');
    const states = events.filter((e) => e.kind === 'state').map((e) => [e.actor, e.overwritten ?? false]);
    // the edit and research both wrote `notes` from the same version; the checkpoint the thread went on from holds research's
    expect(states).toEqual([
      ['__start__', false],
      ['updateState', true],
      ['research', false],
      ['summarize', false],
    ]);
    // the edit is stamped with its own checkpoint's time, before research's step
    const [editState, researchState] = events.filter((e) => e.kind === 'state' && (e.actor === 'updateState' || e.actor === 'research'));
    expect(Date.parse(String(editState.ts))).toBeLessThan(Date.parse(String(researchState.ts)));
    const edit = events.find((e) => e.kind === 'memory_write' && e.actor === 'updateState' && e.phase === 'committed');
    expect(edit?.branch).toMatch(/^edit checkpoint \S+ \(update\); the thread went on from \S+ \(loop\)$/);
  });

  it('a rewind: the abandoned branch is named, its writes are committed there and raise no state conflict', async () => {
    const events = (await realEvents(file)).filter((e) => e.session === 'rewind');
    const onBranch = events.filter((e) => typeof e.branch === 'string');
    // research's first run (applied by the abandoned step-1 checkpoint) and summarize on that branch
    expect(onBranch.map((e) => [e.actor, e.phase])).toEqual([
      ['research', 'acknowledged'],
      ['research', 'committed'],
      ['summarize', 'acknowledged'],
      ['summarize', 'committed'],
    ]);
    expect(onBranch[0].branch).toMatch(/^abandoned branch from checkpoint \S+ \(starting at \S+, loop\); the thread went on from \S+ \(update\)$/);
    // the line: input, the rewound research and summarize; nothing marked overwritten
    const states = events.filter((e) => e.kind === 'state');
    expect(states.map((e) => e.actor)).toEqual(['__start__', 'research', 'summarize']);
    expect(states.some((e) => e.overwritten)).toBe(false);
    // every acknowledged write on the line is committed
    const acked = events.filter((e) => e.kind === 'memory_write' && e.phase === 'acknowledged').map((e) => e.write_id);
    const committed = new Set(events.filter((e) => e.kind === 'memory_write' && e.phase === 'committed').map((e) => e.write_id));
    expect(acked.filter((w) => !committed.has(w))).toEqual([]);
  });

  it('names Send targets by their node (from the packets the step before sent)', async () => {
    const events = (await realEvents(file)).filter((e) => e.session === 'send');
    const writers = events.filter((e) => e.kind === 'state' && e.key === 'notes').map((e) => [e.actor, e.merged ?? false]);
    expect(writers).toEqual([
      ['worker', true],
      ['worker', true],
    ]);
  });

  it('stamps an interrupt when it happened, before its resume, and says the row has no time of its own', async () => {
    const events = (await realEvents(file)).filter((e) => e.session === 'interrupt-resume' && e.kind === 'lifecycle');
    const interrupt = events.find((e) => e.event === 'interrupt');
    const resume = events.find((e) => e.event === 'resume' && e.actor === 'approve');
    expect(interrupt && resume).toBeTruthy();
    // the resume came 1.5 s later (the generator waits): the interrupt is stamped at the checkpoint the task started from
    expect(Date.parse(String(interrupt?.ts))).toBeLessThanOrEqual(Date.parse(String(resume?.ts)));
    const cps = (await realEvents(file)).filter((e) => e.session === 'interrupt-resume' && e.kind === 'state' && e.key === 'approved');
    expect(Date.parse(String(cps[0]?.ts)) - Date.parse(String(interrupt?.ts))).toBeGreaterThan(1000);
    expect(interrupt?.time).toMatch(/^unknown: the interrupt row has no time; given \S+ \(checkpoint \S+, the task started from it\); it happened before \S+/);
  });
});
