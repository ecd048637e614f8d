/**
 * The Replay pane's worker thread: replays one session through the reference memory engine off
 * the TUI's input path (replay-job.ts starts it). Answers one message, then exits.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { replaySession } from '../lab/replay/replay.js';
import { openStore } from '../store/connection.js';
import { SessionReader, type SessionData } from '../store/session.js';
import { planOf } from '../analysis/plan.js';
import type { ReplayWorkerData, ReplayWorkerMessage } from './replay-job.js';

/** Progress is said at most this often: the UI thread redraws the pane on each. */
const PROGRESS_MS = 100;

const { data, read, spec } = workerData as ReplayWorkerData;
const say = (m: ReplayWorkerMessage) => parentPort!.postMessage(m);
try {
  let session: SessionData;
  if (data) session = data;
  else {
    const db = openStore(read!.file, { readonly: true });
    try {
      session = new SessionReader(db, read!.models).load(read!.session);
    } finally {
      db.close();
    }
  }
  let last = 0;
  const progress = (done: number, total: number) => {
    const now = Date.now();
    if (now - last < PROGRESS_MS && done < total) return;
    last = now;
    say({ progress: [done, total] });
  };
  say({ report: replaySession(session, { plan: planOf(spec), progress }) });
} catch (e) {
  say({ error: e instanceof Error ? e.message : String(e) });
}
