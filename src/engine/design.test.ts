/**
 * The rules of the memory design (docs/engine.md, "Design rules"), one test each, each failing on
 * an engine that does not hold the rule: conflicts resolved after retrieval by credibility then
 * recency; scope as a hard filter on every layer; decay below injection; write triggers for
 * corrections, pauses and every stated preference; injection newest first with source; the
 * restatement after tool results; de-identification of memories and logs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentText } from '../events/validate.js';
import { jsonlSink, MEMORIES_HEADER, openEngine, RESTATE_HEADER, ScopeError, type EngineOptions, type MemoryEngine } from './index.js';

const U = { user: 'u-42', agent: 'support' };
const T0 = Date.parse('2026-03-02T09:00:00Z');
const DAY = 86_400_000;

const open: MemoryEngine[] = [];
function engine(opts: EngineOptions = {}): MemoryEngine & { tick(ms?: number): number } {
  let now = T0;
  const e = openEngine({ clock: () => now, keepEvents: true, autoDrain: false, session: 'design', ...opts }) as MemoryEngine & { tick(ms?: number): number };
  e.tick = (ms = 1000) => (now += ms);
  open.push(e);
  return e;
}
afterEach(() => {
  for (const e of open.splice(0)) e.close();
});
const memText = (e: MemoryEngine, s = U) => e.memories(s).map((m) => m.text);

describe('§4.3 conflicts are resolved as they are written, by time and credibility scored together', () => {
  it('decisions without a slot: the newer of two equally credible ones stands, the older is superseded and kept', () => {
    const e = engine();
    const old = e.remember(U, { type: 'decision', text: 'We use Postgres for the orders database.' });
    e.tick(DAY);
    const neu = e.remember(U, { type: 'decision', text: 'The orders database now uses MySQL.' });
    // resolved when the newer one was written, not left to whichever query happens to recall both
    expect(neu.conflicts).toHaveLength(1);
    expect(neu.conflicts![0]).toMatchObject({ subject: 'database', rule: 'recency', kept: { id: neu.memoryId }, superseded: { id: old.memoryId } });
    const plan = e.buildPrompt(U, { user: 'Write the migration for the orders database.' });
    expect(plan.conflicts).toEqual([]);
    const memories = plan.messages.map((m) => contentText(m.content)).find((t) => t.startsWith(MEMORIES_HEADER))!;
    expect(memories).toContain('MySQL');
    expect(memories).not.toContain('Postgres');
    const loser = e.versions(U, old.memoryId);
    expect(loser).toHaveLength(1);
    expect(loser[0]).toMatchObject({ supersededBy: neu.memoryId, supersededAt: T0 + DAY });
    expect(memText(e)).toEqual(['The orders database now uses MySQL.']);
  });

  it('a more credible source wins whatever its age: an inferred decision does not replace what the user stated', () => {
    const e = engine();
    e.remember(U, { type: 'decision', text: 'We use Postgres for the orders database.', source: 'user' });
    e.tick(DAY);
    e.remember(U, { type: 'decision', text: 'The orders database now uses MySQL.', source: 'inferred' });
    const hits = e.search(U, 'orders database');
    expect(hits.map((h) => h.memory.text)).toEqual(['We use Postgres for the orders database.']);
    expect(e.memories(U, { includeSuperseded: true }).find((m) => m.source === 'inferred')).toMatchObject({ supersededAt: T0 + DAY });
  });

  it('on a slot too: an inferred "XML is fine" is stored superseded; the user\'s "Never use XML" stays pinned', () => {
    const e = engine();
    e.userMessage(U, 'Never use XML in your answers.', { turn: 0 });
    e.tick();
    const r = e.remember(U, { type: 'preference', text: 'XML is fine for this user', source: 'inferred' });
    expect(e.pinned(U).map((m) => m.text)).toEqual(['Never use XML in your answers.']);
    const versions = e.versions(U, r.memoryId);
    expect(versions.map((v) => [v.version, v.source, v.supersededAt === null])).toEqual([
      [1, 'user', true],
      [2, 'inferred', false],
    ]);
    expect(versions[1].supersededByVersion).toBe(1);
    // the user changing their mind is a newer statement of the same rank: it wins
    e.tick();
    e.userMessage(U, 'You can use XML now.', { turn: 1 });
    expect(e.pinned(U).map((m) => m.text)).toEqual(['You can use XML now.']);
  });

  it('look-alikes are not conflicts: other subjects, the same value under another name', () => {
    const e = engine();
    e.remember(U, { type: 'decision', text: 'We use Postgres for the orders database.' });
    e.remember(U, { type: 'decision', text: 'We use Redis as the orders cache.' });
    e.remember(U, { type: 'fact', text: 'The orders database runs PostgreSQL 16.' });
    e.drain();
    const plan = e.buildPrompt(U, { user: 'What backs the orders database and cache?' });
    expect(plan.conflicts).toEqual([]);
    expect(memText(e)).toHaveLength(3);
  });
});

describe('scope is a hard filter on every layer', () => {
  it('conversation history: another agent or tenant of the same user never enters the prompt', () => {
    const e = engine();
    e.userMessage({ user: 'u-42', agent: 'billing' }, 'Refund invoice INV-77 to the card ending 4242.', { turn: 0, extract: false });
    e.userMessage({ user: 'u-42', tenant: 'acme', agent: 'support' }, 'Acme-only escalation notes.', { turn: 0, extract: false });
    e.userMessage(U, 'Why is my build failing?', { turn: 1 });
    const all = e
      .buildPrompt(U, {})
      .messages.map((m) => contentText(m.content))
      .join('\n');
    expect(all).toContain('Why is my build failing?');
    expect(all).not.toContain('INV-77');
    expect(all).not.toContain('Acme-only');
  });

  it('shared state is per agent unless the field is declared shared', () => {
    const e = engine();
    const a = { user: 'u-42', agent: 'planner' };
    const b = { user: 'u-42', agent: 'executor' };
    e.state.write(a, 'current_task', 'task_a', { actor: 'planner', expectedVersion: 0 });
    expect(e.state.peek(b, 'current_task')).toMatchObject({ value: null, version: 0 });
    expect(e.state.peek({ user: 'u-99', agent: 'planner' }, 'current_task').version).toBe(0);
    e.state.share(a, 'current_task');
    expect(e.state.peek(b, 'current_task')).toMatchObject({ value: 'task_a', version: 1 });
    e.state.write(b, 'current_task', 'task_b', { actor: 'executor', expectedVersion: 1 });
    expect(e.state.peek(a, 'current_task')).toMatchObject({ value: 'task_b', version: 2 });
  });

  it("queue de-duplication: one agent's queued write is not a duplicate of another agent's", () => {
    const e = engine();
    const billing = e.remember({ user: 'u-42', agent: 'billing' }, { type: 'fact', text: 'The staging host is db-stg-3' });
    const support = e.remember({ user: 'u-42', agent: 'support' }, { type: 'fact', text: 'The staging host is db-stg-3' });
    expect(billing.status).toBe('enqueued');
    expect(support.status).toBe('enqueued');
    e.drain();
    expect(memText(e, { user: 'u-42', agent: 'support' })).toEqual(['The staging host is db-stg-3']);
  });

  it("dead letters need a scope and return only that scope's", () => {
    const e = engine({
      maxRetries: 0,
      commitHook: () => {
        throw new Error('disk full');
      },
    });
    e.remember({ user: 'alice' }, { type: 'fact', text: 'Alice works from Lisbon' });
    e.remember({ user: 'bob' }, { type: 'fact', text: 'Bob works from Oslo' });
    e.drain();
    expect(() => e.deadLetters(undefined as never)).toThrow(ScopeError);
    expect(e.deadLetters({ user: 'alice' }).map((d) => d.input.text)).toEqual(['Alice works from Lisbon']);
    expect(e.deadLetters({ user: 'alice', agent: 'support' })).toEqual([]);
  });
});

describe('decay can drop a memory below injection, per category', () => {
  it('a 60-day-old task is not injected; a 60-day-old decision and a fresh task are', () => {
    const e = engine();
    e.userMessage(U, "I'm working on PAY-512.", { turn: 0 });
    e.remember(U, { type: 'decision', text: 'PAY tickets are deployed on Thursdays.' });
    e.drain();
    e.tick(60 * DAY);
    const plan = e.buildPrompt(U, { user: 'Which PAY ticket am I on, and when do PAY tickets deploy?' });
    const task = plan.retrieved.find((h) => h.memory.type === 'task_state')!;
    const decision = plan.retrieved.find((h) => h.memory.type === 'decision')!;
    expect(task).toMatchObject({ decayed: true, injected: false });
    expect(decision).toMatchObject({ decayed: false, injected: true });
    e.userMessage(U, "I'm working on PAY-600 now.", { turn: 1 });
    e.drain();
    const fresh = e.buildPrompt(U, { user: 'Which PAY ticket am I on?' });
    expect(fresh.retrieved.filter((h) => h.injected && h.memory.type === 'task_state').map((h) => h.memory.text)).toEqual(["I'm working on PAY-600 now."]);
  });
});

describe('write triggers', () => {
  it('every stated preference and fact writes, in English and Chinese; requests and acknowledgements do not', () => {
    const e = engine();
    e.userMessage(U, 'I prefer dark theme.', { turn: 0 });
    e.userMessage(U, '我喜欢咖啡。', { turn: 1 });
    for (const t of ["I'd like a summary.", '好的', 'No, thanks.', 'What is the staging host?']) expect(e.userMessage(U, t).writes).toEqual([]);
    expect(e.pinned(U).map((m) => [m.type, m.text])).toEqual([
      ['preference', 'I prefer dark theme.'],
      ['preference', '我喜欢咖啡'],
    ]);
    expect(e.userMessage(U, 'My timezone is Europe/Lisbon.', { turn: 2 }).extracted.map((x) => x.type)).toEqual(['fact']);
  });

  it('a correction that contradicts a memory supersedes it at once ("不对，我们改用 MySQL 了")', () => {
    const e = engine();
    e.userMessage(U, '我们决定订单库用 Postgres。', { turn: 0 });
    e.tick();
    const t = e.userMessage(U, '不对，我们改用 MySQL 了', { turn: 1 });
    expect(t.extracted[0]).toMatchObject({ type: 'decision', trigger: 'correction' });
    expect(t.conflicts).toHaveLength(1);
    expect(t.conflicts[0].superseded.text).toContain('Postgres');
    expect(memText(e)).toEqual(['不对，我们改用 MySQL 了']);
  });

  it('a pause commits what is pending and records where the conversation stopped ("好的，先这样吧")', () => {
    const e = engine();
    e.userMessage(U, 'Our staging host is db-stg-3.', { turn: 0 });
    expect(e.pendingWrites()).toBe(1);
    e.userMessage(U, 'Check the deploy of release r42.', { turn: 1 });
    const t = e.userMessage(U, '好的，先这样吧', { turn: 2 });
    expect(e.pendingWrites()).toBe(0);
    expect(t.writes[0].status).toBe('committed');
    expect(e.memories(U, { types: ['task_state'] }).map((m) => m.text)).toEqual([
      'The user paused the conversation ("好的，先这样吧"); the last request before it: "Check the deploy of release r42."',
    ]);
  });
});

describe('injection', () => {
  it('lists memories newest first and every item, pinned ones too, with its date and source', () => {
    const e = engine();
    e.userMessage(U, 'No emoji, please.', { turn: 0 });
    e.remember(U, { type: 'fact', text: 'The staging database host is db-stg-3', source: 'user' });
    e.drain();
    e.tick(DAY);
    e.remember(U, { type: 'fact', text: 'The staging database was resized to 64 GB', source: 'tool' });
    e.drain();
    const plan = e.buildPrompt(U, { user: 'What is the staging database host and size?' });
    const texts = plan.messages.map((m) => contentText(m.content));
    expect(texts[0]).toContain('- No emoji, please. (constraint, stated by the user, 2026-03-02 09:00 UTC)');
    const mem = texts
      .find((t) => t.startsWith(MEMORIES_HEADER))!
      .split('\n')
      .slice(1);
    expect(mem).toEqual([
      '- The staging database was resized to 64 GB (fact, from a tool, 2026-03-03 09:00 UTC)',
      '- The staging database host is db-stg-3 (fact, stated by the user, 2026-03-02 09:00 UTC)',
    ]);
  });

  it("after tool results the user's requirements are restated, so a tool result is never the last message", () => {
    const e = engine();
    e.userMessage(U, 'Never use XML in your answers.', { turn: 0 });
    e.userMessage(U, 'Summarize the pool logs.', { turn: 1 });
    e.assistantMessage(U, '', { turn: 1, toolCalls: [{ id: 'c1', name: 'grep_logs' }] });
    e.toolResult(U, { name: 'grep_logs', callId: 'c1', content: '<log><line>timeout</line></log>' }, { turn: 1 });
    const plan = e.buildPrompt(U, { turn: 1 });
    const last = plan.messages.at(-1)!;
    expect(last.role).toBe('system');
    expect(contentText(last.content)).toBe(`${RESTATE_HEADER}\n- the user's request: Summarize the pool logs.\n- Never use XML in your answers.`);
    expect(plan.messages.at(-2)!.role).toBe('tool');
    // no tool result, no restatement
    e.userMessage(U, 'Thanks.', { turn: 2 });
    expect(contentText(e.buildPrompt(U, { turn: 2 }).messages.at(-1)!.content)).toBe('Thanks.');
  });

  it('builds a prompt without a user turn instead of throwing when there is no user message', () => {
    const e = engine();
    e.userMessage(U, 'Never use XML in your answers.', { turn: 0, extract: true });
    const fresh = { user: 'u-7' };
    const plan = e.buildPrompt(fresh, { system: 'You are Ada.' });
    expect(plan.messages.map((m) => m.role)).toEqual(['system']);
    expect(e.buildPrompt(U, { system: 'You are Ada.', user: null }).messages.every((m) => m.role === 'system')).toBe(true);
  });
});

describe('de-identification', () => {
  it('masks keys, emails and phones in memories and in every event before it is logged or written out', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-deid-')), 'engine.jsonl');
    const sink = jsonlSink(file);
    const e = engine({ onEvent: sink });
    e.userMessage(U, 'My email is alice@example.com and my API key is sk-live-abcdefghijklmnop1234. My phone is +1 415 555 0199.', { turn: 0 });
    e.drain();
    e.buildPrompt(U, { user: 'What is my email?' });
    sink.close();
    const logged = fs.readFileSync(file, 'utf8');
    for (const secret of ['alice@example.com', 'sk-live-abcdefghijklmnop1234', '555 0199']) {
      expect(logged).not.toContain(secret);
      expect(JSON.stringify(e.events)).not.toContain(secret);
      expect(memText(e).join('\n')).not.toContain(secret);
    }
    expect(logged).toMatch(/\[email #[0-9a-f]{8}\]/);
    expect(memText(e)[0]).toMatch(/^My email is \[email #[0-9a-f]{8}\] and my API key is \[api-key #[0-9a-f]{8}\]/);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
