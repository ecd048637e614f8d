import os from 'node:os';
import type { Statement } from 'better-sqlite3';
import type { Db } from './connection.js';
import type { IngestItem } from '../events/item.js';
import type { ChatMessage } from '../events/types.js';
import { modelInfo, type EncodingName, type ModelOverride } from '../tokens/models.js';
import { TOKENS_PER_REQUEST } from '../tokens/count.js';
import type { TokenJob, TokenResult } from '../tokens/pool.js';
import { StoredCalls } from './stored-calls.js';
import { idDedupe, TraceJoin } from './trace-join.js';
import { TurnNumbering } from './turns.js';
import { settings } from '../settings.js';
import { pendingOwner, processAlive } from './pending.js';
import { sha1 } from './message-key.js';
import { MessageRows } from './message-rows.js';

export { pendingSha } from './pending.js';

export interface SourceRow {
  id: number;
  sha256: string;
  path: string;
  status: 'ingesting' | 'complete';
  items_done: number;
  events: number;
  duplicates: number;
  bad_lines: number;
  size?: number;
}

export interface BatchResult {
  inserted: number;
  duplicates: number;
  bad: number;
  byKind: Record<string, number>;
}

/**
 * Bad lines kept per source (AMNESIA_MAX_BAD_LINES / AMNESIA_MAX_BAD_BYTES override): past either
 * bound a bad line is still counted (sources.bad_lines, the summary) but its bytes are not stored,
 * so a small hostile input (a gzip of endless bad lines) cannot grow the store without bound. Read per writer.
 */
const badLineBounds = (s = settings()) => ({ lines: s.maxBadLines, bytes: s.maxBadBytes });

/** Write-ahead log pages between checkpoints while ingesting (4 KB pages: 256 MB). */
const BULK_WAL_PAGES = 65_536;

/** Sum the prompt tokens of pending requests whose messages are all counted (`and`: which requests). */
const finalizeSql = (and: string) =>
  `UPDATE requests SET prompt_tokens = ${TOKENS_PER_REQUEST} + (
     SELECT sum(CASE WHEN requests.encoding = 'cl100k_base' THEN m.tokens_cl100k ELSE m.tokens_o200k END)
     FROM json_each(requests.messages) j JOIN messages m ON m.id = j.value)
   WHERE prompt_tokens IS NULL AND message_count > 0 ${and} AND NOT EXISTS (
     SELECT 1 FROM json_each(requests.messages) j JOIN messages m ON m.id = j.value
     WHERE (CASE WHEN requests.encoding = 'cl100k_base' THEN m.tokens_cl100k ELSE m.tokens_o200k END) IS NULL)`;

/** Requests with no message: the reply's priming alone (`and`: which requests). */
const finalizeEmptySql = (and: string) => `UPDATE requests SET prompt_tokens = ${TOKENS_PER_REQUEST} WHERE prompt_tokens IS NULL AND message_count = 0 ${and}`;

/**
 * All writes to the evidence store. Prepared once; every batch is one synchronous transaction
 * (items are parsed asynchronously, then written together), and every write is idempotent:
 * events by their dedupe key, messages by content hash, bad lines by (source, line).
 */
export class EvidenceWriter {
  private readonly s: Record<string, Statement>;
  private readonly turns: TurnNumbering;
  private readonly traces: TraceJoin;
  private readonly calls: StoredCalls;
  private readonly messages: MessageRows;
  /** bad lines and their bytes stored so far, per source */
  private readonly badStored = new Map<number, { n: number; bytes: number }>();
  private readonly badBounds = badLineBounds();
  /**
   * Row ids of the events this writer inserted, per source it began under a pending identity (no
   * other process writes to those): mergeSource moves them by id range. `events` has no index on
   * source_id, and a scan of the whole table per merged file was quadratic (7.4 of 21 CPU s on
   * 200 MB of transcripts, where every copy of a file without ids is merged into its first read).
   */
  private readonly ownEvents = new Map<number, { lo: number; hi: number } | null>();
  private readonly applyTx: (results: TokenResult[]) => void;
  private readonly writeBatchTx: (sourceId: number, items: IngestItem[], itemsDone: number) => BatchResult;

  constructor(
    private readonly db: Db,
    private readonly models: Record<string, ModelOverride> = {},
  ) {
    this.s = {
      findSource: db.prepare('SELECT * FROM sources WHERE sha256 = ?'),
      insertSource: db.prepare(
        `INSERT INTO sources (sha256, path, size, format, status, started_at) VALUES (?, ?, ?, ?, 'ingesting', ?)
         ON CONFLICT (sha256) DO NOTHING`,
      ),
      progress: db.prepare(
        'UPDATE sources SET items_done = max(items_done, ?), events = events + ?, duplicates = duplicates + ?, bad_lines = bad_lines + ? WHERE id = ?',
      ),
      complete: db.prepare(`UPDATE sources SET status = 'complete', finished_at = ?, sha256 = ?, size = ? WHERE id = ?`),
      deleteSource: db.prepare('DELETE FROM sources WHERE id = ?'),
      deleteSourceBad: db.prepare('DELETE FROM bad_lines WHERE source_id = ?'),
      insertEvent: db.prepare(
        `INSERT INTO events (dedupe, event_id, kind, session, turn, ts, actor, scope, source_id, line, body, turn_key)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (session, dedupe) DO NOTHING RETURNING id`,
      ),
      setO200k: db.prepare('UPDATE messages SET tokens_o200k = ? WHERE id = ?'),
      setCl100k: db.prepare('UPDATE messages SET tokens_cl100k = ? WHERE id = ?'),
      finalize: db.prepare(finalizeSql('')),
      finalizeSession: db.prepare(finalizeSql('AND session = ?')),
      finalizeEmpty: db.prepare(finalizeEmptySql('')),
      finalizeEmptySession: db.prepare(finalizeEmptySql('AND session = ?')),
      backfill: db.prepare(
        `SELECT DISTINCT m.id, m.json, r.encoding FROM requests r, json_each(r.messages) j
           JOIN messages m ON m.id = j.value
         WHERE r.prompt_tokens IS NULL
           AND (CASE WHEN r.encoding = 'cl100k_base' THEN m.tokens_cl100k ELSE m.tokens_o200k END) IS NULL`,
      ),
      insertRequest: db.prepare(
        `INSERT INTO requests (event, session, model, encoding, message_count, prompt_tokens, usage_input_tokens, context_limit, messages)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      sessionPending: db.prepare('SELECT 1 FROM requests WHERE session = ? AND prompt_tokens IS NULL LIMIT 1'),
      badStored: db.prepare('SELECT count(*) AS n, coalesce(sum(length(raw)), 0) AS bytes FROM bad_lines WHERE source_id = ?'),
      insertBad: db.prepare(
        `INSERT INTO bad_lines (source_id, line, reason, raw, raw_bytes) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (source_id, line) DO NOTHING`,
      ),
    };
    this.turns = new TurnNumbering(db);
    this.traces = new TraceJoin(db);
    this.calls = new StoredCalls(db);
    this.messages = new MessageRows(db);
    this.applyTx = db.transaction((results: TokenResult[]) => {
      for (const r of results) (r.encoding === 'cl100k_base' ? this.s.setCl100k : this.s.setO200k).run(r.tokens, r.id);
    });
    this.writeBatchTx = db.transaction((sourceId: number, items: IngestItem[], itemsDone: number) => {
      // kinds are log text: a kind named "constructor" must not reach Object.prototype
      const r: BatchResult = { inserted: 0, duplicates: 0, bad: 0, byKind: Object.create(null) as Record<string, number> };
      for (const item of items) {
        if (item.type === 'bad') {
          const kept = this.badKept(sourceId);
          if (kept.n >= this.badBounds.lines || kept.bytes + item.raw.length > this.badBounds.bytes) {
            r.bad++; // counted, not stored
            continue;
          }
          const info = this.s.insertBad.run(sourceId, item.line, item.reason, item.raw, item.rawBytes ?? item.raw.length);
          if (info.changes > 0) {
            r.bad++;
            kept.n++;
            kept.bytes += item.raw.length;
          }
          continue;
        }
        if (this.writeEvent(sourceId, item)) {
          r.inserted++;
          r.byKind[item.event.kind] = (r.byKind[item.event.kind] ?? 0) + 1;
        } else r.duplicates++;
      }
      this.s.progress.run(itemsDone, r.inserted, r.duplicates, r.bad, sourceId);
      return r;
    });
  }

  private badKept(sourceId: number): { n: number; bytes: number } {
    let k = this.badStored.get(sourceId);
    if (!k) {
      k = this.s.badStored.get(sourceId) as { n: number; bytes: number }; // a resumed source has some already
      this.badStored.set(sourceId, k);
    }
    return k;
  }

  /**
   * For the length of an ingest run, checkpoint the write-ahead log every 256 MB instead of every
   * 4 MB (SQLite's default): each checkpoint writes the touched index pages again, and on the
   * 500 MB bench the default cost 15% of ingest. Returns the function that restores the setting;
   * the log is folded into the store when the connection closes (or by the next checkpoint).
   */
  beginBulkLoad(): () => void {
    const before = this.db.pragma('wal_autocheckpoint', { simple: true }) as number;
    this.db.pragma(`wal_autocheckpoint = ${BULK_WAL_PAGES}`);
    return () => this.db.pragma(`wal_autocheckpoint = ${before}`);
  }

  findSource(sha256: string): SourceRow | undefined {
    return this.s.findSource.get(sha256) as SourceRow | undefined;
  }

  /**
   * The source row for these bytes, created if missing. Another process ingesting the same file at
   * the same moment gets the same row: both then write idempotently and both finish complete.
   */
  beginSource(sha256: string, path: string, size: number, format: string): SourceRow {
    const created = this.s.insertSource.run(sha256, path, size, format, new Date().toISOString()).changes > 0;
    const row = this.s.findSource.get(sha256) as SourceRow;
    if (created && sha256.startsWith('pending:')) this.ownEvents.set(row.id, null);
    return row;
  }

  completeSource(id: number, sha256: string, size: number): void {
    this.ownEvents.delete(id); // complete: merged into, never moved
    this.s.complete.run(new Date().toISOString(), sha256, size, id);
  }

  /**
   * Fold a source into an earlier one with the same content (standard input read twice):
   * its few new rows (if the earlier read was interrupted) move over, the duplicate row goes.
   */
  mergeSource(id: number, into: SourceRow): void {
    const own = this.ownEvents.get(id);
    this.ownEvents.delete(id);
    // a pragma is a no-op in a transaction: inside one, the row is deleted there, checked
    const outside = !this.db.inTransaction;
    this.db.transaction(() => {
      if (own === undefined) this.db.prepare('UPDATE events SET source_id = ? WHERE source_id = ?').run(into.id, id);
      else if (own !== null) this.db.prepare('UPDATE events SET source_id = ? WHERE id BETWEEN ? AND ? AND source_id = ?').run(into.id, own.lo, own.hi, id);
      this.db.prepare('UPDATE OR IGNORE bad_lines SET source_id = ? WHERE source_id = ?').run(into.id, id);
      this.s.deleteSourceBad.run(id);
      this.db
        .prepare(
          `UPDATE sources SET events = events + (SELECT events FROM sources WHERE id = ?),
             bad_lines = max(bad_lines, (SELECT bad_lines FROM sources WHERE id = ?), (SELECT count(*) FROM bad_lines WHERE source_id = ?))
           WHERE id = ?`,
        )
        .run(id, id, into.id, into.id); // counts, not rows: past the cap bad lines are counted, not stored
      this.s.complete.run(new Date().toISOString(), into.sha256, into.size ?? 0, into.id);
      if (!outside) this.s.deleteSource.run(id);
    })();
    // The emptied row goes after the commit, its foreign-key check off: SQLite checks a deleted
    // source by a scan of every event (no index on events.source_id), once per merged file, which
    // was quadratic (54 of 100 CPU s on 1 GB). No row refers to it now. A run killed before this
    // leaves an empty pending source, which the next run's recoverAbandoned removes.
    if (outside) {
      this.db.pragma('foreign_keys = OFF');
      try {
        this.s.deleteSource.run(id);
      } finally {
        this.db.pragma('foreign_keys = ON');
      }
    }
  }

  /**
   * Undo a source whose read failed part-way: its events, their requests, its bad lines, the
   * messages only its requests used, and the source row itself, in one transaction. The next run
   * then reads the input again from its first line, as a new source (not resumed from the point
   * where the reader failed). A concurrent ingest of the same bytes loses its rows too and the
   * input is read again by the next run.
   */
  abandonSource(id: number): void {
    this.db.transaction(() => {
      const used = this.db
        .prepare(`SELECT DISTINCT j.value AS id FROM events e JOIN requests r ON r.event = e.id, json_each(r.messages) j WHERE e.source_id = ?`)
        .pluck()
        .all(id) as number[];
      this.db.prepare('DELETE FROM requests WHERE event IN (SELECT id FROM events WHERE source_id = ?)').run(id);
      this.db.prepare('DELETE FROM events WHERE source_id = ?').run(id);
      this.s.deleteSourceBad.run(id);
      this.s.deleteSource.run(id);
      if (used.length) {
        this.db
          .prepare(
            `DELETE FROM messages WHERE id IN (SELECT value FROM json_each(?))
             AND id NOT IN (SELECT j.value FROM requests r, json_each(r.messages) j)`,
          )
          .run(JSON.stringify(used));
      }
    })();
    this.ownEvents.delete(id);
    // cached message ids and queued counts may name rows that are gone
    this.messages.forget();
    this.badStored.delete(id);
  }

  /**
   * Sources of standard input, a named pipe or a database left "ingesting" by a process that is
   * gone (killed, crashed): they can never be resumed (their content is known only once read), so
   * they are undone and their events are read again, under the new source, by whoever reads that
   * input next. A source of this host whose process still runs is left alone. Returns how many.
   */
  recoverAbandoned(): number {
    const rows = this.db.prepare("SELECT id, sha256 FROM sources WHERE status = 'ingesting' AND sha256 LIKE 'pending:%'").all() as {
      id: number;
      sha256: string;
    }[];
    let n = 0;
    for (const r of rows) {
      const owner = pendingOwner(r.sha256);
      if (owner && (owner.host !== os.hostname() || processAlive(owner.pid))) continue;
      this.abandonSource(r.id);
      n++;
    }
    return n;
  }

  /**
   * Number the user turns of every session this source touched that has keyed events (./turns.ts):
   * all files of the session count, so a trace read from a later file still lands in its place.
   */
  assignTurns(sourceId: number): number {
    return this.db.transaction(() => {
      const touched = this.turns.sessions(sourceId);
      return [...new Set([...touched, ...this.traces.join(touched)])].reduce((n, s) => n + this.turns.number(s), 0);
    })();
  }

  /**
   * Make sessions as final as the store can before the end of their file (their turns numbered,
   * their counted prompts summed), so that they can be analysed early; returns the ones whose
   * prompts are all summed. The end of the file does the same for every session again.
   */
  settleSessions(sessions: readonly string[]): string[] {
    return this.db.transaction(() => {
      return sessions.filter((s) => {
        this.s.finalizeEmptySession.run(s);
        this.s.finalizeSession.run(s);
        this.turns.number(s);
        return !this.s.sessionPending.get(s);
      });
    })();
  }

  /** Distinct sessions of these sources (for runs too large to count in memory). */
  countSessions(sourceIds: number[]): number {
    if (sourceIds.length === 0) return 0;
    const r = this.db
      .prepare(`SELECT count(DISTINCT session) AS n FROM events WHERE source_id IN (${sourceIds.map(() => '?').join(',')})`)
      .get(...sourceIds) as { n: number };
    return r.n;
  }

  writeBatch(sourceId: number, items: IngestItem[], itemsDone: number): BatchResult {
    return this.writeBatchTx(sourceId, items, itemsDone);
  }

  private writeEvent(sourceId: number, item: Extract<IngestItem, { type: 'event' }>): boolean {
    const e = item.event;
    if (item.resolves) this.calls.resolve(item.resolves);
    const dedupe = e.eventId !== null ? idDedupe(e.session, e.kind, e.eventId) : sha1(`raw\0${item.sub}\0`, item.raw);
    let body = item.json;
    let messages: ChatMessage[] | null = null;
    if (e.kind === 'request') {
      const { messages: m, ...rest } = e.body;
      messages = m as ChatMessage[];
      body = JSON.stringify(rest);
    } else if (body === undefined) body = JSON.stringify(e.body);
    const row = this.s.insertEvent.get(
      dedupe,
      e.eventId,
      e.kind,
      e.session,
      e.turn,
      e.ts,
      e.actor,
      e.scope ? JSON.stringify(e.scope) : null,
      sourceId,
      item.line,
      body,
      e.turn === null ? (item.turnKey ?? null) : null,
    ) as { id: number } | undefined;
    const write = (id: number) => messages && this.writeRequest(id, e.session, e.body as Record<string, unknown>, messages);
    if (!row) return item.completes === true && !!messages?.length && this.calls.complete(e.session, dedupe, body, write);
    if (this.ownEvents.has(sourceId)) {
      const own = this.ownEvents.get(sourceId);
      if (own) own.hi = row.id;
      else this.ownEvents.set(sourceId, { lo: row.id, hi: row.id });
    }
    write(row.id);
    return true;
  }

  private writeRequest(eventId: number, session: string, body: Record<string, unknown>, messages: ChatMessage[]): void {
    const model = String(body.model);
    const info = modelInfo(model, this.models);
    const enc = info.encoding;
    const ids: number[] = [];
    for (const m of messages) ids.push(this.messages.row(m, enc).id);
    const usage = body.usage as Record<string, unknown> | undefined;
    const reported = usage && typeof usage.input_tokens === 'number' ? usage.input_tokens : null;
    const limit = typeof body.context_limit === 'number' ? body.context_limit : null;
    // prompt_tokens stays NULL until its messages are counted (finalizeRequests); the prompt is
    // one JSON array of message ids (a long history would be hundreds of rows per request)
    this.s.insertRequest.run(eventId, session, model, enc, messages.length, null, reported, limit, `[${ids.join(',')}]`);
  }

  /** Messages whose tokens are to be counted, queued since the last call. */
  takeJobs(): TokenJob[] {
    return this.messages.takeJobs();
  }

  /** Store counted tokens (one transaction). */
  applyTokens(results: TokenResult[]): void {
    if (results.length === 0) return;
    this.applyTx(results);
  }

  /**
   * Sum the counted messages into each pending request's prompt_tokens. A request whose messages
   * are not all counted yet (an interrupted run) stays pending for the next run's backfill.
   */
  finalizeRequests(): number {
    return this.db.transaction(() => this.s.finalizeEmpty.run().changes + this.s.finalize.run().changes)();
  }

  /** Messages of pending requests still missing a count: left over by an interrupted run. */
  backfillJobs(): TokenJob[] {
    const rows = this.s.backfill.all() as { id: number; json: string; encoding: EncodingName }[];
    return rows.map((r) => ({ id: r.id, encoding: r.encoding, message: JSON.parse(r.json) as ChatMessage }));
  }
}
