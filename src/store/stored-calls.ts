import type { Statement } from 'better-sqlite3';
import type { Resolve } from '../events/item.js';
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
  private readonly held: Statement;
  private readonly dropBad: Statement;
  private readonly setBad: Statement;
  private readonly uncount: Statement;

  constructor(db: Db) {
    this.emptyRequest = db
      .prepare('SELECT e.id FROM events e JOIN requests r ON r.event = e.id WHERE e.session = ? AND e.dedupe = ? AND r.message_count = 0')
      .pluck();
    this.dropRequest = db.prepare('DELETE FROM requests WHERE event = ?');
    this.setBody = db.prepare('UPDATE events SET body = ? WHERE id = ?');
    // the reason the OTLP readers give log records whose span is not there (otlp/read.ts orphanReason)
    this.held = db.prepare("SELECT id, raw FROM bad_lines WHERE instr(reason, 'no span with this spanId') > 0 ORDER BY id");
    this.dropBad = db.prepare('DELETE FROM bad_lines WHERE id = ? RETURNING source_id AS source');
    this.setBad = db.prepare('UPDATE bad_lines SET raw = ?, raw_bytes = ?, reason = ? WHERE id = ?');
    this.uncount = db.prepare('UPDATE sources SET bad_lines = max(0, bad_lines - 1) WHERE id = ?');
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

  /** The readers' lookups for joins across ingests (ingest/types.ts ReadOptions `storedCalls`, `heldRecords`). */
  lookups(): { storedCalls: (spanIds: string[]) => Map<string, StoredCallRow>; heldRecords: () => { id: number; raw: string }[] } {
    return { storedCalls: (ids) => this.bySpan(ids), heldRecords: () => this.heldRecords() };
  }

  /** Bad lines holding GenAI log records whose span was not there when they were read (their texts, one record a line). */
  heldRecords(): { id: number; raw: string }[] {
    return (this.held.all() as { id: number; raw: Buffer }[]).map((r) => ({ id: r.id, raw: Buffer.from(r.raw).toString('utf8') }));
  }

  /**
   * Bad lines an event settles (IngestItem `resolves`): rewritten to what is left, or deleted and
   * uncounted from their source. Idempotent (several spans may settle one line). Inside the writer's transaction.
   */
  resolve(list: Resolve[]): void {
    for (const r of list) {
      if (r.raw) this.setBad.run(r.raw, r.raw.length, r.reason, r.id);
      else {
        const gone = this.dropBad.get(r.id) as { source: number } | undefined;
        if (gone) this.uncount.run(gone.source);
      }
    }
  }
}
