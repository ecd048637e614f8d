import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nativeFormat } from '../ingest/native/index.js';
import type { IngestItem } from '../ingest/types.js';
import { createProbe } from './index.js';

const tmp = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-probe-')), 'logs', 'agent.jsonl');
let t = Date.parse('2026-05-01T09:00:00Z');
const clock = () => (t += 100);

async function ingest(text: string): Promise<IngestItem[]> {
  const out: IngestItem[] = [];
  for await (const i of nativeFormat.read(Readable.from([Buffer.from(text)]), { display: 'probe', maxLineBytes: 1 << 20 })) out.push(i);
  return out;
}

afterEach(() => vi.restoreAllMocks());

describe('probe', () => {
  it('writes every kind as a native event that ingests with zero bad lines', async () => {
    const file = tmp();
    const probe = createProbe({ file, session: 's1', actor: 'agent', scope: { user: 'u1' }, clock });
    probe.lifecycle('start', 'agent');
    probe.nextTurn();
    const rid = probe.request({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Use lists.' }] });
    probe.retrieval({ query: 'lists', top_k: 2, threshold: 0.5, candidates: [{ id: 'm1', score: 0.9 }], injected: ['m1'] });
    const w = probe.write({ memory_id: 'm2', memory_type: 'preference', text: 'User wants lists' });
    w.enqueued();
    w.committed();
    w.acknowledged();
    const cid = probe.toolCall({ name: 'search', arguments: { q: 'x' } });
    probe.toolResult({ call_id: cid, content: 'found' });
    const planner = probe.child({ actor: 'planner' });
    probe.nextTurn(); // children follow the parent's turn
    planner.state({ key: 'task', op: 'write', value: 'b', expected_version: 1, version: 2 });
    probe.response({ request_id: rid, content: '- ok' });
    probe.snapshot({ store: 'memories', memory_ids: ['m1', 'm2'] });
    probe.compaction({ trigger: 'auto', tokens_before: 9000, tokens_after: 700, summary: 'User wants lists.' });
    probe.event('heartbeat', { load: 0.3 });
    probe.close();

    const items = await ingest(fs.readFileSync(file, 'utf8'));
    expect(items.filter((i) => i.type === 'bad')).toEqual([]);
    const evs = items.flatMap((i) => (i.type === 'event' ? [i.event] : []));
    expect(evs.map((e) => e.kind)).toEqual([
      'lifecycle',
      'request',
      'retrieval',
      'memory_write',
      'memory_write',
      'memory_write',
      'memory_write',
      'tool_call',
      'tool_result',
      'state',
      'response',
      'store_snapshot',
      'compaction',
      'heartbeat',
    ]);
    expect(evs.every((e) => e.session === 's1' && e.scope?.user === 'u1')).toBe(true);
    expect(evs.map((e) => e.turn)).toEqual([null, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    expect(evs.find((e) => e.kind === 'compaction')?.body).toMatchObject({ trigger: 'auto', tokens_before: 9000, summary: 'User wants lists.' });
    expect(evs.find((e) => e.kind === 'state')?.actor).toBe('planner');
    const writes = evs.filter((e) => e.kind === 'memory_write').map((e) => e.body);
    expect(new Set(writes.map((b) => b.write_id)).size).toBe(1);
    expect(writes.map((b) => b.phase)).toEqual(['requested', 'enqueued', 'committed', 'acknowledged']);
    expect(evs.find((e) => e.kind === 'response')?.body.request_id).toBe(rid);
    expect(evs.find((e) => e.kind === 'tool_result')?.body.call_id).toBe(cid);
  });

  it('a critical event is written and fsynced before the call returns; an ordinary one is not fsynced', () => {
    const file = tmp();
    const sync = vi.spyOn(fs, 'fsyncSync');
    const probe = createProbe({ file, session: 's2', clock });
    sync.mockClear(); // the folder sync of a new file
    const w = probe.write({ memory_id: 'm1', text: 'x' });
    w.enqueued();
    expect(sync).not.toHaveBeenCalled();
    expect(fs.readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2); // written (not buffered) all the same
    w.acknowledged();
    expect(sync).toHaveBeenCalledTimes(1);
    const lines = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toMatchObject({ kind: 'memory_write', phase: 'acknowledged', write_id: w.writeId });
    probe.lifecycle('crash', 'agent');
    expect(sync).toHaveBeenCalledTimes(2);
    probe.lifecycle('start', 'agent');
    expect(sync).toHaveBeenCalledTimes(2);
    probe.write({ text: 'must hold', critical: true });
    probe.event('note', {}, { critical: true });
    expect(sync).toHaveBeenCalledTimes(4);
    probe.close();
  });

  it('fsync "always" and "never"', () => {
    const sync = vi.spyOn(fs, 'fsyncSync');
    const always = createProbe({ file: tmp(), session: 's', fsync: 'always' });
    sync.mockClear();
    always.event('a');
    always.event('b');
    expect(sync).toHaveBeenCalledTimes(2);
    always.close();
    sync.mockClear();
    const never = createProbe({ file: tmp(), session: 's', fsync: 'never' });
    never.write({ text: 'x' }).committed();
    never.close();
    expect(sync).not.toHaveBeenCalled();
  });

  it('writes to any stream, one JSON line per call', async () => {
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (c) => chunks.push(String(c)));
    const probe = createProbe({ stream, session: 's3', clock, turn: 4 });
    probe.response({ content: 'hi' });
    probe.lifecycle('restart', 'worker');
    await probe.flush();
    const lines = chunks
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toMatchObject([
      { kind: 'response', turn: 4, content: 'hi' },
      { kind: 'lifecycle', event: 'restart', process: 'worker' },
    ]);
  });

  it('refuses what would be a bad line, and writing after close', () => {
    const probe = createProbe({ file: tmp(), session: 's4' });
    expect(() => probe.request({ model: '', messages: [] })).toThrow(/model is required/);
    expect(() => probe.retrieval({ query: 'q', candidates: [{ id: 'a', score: Number.NaN }] })).toThrow(/numeric score/);
    expect(() => probe.state({ key: 'k', op: 'delete' as 'read' })).toThrow(/op must be/);
    expect(() => probe.write({}).phase('flushed' as 'committed')).toThrow(/flushed/);
    expect(() => probe.turn(-1)).toThrow(/turn/);
    expect(() => probe.lifecycle('reboot' as 'restart')).toThrow(/reboot/);
    expect(() => probe.snapshot({})).toThrow(/memory_ids or records/);
    expect(() => createProbe({ session: '', stream: new PassThrough() })).toThrow(/session/);
    expect(() => createProbe({ session: 's' })).toThrow(/file or a stream/);
    probe.close();
    expect(() => probe.event('x')).toThrow(/closed/);
  });
});
