// Mastra's own storage (fixtures/real/generated-frameworks/samples/mastra.db, written by @mastra/core
// 0.24.9 with @mastra/libsql 0.16.4; SOURCES.md), read end to end with the built binary: the agent
// runs its AI tracing stored in the database are the conversation, in their memory threads, and the
// working-memory updates are memory writes.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cli, tmpdir } from './helpers.js';
import { type Ev, ingestReal, REAL, sessionView } from './real-samples.js';

const SAMPLE = path.join(REAL, 'generated-frameworks', 'samples', 'mastra.db');
const SYSTEM = "You are a travel assistant. Follow the user's constraints.";
const PARIS = 'mastra-db:trip-paris-1';
const ROME = 'mastra-db:trip-rome-2';
const text = (m: Ev | undefined) => (typeof m?.content === 'string' ? m.content : '');
const isTitle = (q: Ev) => /short title/.test(text(q.messages[0]));

/** A copy of the sample changed by `edit` (the sample is in WAL mode: the copy is opened writable, ours). */
function edited(edit: (db: Database.Database) => void): string {
  const f = path.join(tmpdir('amnesia-mastra-'), 'mastra.db');
  fs.copyFileSync(SAMPLE, f);
  const db = new Database(f);
  edit(db);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return f;
}

describe('real Mastra storage (mastra.db)', () => {
  const { r, summary, events } = ingestReal([SAMPLE]);

  it('is detected by its tables as mastra, no bad line, one session per memory thread under its own id', () => {
    expect(r.code).toBe(0);
    expect(summary.files.map((f: Ev) => f.format)).toEqual(['mastra']);
    expect(summary.bad_lines).toBe(0);
    expect([...new Set(events.map((e) => e.session))].sort()).toEqual([PARIS, ROME]);
    // every event names the thread's resource as its user
    expect(events.filter((e) => e.scope?.user !== 'user-42').map((e) => e.kind)).toEqual([]);
    // nothing left to say about the threads: each had its runs traced
    expect(r.stderr).not.toMatch(/no AI span/);
  });

  it('every model call once, with its whole prompt, in three user turns; the title call in the first', () => {
    const all = events.filter((e) => e.session === PARIS && e.kind === 'request');
    expect(all.filter(isTitle).map((q) => q.turn)).toEqual([0]);
    const reqs = all.filter((q) => !isTitle(q));
    // dinner (the working-memory update, then the answer), weather (the tool call, then the answer), dessert
    expect(reqs.map((q) => q.turn)).toEqual([0, 0, 1, 1, 2]);
    expect(sessionView(events, PARIS).responses).toBe(6);
    for (const q of reqs) {
      expect(q.messages[0]).toMatchObject({ role: 'system', content: SYSTEM });
      expect(q.messages.some((m: Ev) => m.role === 'user' && /allergic to peanuts/.test(text(m)))).toBe(true);
      expect(q.usage?.input_tokens).toBeGreaterThan(0);
    }
    expect(text([...reqs[4].messages].reverse().find((m: Ev) => m.role === 'user'))).toBe('Suggest a dessert for after dinner.');
    const answers = events.filter((e) => e.session === PARIS && e.kind === 'response').map((e) => e.content);
    expect(answers).toContain('Try the peanut praline tart at Café Lune.');
  });

  it('tool calls with their results, under the ids the model gave them', () => {
    const calls = events.filter((e) => e.session === PARIS && e.kind === 'tool_call');
    const results = events.filter((e) => e.session === PARIS && e.kind === 'tool_result');
    expect(calls.map((c) => [c.name, c.call_id, c.turn])).toEqual([
      ['updateWorkingMemory', 'call_memory_1', 0],
      ['get_weather', 'call_weather_1', 1],
    ]);
    expect(results.map((x) => x.call_id)).toEqual(['call_memory_1', 'call_weather_1']);
    expect(JSON.stringify(results[1].content)).toMatch(/light rain/);
    const asked = events.filter((e) => e.kind === 'response').flatMap((e) => (e.tool_calls ?? []).map((c: Ev) => c.id));
    expect(asked.sort()).toEqual(['call_memory_1', 'call_weather_1']);
  });

  it("the working-memory update is a memory write of the user's allergy, requested then committed, in the turn that made it", () => {
    const writes = events.filter((e) => e.kind === 'memory_write');
    expect(writes.map((w) => [w.session, w.turn, w.phase, w.memory_id, w.store])).toEqual([
      [PARIS, 0, 'requested', 'mastra:working-memory', 'mastra'],
      [PARIS, 0, 'committed', 'mastra:working-memory', 'mastra'],
    ]);
    expect(writes[0].write_id).toBe(writes[1].write_id);
    expect(writes[0].text).toMatch(/Allergy: peanuts/);
    expect(writes[0].ts <= writes[1].ts).toBe(true);
  });

  it('the other thread: one turn, the context the app passed in the prompt', () => {
    expect(sessionView(events, ROME).turns).toEqual([0]);
    const reqs = events.filter((e) => e.session === ROME && e.kind === 'request' && !isTitle(e));
    expect(reqs).toHaveLength(1);
    expect(reqs[0].messages.some((m: Ev) => m.role === 'system' && /Galleria Borghese/.test(text(m)))).toBe(true);
    expect(events.filter((e) => e.session === ROME && e.kind === 'response').map((e) => e.content)).toContain(
      'The Galleria Borghese: book ahead, visits are timed.',
    );
  });

  it('a thread whose runs left no span is read from its stored messages, said on stderr', () => {
    const f = edited((db) =>
      db
        .prepare(
          "DELETE FROM mastra_ai_spans WHERE json_extract(metadata, '$.threadId') = ? OR traceId IN (SELECT traceId FROM mastra_ai_spans WHERE json_extract(metadata, '$.threadId') = ?)",
        )
        .run(ROME, ROME),
    );
    const { r: r2, events: ev2 } = ingestReal([f]);
    expect(r2.code).toBe(0);
    expect(r2.stderr).toMatch(/1 thread with no AI span .*mastra-db:trip-rome-2; read from the stored messages/);
    expect([...new Set(ev2.map((e) => e.session))].sort()).toEqual([PARIS, ROME]);
    const rome = ev2.filter((e) => e.session === ROME);
    expect(rome.map((e) => [e.kind, e.turn])).toEqual([
      ['request', 0],
      ['response', 0],
    ]);
    expect(rome[0].messages).toEqual([{ role: 'user', content: 'Hello, can you recommend a museum in Rome?' }]);
    expect(rome[1].content).toBe('The Galleria Borghese: book ahead, visits are timed.');
    // Paris still read from its spans, as before
    expect(ev2.filter((e) => e.session === PARIS).length).toBe(events.filter((e) => e.session === PARIS).length);
  });

  it('no span at all (tracing off, or no mastra_ai_spans table): the messages give the same user turns, tool calls with results and memory write', () => {
    for (const edit of ['DELETE FROM mastra_ai_spans', 'DROP TABLE mastra_ai_spans']) {
      const { r: r2, summary: s2, events: ev2 } = ingestReal([edited((db) => db.exec(edit))]);
      expect(r2.code).toBe(0);
      expect(s2.files.map((f: Ev) => f.format)).toEqual(['mastra']);
      expect(s2.bad_lines).toBe(0);
      expect(r2.stderr).toMatch(/2 threads with no AI span/);
      const paris = (e: Ev[], kind: string) => e.filter((x) => x.session === PARIS && x.kind === kind && !(kind === 'request' && isTitle(x)));
      // the same turns as the spans give, without Mastra's title call (no message of the thread holds it)
      expect(paris(ev2, 'request').map((q) => q.turn)).toEqual(paris(events, 'request').map((q) => q.turn));
      expect(paris(ev2, 'tool_call').map((c) => [c.name, c.call_id, c.turn])).toEqual(paris(events, 'tool_call').map((c) => [c.name, c.call_id, c.turn]));
      expect(paris(ev2, 'tool_result').map((c) => c.call_id)).toEqual(['call_memory_1', 'call_weather_1']);
      expect(paris(ev2, 'memory_write').map((w) => [w.turn, w.phase, w.memory_id, w.text])).toEqual(
        paris(events, 'memory_write').map((w) => [w.turn, w.phase, w.memory_id, w.text]),
      );
      // each request is the history so far: the dessert call holds the allergy and the answers before it
      const last = paris(ev2, 'request').at(-1)!;
      expect(last.messages.map((m: Ev) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user', 'assistant', 'tool', 'assistant', 'user']);
      expect(text(last.messages[0])).toMatch(/allergic to peanuts/);
      expect(paris(ev2, 'response').at(-1)!.content).toBe('Try the peanut praline tart at Café Lune.');
    }
  });

  it('the working memory as stored is a memory write only when no span or message wrote that text', () => {
    const changed = edited((db) =>
      db.prepare("UPDATE mastra_resources SET workingMemory = ?, updatedAt = '2026-12-03T11:32:00.000Z'").run('# User\n- Home: Lyon'),
    );
    const w = ingestReal([changed]).events.filter((e) => e.kind === 'memory_write');
    expect(w.map((x) => [x.phase, x.text ?? null])).toEqual([
      ['requested', expect.stringMatching(/Allergy: peanuts/)],
      ['committed', null],
      ['committed', '# User\n- Home: Lyon'],
    ]);
    expect(w[2]).toMatchObject({ ts: '2026-12-03T11:32:00.000Z', memory_id: 'mastra:working-memory', scope: { user: 'user-42' } });
    // look-alike: the sample's stored document is the one the update wrote: no second write
    expect(events.filter((e) => e.kind === 'memory_write')).toHaveLength(2);
  });

  it('malformed: a stored message of a role Mastra does not write is one bad line naming the row; the thread is read on', () => {
    const f = edited((db) => {
      db.exec('DELETE FROM mastra_ai_spans');
      db.prepare("UPDATE mastra_messages SET role = 'robot' WHERE thread_id = ? AND role = 'user' AND content LIKE '%weather%'").run(PARIS);
    });
    const { db, r: r2, summary: s2, events: ev2 } = ingestReal([f]);
    expect(r2.code).toBe(0);
    expect(s2.bad_lines).toBe(1);
    expect(cli(['bad-lines', '--db', db]).stdout).toMatch(/mastra_messages [0-9a-f-]+: role "robot": expected user, assistant or system/);
    expect(ev2.filter((e) => e.session === PARIS && e.kind === 'response').at(-1)?.content).toBe('Try the peanut praline tart at Café Lune.');
  });

  it('malformed: a span row without a start time is refused naming the span and the field, its run still read', () => {
    const f = edited((db) => db.prepare("UPDATE mastra_ai_spans SET startedAt = 'yesterday' WHERE spanType = 'tool_call' AND name LIKE '%get_weather%'").run());
    const { db, r: r2, summary: s2, events: ev2 } = ingestReal([f]);
    expect(r2.code).toBe(0);
    expect(s2.bad_lines).toBe(1);
    expect(cli(['bad-lines', '--db', db]).stdout).toMatch(
      /span "tool: 'get_weather'" \([0-9a-f]+\): startTimeUnixNano: expected Unix nanoseconds, got "yesterday"/,
    );
    expect(ev2.filter((e) => e.kind === 'tool_call').map((e) => e.name)).toEqual(['updateWorkingMemory']);
    expect(ev2.filter((e) => e.session === PARIS && e.kind === 'request' && !isTitle(e))).toHaveLength(5);
  });

  it('named as mastra:<path> it is read the same; another SQLite file given so is refused naming the tables it has', () => {
    const { events: ev2 } = ingestReal([`mastra:${SAMPLE}`]);
    expect(ev2.length).toBe(events.length);
    const other = edited((db) => db.exec('DROP TABLE mastra_ai_spans; DROP TABLE mastra_messages'));
    const r2 = cli(['ingest', `mastra:${other}`, '--db', path.join(tmpdir('amnesia-mastra-'), 'x.db')]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/not a Mastra storage database/);
  });
});
