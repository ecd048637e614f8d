import type { Db } from './connection.js';
import { shardOf, type Shard, type ShardBy } from '../events/shard.js';
import { storedEvents, type StoredEvent } from './export.js';

/**
 * The shards of a store (docs/scale.md). A session is owned by one shard, by the hash of its key;
 * its analysis also reads what other sessions left in long-term memory (recall-mismatch asks the
 * store for every memory write naming a user or memory id, and for when the writing session
 * started and ended). So each shard gets, beside the sessions it owns, the *context* of every
 * session that wrote to memory: all its `memory_write` events and its first and last events.
 * An analysis of a shard that looks only at the sessions it owns then gives the same findings
 * as an analysis of the whole store.
 */

/** Each session's shard key: its id, or (by user) the first `scope.user` of its events, else its id. */
export function sessionKeys(db: Db, by: ShardBy): Map<string, string> {
  const keys = new Map<string, string>();
  for (const s of db.prepare('SELECT DISTINCT session FROM events ORDER BY session').pluck().iterate() as Iterable<string>) keys.set(s, s);
  if (by === 'user') {
    const rows = db.prepare(
      `SELECT session, json_extract(scope, '$.user') AS user FROM events
       WHERE scope IS NOT NULL AND json_extract(scope, '$.user') IS NOT NULL ORDER BY session, ts, id`,
    );
    let last: string | null = null;
    for (const r of rows.iterate() as Iterable<{ session: string; user: string | number }>) {
      if (r.session === last) continue;
      last = r.session;
      keys.set(r.session, `user:${String(r.user)}`);
    }
  }
  return keys;
}

/** The shard of each session. */
export function sessionShards(db: Db, n: number, by: ShardBy): Map<string, number> {
  const out = new Map<string, number>();
  for (const [session, key] of sessionKeys(db, by)) out.set(session, shardOf(key, n));
  return out;
}

/** The sessions shard `s` owns. */
export function ownedSessions(db: Db, s: Shard): Set<string> {
  const out = new Set<string>();
  for (const [session, k] of sessionShards(db, s.n, s.by)) if (k === s.k) out.add(session);
  return out;
}

/** Events and sessions of the owned sessions only: the summary a shard's findings document gives. */
export function ownedStats(db: Db, owned: ReadonlySet<string>): { sessions: number; events: number } {
  let events = 0;
  for (const r of db.prepare('SELECT session, count(*) AS n FROM events GROUP BY session').iterate() as Iterable<{ session: string; n: number }>) {
    if (owned.has(r.session)) events += r.n;
  }
  return { sessions: owned.size, events };
}

/** Where each event of the store goes: its session's shard, and every shard when it is context. */
export interface RoutedEvent {
  event: StoredEvent;
  /** the shard owning the event's session */
  owner: number;
  /** other shards need it too (context: a memory write, or a writing session's first or last event) */
  context: boolean;
}

/** Every event of the store in stored order, with where it goes (one pass; memory: a few numbers per session). */
export function* routedEvents(db: Db, n: number, by: ShardBy): Generator<RoutedEvent> {
  const shards = sessionShards(db, n, by);
  // the span of each session that wrote to memory: its first and last event are context
  const spans = new Map<string, { first: number; last: number; firstTaken: boolean; lastTaken: boolean }>();
  for (const r of db
    .prepare(
      `SELECT session, min(ts) AS first, max(ts) AS last FROM events
       WHERE session IN (SELECT DISTINCT session FROM events WHERE kind = 'memory_write') GROUP BY session`,
    )
    .iterate() as Iterable<{ session: string; first: number; last: number }>) {
    spans.set(r.session, { first: r.first, last: r.last, firstTaken: false, lastTaken: false });
  }
  for (const event of storedEvents(db)) {
    let context = false;
    const span = spans.get(event.session);
    if (span) {
      if (event.kind === 'memory_write') context = true;
      if (!span.firstTaken && event.ts === span.first) context = span.firstTaken = true;
      if (!span.lastTaken && event.ts === span.last) context = span.lastTaken = true;
    }
    yield { event, owner: shards.get(event.session) ?? 0, context };
  }
}

/** A source of the store as a shard manifest lists it. */
export interface ShardedSource {
  path: string;
  format: string;
  sha256: string;
  events: number;
  bad_lines: number;
}

export function storeSources(db: Db): ShardedSource[] {
  return db.prepare('SELECT path, format, sha256, events, bad_lines FROM sources ORDER BY id').all() as ShardedSource[];
}
