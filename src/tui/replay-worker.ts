/**
 * The Replay pane's worker thread: replays one session through the reference memory engine off
 * the TUI's input path (replay-job.ts starts it). Answers one message, then exits.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { replaySession } from '../lab/replay/replay.js';
import type { SessionData } from '../store/session.js';
import { planOf, type PlanSpec } from '../analysis/plan.js';

const { data, spec } = workerData as { data: SessionData; spec: PlanSpec };
try {
  parentPort!.postMessage({ report: replaySession(data, { plan: planOf(spec) }) });
} catch (e) {
  parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e) });
}
