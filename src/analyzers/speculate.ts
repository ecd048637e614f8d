/**
 * Analysis while ingest goes on (`triage`). A session is only known to be complete at the end of
 * the input, so quiet sessions (not touched for a few batches) are analysed early, on a worker
 * thread, and each result is kept only if, at the end, everything it was computed from is still
 * the same: the session's stamp (its events, turns, summed prompts and the calibration factors it
 * used: SessionReader.stamp) and every answer the store gave it about other sessions (long-term
 * memory writes, session spans). Analyzers are functions of exactly those, so a result that holds
 * is the result the final pass would compute; the others are analysed again there.
 */
import crypto from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import type { Db } from '../store/connection.js';
import { appendFindings, beginFindings, dropFindingsOf } from '../store/findings.js';
import type { SessionReader } from '../store/session.js';
import type { StoreContext } from './define.js';
import { writesKey } from '../store/memories.js';
import type { Lookup, SpeculativeResult, WorkerBatch, WorkerReply, WorkerSetup } from './worker-protocol.js';
import { analysisWorker, workerFile, type EarlyResults } from './parallel.js';

const spanAnswer = (s: { first: number; last: number } | undefined) => (s ? `${s.first}-${s.last}` : '');
/** An answer is kept as its sha1 until the end of ingest: a list of long-term writes can be long, and there is one per session. */
const digest = (answer: string) => crypto.hash('sha1', answer);

/** A StoreContext that writes down every answer it gives. */
export function recordingContext(inner: StoreContext, lookups: Lookup[]): StoreContext {
  return {
    memoryWritesKey: (users, ids) => inner.memoryWritesKey(users, ids),
    memoryWritesNaming(users, ids) {
      const rows = inner.memoryWritesNaming(users, ids);
      lookups.push({ kind: 'writes', users: [...users], ids: [...ids], answer: digest(writesKey(rows)) });
      return rows;
    },
    memoryUsers(tenant, limit) {
      const users = inner.memoryUsers(tenant, limit);
      lookups.push({ kind: 'users', tenant, limit, answer: digest(users.join('\n')) });
      return users;
    },
    sessionSpan(session) {
      const span = inner.sessionSpan(session);
      lookups.push({ kind: 'span', session, answer: digest(spanAnswer(span)) });
      return span;
    },
  };
}

/**
 * Does an early result still hold on the store as it is now? `answers` keeps the store's answers
 * to questions several sessions asked (the store no longer changes while results are checked).
 */
export function stillHolds(reader: SessionReader, store: StoreContext, r: Omit<SpeculativeResult, 'findings'>, answers = new Map<string, string>()): boolean {
  if (r.stamp.pending) return false;
  const now = reader.stamp(r.session);
  if (now.pending || now.digest !== r.stamp.digest) return false;
  for (const [model, factor] of Object.entries(r.stamp.factors)) if (now.factors[model] !== factor) return false;
  for (const l of r.lookups) {
    const q = l.kind === 'writes' ? JSON.stringify([l.users, l.ids]) : l.kind === 'users' ? JSON.stringify([l.tenant, l.limit]) : l.session;
    let answer = answers.get(`${l.kind}\0${q}`);
    if (answer === undefined) {
      answer = digest(
        l.kind === 'writes'
          ? store.memoryWritesKey(new Set(l.users), new Set(l.ids))
          : l.kind === 'users'
            ? store.memoryUsers(l.tenant, l.limit).join('\n')
            : spanAnswer(store.sessionSpan(l.session)),
      );
      answers.set(`${l.kind}\0${q}`, answer);
    }
    if (answer !== l.answer) return false;
  }
  return true;
}

/** Batches since a session was last touched before it counts as quiet. */
const QUIET_BATCHES = 3;
/** Sessions sent to the worker at a time, and batches in flight at most (the rest wait their turn). */
const SEND_SESSIONS = 8;
const MAX_IN_FLIGHT = 4;

export interface SpeculationStats {
  analysed: number;
  kept: number;
}

/** Feeds quiet sessions to one analysis worker during ingest, and keeps what still holds at the end. */
export class Speculator {
  /** started with the first sessions to send: a small input, all read before any session is quiet, never pays for a thread */
  private worker: Worker | null = null;
  /** sessions by the batch that last touched them, least recently touched first */
  private readonly lastSeen = new Map<string, number>();
  /** what each early result was computed from (its findings are in the findings table already) */
  private readonly results = new Map<string, Omit<SpeculativeResult, 'findings'>>();
  /** sessions whose early findings were written (kept or not: the ones not kept are removed at the end) */
  private readonly written = new Set<string>();
  /** sessions being analysed, and those among them touched again meanwhile */
  private readonly sent = new Set<string>();
  private readonly touchedAgain = new Set<string>();
  private batch = 0;
  private inFlight = 0;
  private failed: Error | null = null;
  private idle: (() => void) | null = null;
  /** the ingest writer's settleSessions, while ingest runs */
  private settle: ((sessions: readonly string[]) => string[]) | null = null;
  /** finish() gave the worker to the final pass, which terminates it */
  private handedOn = false;

  private constructor(
    private readonly db: Db,
    private readonly file: string,
    private readonly setup: WorkerSetup,
  ) {}

  private started(): Worker {
    if (!this.worker) {
      this.worker = analysisWorker(this.file, this.setup);
      this.worker.on('message', (m: WorkerReply) => this.received(m));
      this.worker.on('error', (err) => {
        this.failed = err;
        this.settled();
      });
    }
    return this.worker;
  }

  /** A speculator, or null where it cannot run (no compiled worker, a store in memory). */
  static start(db: Db, setup: Omit<WorkerSetup, 'dbFile'>): Speculator | null {
    const file = workerFile();
    if (!file || db.memory || !db.name) return null;
    // early findings go to the findings table as they come (memory stays flat): a run begins now
    beginFindings(db);
    return new Speculator(db, file, { ...setup, dbFile: db.name });
  }

  /** After a committed batch of ingest: these sessions changed; send the quiet ones on. */
  touched(sessions: ReadonlySet<string>, settle: (sessions: readonly string[]) => string[]): void {
    if (this.failed) return;
    this.settle = settle;
    this.batch++;
    for (const s of sessions) {
      this.lastSeen.delete(s);
      this.lastSeen.set(s, this.batch);
      this.results.delete(s);
      if (this.sent.has(s)) this.touchedAgain.add(s);
    }
    this.feed();
  }

  /** Send quiet sessions while the worker has room (after each batch of ingest and each reply). */
  private feed(): void {
    while (this.settle && !this.failed && this.inFlight < MAX_IN_FLIGHT) {
      const quiet: string[] = [];
      for (const [s, b] of this.lastSeen) {
        if (b > this.batch - QUIET_BATCHES || quiet.length >= SEND_SESSIONS) break;
        quiet.push(s);
      }
      if (quiet.length === 0) return;
      // a session whose prompts are still being counted stays at the front until the next batch
      const ready = this.settle(quiet);
      if (ready.length === 0) return;
      for (const s of ready) {
        this.lastSeen.delete(s);
        this.sent.add(s);
      }
      this.inFlight++;
      this.started().postMessage({ batch: this.batch, sessions: ready, stamped: true } satisfies WorkerBatch);
    }
  }

  private received(m: WorkerReply): void {
    this.inFlight--;
    if (m.error) this.failed = new Error(`analysis worker: ${m.error}`);
    for (const r of m.results ?? []) {
      this.sent.delete(r.session);
      if (this.touchedAgain.delete(r.session)) continue;
      try {
        appendFindings(this.db, r.findings);
      } catch (err) {
        this.failed = err as Error;
        break;
      }
      this.written.add(r.session);
      this.results.set(r.session, { session: r.session, stamp: r.stamp, lookups: r.lookups });
    }
    this.feed();
    if (this.inFlight === 0) this.settled();
  }

  /** Resolves when no batch is being analysed (or the worker failed). */
  drained(): Promise<void> {
    if (this.inFlight === 0 || this.failed) return Promise.resolve();
    return new Promise<void>((resolve) => (this.idle = resolve));
  }

  private settled(): void {
    const done = this.idle;
    this.idle = null;
    done?.();
  }

  /**
   * The end of ingest: wait for the batches in flight, remove the early findings of every session
   * whose result no longer holds, and return the sessions kept with the worker, warm, for the final
   * pass. A failed worker only costs its results.
   */
  async finish(reader: SessionReader, store: StoreContext): Promise<EarlyResults & { stats: SpeculationStats }> {
    this.settle = null;
    await this.drained();
    const kept = new Set<string>();
    if (this.failed) {
      await this.worker?.terminate();
      dropFindingsOf(this.db, this.written);
      return { kept, stats: { analysed: 0, kept: 0 } };
    }
    reader.refresh();
    const answers = new Map<string, string>();
    for (const r of this.results.values()) if (stillHolds(reader, store, r, answers)) kept.add(r.session);
    dropFindingsOf(
      this.db,
      [...this.written].filter((s) => !kept.has(s)),
    );
    // the worker, if one started, is handed on, warm, to the final pass
    this.worker?.removeAllListeners('message');
    this.worker?.removeAllListeners('error');
    this.handedOn = true;
    return { kept, worker: this.worker ?? undefined, stats: { analysed: this.results.size, kept: kept.size } };
  }

  /** Stop without results (ingest failed or was interrupted). */
  async stop(): Promise<void> {
    this.settle = null;
    if (!this.handedOn) await this.worker?.terminate();
  }
}
