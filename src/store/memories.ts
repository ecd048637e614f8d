import type { Db } from './connection.js';
import { sessionEvent, type SessionEvent, type StoredEventRow } from './session.js';

/** A `memory_write` event of any session, shaped like a session's events (seq -1: outside the session being read). */
export interface StoredWriteEvent extends SessionEvent {
  session: string;
}

interface Row extends StoredEventRow {
  session: string;
}

/**
 * Every `memory_write` event of the store, in time order: what long-term memory holds across
 * sessions. Read once per analysis run (writes are few next to requests) and shared by sessions.
 */
export function memoryWritesOfStore(db: Db): StoredWriteEvent[] {
  const rows = db
    .prepare(
      `SELECT e.id, e.kind, e.session, e.ts, e.turn, e.actor, e.scope, e.event_id, s.path, e.line, e.body
       FROM events e JOIN sources s ON s.id = e.source_id
       WHERE e.kind = 'memory_write' ORDER BY e.ts, e.source_id, e.line, e.id`,
    )
    .iterate() as Iterable<Row>;
  const out: StoredWriteEvent[] = [];
  for (const r of rows) out.push({ ...sessionEvent(db, r, -1), session: r.session });
  return out;
}

/** First and last event time (epoch ms) of every session of the store. */
export function sessionSpans(db: Db): Map<string, { first: number; last: number }> {
  const rows = db.prepare('SELECT session, min(ts) AS first, max(ts) AS last FROM events GROUP BY session').all() as { session: string; first: number; last: number }[];
  return new Map(rows.map((r) => [r.session, { first: r.first, last: r.last }]));
}
