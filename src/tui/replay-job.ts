import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { replaySession, type ReplayReport } from '../lab/replay/replay.js';
import type { SessionData } from '../store/session.js';
import { planOf, type PlanSpec } from '../analysis/plan.js';
import type { ModelOverride } from '../tokens/models.js';

/** A replay under way: its result, and a way to stop it (the worker is terminated). */
export interface ReplayJob {
  promise: Promise<ReplayReport>;
  cancel(): void;
}

export class ReplayCancelled extends Error {
  constructor() {
    super('replay cancelled');
  }
}

const WORKER = new URL('./replay-worker.js', import.meta.url);

/** Is the compiled worker there (dist/)? Under the TypeScript sources (tests) it is not. */
export function workerAvailable(): boolean {
  return fs.existsSync(fileURLToPath(WORKER));
}

/** Where the session to replay comes from. */
export interface ReplaySource {
  /** read it on this thread (synchronous SQLite; a store in memory, the tests without a worker) */
  load: () => SessionData;
  /** the store's file: the worker reads the session itself, and the UI thread reads nothing (a 5,000-turn session took seconds) */
  file?: string;
  session?: string;
  /** the models the session's prompts are counted with (store/session.ts SessionReader) */
  models?: Record<string, ModelOverride>;
}

/** What the worker is given (replay-worker.ts): the session, or where to read it. */
export interface ReplayWorkerData {
  data?: SessionData;
  read?: { file: string; session: string; models: Record<string, ModelOverride> };
  spec: PlanSpec;
}

/** What the worker says: how far it is (requests replayed, of the session's), then the report or why it failed. */
export type ReplayWorkerMessage = { progress: [number, number] } | { report: ReplayReport } | { error: string };

/**
 * Replay a session off the input path: in a worker thread when the compiled worker is there,
 * else in this thread after the current frame has been drawn (setImmediate), which the tests use.
 * The worker reads the session from the store's file when it is given (else `load` reads it here,
 * a page of events at a time) and says how far it is (`progress`: requests replayed, of the
 * session's); `spec` is the command's analysis plan, the same one `amnesia replay` judges with.
 */
export function startReplay(
  source: ReplaySource,
  spec: PlanSpec,
  opts: { worker?: boolean; progress?: (done: number, total: number) => void } = {},
): ReplayJob {
  let cancelled = false;
  let worker: Worker | null = null;
  let reject: (e: Error) => void = () => {};
  const promise = new Promise<ReplayReport>((resolve, rej) => {
    reject = rej;
    setImmediate(() => {
      if (cancelled) return;
      const inWorker = opts.worker ?? workerAvailable();
      let workerData: ReplayWorkerData;
      if (inWorker && source.file && source.session !== undefined) {
        workerData = { read: { file: source.file, session: source.session, models: source.models ?? {} }, spec };
      } else {
        try {
          workerData = { data: source.load(), spec };
        } catch (e) {
          rej(e instanceof Error ? e : new Error(String(e)));
          return;
        }
      }
      if (inWorker) {
        worker = new Worker(WORKER, { workerData });
        worker.on('message', (m: ReplayWorkerMessage) => {
          if ('progress' in m) return opts.progress?.(...m.progress);
          if ('report' in m) resolve(m.report);
          else rej(new Error(m.error ?? 'the replay failed'));
          void worker?.terminate();
        });
        worker.once('error', (e) => rej(e));
        worker.once('exit', (code) => {
          if (!cancelled && code !== 0) rej(new Error(`the replay worker stopped (exit code ${code})`));
        });
      } else {
        try {
          resolve(replaySession(workerData.data!, { plan: planOf(spec), progress: opts.progress }));
        } catch (e) {
          rej(e instanceof Error ? e : new Error(String(e)));
        }
      }
    });
  });
  // a cancelled or failed replay is reported through the promise; nobody has to listen
  promise.catch(() => {});
  return {
    promise,
    cancel: () => {
      if (cancelled) return;
      cancelled = true;
      if (worker) void worker.terminate();
      reject(new ReplayCancelled());
    },
  };
}
