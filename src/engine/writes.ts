/**
 * The write path.
 * - Critical memories (preference, constraint, decision): committed in one SQLite transaction,
 *   and only then acknowledged (`requested` -> `committed` -> `acknowledged`).
 * - Others: `requested` -> `enqueued` -> `acknowledged`, then a worker commits them. The queue
 *   is an outbox table, so an acknowledged write survives a restart of the worker; a failed
 *   commit is retried (`failed`, `retried`) and, after `maxRetries`, moved to the dead-letter
 *   table (`dead_lettered`) and reported: never swallowed.
 * Every acknowledgement is recorded in the `acks` ledger that the start-up integrity check reads.
 */
import type { EngineDb } from './schema.js';
import { writeTransaction } from '../db/sqlite.js';
import { type EmitContext, type EventLog, teamOwner } from './events.js';
import { MemoryIndex, normalize, type PendingWrite } from './memories.js';
import { requireScope, sameSpace } from './scope.js';
import { type Deidentify, deidentifier } from './deidentify.js';
import {
  CRITICAL_TYPES,
  MEMORY_TYPES,
  type DeadLetter,
  type EngineScope,
  type IntegrityReport,
  type MemoryInput,
  type WriteOutcome,
  type WriteReceipt,
} from './types.js';

export const STORE_NAME = 'memories';
export const ENGINE_ACTOR = 'memory-engine';
export const WORKER_ACTOR = 'memory-worker';

export interface WriteOptions {
  /** the store's keyed masking of memory texts */
  deidentify?: Deidentify;
  /** commit critical memories before acknowledging them (default true; off = a chaos fault) */
  syncCritical: boolean;
  /** keep the async queue in the outbox table (default true; off = an in-memory queue, a chaos fault) */
  durableQueue: boolean;
  /** attempts after the first failure before dead-lettering (default 3) */
  maxRetries: number;
  /** commit the async queue by itself (setImmediate, backoff between retries); off: call drain() */
  autoDrain: boolean;
  /** first retry delay in auto mode, doubled each attempt */
  retryDelayMs: number;
  /** called before each commit attempt; throwing fails the attempt (fault injection, tests) */
  commitHook?: (attempt: { writeId: string; memoryId: string; attempt: number }) => void;
  onDeadLetter?: (d: DeadLetter) => void;
}

interface Job {
  writeId: string;
  memoryId: string;
  scope: EngineScope;
  input: MemoryInput;
  attempts: number;
  /** when the write was asked for: the memory's created_at */
  requestedAt: number;
  resolve: (o: WriteOutcome) => void;
}

export class WritePipeline {
  private readonly queue: Job[] = [];
  private scheduled = false;
  private readonly counterStmt;

  constructor(
    private readonly db: EngineDb,
    private readonly index: MemoryIndex,
    private readonly log: EventLog,
    private readonly clock: () => number,
    private readonly opts: WriteOptions,
  ) {
    this.counterStmt = db.prepare("INSERT INTO counters (name, value) VALUES ('write', 1) ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value");
  }

  private nextWriteId(): string {
    const r = this.counterStmt.get() as { value: number };
    return `w-${r.value}`;
  }

  /** Remember a memory. Critical: durable when this returns. Others: queued durably, committed by the worker. */
  remember(scopeIn: EngineScope, input: MemoryInput): WriteReceipt {
    const scope = requireScope(scopeIn);
    if (typeof input.text !== 'string' || input.text.trim() === '') throw new Error('a memory needs a text');
    if (!(MEMORY_TYPES as readonly string[]).includes(input.type)) throw new Error(`unknown memory type "${input.type}"; one of ${MEMORY_TYPES.join(', ')}`);
    // de-identified before it is stored or logged: a key or an email never becomes a memory
    input = { ...input, text: (this.opts.deidentify ?? deidentifier())(input.text) };
    const plan = this.index.plan(scope, input);
    const critical = input.critical ?? CRITICAL_TYPES.has(input.type);
    // a write still in the queue counts too: the newest queued text of that memory
    const queued = [...this.queue].reverse().find((j) => j.memoryId === plan.memoryId);
    if (queued) {
      const same = (input.key && queued.input.key === input.key) || normalize(queued.input.text) === normalize(input.text);
      if (same) {
        const o: WriteOutcome = { writeId: null, memoryId: queued.memoryId, status: 'duplicate' };
        return {
          writeId: null,
          memoryId: queued.memoryId,
          status: 'duplicate',
          critical,
          version: 0,
          supersedes: null,
          acknowledged: true,
          durable: Promise.resolve(o),
        };
      }
      plan.duplicate = null; // it contradicts the queued version: a new version
    } else if (!plan.duplicate && !input.slot) {
      // de-duplication is scoped too: another agent's (or tenant's) queued write is not this one's
      const q = this.queue.find(
        (j) => sameSpace(j.scope, scope) && j.input.type === input.type && !j.input.slot && MemoryIndex.nearDuplicate(j.input.text, input.text),
      );
      if (q) {
        const o: WriteOutcome = { writeId: null, memoryId: q.memoryId, status: 'duplicate' };
        return {
          writeId: null,
          memoryId: q.memoryId,
          status: 'duplicate',
          critical,
          version: 0,
          supersedes: null,
          acknowledged: true,
          durable: Promise.resolve(o),
        };
      }
    }
    if (plan.duplicate) {
      const o: WriteOutcome = { writeId: null, memoryId: plan.duplicate.id, status: 'duplicate' };
      return {
        writeId: null,
        memoryId: plan.duplicate.id,
        status: 'duplicate',
        critical,
        version: plan.duplicate.version,
        supersedes: null,
        acknowledged: true,
        durable: Promise.resolve(o),
      };
    }
    const writeId = this.nextWriteId();
    // versions follow event time: a write dated in the past (an import, a replay) is ordered by its date
    const requestedAt = input.at ?? this.clock();
    const ctx = { scope, owner: teamOwner(scope), turn: input.turn ?? null, actor: ENGINE_ACTOR };
    const version = plan.nextVersion;
    this.log.emit(
      'memory_write',
      {
        write_id: writeId,
        phase: 'requested',
        memory_id: plan.memoryId,
        memory_type: input.type,
        text: input.text,
        critical,
        store: STORE_NAME,
        version,
        ...(plan.current ? { supersedes: { version: plan.current.version, text: plan.current.text } } : {}),
        source: input.source ?? 'user',
        // a team memory's author (provenance); a private note says so
        ...(scope.team ? { author: { user: scope.user, ...(scope.agent ? { agent: scope.agent } : {}) } } : {}),
        ...(input.private ? { private: true } : {}),
      },
      ctx,
    );
    const base = { writeId, memoryId: plan.memoryId, critical, version, supersedes: plan.current?.version ?? null };

    if (critical && this.opts.syncCritical) {
      let resolvedBefore = this.index.resolved.length;
      for (let attempt = 1; ; attempt++) {
        try {
          this.opts.commitHook?.({ writeId, memoryId: plan.memoryId, attempt });
          resolvedBefore = this.index.resolved.length;
          writeTransaction(this.db, () => {
            this.index.insertVersion(scope, plan.memoryId, input, writeId, requestedAt);
            this.insertAck(writeId, plan.memoryId, version, scope.user, true);
          });
          break;
        } catch (err) {
          const error = (err as Error).message;
          this.log.emit('memory_write', { write_id: writeId, phase: 'failed', memory_id: plan.memoryId, store: STORE_NAME, error }, ctx);
          if (attempt > this.opts.maxRetries) {
            // not acknowledged: the caller learns it failed (and must not tell the user it was saved)
            const dl = this.deadLetter({ writeId, memoryId: plan.memoryId, scope, input, attempts: attempt, requestedAt, resolve: () => {} }, error, ctx);
            const o: WriteOutcome = { writeId, memoryId: plan.memoryId, status: 'dead_lettered', error: dl.error };
            return { ...base, status: 'dead_lettered', acknowledged: false, durable: Promise.resolve(o) };
          }
          this.log.emit('memory_write', { write_id: writeId, phase: 'retried', memory_id: plan.memoryId, store: STORE_NAME, attempt: attempt + 1 }, ctx);
        }
      }
      this.log.emit('memory_write', { write_id: writeId, phase: 'committed', memory_id: plan.memoryId, store: STORE_NAME, version }, ctx);
      this.log.emit('memory_write', { write_id: writeId, phase: 'acknowledged', memory_id: plan.memoryId }, ctx);
      const o: WriteOutcome = { writeId, memoryId: plan.memoryId, status: 'committed' };
      const conflicts = this.index.resolved.slice(resolvedBefore);
      return { ...base, status: 'committed', acknowledged: true, durable: Promise.resolve(o), ...(conflicts.length ? { conflicts } : {}) };
    }

    let resolve!: (o: WriteOutcome) => void;
    const durable = new Promise<WriteOutcome>((r) => (resolve = r));
    const job: Job = { writeId, memoryId: plan.memoryId, scope, input, attempts: 0, requestedAt, resolve };
    writeTransaction(this.db, () => {
      if (this.opts.durableQueue) {
        this.db
          .prepare('INSERT INTO outbox (write_id, memory_id, version, user, tenant, agent, payload, enqueued_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
          .run(writeId, plan.memoryId, version, scope.user, scope.tenant ?? null, scope.agent ?? null, JSON.stringify({ scope, input }), requestedAt);
      }
      this.insertAck(writeId, plan.memoryId, version, scope.user, critical);
    });
    this.log.emit('memory_write', { write_id: writeId, phase: 'enqueued', memory_id: plan.memoryId, store: STORE_NAME }, ctx);
    this.log.emit('memory_write', { write_id: writeId, phase: 'acknowledged', memory_id: plan.memoryId }, ctx);
    this.enqueue(job);
    this.schedule();
    return { ...base, status: 'enqueued', acknowledged: true, durable };
  }

  /**
   * The queue is kept in event-time order (stable: equal times keep the order they came in), so the
   * worker commits, and numbers, the versions of one memory in the order they happened: a write
   * dated a day earlier but queued later (an import, a replay, a slow client) becomes the earlier
   * version, superseded by the later one, instead of the next version after it.
   */
  private enqueue(job: Job): void {
    let i = this.queue.length;
    while (i > 0 && this.queue[i - 1].requestedAt > job.requestedAt) i--;
    this.queue.splice(i, 0, job);
  }

  /** Take a job out of the queue (a commit hook may have queued an earlier one before it meanwhile). */
  private dequeue(job: Job): void {
    const i = this.queue.indexOf(job);
    if (i >= 0) this.queue.splice(i, 1);
  }

  private insertAck(writeId: string, memoryId: string, version: number, user: string, critical: boolean): void {
    this.db
      .prepare('INSERT INTO acks (write_id, memory_id, version, user, critical, acked_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(writeId, memoryId, version, user, critical ? 1 : 0, this.clock());
  }

  private stopped = false;

  /** No more automatic commits (the database is closing); queued writes stay in the outbox. */
  stop(): void {
    this.stopped = true;
  }

  private schedule(delay = 0): void {
    if (!this.opts.autoDrain || this.scheduled || this.stopped) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      if (this.stopped) return;
      const retry = this.step();
      // a failed head waits before its next attempt, twice as long each time
      if (this.queue.length) this.schedule(retry ? this.opts.retryDelayMs * 2 ** Math.max(0, this.queue[0].attempts - 1) : 0);
    };
    if (delay > 0) setTimeout(run, delay).unref?.();
    else setImmediate(run);
  }

  /** One attempt on the head of the queue; true when it failed and will be retried. */
  private step(): boolean {
    const job = this.queue[0];
    if (!job) return false;
    const r = this.attempt(job);
    if (r !== 'retry') this.dequeue(job);
    return r === 'retry';
  }

  private attempt(job: Job): 'committed' | 'retry' | 'dead' {
    const ctx = { scope: job.scope, owner: teamOwner(job.scope), turn: job.input.turn ?? null, actor: WORKER_ACTOR };
    job.attempts++;
    try {
      this.opts.commitHook?.({ writeId: job.writeId, memoryId: job.memoryId, attempt: job.attempts });
      let version = 0;
      writeTransaction(this.db, () => {
        version = this.index.insertVersion(job.scope, job.memoryId, job.input, job.writeId, job.requestedAt).version;
        this.db.prepare('DELETE FROM outbox WHERE write_id = ?').run(job.writeId);
      });
      this.log.emit('memory_write', { write_id: job.writeId, phase: 'committed', memory_id: job.memoryId, store: STORE_NAME, version }, ctx);
      job.resolve({ writeId: job.writeId, memoryId: job.memoryId, status: 'committed' });
      return 'committed';
    } catch (err) {
      const error = (err as Error).message;
      this.db.prepare('UPDATE outbox SET attempts = ? WHERE write_id = ?').run(job.attempts, job.writeId);
      this.log.emit('memory_write', { write_id: job.writeId, phase: 'failed', memory_id: job.memoryId, store: STORE_NAME, error }, ctx);
      if (job.attempts > this.opts.maxRetries) {
        const dl = this.deadLetter(job, error, ctx);
        job.resolve({ writeId: job.writeId, memoryId: job.memoryId, status: 'dead_lettered', error: dl.error });
        return 'dead';
      }
      this.log.emit('memory_write', { write_id: job.writeId, phase: 'retried', memory_id: job.memoryId, store: STORE_NAME, attempt: job.attempts + 1 }, ctx);
      return 'retry';
    }
  }

  private deadLetter(job: Job, error: string, ctx: EmitContext & { scope: EngineScope }): DeadLetter {
    const dl: DeadLetter = {
      writeId: job.writeId,
      memoryId: job.memoryId,
      scope: job.scope,
      input: job.input,
      error,
      attempts: job.attempts,
      at: this.clock(),
    };
    writeTransaction(this.db, () => {
      this.db
        .prepare(
          'INSERT OR REPLACE INTO dead_letters (write_id, memory_id, user, tenant, agent, payload, error, attempts, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          job.writeId,
          job.memoryId,
          job.scope.user,
          job.scope.tenant ?? null,
          job.scope.agent ?? null,
          JSON.stringify({ scope: job.scope, input: job.input }),
          error,
          job.attempts,
          dl.at,
        );
      this.db.prepare('DELETE FROM outbox WHERE write_id = ?').run(job.writeId);
    });
    this.log.emit('memory_write', { write_id: job.writeId, phase: 'dead_lettered', memory_id: job.memoryId, store: STORE_NAME, error }, ctx);
    this.opts.onDeadLetter?.(dl);
    return dl;
  }

  /** Commit everything queued now, retrying each failure immediately up to maxRetries. */
  drain(): WriteOutcome[] {
    const out: WriteOutcome[] = [];
    while (this.queue.length) {
      const job = this.queue[0];
      let r: 'committed' | 'retry' | 'dead';
      do r = this.attempt(job);
      while (r === 'retry');
      this.dequeue(job);
      out.push({ writeId: job.writeId, memoryId: job.memoryId, status: r === 'committed' ? 'committed' : 'dead_lettered' });
    }
    return out;
  }

  /** Writes acknowledged but not yet committed. */
  pending(): number {
    return this.queue.length;
  }

  /** The queued writes a read must see (read-your-writes): every acknowledged write not yet committed. */
  queued(): PendingWrite[] {
    const versions = new Map<string, number>();
    return this.queue.map((j) => {
      // two queued versions of one memory: each one past the stored maximum, in order
      const base = versions.get(j.memoryId) ?? this.index.maxVersion(j.memoryId);
      versions.set(j.memoryId, base + 1);
      return { memoryId: j.memoryId, version: base + 1, scope: j.scope, input: j.input, writeId: j.writeId, requestedAt: j.requestedAt };
    });
  }

  /** The dead letters of one scope (tenant, user, agent): never every user's. */
  deadLetters(scopeIn: EngineScope): DeadLetter[] {
    const scope = requireScope(scopeIn);
    const rows = this.db
      .prepare("SELECT * FROM dead_letters WHERE user = ? AND coalesce(tenant, '') = ? AND coalesce(agent, '') = ? ORDER BY at")
      .all(scope.user, scope.tenant ?? '', scope.agent ?? '') as {
      write_id: string;
      memory_id: string;
      payload: string;
      error: string;
      attempts: number;
      at: number;
    }[];
    return rows.map((r) => {
      const p = JSON.parse(r.payload) as { scope: EngineScope; input: MemoryInput };
      return { writeId: r.write_id, memoryId: r.memory_id, scope: p.scope, input: p.input, error: r.error, attempts: r.attempts, at: r.at };
    });
  }

  /**
   * The worker process went away: its in-memory queue is gone. With the durable queue, the
   * outbox still holds every acknowledged write and `recover` puts them back in the queue.
   */
  dropMemoryQueue(): readonly Job[] {
    return this.queue.splice(0);
  }

  /** An erased subject's queued writes never commit (erase.ts removes its outbox rows). */
  dropSubject(scope: EngineScope): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const j = this.queue[i];
      if (j.scope.user !== scope.user || (j.scope.tenant ?? '') !== (scope.tenant ?? '')) continue;
      this.queue.splice(i, 1);
      j.resolve({ writeId: j.writeId, memoryId: j.memoryId, status: 'erased' });
    }
  }

  /** The engine's start, in the event log, when the integrity check found anything to say. */
  announceStart(r: IntegrityReport): void {
    if (!(r.confirmed || r.replayed.length || r.missing.length || !r.ok)) return;
    const integrity = { ok: r.ok, confirmed: r.confirmed, replayed: r.replayed, missing: r.missing, problems: r.problems };
    this.log.emit('lifecycle', { event: 'start', process: ENGINE_ACTOR, integrity }, { actor: ENGINE_ACTOR });
  }

  /**
   * Start-up integrity check: every acknowledged write must be in the store or in the outbox.
   * Outbox entries are queued again (replayed); anything else is reported missing.
   */
  recover(prior: readonly Job[] = []): IntegrityReport {
    const resolvers = new Map(prior.map((j) => [j.writeId, j.resolve]));
    const problems: string[] = [];
    const acks = this.db.prepare('SELECT write_id, memory_id FROM acks ORDER BY acked_at, write_id').all() as { write_id: string; memory_id: string }[];
    const stored = new Set((this.db.prepare('SELECT write_id FROM memories').all() as { write_id: string }[]).map((r) => r.write_id));
    const dead = new Set((this.db.prepare('SELECT write_id FROM dead_letters').all() as { write_id: string }[]).map((r) => r.write_id));
    const outbox = this.db.prepare('SELECT write_id, memory_id, payload, attempts, enqueued_at FROM outbox ORDER BY enqueued_at, write_id').all() as {
      write_id: string;
      memory_id: string;
      payload: string;
      attempts: number;
      enqueued_at: number;
    }[];
    const queued = new Set(this.queue.map((j) => j.writeId));
    const inOutbox = new Set(outbox.map((o) => o.write_id));
    const replayed: string[] = [];
    for (const o of outbox) {
      if (queued.has(o.write_id)) continue;
      const p = JSON.parse(o.payload) as { scope: EngineScope; input: MemoryInput };
      this.enqueue({
        writeId: o.write_id,
        memoryId: o.memory_id,
        scope: p.scope,
        input: p.input,
        attempts: o.attempts,
        requestedAt: o.enqueued_at,
        resolve: resolvers.get(o.write_id) ?? (() => {}),
      });
      replayed.push(o.write_id);
    }
    let confirmed = 0;
    const missing: { writeId: string; memoryId: string }[] = [];
    for (const a of acks) {
      if (stored.has(a.write_id)) confirmed++;
      else if (!inOutbox.has(a.write_id) && !queued.has(a.write_id) && !dead.has(a.write_id)) missing.push({ writeId: a.write_id, memoryId: a.memory_id });
    }
    for (const m of missing) problems.push(`write ${m.writeId} (${m.memoryId}) was acknowledged but is neither stored nor queued`);
    const raw = this.db.prepare('SELECT count(*) AS n, coalesce(max(id), 0) AS max FROM raw_log').get() as { n: number; max: number };
    const orphan = this.db
      .prepare('SELECT count(*) AS n FROM memories m WHERE raw_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM raw_log r WHERE r.id = m.raw_id)')
      .get() as {
      n: number;
    };
    const rawOk = raw.n === raw.max && orphan.n === 0;
    if (raw.n !== raw.max) problems.push(`raw log has ${raw.n} entries but ids run to ${raw.max}: entries are missing`);
    if (orphan.n) problems.push(`${orphan.n} memories point at raw entries that do not exist`);
    try {
      this.db.exec("INSERT INTO memories_fts (memories_fts) VALUES ('integrity-check')");
    } catch (err) {
      problems.push(`the full-text index does not match the memories: ${(err as Error).message}`);
    }
    if (replayed.length) this.schedule();
    return { ok: problems.length === 0, confirmed, replayed, missing, rawOk, problems };
  }
}
