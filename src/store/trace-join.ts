import type { Statement } from 'better-sqlite3';
import type { Db } from './connection.js';
import { sha1 } from './message-key.js';

/** The dedupe key of an event with an id (EvidenceWriter): its id is unique within its session and kind. */
export function idDedupe(session: string, kind: string, eventId: string): Buffer {
  return sha1(`id\0${session}\0${kind}\0${eventId}`);
}

/**
 * One trace, one session, across files and ingests. A reader gives a trace whose spans name no
 * session the trace id as its session (otlp/session.ts), with the turn key `trace:<id>`. The span
 * that names the session may be in another file: the app's own turn span exported apart from the
 * instrumentation's, an exporter's spans split over two files, or ingested on another day. After
 * each file, for the sessions it touched, a trace stored under both its own id and a named session
 * is moved into the named one (its events, their requests; an event the named session already holds,
 * the same span read twice, is dropped as the duplicate it is). A trace named by two sessions (two
 * conversations claiming it) stays where it is.
 */
export class TraceJoin {
  private readonly keysOf: Statement;
  private readonly named: Statement;
  private readonly has: Statement;
  private readonly rows: Statement;
  private readonly exists: Statement;
  private readonly move: Statement;
  private readonly moveRequest: Statement;
  private readonly drop: Statement;
  private readonly dropRequest: Statement;

  constructor(db: Db) {
    this.keysOf = db.prepare(`SELECT DISTINCT turn_key FROM events WHERE session = ? AND turn_key >= 'trace:' AND turn_key < 'trace;'`).pluck();
    this.named = db.prepare('SELECT DISTINCT session FROM events WHERE turn_key = ? AND session <> ?').pluck();
    this.has = db.prepare('SELECT 1 FROM events WHERE session = ? AND turn_key = ? LIMIT 1').pluck();
    this.rows = db.prepare('SELECT id, kind, event_id AS eventId, dedupe FROM events WHERE session = ? AND turn_key = ?');
    this.exists = db.prepare('SELECT 1 FROM events WHERE session = ? AND dedupe = ?').pluck();
    this.move = db.prepare('UPDATE events SET session = ?, dedupe = ? WHERE id = ?');
    this.moveRequest = db.prepare('UPDATE requests SET session = ? WHERE event = ?');
    this.drop = db.prepare('DELETE FROM events WHERE id = ?');
    this.dropRequest = db.prepare('DELETE FROM requests WHERE event = ?');
  }

  /** Join the traces of these sessions; returns the sessions that gained events (to renumber). Call inside a transaction. */
  join(sessions: readonly string[]): string[] {
    const gained = new Set<string>();
    for (const s of sessions) {
      for (const key of this.keysOf.all(s) as string[]) {
        const trace = key.slice('trace:'.length);
        if (s === trace) {
          // this session is the trace's own: is it named elsewhere, by one session only?
          const named = this.named.all(key, s) as string[];
          if (named.length === 1 && this.moveTrace(trace, named[0], key)) gained.add(named[0]);
        } else if (this.has.get(trace, key) && (this.named.all(key, trace) as string[]).length === 1) {
          if (this.moveTrace(trace, s, key)) gained.add(s);
        }
      }
    }
    return [...gained];
  }

  private moveTrace(from: string, to: string, key: string): boolean {
    const rows = this.rows.all(from, key) as { id: number; kind: string; eventId: string | null; dedupe: Buffer }[];
    for (const r of rows) {
      const dedupe = r.eventId !== null ? idDedupe(to, r.kind, r.eventId) : r.dedupe;
      if (this.exists.get(to, dedupe)) {
        this.dropRequest.run(r.id);
        this.drop.run(r.id);
        continue;
      }
      this.move.run(to, dedupe, r.id);
      this.moveRequest.run(to, r.id);
    }
    return rows.length > 0;
  }
}
