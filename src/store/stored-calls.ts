import type { Statement } from 'better-sqlite3';
import type { Db } from './connection.js';

/** A stored request without messages (ingest/types.ts StoredCall). */
export interface StoredCallRow {
  session: string;
  turnKey: string | null;
  body: Record<string, unknown>;
}

/**
 * The store's requests that have no messages, by the span id of their event (`<spanId>:request`, as
 * the OTLP readers name them): the model calls whose GenAI log records a later ingest may bring.
 * One pass over the requests without messages per file that asks, however many spans it names.
 */
export class StoredCalls {
  private readonly find: Statement;
  private readonly emptyRequest: Statement;
  private readonly dropRequest: Statement;
  private readonly setBody: Statement;

  constructor(db: Db) {
    this.emptyRequest = db
      .prepare('SELECT e.id FROM events e JOIN requests r ON r.event = e.id WHERE e.session = ? AND e.dedupe = ? AND r.message_count = 0')
      .pluck();
    this.dropRequest = db.prepare('DELETE FROM requests WHERE event = ?');
    this.setBody = db.prepare('UPDATE events SET body = ? WHERE id = ?');
    this.find = db.prepare(
      `SELECT e.event_id AS eventId, e.session, e.turn_key AS turnKey, e.body FROM requests r JOIN events e ON e.id = r.event
       WHERE r.message_count = 0 AND e.kind = 'request' AND e.event_id IN (SELECT value FROM json_each(?))`,
    );
  }

  bySpan(spanIds: string[]): Map<string, StoredCallRow> {
    const out = new Map<string, StoredCallRow>();
    const rows = this.find.all(JSON.stringify(spanIds.map((s) => `${s}:request`))) as {
      eventId: string;
      session: string;
      turnKey: string | null;
      body: string;
    }[];
    for (const r of rows) out.set(r.eventId.slice(0, -':request'.length), { session: r.session, turnKey: r.turnKey, body: JSON.parse(r.body) });
    return out;
  }

  /**
   * A request that completes a stored one (IngestItem `completes`): when the stored request of this
   * id has no messages, it takes the new body and `write` gives it the messages; true when it did.
   * Call inside the writer's transaction.
   */
  complete(session: string, dedupe: Buffer, body: string, write: (eventId: number) => void): boolean {
    const id = this.emptyRequest.get(session, dedupe) as number | undefined;
    if (id === undefined) return false;
    this.dropRequest.run(id);
    this.setBody.run(body, id);
    write(id);
    return true;
  }
}
