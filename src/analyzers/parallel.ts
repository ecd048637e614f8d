import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Db } from '../store/connection.js';
import { SessionReader } from '../store/session.js';
import { beginFindings, appendFindings, commitFindings } from '../store/findings.js';
import type { Finding } from '../findings/types.js';
import type { Analyzer } from './define.js';
import { runOnSession, storeContext } from './run.js';
import type { WorkerBatch, WorkerReply, WorkerSetup } from './worker-protocol.js';
import { settings } from '../settings.js';

export type { WorkerBatch, WorkerReply, WorkerSetup } from './worker-protocol.js';

/** Sessions handed to a worker at a time: large enough to amortise messaging, small enough to balance. */
const BATCH_SESSIONS = 32;

/** Sessions the main thread analyzes at a time, between workers' replies (it also writes their findings). */
const LOCAL_BATCH_SESSIONS = 8;

/**
 * How many threads analyze: AMNESIA_WORKERS, else one per core (at most 8); 1 means in-process.
 * The main thread is one of them: n threads are n - 1 workers and the main thread.
 */
export function workerCount(): number {
  const env = settings().workers;
  if (env !== undefined && Number.isInteger(env)) return Math.min(env, 32);
  return Math.max(1, Math.min(8, os.availableParallelism()));
}

/**
 * An analysis worker's heap, in MB. Its young generation: V8's default (up to 48 MB per thread)
 * stays committed under the churn of reading sessions; at 12 MB scavenges were over a quarter of
 * the worker's time on coding agents' transcripts, and 32 MB cut triage's CPU time by about 8% on
 * 50 MB of them (issue 28) for 25 MB more peak memory. Its old
 * generation: a limit under 2 GB also lowers how far V8 lets the heap grow past what is live (to
 * 1.6x at 1 GB instead of 4x); AMNESIA_WORKER_HEAP_MB changes it. A worker that runs out of it
 * leaves its sessions to the main thread (see `lost` below).
 */
const workerHeap = () => ({ maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: settings().workerHeapMb });

/** An analysis worker thread (worker.ts) over the store named in its setup. */
export function analysisWorker(file: string, workerData: WorkerSetup): Worker {
  return new Worker(file, { workerData, resourceLimits: workerHeap() });
}

/** What the early analysis during ingest leaves the final pass (speculate.ts). */
export interface EarlyResults {
  /** the sessions whose early results still hold: their findings are in the findings table, begun by it */
  kept: ReadonlySet<string>;
  /** its worker, warm, for the final pass to use (and terminate) */
  worker?: Worker;
}

/** Who watches a run on worker threads: how far it is, and a way to stop it (the TUI's `analyzing`). */
export interface RunWatch {
  /** after every batch: sessions analyzed so far, of `total` */
  progress?: (done: number, total: number) => void;
  /** the store's sessions (the caller counted them); progress is not reported without it */
  total?: number;
  /** stops the run between two batches: the promise rejects with the signal's reason, nothing is committed (no fingerprint) */
  signal?: AbortSignal;
}

export function workerFile(): string | null {
  const file = fileURLToPath(new URL('./worker.js', import.meta.url));
  return fs.existsSync(file) ? file : null;
}

/**
 * Run the analyzers over every session of a file store on worker threads (sessions are
 * independent), writing the findings into the store's findings table in short transactions, and
 * the fingerprint last: an interrupted run leaves no fingerprint, so the next run starts again.
 * Returns false (and does nothing) when a parallel run is not worth it or not possible: the
 * caller then analyzes in-process, with the same result.
 */
export async function analyzeInParallel(
  db: Db,
  analyzers: readonly Analyzer[],
  setup: Omit<WorkerSetup, 'dbFile' | 'analyzers'>,
  fingerprint: string,
  early?: EarlyResults,
  log: (line: string) => void = () => {},
  watch: RunWatch = {},
): Promise<boolean> {
  const n = workerCount();
  const file = workerFile();
  if (n < 2 || !file || db.memory || db.readonly || !db.name) {
    await early?.worker?.terminate();
    return false;
  }
  const reader = new SessionReader(db, setup.models);
  // sessions analysed during ingest whose results still hold (speculate.ts) are not analysed again
  const kept = early?.kept;
  const ids = (function* (all: Generator<string>) {
    for (const id of all) if (!kept?.has(id)) yield id;
  })(reader.sessionIds());
  const first: string[] = [];
  // below this many sessions, starting workers costs more than it saves
  const minSessions = settings().parallelMinSessions;
  // (not for...of: breaking out of it would close the generator)
  for (let r = ids.next(); !r.done; r = ids.next()) {
    first.push(r.value);
    if (first.length >= minSessions) break;
  }
  if (first.length < minSessions && !kept?.size) {
    await early?.worker?.terminate();
    return false;
  }

  const workerData: WorkerSetup = { ...setup, dbFile: db.name, analyzers: analyzers.map((a) => a.meta.id) };
  // a worker holds its own copy of the lexicons, the language model and a store cache: the main
  // thread, idle between replies otherwise, takes the place of one, and the worker that analysed
  // during ingest, warm, the place of another
  const workers = early?.worker ? [early.worker] : [];
  while (workers.length < n - 1) workers.push(analysisWorker(file, workerData));
  const store = storeContext(db);
  // an early analysis began the run and wrote the findings of the sessions it kept
  if (!early) beginFindings(db);
  try {
    await distribute(
      workers,
      first,
      ids,
      (sessions) => {
        const findings: Finding[] = [];
        for (const id of sessions) findings.push(...runOnSession(analyzers, reader.load(id), setup.options, store));
        appendFindings(db, findings);
      },
      (findings) => appendFindings(db, findings),
      log,
      watch,
      kept?.size ?? 0,
    );
    commitFindings(db, fingerprint);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return true;
}

/**
 * Analyse `first`, then the rest of `ids`, on the workers and on this thread (`here`: a small
 * batch at a time, then back to the event loop for the workers' replies, whose findings go to
 * `store`). Resolves when every session is analysed.
 */
function distribute(
  workers: readonly Worker[],
  first: readonly string[],
  ids: Iterator<string>,
  here: (sessions: string[]) => void,
  store: (findings: Finding[]) => void,
  log: (line: string) => void,
  watch: RunWatch,
  already: number,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const pending = first.slice();
    let exhausted = false;
    let batch = 0;
    let inFlight = 0;
    let failed = false;
    let done = already;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      watch.signal?.removeEventListener('abort', aborted);
      reject(err);
    };
    const aborted = () => fail(watch.signal?.reason instanceof Error ? watch.signal.reason : new Error('analysis stopped'));
    if (watch.signal?.aborted) return aborted();
    watch.signal?.addEventListener('abort', aborted, { once: true });
    const finished = () => {
      watch.signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const progressed = (sessions: number) => {
      done += sessions;
      if (watch.total !== undefined) watch.progress?.(done, watch.total);
    };
    const next = (size = BATCH_SESSIONS): string[] => {
      while (!exhausted && pending.length < size) {
        const r = ids.next();
        if (r.done) exhausted = true;
        else pending.push(r.value);
      }
      return pending.splice(0, size);
    };
    /** batches each worker has not answered yet, to be analysed here if the worker dies */
    const sent = new Map<Worker, Map<number, string[]>>(workers.map((w) => [w, new Map()]));
    const feed = (w: Worker) => {
      if (failed || !sent.has(w)) return;
      const sessions = next();
      if (sessions.length === 0) {
        if (inFlight === 0) finished();
        return;
      }
      inFlight++;
      sent.get(w)!.set(batch, sessions);
      w.postMessage({ batch: batch++, sessions } satisfies WorkerBatch);
    };
    // a worker that dies (out of its heap on a huge session) leaves its batches to this thread,
    // whose heap is not bounded
    const lost = (w: Worker, err: Error) => {
      const batches = sent.get(w);
      if (!batches || failed) return;
      sent.delete(w);
      if (batches.size === 0) return; // (terminated at the end, or idle)
      for (const sessions of batches.values()) {
        inFlight--;
        pending.unshift(...sessions);
      }
      log(`analysis worker stopped (${err.message.split('\n')[0]}); its sessions are analysed on the main thread`);
      setImmediate(local);
    };
    // the main thread's share: a small batch at a time, then back to the event loop for replies
    const local = () => {
      if (failed) return;
      const sessions = next(LOCAL_BATCH_SESSIONS);
      if (sessions.length === 0) {
        if (inFlight === 0) finished();
        return;
      }
      try {
        here(sessions);
      } catch (err) {
        return fail(err as Error);
      }
      progressed(sessions.length);
      setImmediate(local);
    };
    for (const w of workers) {
      w.on('message', (m: WorkerReply) => {
        if (failed) return;
        inFlight--;
        const sessions = sent.get(w)?.get(m.batch)?.length ?? 0;
        sent.get(w)?.delete(m.batch);
        if (m.error) return fail(new Error(`analysis worker: ${m.error}`));
        // the findings table is read back in report order, so batches may land in any order
        try {
          store(m.findings ?? []);
        } catch (err) {
          return fail(err as Error);
        }
        progressed(sessions);
        feed(w);
      });
      w.on('error', (err) => lost(w, err));
      w.on('exit', (code) => {
        if (code !== 0) lost(w, new Error(`exited with ${code}`));
      });
    }
    // two batches per worker keep every core busy while the main thread writes
    for (let i = 0; i < 2; i++) for (const w of workers) feed(w);
    setImmediate(local);
  });
}
