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

/**
 * A write left open at its memory layer, as the log's end shows it: its latest status (a reader's
 * `log_end` lifecycle event lists the writes still open, `<write> <STATUS>`, else the write's own steps
 * say) and that event as evidence. Null when the memory layer never said the write was open.
 */
export function leftOpen(events: SessionEvent[], w: Write): { status: string; evidence: EvidenceDraft | null } | null {
  const own = openStatus(w);
  if (own === null) return null;
  const end = events.findLast((e) => e.kind === 'lifecycle' && e.body.event === 'log_end');
  const listed = Array.isArray(end?.body.open_writes) ? (end.body.open_writes as unknown[]).map(String) : [];
  const line = listed.find((l) => w.id.endsWith(`:${l.split(' ')[0]}`));
  const status = line?.split(' ')[1] ?? own;
  if (!end || !line) return { status, evidence: null };
  const text = `the log ends, taken at or after ${new Date(end.ts).toISOString()}: ${w.id} still ${status}`;
  return { status, evidence: { role: 'lifecycle', event: end, text, detail: { event: 'log_end', status } } };
}

/** Still open at its memory layer, and the log ends less than `graceMs` after it was accepted. */
export function inFlight(w: Write, endTs: number, graceMs: number): boolean {
  const start = w.ack ?? w.steps[0];
  return w.status === 'pending' && openStatus(w) !== null && endTs - start.ts < graceMs;
}
