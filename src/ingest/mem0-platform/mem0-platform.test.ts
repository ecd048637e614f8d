// Mem0's platform event log: the shapes of fixtures/real/mem0-platform (built from Mem0's documented
// responses, SOURCES.md), what each status becomes, where each event points, bad events kept, and a
// detector no other sample trips.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../formats.js';
import type { IngestItem } from '../types.js';
import { mem0PlatformFormat } from './index.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures');
const SAMPLES = path.join(FIXTURES, 'real', 'mem0-platform');
const FAILED = 'd2e3f4a5-b6c7-4d8e-9f0a-1b2c3d4e5f6a';
const RUNNING = 'e7f8a9b0-c1d2-4e3f-8a4b-5c6d7e8f9a0b';

async function read(text: string) {
  const items: IngestItem[] = [];
  const keys: string[] = [];
  const notes: string[] = [];
  const opts = { display: 'events.jsonl', maxLineBytes: 1 << 20, sessionKey: (k: string) => keys.push(k), note: (n: string) => notes.push(n) };
  for await (const it of mem0PlatformFormat.read(Readable.from([Buffer.from(text)]), opts)) items.push(it);
  const events = items.flatMap((i) => (i.type === 'event' ? [{ line: i.line, ...i.event, body: i.event.body as Record<string, unknown> }] : []));
  const bad = items.flatMap((i) => (i.type === 'bad' ? [{ line: i.line, reason: i.reason }] : []));
  return { events, bad, keys, notes };
}

const sample = (f: string) => fs.readFileSync(path.join(SAMPLES, f), 'utf8');
/** One step a line: `<line> <event id tail> <phase> [memory op text | error]`. */
const steps = (events: Awaited<ReturnType<typeof read>>['events']) =>
  events
    .filter((e) => e.kind === 'memory_write')
    .map((e) =>
      [
        e.line,
        String(e.body.write_id).slice(11, 15),
        e.body.phase,
        e.body.memory_id ? String(e.body.memory_id).slice(0, 4) : '',
        e.body.op ?? '',
        e.body.error ?? '',
      ]
        .filter((p) => p !== '')
        .join(' '),
    );

describe('mem0-platform: the event log a user polls', () => {
  it('maps each poll: submission enqueued and acknowledged, SUCCEEDED committed per result, FAILED failed, RUNNING left open', async () => {
    const { events, bad, keys } = await read(sample('events-polled.jsonl'));
    expect(bad).toEqual([]);
    expect(steps(events)).toEqual([
      '1 3f9d enqueued add',
      '1 3f9d acknowledged',
      // the SUCCEEDED poll repeats the submission (same ids: the store keeps the first) and names two memories
      '2 3f9d enqueued add',
      '2 3f9d acknowledged',
      '2 3f9d committed 0b6c add',
      '2 3f9d committed 7e1f add',
      '3 9c8b enqueued add',
      '3 9c8b acknowledged',
      '4 9c8b enqueued add',
      '4 9c8b acknowledged',
      '5 9c8b enqueued add',
      '5 9c8b acknowledged',
      '5 9c8b committed 0b6c update',
      '6 d2e3 enqueued add',
      '6 d2e3 acknowledged',
      '7 d2e3 enqueued add',
      '7 d2e3 acknowledged',
      '8 d2e3 enqueued add',
      '8 d2e3 acknowledged',
      '8 d2e3 failed Memory extraction failed: LLM request timed out after 30s',
      '9 e7f8 enqueued add',
      '9 e7f8 acknowledged',
      '10 e7f8 enqueued add',
      '10 e7f8 acknowledged',
    ]);
    const failed = events.find((e) => e.body.phase === 'failed')!;
    expect(new Date(failed.ts).toISOString()).toBe('2026-04-01T10:04:35.402Z'); // completed_at, not created_at
    expect(failed).toMatchObject({ session: 'support-chat-42', scope: { user: 'alice' }, eventId: `mem0-event:${FAILED}:failed` });
    expect(failed.body).toMatchObject({ write_id: `mem0-event:${FAILED}`, store: 'mem0-platform', status: 'FAILED', event_type: 'ADD' });
    const enq = events.find((e) => e.body.write_id === `mem0-event:${FAILED}` && e.body.phase === 'enqueued')!;
    expect(new Date(enq.ts).toISOString()).toBe('2026-04-01T10:04:05.010Z');
    expect(enq.body.text).toBe('user: Remember: my flight to Lisbon is on May 3rd.');
    const committed = events.find((e) => e.body.phase === 'committed' && e.body.op === 'update')!;
    expect(committed.body.text).toBe('Is pescatarian');
    // the write still RUNNING where the log ends has no step after its acknowledgement
    expect(events.filter((e) => e.body.write_id === `mem0-event:${RUNNING}`).map((e) => e.body.phase)).not.toContain('committed');
    expect(new Set(keys)).toEqual(new Set(['payload.run_id']));
  });

  it('reads a GET /v1/events/ page: each event at the line its object starts, searches kept as their own kind', async () => {
    const text = sample('events-page.json');
    const { events, bad, keys, notes } = await read(text);
    expect(bad).toEqual([]);
    const lines = text.split('\n');
    for (const e of events) expect(lines[e.line - 1]).toBe('    {');
    const failed = events.find((e) => e.body.phase === 'failed')!;
    expect(lines[failed.line]).toContain(`"id": "${FAILED}"`);
    // the listing has no `error` field (docs/openapi.json): the failure still says what is known
    expect(failed.body.error).toBe('FAILED (the event gives no error)');
    const search = events.filter((e) => e.kind === 'mem0_platform.search');
    expect(search.map((e) => [e.session, e.body.status, e.body.event_id])).toEqual([['user:alice', 'SUCCEEDED', '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d']]);
    expect(keys.filter((k) => k === 'payload.filters.user_id')).toHaveLength(1);
    // an event's own `results` (memories) are never taken for events
    expect(events.filter((e) => e.kind === 'memory_write' && e.body.phase === 'committed').map((e) => e.body.op)).toEqual(['update', 'add', 'add']);
    expect(notes).toEqual([]);
    // a file of searches only says so: read, and nothing in it is a write
    const searches = await read(
      JSON.stringify(JSON.parse(sample('events-page.json')).results.filter((e: { event_type: string }) => e.event_type === 'SEARCH')),
    );
    expect(searches.notes).toEqual(['1 Mem0 event, none a write (ADD, UPDATE, DELETE)']);
  });

  it('reads one event pretty-printed, pages one a line, a list, and the mem0 CLI envelope', async () => {
    const ev = JSON.parse(sample('succeeded-only.jsonl').split('\n')[0]);
    const one = await read(JSON.stringify(ev, null, 2));
    expect(steps(one.events)).toEqual(['1 3f9d enqueued add', '1 3f9d acknowledged', '1 3f9d committed 0b6c add', '1 3f9d committed 7e1f add']);
    const pages = await read(
      `${JSON.stringify({ count: 1, next: null, previous: null, results: [ev] })}\n${JSON.stringify({ count: 0, next: null, previous: null, results: [] })}\n`,
    );
    expect(pages.events).toHaveLength(4);
    const list = await read(JSON.stringify([ev, { ...ev, id: 'other' }], null, 1));
    expect(new Set(list.events.map((e) => e.body.write_id))).toEqual(new Set([`mem0-event:${ev.id}`, 'mem0-event:other']));
    const envelope = await read(JSON.stringify({ status: 'success', command: 'event status', duration_ms: 65, data: ev }, null, 2));
    expect(envelope.events).toHaveLength(4);
    const listed = await read(JSON.stringify({ status: 'success', command: 'event list', count: 2, data: [ev, { ...ev, id: 'other' }] }, null, 2));
    expect(listed.events).toHaveLength(8);
  });

  it('a session with a write still open where the log ends gets a log_end at the newest time in the file, on its line', async () => {
    const { events } = await read(sample('events-polled.jsonl'));
    const ends = events.filter((e) => e.kind === 'lifecycle');
    // line 10 is the RUNNING poll, whose started_at / updated_at (10:06:00.35) is the newest time in the file
    expect(ends.map((e) => [e.session, e.line, e.body.event, new Date(e.ts).toISOString(), e.body.open_writes])).toEqual([
      ['support-chat-42', 10, 'log_end', '2026-04-01T10:06:00.350Z', [`${RUNNING} RUNNING`]],
    ]);
    // a later poll that finished the write closes it: no log_end
    expect((await read(sample('succeeded-only.jsonl'))).events.filter((e) => e.kind === 'lifecycle')).toEqual([]);
    const stuck = (await read(sample('stuck-running.jsonl'))).events.filter((e) => e.kind === 'lifecycle');
    expect(stuck.map((e) => [e.line, new Date(e.ts).toISOString()])).toEqual([[12, '2026-04-01T10:51:15.210Z']]);
  });

  it('sessions: the run, else the user, agent or app, else the file, each source reported', async () => {
    const base = { event_type: 'ADD', status: 'PENDING', created_at: '2026-04-01T10:00:00Z' };
    const lines = [
      { ...base, id: 'a', payload: { run_id: 'r1', user_id: 'u1' } },
      { ...base, id: 'b', payload: { user_id: 'u1' } },
      { ...base, id: 'c', payload: { agent_id: 'bot' } },
      { ...base, id: 'd', payload: { messages: [] } },
    ];
    const { events, keys } = await read(lines.map((l) => JSON.stringify(l)).join('\n'));
    const writes = events.filter((e) => e.kind === 'memory_write');
    const sessions = [...new Map(writes.map((e) => [e.body.write_id, e.session])).values()];
    expect(sessions).toEqual(['r1', 'user:u1', 'agent:bot', 'mem0-platform:events.jsonl']);
    expect(events.find((e) => e.body.write_id === 'mem0-event:c')?.scope).toEqual({ agent: 'bot' });
    expect(keys).toEqual([
      'payload.run_id',
      'payload.user_id',
      'payload.agent_id',
      'the file (no run_id, user_id, agent_id or app_id in the payload or its filters)',
    ]);
  });

  it('a SUCCEEDED add that stored nothing commits with op none; a bad event is a bad line, the others are read', async () => {
    const base = { event_type: 'ADD', created_at: '2026-04-01T10:00:00Z', payload: { run_id: 's' } };
    const lines = [
      JSON.stringify({ ...base, id: 'ok', status: 'SUCCEEDED', results: [], completed_at: '2026-04-01T10:00:02Z' }),
      JSON.stringify({ ...base, id: 'x1', status: 'DONE' }),
      JSON.stringify({ ...base, id: 'x2', status: 'PENDING', created_at: undefined }),
      JSON.stringify({ ...base, id: 'x3', status: 'SUCCEEDED', results: [{ id: 'm', event: 'MERGE' }] }),
      JSON.stringify({ ...base, id: 'x4', status: 'FAILED', created_at: 'yesterday' }),
      '{"id": "x5", "event_type": "ADD", "status": ',
      JSON.stringify({ count: 2, results: [{ ...base, id: 'p1', status: 'PENDING' }, { hello: 1 }] }),
    ];
    const { events, bad } = await read(lines.join('\n'));
    expect(steps(events).filter((s) => s.startsWith('1 '))).toEqual(['1 ok enqueued add', '1 ok acknowledged', '1 ok committed none']);
    const del = await read(
      JSON.stringify({ ...base, id: 'del', event_type: 'DELETE', status: 'SUCCEEDED', payload: { run_id: 's', memory_id: 'mem-9' }, results: [] }),
    );
    expect(steps(del.events)).toEqual(['1 del enqueued delete', '1 del acknowledged', '1 del committed mem- delete']);
    expect(bad.map((b) => b.line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(bad[0].reason).toBe('event x1: status "DONE" (PENDING, RUNNING, PROCESSING, SUCCEEDED, FAILED)');
    expect(bad[1].reason).toBe('event x2: no created_at');
    expect(bad[2].reason).toContain('results[0]: unknown event "MERGE"');
    expect(bad[3].reason).toContain('created_at "yesterday" is not a date-time');
    expect(bad[4].reason).toMatch(/JSON/);
    // a page with one unreadable item: its other events are read, the line is bad for that item
    expect(bad[5].reason).toBe('results[1]: expected a Mem0 platform event (id, event_type)');
    expect(events.some((e) => e.body.write_id === 'mem0-event:p1')).toBe(true);
  });

  it('is detected on its samples, and on no other fixture', () => {
    for (const f of ['events-page.json', 'events-polled.jsonl', 'succeeded-only.jsonl']) {
      expect(detectFormat(sample(f).slice(0, 65536))?.name, f).toBe('mem0-platform');
    }
    const others: string[] = [];
    const walk = (dir: string) => {
      for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, d.name);
        if (d.isDirectory()) {
          if (d.name !== 'node_modules' && p !== SAMPLES) walk(p);
        } else if (/\.(jsonl?|ndjson|txt|log|csv|multipart)$/.test(d.name)) others.push(p);
      }
    };
    walk(FIXTURES);
    expect(others.length).toBeGreaterThan(100);
    const claimed = others.filter((f) => mem0PlatformFormat.detect(fs.readFileSync(f).subarray(0, 65536).toString('utf8')) > 0);
    expect(claimed).toEqual([]);
  });
});

describe('mem0-platform: a memory with a lifetime', () => {
  it("maps the add's expiration_date to expires_at on every step of its write, and none where the add gives none", async () => {
    const ev = (id: string, payload: Record<string, unknown>) =>
      JSON.stringify({
        id,
        event_type: 'ADD',
        status: 'SUCCEEDED',
        payload,
        created_at: '2026-03-01T09:00:00Z',
        completed_at: '2026-03-01T09:00:04Z',
        results: [{ id: `mem-${id}`, event: 'ADD', data: { memory: 'Parcel pick-up code 4471, valid today' } }],
      });
    const { events, bad } = await read(
      `${ev('11111111-1111-4111-8111-111111111111', { messages: [{ role: 'user', content: 'my pick-up code is 4471' }], user_id: 'u1', expiration_date: '2026-03-01' })}\n${ev('22222222-2222-4222-8222-222222222222', { messages: [{ role: 'user', content: 'I live in Lyon' }], user_id: 'u1' })}\n`,
    );
    expect(bad).toEqual([]);
    const writes = events.filter((e) => e.kind === 'memory_write');
    expect(writes.map((e) => [String(e.body.write_id).slice(11, 15), e.body.phase, e.body.expires_at ?? null])).toEqual([
      ['1111', 'enqueued', '2026-03-01'],
      ['1111', 'acknowledged', '2026-03-01'],
      ['1111', 'committed', '2026-03-01'],
      ['2222', 'enqueued', null],
      ['2222', 'acknowledged', null],
      ['2222', 'committed', null],
    ]);
  });
});
