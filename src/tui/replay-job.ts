import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { replaySession, type ReplayReport } from '../lab/replay/replay.js';
import type { SessionData } from '../store/session.js';
import { planOf, type PlanSpec } from '../analysis/plan.js';

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

/**
 * Replay a session off the input path: in a worker thread when the compiled worker is there,
 * else in this thread after the current frame has been drawn (setImmediate), which the tests use.
 * `load` reads the session from the store (synchronous SQLite: a page of events at a time); `spec`
 * is the command's analysis plan, the same one `amnesia replay` judges with.
 */
export function startReplay(load: () => SessionData, spec: PlanSpec, opts: { worker?: boolean } = {}): ReplayJob {
  let cancelled = false;
  let worker: Worker | null = null;
  let reject: (e: Error) => void = () => {};
  const promise = new Promise<ReplayReport>((resolve, rej) => {
    reject = rej;
    setImmediate(() => {
      if (cancelled) return;
      let data: SessionData;
      try {
        data = load();
      } catch (e) {
        rej(e instanceof Error ? e : new Error(String(e)));
        return;
      }
      if (opts.worker ?? workerAvailable()) {
        worker = new Worker(WORKER, { workerData: { data, spec } });
        worker.once('message', (m: { report?: ReplayReport; error?: string }) => {
          if (m.report) resolve(m.report);
          else rej(new Error(m.error ?? 'the replay failed'));
          void worker?.terminate();
        });
        worker.once('error', (e) => rej(e));
        worker.once('exit', (code) => {
          if (!cancelled && code !== 0) rej(new Error(`the replay worker stopped (exit code ${code})`));
        });
      } else {
        try {
          resolve(replaySession(data, { plan: planOf(spec) }));
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
