import type { Db } from './connection.js';
import { sessionEvent, type SessionEvent, type StoredEventRow } from './session.js';
import { MEMORY_ID, MEMORY_USER } from './migrations/006-memory-keys.js';

/** A `memory_write` event of any session, shaped like a session's events (seq -1: outside the session being read). */
export interface StoredWriteEvent extends SessionEvent {
  session: string;
}

interface Row extends StoredEventRow {
  session: string;
}

/**
 * What long-term memory holds across sessions, asked for per session instead of read whole: a
 * store's memory writes grow with it, and each analysing thread held all of them (22 MB per thread
 * on the 500 MB bench). Statements are prepared once per connection.
 */
export class MemoryWrites {
  private readonly sessionsStmt;
  private readonly writesStmt;
  private readonly spanStmt;
  private readonly keysStmt;
  private readonly usersStmt;
  private readonly lastRowStmt;
  /** users() answers, with the store's last row when asked: a scan per tenant, not per session */
  private readonly usersCache = new Map<string, { last: number; users: string[] }>();

  constructor(private readonly db: Db) {
    // the partial expression indexes of migration 006 answer both halves
    this.sessionsStmt = db
      .prepare(
        `SELECT session FROM events WHERE kind = 'memory_write' AND ${MEMORY_USER} IN (SELECT value FROM json_each(?))
         UNION
         SELECT session FROM events WHERE kind = 'memory_write' AND ${MEMORY_ID} IN (SELECT value FROM json_each(?))`,
      )
      .pluck();
    this.writesStmt = db.prepare(
      `SELECT e.id, e.kind, e.session, e.ts, e.turn, e.actor, e.scope, e.event_id, s.path, e.line, e.body
       FROM events e JOIN sources s ON s.id = e.source_id
       WHERE e.session = ? AND e.kind = 'memory_write' ORDER BY e.ts, e.source_id, e.line, e.id`,
    );
    this.spanStmt = db.prepare('SELECT count(*) AS n, min(ts) AS first, max(ts) AS last FROM events WHERE session = ?');
    this.keysStmt = db.prepare(`SELECT id AS rowid, turn, ts FROM events WHERE session = ? AND kind = 'memory_write'`);
    // a scan of the memory writes (no index names the tenant): each answer kept until the store gains a row (users())
    this.usersStmt = db
      .prepare(
        `SELECT DISTINCT ${MEMORY_USER} FROM events WHERE kind = 'memory_write' AND ${MEMORY_USER} IS NOT NULL
         AND iif(json_valid(scope), json_extract(scope, '$.tenant'), NULL) IS ? ORDER BY 1 LIMIT ?`,
      )
      .pluck();
    this.lastRowStmt = db.prepare('SELECT max(id) FROM events').pluck();
  }

  /** writesKey(naming(users, ids)), read without parsing the writes: to check an earlier answer still holds. */
  namingKey(users: Iterable<string>, ids: Iterable<string>): string {
    const rows: { rowid: number; turn: number | null; ts: number }[] = [];
    for (const s of this.sessionsStmt.all(keys(users), keys(ids)) as string[]) rows.push(...(this.keysStmt.all(s) as typeof rows));
    return writesKey(rows.sort((a, b) => a.ts - b.ts || a.rowid - b.rowid));
  }

  /**
   * Every `memory_write` step, in time order, of the sessions where some write names one of
   * `users` (its scope's user) or `ids` (its memory_id): all steps of those sessions, so that the
   * caller groups a write's steps as a whole. Keys are matched as text and, when they read as a
   * number, as that number too (a log may write `"user": 7`); the caller compares them exactly.
   */
  naming(users: Iterable<string>, ids: Iterable<string>): StoredWriteEvent[] {
    const sessions = this.sessionsStmt.all(keys(users), keys(ids)) as string[];
    const out: StoredWriteEvent[] = [];
    for (const s of sessions.sort()) {
      for (const r of this.writesStmt.iterate(s) as Iterable<Row>) out.push({ ...sessionEvent(this.db, r, -1), session: r.session });
    }
    return out.sort((a, b) => a.ts - b.ts || a.rowid - b.rowid);
  }

  /**
   * The users (scope.user) with memory writes under a tenant (null: under none), sorted, at most
   * `limit`: the owners whose memories a prompt of that tenant could hold by mistake.
   */
  users(tenant: string | null, limit: number): string[] {
    const last = Number(this.lastRowStmt.get() ?? 0);
    const key = JSON.stringify([tenant, limit]);
    const hit = this.usersCache.get(key);
    if (hit && hit.last === last) return hit.users;
    const users = (this.usersStmt.all(tenant, limit) as unknown[]).map(String);
    this.usersCache.set(key, { last, users });
    return users;
  }

  /** First and last event time (epoch ms) of a session of the store. */
  span(session: string): { first: number; last: number } | undefined {
    const r = this.spanStmt.get(session) as { n: number; first: number; last: number };
    return r.n ? { first: r.first, last: r.last } : undefined;
  }
}

/** The identity of an answer of naming(): each write's row and turn (the only field that changes once written), in order. */
export function writesKey(rows: readonly { rowid: number; turn: number | null }[]): string {
  return rows.map((r) => `${r.rowid}:${r.turn ?? ''}`).join(',');
}

/** The keys as a JSON array for json_each: each as text, and as a number when it reads as one. */
function keys(values: Iterable<string>): string {
  const out: (string | number)[] = [];
  for (const v of values) {
    out.push(v);
    const n = Number(v);
    if (v.trim() !== '' && Number.isFinite(n)) out.push(n);
  }
  return JSON.stringify(out);
}
