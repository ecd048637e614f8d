import type { Db } from './connection.js';
import { sessionEvent, type SessionEvent, type StoredEventRow } from './session.js';
import { parseStored } from './rows.js';
import { StoreError } from '../errors.js';

/**
 * One stored event as a native `amnesia.events/v1` object: the envelope from the store's columns (the
 * turn as numbered at ingest, the time as ISO-8601), the body as read, a request's messages put back.
 * With `origin`, the event also names where it was first read (EVENTS.md `origin`), so that findings
 * on a re-ingested export point at the original file and line.
 */
export function nativeEvent(e: SessionEvent, session: string, opts: { messages?: readonly unknown[]; origin?: boolean } = {}): Record<string, unknown> {
  const { kind: _k, ts: _t, session: _s, turn: _u, id: _i, actor: _a, scope: _c, origin: _o, ...rest } = e.body as Record<string, unknown>;
  void _k, _t, _s, _u, _i, _a, _c, _o;
  const messages = opts.messages ?? e.request?.messages.map((m) => m.raw);
  return {
    kind: e.kind,
    ts: new Date(e.ts).toISOString(),
    session,
    ...(e.turn !== null ? { turn: e.turn } : {}),
    ...(e.eventId !== null ? { id: e.eventId } : {}),
    ...(e.actor !== null ? { actor: e.actor } : {}),
    ...(e.scope !== null ? { scope: e.scope } : {}),
    ...rest,
    ...(messages ? { messages } : {}),
    ...(opts.origin ? { origin: e.source } : {}),
  };
}

/** An event of the store, in the order it was stored; its native form is built only when asked for. */
export interface StoredEvent {
  rowid: number;
  session: string;
  kind: string;
  ts: number;
  native(origin: boolean): Record<string, unknown>;
}

interface Row extends StoredEventRow {
  session: string;
  messages: string | null;
}

/** Distinct messages kept for the requests that follow (a log repeats its history in every request). */
const MESSAGE_CACHE = 20_000;

/**
 * Every event of the store in the order it was stored (the rowid order a re-ingest of the output
 * reproduces), one row at a time: memory stays flat whatever the store's size (at most
 * `messageCache` distinct messages kept for the requests that follow).
 */
export function* storedEvents(db: Db, messageCache = MESSAGE_CACHE): Generator<StoredEvent> {
  const rows = db.prepare(
    `SELECT e.id, e.kind, e.session, e.ts, e.turn, e.actor, e.scope, e.event_id, s.path, e.line, e.body, r.messages
     FROM events e JOIN sources s ON s.id = e.source_id LEFT JOIN requests r ON r.event = e.id ORDER BY e.id`,
  );
  const messageStmt = db.prepare('SELECT id, json FROM messages WHERE id IN (SELECT value FROM json_each(?))');
  const cache = new Map<number, unknown>();
  const messagesOf = (row: Row): unknown[] => {
    const ids = parseStored<number[]>(db, row.messages ?? '[]', 'request', row.id);
    // this request's messages are taken before the cache makes room for its new ones: making room
    // may drop a message of this very request (on a store past the cache's size, a request lost one
    // of its messages in the export until this was so)
    const mine = new Map<number, unknown>();
    const missing: number[] = [];
    for (const id of ids) {
      if (cache.has(id)) mine.set(id, cache.get(id));
      else missing.push(id);
    }
    if (missing.length) {
      for (const m of messageStmt.iterate(JSON.stringify(missing)) as Iterable<{ id: number; json: string }>) {
        const message = parseStored<unknown>(db, m.json, 'message', m.id);
        mine.set(m.id, message);
        if (cache.size >= messageCache) cache.delete(cache.keys().next().value as number);
        cache.set(m.id, message);
      }
    }
    return ids.map((id) => {
      if (!mine.has(id)) throw new StoreError(`the evidence store is damaged: request ${row.id} names message ${id}, which it does not hold`);
      return mine.get(id);
    });
  };
  for (const row of rows.iterate() as Iterable<Row>) {
    yield {
      rowid: row.id,
      session: row.session,
      kind: row.kind,
      ts: row.ts,
      native: (origin) => {
        const e = sessionEvent(db, row, 0);
        return nativeEvent(e, row.session, { messages: row.messages !== null ? messagesOf(row) : undefined, origin });
      },
    };
  }
}
