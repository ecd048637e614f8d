import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentText } from '../events/validate.js';
import { detectPreferences } from '../text/index.js';
import {
  extractMemories,
  HIERARCHY_RULE,
  MEMORIES_HEADER,
  PINNED_HEADER,
  RESTATE_HEADER,
  OwnershipError,
  ScopeError,
  StaleVersionError,
  hasTrigram,
  openEngine,
  openEngineDb,
  type EngineOptions,
  type MemoryEngine,
} from './index.js';

const U = { user: 'u-42', agent: 'support' };
const T0 = Date.parse('2026-03-02T09:00:00Z');

const open: MemoryEngine[] = [];
function engine(opts: EngineOptions = {}): MemoryEngine & { tick(ms?: number): number } {
  let now = T0;
  const e = openEngine({ clock: () => now, keepEvents: true, autoDrain: false, session: 'unit', ...opts }) as MemoryEngine & { tick(ms?: number): number };
  e.tick = (ms = 1000) => (now += ms);
  open.push(e);
  return e;
}
afterEach(() => {
  for (const e of open.splice(0)) e.close();
});

const phases = (e: MemoryEngine, writeId: string | null) => e.events.filter((x) => x.kind === 'memory_write' && x.write_id === writeId).map((x) => x.phase);

describe('scope is mandatory', () => {
  it('refuses every read and write without a user', () => {
    const e = engine();
    const bad = [undefined, {}, { user: '' }, { user: '  ' }, { agent: 'x' }, { user: 'u', agent: '' }] as never[];
    for (const s of bad) {
      expect(() => e.remember(s, { type: 'fact', text: 'Our team runs PostgreSQL 16' })).toThrow(ScopeError);
      expect(() => e.search(s, 'postgres')).toThrow(ScopeError);
      expect(() => e.memories(s)).toThrow(ScopeError);
      expect(() => e.userMessage(s, 'hello')).toThrow(ScopeError);
      expect(() => e.buildPrompt(s, { user: 'hi' })).toThrow(ScopeError);
      expect(() => e.state.read(s, 'current_task', 'planner')).toThrow(ScopeError);
    }
  });
  it("never returns another user's memories, and an agent sees only its own space and spaces declared shared", () => {
    const e = engine();
    e.remember({ user: 'alice' }, { type: 'fact', text: 'Staging database host is db-stg-3' });
    e.remember({ user: 'alice', agent: 'billing' }, { type: 'fact', text: 'Billing database host is db-bill-1' });
    e.remember({ user: 'bob' }, { type: 'fact', text: 'Staging database host is db-bob-9' });
    e.drain();
    expect(e.search({ user: 'bob' }, 'staging database host').map((h) => h.memory.text)).toEqual(['Staging database host is db-bob-9']);
    // the user-wide space is not another agent's until it is declared shared
    expect(e.search({ user: 'alice', agent: 'support' }, 'database host')).toEqual([]);
    e.share({ user: 'alice' });
    expect(e.search({ user: 'alice', agent: 'support' }, 'database host').map((h) => h.memory.text)).toEqual(['Staging database host is db-stg-3']);
    expect(e.search({ user: 'bob', agent: 'support' }, 'database host')).toEqual([]);
    expect(
      e
        .search({ user: 'alice', agent: 'billing' }, 'database host')
        .map((h) => h.memory.text)
        .sort(),
    ).toEqual(['Billing database host is db-bill-1', 'Staging database host is db-stg-3']);
  });
});

describe('raw layer', () => {
  it('is append-only: the store refuses updates and deletes', () => {
    const e = engine();
    const r = e.userMessage(U, 'How do I shut down an HTTP server gracefully in Go?', { turn: 0 }).raw;
    expect(e.rawLog(U).map((x) => x.id)).toEqual([r.id]);
    expect(() => e.db.prepare("UPDATE raw_log SET content = 'x'").run()).toThrow(/append-only/);
    expect(() => e.db.prepare('DELETE FROM raw_log').run()).toThrow(/append-only/);
  });
});

describe('extracted layer', () => {
  it('writes on events, not every turn: a question writes nothing, a constraint and a fact do', () => {
    const e = engine();
    expect(e.userMessage(U, 'How do I shut down an HTTP server gracefully in Go?', { turn: 0 }).writes).toEqual([]);
    const t = e.userMessage(U, 'Never use XML in your answers. Our team runs PostgreSQL 16.', { turn: 1 });
    expect(t.extracted.map((x) => [x.type, x.text])).toEqual([
      ['constraint', 'Never use XML in your answers.'],
      ['fact', 'Our team runs PostgreSQL 16.'],
    ]);
    expect(t.writes.map((w) => w.status)).toEqual(['committed', 'enqueued']);
    const zh = e.userMessage({ user: 'u-zh' }, '以后回答都用列表，不要用表格。我们团队用的是 PostgreSQL 16。', { turn: 0 });
    expect(zh.extracted.map((x) => x.type)).toEqual(['preference', 'fact']);
  });

  it('keeps provenance: each version points at the raw entry it came from', () => {
    const e = engine();
    const t = e.userMessage(U, 'Never use XML in your answers.', { turn: 0 });
    const [m] = e.memories(U);
    expect(m.rawId).toBe(t.raw.id);
    expect(e.rawLog(U).find((r) => r.id === m.rawId)?.content).toBe('Never use XML in your answers.');
  });

  it('supersedes a contradicting memory: the old version is kept, marked with the time and the raw entry that changed it', () => {
    const e = engine();
    e.userMessage(U, 'No emoji, please.', { turn: 0 });
    e.tick(60_000);
    const t = e.userMessage(U, 'You can use emoji now.', { turn: 3 });
    expect(t.writes).toHaveLength(1);
    expect(t.writes[0].supersedes).toBe(1);
    const versions = e.versions(U, t.writes[0].memoryId);
    expect(versions.map((v) => [v.version, v.text, v.supersededAt !== null])).toEqual([
      [1, 'No emoji, please.', true],
      [2, 'You can use emoji now.', false],
    ]);
    expect(versions[0].supersededByRaw).toBe(t.raw.id);
    expect(versions[0].supersededAt).toBe(T0 + 60_000);
    expect(e.memories(U).map((m) => m.text)).toEqual(['You can use emoji now.']);
    expect(e.memories(U, { includeSuperseded: true })).toHaveLength(2);
    expect(() => e.db.prepare('DELETE FROM memories').run()).toThrow(/never deleted/);
    expect(() => e.db.prepare("UPDATE memories SET text = 'x'").run()).toThrow(/immutable/);
    // both writes name the same memory id, the second says what it supersedes
    const requested = e.events.filter((x) => x.kind === 'memory_write' && x.phase === 'requested');
    expect(requested.map((x) => x.memory_id)).toEqual([t.writes[0].memoryId, t.writes[0].memoryId]);
    expect(requested[1].supersedes).toEqual({ version: 1, text: 'No emoji, please.' });
  });

  it('extracts decisions, task state, processes and temporary context, in English and Chinese', () => {
    const kinds = (t: string) => extractMemories(t).map((x) => [x.type, x.temporary]);
    expect(kinds('We decided to go with Kafka for the event bus.')).toEqual([['decision', false]]);
    expect(kinds('I am now working on ticket PAY-512.')).toEqual([['task_state', false]]);
    expect(kinds('Our release process is: first tag, then deploy to canary.')).toEqual([['process', false]]);
    expect(kinds('Today I am in Berlin for the offsite.')).toEqual([['fact', true]]);
    expect(kinds('我们决定用 Kafka 做事件总线。')).toEqual([['decision', false]]);
    expect(kinds('我现在在处理工单 PAY-512。')).toEqual([['task_state', false]]);
    expect(kinds('发布流程是先打标签再上金丝雀。')).toEqual([['process', false]]);
    expect(kinds('What does a circuit breaker do?')).toEqual([]);
    expect(kinds('熔断器是做什么的？')).toEqual([]);
    const [a, b] = [extractMemories('My timezone is UTC+8.')[0], extractMemories('My timezone is UTC-5 now.')[0]];
    expect(a.slot).toBe('fact:timezone');
    expect(b.slot).toBe(a.slot); // a new value in the same slot supersedes the old one
  });

  it('gives a preference written through the API its slot, so a contradiction supersedes it', () => {
    const e = engine();
    const a = e.remember(U, { type: 'constraint', text: 'Never use XML in answers' });
    const b = e.remember(U, { type: 'preference', text: 'XML is fine in answers now, you can use XML' });
    expect(b.memoryId).toBe(a.memoryId);
    expect(b.supersedes).toBe(1);
    expect(e.pinned(U).map((m) => m.text)).toEqual(['XML is fine in answers now, you can use XML']);
  });

  it('does not write a near-duplicate again', () => {
    const e = engine();
    const a = e.remember(U, { type: 'fact', text: 'Our team runs PostgreSQL 16.' });
    const b = e.remember(U, { type: 'fact', text: 'our team runs postgresql 16' });
    const c = e.userMessage(U, 'Remember: never use XML in your answers!', { turn: 0 }).writes[0];
    const d = e.userMessage(U, 'Again, never use XML in your answers.', { turn: 1 }).writes[0];
    expect([a.status, b.status, c.status, d.status]).toEqual(['enqueued', 'duplicate', 'committed', 'duplicate']);
    expect(b.writeId).toBeNull();
    e.drain();
    expect(e.memories(U)).toHaveLength(2);
  });
});

describe('index', () => {
  it('has FTS5 with the trigram tokenizer in the bundled SQLite', () => {
    const db = openEngineDb();
    expect(hasTrigram(db)).toBe(true);
    db.close();
  });

  it('finds Chinese memories from a Chinese query (trigram-indexed terms), and English ones from English', () => {
    const e = engine();
    e.remember({ user: 'u-zh' }, { type: 'task_state', text: '用户下周二去东京出差' });
    e.remember({ user: 'u-zh' }, { type: 'fact', text: '用户的团队使用 PostgreSQL 16 数据库' });
    e.remember({ user: 'u-zh' }, { type: 'fact', text: 'The staging host is db-stg-3' });
    e.drain();
    expect(e.search({ user: 'u-zh' }, '下周二东京的天气怎么样').map((h) => h.memory.text)).toEqual(['用户下周二去东京出差']);
    expect(e.search({ user: 'u-zh' }, '数据库是什么版本').map((h) => h.memory.text)).toEqual(['用户的团队使用 PostgreSQL 16 数据库']);
    expect(e.search({ user: 'u-zh' }, 'which staging host?').map((h) => h.memory.text)).toEqual(['The staging host is db-stg-3']);
    const plan = e.db.prepare("EXPLAIN QUERY PLAN SELECT rowid FROM memories_fts WHERE terms LIKE '% 东京 %'").all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/VIRTUAL TABLE INDEX/);
  });

  it('filters by metadata: type, source, time, superseded', () => {
    const e = engine();
    e.remember(U, { type: 'fact', text: 'The staging database host is db-stg-3', source: 'user' });
    e.tick(10_000);
    e.remember(U, { type: 'decision', text: 'We decided the staging database host stays db-stg-3 until April', source: 'inferred' });
    e.drain();
    expect(e.search(U, 'staging database host', { types: ['decision'] }).map((h) => h.memory.type)).toEqual(['decision']);
    expect(e.search(U, 'staging database host', { sources: ['user'] }).map((h) => h.memory.type)).toEqual(['fact']);
    expect(e.search(U, 'staging database host', { since: T0 + 5_000 }).map((h) => h.memory.type)).toEqual(['decision']);
  });

  it('reranks by relevance, recency (half-life per category) and source', () => {
    const e = engine();
    e.remember(U, { type: 'task_state', text: 'Deploy checklist for the billing service', source: 'user' });
    e.remember(U, { type: 'fact', text: 'Deploy checklist of the billing service', source: 'user' });
    e.drain();
    e.tick(6 * 86_400_000); // six days: two task-state half-lives, a fifth of a fact's
    const [first, second] = e.search(U, 'billing service deploy checklist');
    expect([first.memory.type, second.memory.type]).toEqual(['fact', 'task_state']);
    expect(second.parts.recency).toBeCloseTo(0.25, 3);
    const f = engine();
    f.remember(U, { type: 'fact', text: 'The release train leaves on Thursdays', source: 'inferred' });
    f.remember(U, { type: 'fact', text: 'The release train leaves Thursday mornings at nine sharp', source: 'user' });
    f.drain();
    expect(f.search(U, 'when does the release train leave')[0].memory.source).toBe('user');
  });

  it('uses a pluggable embedding: a user function recalls by vector alone', () => {
    const vec = (t: string) => (/car|automobile|vehicle/i.test(t) ? [1, 0] : [0, 1]);
    const e = engine({ embed: vec });
    e.remember(U, { type: 'fact', text: 'User drives an automobile to work' });
    e.drain();
    expect(e.search(U, 'car').map((h) => h.memory.text)).toEqual(['User drives an automobile to work']);
    const lexical = engine({ embed: null });
    lexical.remember(U, { type: 'fact', text: 'User drives an automobile to work' });
    lexical.drain();
    expect(lexical.search(U, 'car')).toEqual([]);
  });
});

describe('writes', () => {
  it('commits a critical memory synchronously, then acknowledges it', () => {
    const e = engine();
    const w = e.remember(U, { type: 'preference', text: 'Use bullet lists, never tables.' });
    expect(w.status).toBe('committed');
    // durable before the call returned: in the table, in the ack ledger
    expect(e.db.prepare('SELECT count(*) AS n FROM memories WHERE write_id = ?').get(w.writeId)).toEqual({ n: 1 });
    expect(phases(e, w.writeId)).toEqual(['requested', 'committed', 'acknowledged']);
  });

  it('queues the others durably: acknowledged at enqueue, committed by the worker', async () => {
    const e = engine();
    const w = e.remember(U, { type: 'fact', text: 'Our team runs PostgreSQL 16' });
    expect(w.status).toBe('enqueued');
    expect(e.db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 1 });
    expect(e.memories(U)).toEqual([]);
    e.drain();
    expect(await w.durable).toEqual({ writeId: w.writeId, memoryId: w.memoryId, status: 'committed' });
    expect(phases(e, w.writeId)).toEqual(['requested', 'enqueued', 'acknowledged', 'committed']);
    expect(e.db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 });
  });

  it('commits by itself with autoDrain, retrying a failed commit after a doubling delay', async () => {
    let failures = 2;
    const attempts: number[] = [];
    const e = engine({
      autoDrain: true,
      retryDelayMs: 10,
      clock: () => Date.now(),
      commitHook: () => {
        attempts.push(Date.now());
        if (failures-- > 0) throw new Error('SQLITE_BUSY');
      },
    });
    const w = e.remember(U, { type: 'fact', text: 'Our team runs PostgreSQL 16' });
    expect((await w.durable).status).toBe('committed');
    expect(attempts).toHaveLength(3);
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(9);
    expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(19);
    expect(phases(e, w.writeId)).toEqual(['requested', 'enqueued', 'acknowledged', 'failed', 'retried', 'failed', 'retried', 'committed']);
  });

  it('retries a failed commit, and dead-letters it after maxRetries: never swallowed', async () => {
    let failures = 2;
    const e = engine({
      maxRetries: 3,
      commitHook: () => {
        if (failures-- > 0) throw new Error('SQLITE_BUSY: database is locked');
      },
    });
    const ok = e.remember(U, { type: 'fact', text: 'Our team runs PostgreSQL 16' });
    e.drain();
    expect(phases(e, ok.writeId)).toEqual(['requested', 'enqueued', 'acknowledged', 'failed', 'retried', 'failed', 'retried', 'committed']);

    const dead: string[] = [];
    const f = engine({
      maxRetries: 2,
      onDeadLetter: (d) => dead.push(d.writeId),
      commitHook: () => {
        throw new Error('disk full');
      },
    });
    const w = f.remember(U, { type: 'task_state', text: 'Working on the billing migration' });
    f.drain();
    expect((await w.durable).status).toBe('dead_lettered');
    expect(dead).toEqual([w.writeId]);
    expect(f.deadLetters(U).map((d) => [d.writeId, d.error, d.attempts])).toEqual([[w.writeId, 'disk full', 3]]);
    expect(phases(f, w.writeId).slice(-2)).toEqual(['failed', 'dead_lettered']);
    // a critical write that cannot commit is not acknowledged
    const c = f.remember(U, { type: 'constraint', text: 'Never use XML in your answers.' });
    expect([c.status, c.acknowledged]).toEqual(['dead_lettered', false]);
    expect(phases(f, c.writeId)).not.toContain('acknowledged');
  });

  it('survives a worker restart with the durable queue; an in-memory queue loses the write and the integrity check says so', async () => {
    const e = engine();
    const w = e.remember(U, { type: 'fact', text: 'Our team runs PostgreSQL 16' });
    const report = e.restartWorker(U);
    expect(report.replayed).toEqual([w.writeId]);
    e.drain();
    expect((await w.durable).status).toBe('committed');
    expect(e.memories(U)).toHaveLength(1);

    const f = engine({ durableQueue: false });
    const lost = f.remember(U, { type: 'fact', text: 'Our team runs PostgreSQL 16' });
    const r = f.restartWorker(U);
    expect(r.ok).toBe(false);
    expect(r.missing).toEqual([{ writeId: lost.writeId, memoryId: lost.memoryId }]);
    expect((await lost.durable).status).toBe('lost');
    const snap = f.events.find((x) => x.kind === 'store_snapshot')!;
    expect(snap.memory_ids).toEqual([]);
  });

  it('stops committing by itself when closed: the outbox keeps the write for the next start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-engine-'));
    try {
      const file = path.join(dir, 'memory.db');
      const a = openEngine({ file, autoDrain: true });
      const w = a.remember(U, { type: 'fact', text: 'Our team runs PostgreSQL 16' });
      a.close();
      await new Promise((r) => setTimeout(r, 20)); // the scheduled commit must not touch the closed database
      const b = openEngine({ file, autoDrain: true, keepEvents: true });
      expect(b.integrity.replayed).toEqual([w.writeId]);
      expect(b.events[0]).toMatchObject({ kind: 'lifecycle', event: 'start', process: 'memory-engine' });
      await b.flush();
      expect(b.memories(U).map((m) => m.text)).toEqual(['Our team runs PostgreSQL 16']);
      b.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('checks integrity on start: acknowledged writes left in the outbox are replayed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-engine-'));
    try {
      const file = path.join(dir, 'memory.db');
      const a = openEngine({ file, autoDrain: false });
      a.remember(U, { type: 'preference', text: 'Use bullet lists, never tables.' });
      const w = a.remember(U, { type: 'fact', text: 'Our team runs PostgreSQL 16' });
      a.close(); // the process ends before the worker committed
      const b = openEngine({ file, autoDrain: false });
      expect(b.integrity).toMatchObject({ ok: true, confirmed: 1, replayed: [w.writeId], missing: [], rawOk: true });
      b.drain();
      expect(
        b
          .memories(U)
          .map((m) => m.type)
          .sort(),
      ).toEqual(['fact', 'preference']);
      b.close();
      const c = openEngine({ file, autoDrain: false });
      expect(c.integrity).toMatchObject({ ok: true, confirmed: 2, replayed: [] });
      c.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('shared state', () => {
  it('refuses a stale compare-and-set; the writer re-reads and re-applies', () => {
    const e = engine();
    const p = e.state.read(U, 'current_task', 'planner');
    const x = e.state.read(U, 'current_task', 'executor');
    expect([p.version, x.version]).toEqual([0, 0]);
    e.state.write(U, 'current_task', 'task_a_done', { actor: 'planner', expectedVersion: p.version });
    expect(() => e.state.write(U, 'current_task', 'task_b', { actor: 'executor', expectedVersion: x.version })).toThrow(StaleVersionError);
    expect(e.state.peek(U, 'current_task')).toMatchObject({ value: 'task_a_done', version: 1 });
    const v = e.state.update(U, 'current_task', 'executor', (cur) => `${String(cur)} -> task_b`);
    expect(v).toMatchObject({ value: 'task_a_done -> task_b', version: 2 });
    const refused = e.events.find((ev) => ev.kind === 'state' && ev.result === 'conflict')!;
    expect(refused).toMatchObject({ actor: 'executor', op: 'write', expected_version: 0, version: 1 });
  });

  it('lets only the owner write an owned field', () => {
    const e = engine();
    e.state.own(U, 'plan', 'planner');
    e.state.write(U, 'plan', ['a', 'b'], { actor: 'planner', expectedVersion: 0 });
    expect(() => e.state.write(U, 'plan', ['b'], { actor: 'executor', expectedVersion: 1 })).toThrow(OwnershipError);
    expect(e.state.peek(U, 'plan')).toMatchObject({ value: ['a', 'b'], version: 1, owner: 'planner' });
  });

  it('without CAS (a chaos fault) the last writer silently wins', () => {
    const e = engine({ cas: false });
    e.state.write(U, 'current_task', 'task_a_done', { actor: 'planner', expectedVersion: 0 });
    e.state.write(U, 'current_task', 'task_b', { actor: 'executor', expectedVersion: 0 });
    expect(e.state.peek(U, 'current_task')).toMatchObject({ value: 'task_b', version: 2 });
  });

  it('requires the base version on every write', () => {
    const e = engine();
    expect(() => e.state.write(U, 'k', 1, { actor: 'a' } as never)).toThrow(/expectedVersion/);
  });
});

describe('injection', () => {
  const SYSTEM = 'You are DevPilot, the engineering assistant of the payments team.';
  const LOG = Array.from(
    { length: 20 },
    (_, i) => `2026-03-03T14:02:${String(i).padStart(2, '0')}.482Z WARN payments-api pg-pool acquire timeout after 5000ms waiting=${30 + i}`,
  ).join('\n');

  function longSession(opts: EngineOptions) {
    const e = engine({ contextLimit: 2048, ...opts });
    e.userMessage(U, 'Never use XML in your answers.', { turn: 0 });
    const plans = [];
    for (let t = 1; t <= 8; t++) {
      e.tick();
      e.userMessage(U, `Check the pool logs of wave ${t}.`, { turn: t });
      e.assistantMessage(U, '', { turn: t, toolCalls: [{ id: `c${t}`, name: 'grep_logs', arguments: { wave: t } }] });
      e.toolResult(U, { name: 'grep_logs', callId: `c${t}`, content: LOG }, { turn: t });
      const plan = e.buildPrompt(U, { system: SYSTEM, turn: t });
      plans.push(plan);
      e.assistantMessage(U, `Wave ${t}: the pool is saturated.`, { turn: t, requestId: plan.requestId });
    }
    return plans;
  }

  it('keeps pinned constraints in every prompt under window pressure, dropping history oldest first', () => {
    const plans = longSession({});
    for (const p of plans) {
      expect(p.tokens).toBeLessThanOrEqual(p.budget);
      expect(p.messages[1].role).toBe('system');
      expect(contentText(p.messages[1].content)).toContain('- Never use XML in your answers.');
    }
    expect(plans.at(-1)!.history.dropped).toBeGreaterThan(0);
    // the oldest go first: the first user message left, the last answer stayed
    const last = plans.at(-1)!.messages.map((m) => contentText(m.content));
    expect(last.some((t) => t === 'Never use XML in your answers.')).toBe(false);
    expect(last).toContain('Wave 7: the pool is saturated.');
  });

  it('without pinning (a chaos fault) the constraint is truncated with the history', () => {
    const plans = longSession({ pinning: false });
    const carried = plans.map((p) => p.messages.some((m) => contentText(m.content).includes('Never use XML in your answers.')));
    expect(carried[0]).toBe(true);
    expect(carried.at(-1)).toBe(false);
  });

  it("states the conflict rule, injects reranked memories, and fences tool results below the user's message", () => {
    const e = engine();
    e.userMessage(U, 'No emoji, please.', { turn: 0 });
    e.remember(U, { type: 'fact', text: 'The staging database host is db-stg-3' });
    e.drain();
    e.tick();
    e.userMessage(U, 'Find a deal for the staging database host hardware.', { turn: 1 });
    e.assistantMessage(U, '', { turn: 1, toolCalls: [{ id: 'c1', name: 'web_search', arguments: { q: 'deal' } }] });
    e.toolResult(U, { name: 'web_search', callId: 'c1', content: '🚀 AMAZING DEAL!!! 🔥' }, { turn: 1 });
    const plan = e.buildPrompt(U, { system: 'You are a purchasing assistant.', turn: 1 });
    const roles = plan.messages.map((m) => m.role);
    const texts = plan.messages.map((m) => contentText(m.content));
    expect(texts[1]).toContain(PINNED_HEADER);
    expect(texts[1]).toContain(HIERARCHY_RULE);
    expect(texts[2]).toContain(MEMORIES_HEADER);
    expect(texts[2]).toContain('The staging database host is db-stg-3');
    const userAt = roles.lastIndexOf('user');
    expect(roles.slice(userAt)).toEqual(['user', 'assistant', 'tool', 'system']);
    expect(texts.at(-2)).toMatch(/^Reference data returned by the tool "web_search"[\s\S]*<<<\n🚀 AMAZING DEAL!!! 🔥\n>>>$/);
    const retrieval = e.events.find((x) => x.kind === 'retrieval')!;
    expect(retrieval).toMatchObject({ top_k: 8, injected: [plan.retrieved[0].memory.id] });
    expect(retrieval.threshold).toBeUndefined();
    // the engine's own texts state no preference the analyzers could mistake for the user's
    for (const t of [PINNED_HEADER, HIERARCHY_RULE, MEMORIES_HEADER, RESTATE_HEADER, texts.at(-2)!.split('\n')[0]])
      expect(detectPreferences(t, 'system')).toEqual([]);
  });

  it("counts with the model's tiktoken encoding and never exceeds the budget when tool results alone overflow", () => {
    const e = engine({ model: 'gpt-4', contextLimit: 1024 });
    e.userMessage(U, 'Summarize this log.', { turn: 0 });
    e.assistantMessage(U, '', { turn: 0, toolCalls: [{ id: 'c', name: 'cat', arguments: {} }] });
    e.toolResult(U, { name: 'cat', callId: 'c', content: LOG.repeat(4) }, { turn: 0 });
    const plan = e.buildPrompt(U, { turn: 0 });
    expect(e.counter.encoding).toBe('cl100k_base');
    expect(plan.toolsTruncated).toBe(1);
    expect(plan.tokens).toBeLessThanOrEqual(plan.budget);
    expect(contentText(plan.messages.at(-2)!.content)).toMatch(/truncated by the memory engine[\s\S]*>>>$/);
    expect(plan.sections.restate).toBeGreaterThan(0);
  });
});
