/**
 * The Replay pane's worker thread: replays one session through the reference memory engine off
 * the TUI's input path (replay-job.ts starts it). Answers one message, then exits.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { replaySession } from '../lab/replay/replay.js';
import type { SessionData } from '../store/session.js';
import type { ModelOverride } from '../tokens/models.js';

const { data, models } = workerData as { data: SessionData; models: Record<string, ModelOverride> };
try {
  parentPort!.postMessage({ report: replaySession(data, { models }) });
} catch (e) {
  parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e) });
}
