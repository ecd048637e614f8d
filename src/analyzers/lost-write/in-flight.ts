/**
 * A write its memory layer reports as still being processed when the log ends. Mem0's platform (and
 * any asynchronous memory API with a status) accepts an add at once and finishes it seconds later:
 * an add accepted just before the log was taken is in flight, not lost. It is lost when the log goes
 * on well past it (other events, or the platform log's own `log_end` at its newest time) and the
 * memory layer still has not finished it.
 */
import type { EvidenceDraft } from '../define.js';
import type { SessionEvent } from '../../store/session.js';
import type { Write } from './writes.js';

/** The statuses a memory layer gives a write it has accepted and not finished (Mem0's platform: `status`). */
const OPEN = new Set(['PENDING', 'RUNNING', 'PROCESSING', 'QUEUED', 'IN_PROGRESS']);

/** The memory layer's own word that the write is still open, from its last step that says: null when none does. */
export function openStatus(w: Write): string | null {
  for (let i = w.steps.length - 1; i >= 0; i--) {
    const s = w.steps[i].body.status;
    if (typeof s === 'string') return OPEN.has(s.toUpperCase()) ? s.toUpperCase() : null;
  }
  return null;
}

/** Why a never-committed write is still open, when the log says: its memory layer's status, or an error that stopped its step. */
export interface Open {
  /** the status the log last gave it (`log_end`'s list, else its own steps), null when none */
  status: string | null;
  /** a task of the same step failed (a lifecycle `error` at the checkpoint the write's step started from) */
  stepError: { process: string; error: string } | null;
  evidence: EvidenceDraft[];
}

/**
 * What the log says kept a write open: the memory layer's own status at the log's end (a reader's
 * `log_end` lifecycle event lists the writes still open, `<write> <STATUS>`), or the error of a task of
 * the same step (LangGraph keeps a step's finished writes pending when a sibling fails, until the step
 * is run again). Null when it says neither.
 */
export function whyOpen(events: SessionEvent[], w: Write): Open | null {
  const own = openStatus(w);
  const evidence: EvidenceDraft[] = [];
  let status = own;
  if (own !== null) {
    const end = events.findLast((e) => e.kind === 'lifecycle' && e.body.event === 'log_end');
    const listed = Array.isArray(end?.body.open_writes) ? (end.body.open_writes as unknown[]).map(String) : [];
    const line = listed.find((l) => w.id.endsWith(`:${l.split(' ')[0]}`));
    status = line?.split(' ')[1] ?? own;
    if (end && line) {
      const text = `the log ends, taken at or after ${new Date(end.ts).toISOString()}: ${w.id} still ${status}`;
      evidence.push({ role: 'lifecycle', event: end, text, detail: { event: 'log_end', status } });
    }
  }
  const at = new Set(w.steps.flatMap((s) => (typeof s.body.checkpoint_id === 'string' ? [s.body.checkpoint_id] : [])));
  const failed = events.find((e) => e.kind === 'lifecycle' && e.body.event === 'error' && at.has(String(e.body.checkpoint_id)));
  const stepError = failed ? { process: String(failed.body.process ?? failed.actor ?? 'a task'), error: String(failed.body.error ?? '') } : null;
  if (failed && stepError) {
    evidence.push({
      role: 'lifecycle',
      event: failed,
      text: `${stepError.process}: error ${JSON.stringify(stepError.error)}`,
      detail: { event: 'error', ...stepError },
    });
  }
  return status !== null || stepError ? { status, stepError, evidence } : null;
}

/** Still open at its memory layer, and the log ends less than `graceMs` after it was accepted. */
export function inFlight(w: Write, endTs: number, graceMs: number): boolean {
  const start = w.ack ?? w.steps[0];
  return w.status === 'pending' && openStatus(w) !== null && endTs - start.ts < graceMs;
}
