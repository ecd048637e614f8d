import crypto from 'node:crypto';
import type { Db } from './connection.js';
import type { EventBody, Scope } from '../events/types.js';
import { contentText, InvalidEvent, typedBody } from '../events/validate.js';
import { type Calibration, calibrationFactors, calibrationFor, sessionFactors } from './calibration.js';
import { modelInfo, type ModelOverride } from '../tokens/models.js';
import { parseStored } from './rows.js';
import { StoreError } from '../errors.js';

/** One message of a request's prompt, as stored once (content-addressed). */
export interface MessageView {
  /** messages.id: the same body has the same id in every request */
  readonly id: number;
  readonly role: string;
  /** the content's text (parts joined) */
  readonly text: string;
  /** tokens in the request's encoding, framing included */
  readonly tokens: number;
  /** the message object as given (one object for every request of the session that holds it) */
  readonly raw: Record<string, unknown>;
}

export interface RequestView {
  model: string;
  encoding: string;
  messages: MessageView[];
  /** counted locally with tiktoken (framing included) */
  localTokens: number;
  /** provider-reported input tokens, when the log has them */
  reportedTokens: number | null;
  /** best estimate: reported, else local x calibration factor for the model */
  promptTokens: number;
  /** the factor applied to localTokens and where it came from, when the count is local and the model's tokenizer only approximated */
  calibration?: Calibration;
  /** the event's context_limit, else configuration, else the model table; null if unknown */
  contextLimit: number | null;
}

export interface SessionEvent {
  /** position in the session (ordered by ts, then source and line) */
  seq: number;
  /** events.id: valid within one store only */
  rowid: number;
  kind: string;
  ts: number;
  turn: number | null;
  actor: string | null;
  scope: Scope | null;
  eventId: string | null;
  /** "file:line" of the original */
  source: string;
  /** the event object, typed by kind (narrow with `isKind`; for requests: without `messages`, see `request`) */
  body: EventBody;
  request?: RequestView;
}

const SESSION_PAGE = 1000;

export interface SessionData {
  session: string;
  events: SessionEvent[];
}

interface EventRow extends StoredEventRow {
  /** a request's prompt: the JSON array of its message ids */
  message_ids: string | null;
  model: string | null;
  encoding: string | null;
  prompt_tokens: number | null;
  usage_input_tokens: number | null;
  context_limit: number | null;
}

/**
 * Reads sessions one at a time: analyzers hold one session in memory, never the store.
 * Prepared statements are made once per reader.
 */
export class SessionReader {
  private readonly eventsStmt;
  private readonly messagesStmt;
  private readonly sessionsStmt;
  private readonly sessionsAfterStmt;
  private factorsCache: Map<string, number> | null = null;
  private readonly stampStmt;
  private readonly usageStmt;

  constructor(
    private readonly db: Db,
    private readonly models: Record<string, ModelOverride> = {},
  ) {
    this.eventsStmt = db.prepare(
      `SELECT e.id, e.kind, e.ts, e.turn, e.actor, e.scope, e.event_id, s.path, e.line, e.body,
              r.messages AS message_ids, r.model, r.encoding, r.prompt_tokens, r.usage_input_tokens, r.context_limit
       FROM events e JOIN sources s ON s.id = e.source_id LEFT JOIN requests r ON r.event = e.id
       WHERE e.session = ? ORDER BY e.ts, e.source_id, e.line, e.id`,
    );
    // each distinct message of the session once: a log repeats the history in every request, and
    // a row per (request, message) would copy that history's text out of SQLite again and again
    this.messagesStmt = db.prepare(
      `SELECT m.id, m.role, m.json, m.tokens_o200k, m.tokens_cl100k FROM messages m
       WHERE m.id IN (SELECT value FROM json_each(?))`,
    );
    this.sessionsStmt = db.prepare(`SELECT DISTINCT session FROM events ORDER BY session LIMIT ${SESSION_PAGE}`).pluck();
    this.sessionsAfterStmt = db.prepare(`SELECT DISTINCT session FROM events WHERE session > ? ORDER BY session LIMIT ${SESSION_PAGE}`).pluck();
    // stampOf's parts, joined by SQLite: one row per session instead of one per event
    this.stampStmt = db.prepare(
      `SELECT coalesce(group_concat(e.id || ':' || coalesce(e.turn, '') || ':' ||
                CASE WHEN r.model IS NULL THEN '' ELSE coalesce(r.prompt_tokens, 'null') END, ',' ORDER BY e.id), '') AS parts,
              coalesce(max(r.model IS NOT NULL AND r.prompt_tokens IS NULL), 0) AS pending,
              json_group_array(DISTINCT r.model) FILTER (WHERE r.model IS NOT NULL AND r.usage_input_tokens IS NULL) AS models
       FROM events e LEFT JOIN requests r ON r.event = e.id WHERE e.session = ?`,
    );
    this.usageStmt = db.prepare(
      `SELECT model, prompt_tokens, usage_input_tokens FROM requests WHERE session = ? AND usage_input_tokens IS NOT NULL AND prompt_tokens > 0`,
    );
  }

  /** A session's own calibration factors (from its requests with reported usage). */
  private ownFactors(session: string): Map<string, number> {
    return sessionFactors(this.usageStmt.iterate(session) as Iterable<{ model: string; prompt_tokens: number; usage_input_tokens: number }>);
  }

  /** The store-wide calibration factors, read when first needed (after refresh(): again). */
  private get factors(): Map<string, number> {
    return (this.factorsCache ??= calibrationFactors(this.db));
  }

  /** Read the calibration factors again on next use (`now`: at once): the store has grown since. */
  refresh(now = false): void {
    this.factorsCache = null;
    if (now) this.factorsCache = calibrationFactors(this.db);
  }

  /**
   * What a session's analysis depends on that can still change once its events are in the store:
   * its events (a new one, a removed source), their turns (numbered after each file), its requests'
   * prompt tokens (summed once their messages are counted) and the calibration factors applied to
   * requests without reported usage. Two equal stamps of a session load equal SessionData.
   */
  stamp(session: string): SessionStamp {
    const r = this.stampStmt.get(session) as { parts: string; pending: number; models: string };
    const factors: Record<string, number> = {};
    const own = this.ownFactors(session);
    for (const m of JSON.parse(r.models) as string[]) factors[m] = calibrationFor(m, own, this.factors)?.factor ?? 1;
    return { digest: crypto.hash('sha1', r.parts), pending: r.pending === 1, factors };
  }

  /**
   * Session ids in order, a page at a time (keyset paging on the session index), so memory stays
   * flat with millions of sessions and the connection is free for writes between pages: findings
   * are stored as the analyzers produce them.
   */
  *sessionIds(filter?: (id: string) => boolean): Generator<string> {
    let after: string | null = null;
    for (;;) {
      const page: string[] = (after === null ? this.sessionsStmt.all() : this.sessionsAfterStmt.all(after)) as string[];
      for (const id of page) if (!filter || filter(id)) yield id;
      if (page.length < SESSION_PAGE) return;
      after = page[page.length - 1];
    }
  }

  /** load(), with the stamp of what was loaded (rows read once: the two can never disagree). */
  loadStamped(session: string): { data: SessionData; stamp: SessionStamp } {
    const rows = this.eventsStmt.all(session) as EventRow[];
    const own = sessionFactors(rows);
    return { data: this.fromRows(session, rows), stamp: stampOf(rows, (m) => calibrationFor(m, own, this.factors)?.factor ?? 1) };
  }

  load(session: string): SessionData {
    return this.fromRows(session, this.eventsStmt.all(session) as EventRow[]);
  }

  private fromRows(session: string, rows: readonly EventRow[]): SessionData {
    // the events first: their requests name the distinct messages to read (a log repeats the
    // history in every request; each message is read, parsed and viewed once per session)
    const prompts: (number[] | null)[] = [];
    const wanted = new Set<number>();
    for (const r of rows) {
      const ids = r.model !== null ? parseStored<number[]>(this.db, r.message_ids ?? '[]', 'request', r.id) : null;
      prompts.push(ids);
      if (ids) for (const id of ids) wanted.add(id);
    }
    const parsed = new Map<number, { role: string; text: string; raw: Record<string, unknown>; o200k: number | null; cl100k: number | null }>();
    if (wanted.size) {
      for (const r of this.messagesStmt.iterate(JSON.stringify([...wanted])) as Iterable<{
        id: number;
        role: string;
        json: string;
        tokens_o200k: number | null;
        tokens_cl100k: number | null;
      }>) {
        const raw = parseStored<Record<string, unknown>>(this.db, r.json, 'message', r.id);
        parsed.set(r.id, { role: r.role, text: contentText(raw.content), raw, o200k: r.tokens_o200k, cl100k: r.tokens_cl100k });
      }
    }
    const own = sessionFactors(rows);
    const views = { o200k: new Map<number, MessageView>(), cl100k: new Map<number, MessageView>() };
    const events: SessionEvent[] = [];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      const ev = sessionEvent(this.db, r, i);
      const ids = prompts[i];
      if (r.model !== null && ids) {
        const enc = r.encoding ?? 'o200k_base';
        const cl = enc === 'cl100k_base';
        const viewed = cl ? views.cl100k : views.o200k;
        const list: MessageView[] = [];
        for (const id of ids) {
          let v = viewed.get(id);
          if (!v) {
            const p = parsed.get(id);
            if (!p) continue;
            v = { id, role: p.role, text: p.text, tokens: (cl ? p.cl100k : p.o200k) ?? 0, raw: p.raw };
            viewed.set(id, v);
          }
          list.push(v);
        }
        const local = r.prompt_tokens ?? 0;
        const info = modelInfo(r.model, this.models);
        const cal = r.usage_input_tokens === null ? calibrationFor(r.model, own, this.factors) : null;
        ev.request = {
          model: r.model,
          encoding: enc,
          messages: list,
          localTokens: local,
          reportedTokens: r.usage_input_tokens,
          promptTokens: r.usage_input_tokens ?? Math.round(local * (cal?.factor ?? 1)),
          contextLimit: r.context_limit ?? info.contextLimit,
        };
        if (cal) ev.request.calibration = cal;
      }
      events.push(ev);
    }
    return { session, events };
  }
}

/** A session's stamp: see SessionReader.stamp. */
export interface SessionStamp {
  /** sha1 of every event's id and turn, and every request's prompt tokens */
  digest: string;
  /** some request's prompt tokens are not summed yet (its messages are still being counted) */
  pending: boolean;
  /** the calibration factor applied, per model of a request without reported usage */
  factors: Record<string, number>;
}

interface StampRow {
  id: number;
  turn: number | null;
  model: string | null;
  prompt_tokens: number | null;
  usage_input_tokens: number | null;
}

function stampOf(rows: readonly StampRow[], factor: (model: string) => number): SessionStamp {
  const ordered = [...rows].sort((a, b) => a.id - b.id);
  const parts: string[] = [];
  let pending = false;
  const factors: Record<string, number> = {};
  for (const r of ordered) {
    parts.push(`${r.id}:${r.turn ?? ''}:${r.model === null ? '' : (r.prompt_tokens ?? 'null')}`);
    if (r.model === null) continue;
    if (r.prompt_tokens === null) pending = true;
    if (r.usage_input_tokens === null) factors[r.model] = factor(r.model);
  }
  return { digest: crypto.hash('sha1', parts.join(',')), pending, factors };
}

/** The columns of an events row (joined with its source's path) that make a SessionEvent. */
export interface StoredEventRow {
  id: number;
  kind: string;
  ts: number;
  turn: number | null;
  actor: string | null;
  scope: string | null;
  event_id: string | null;
  path: string;
  line: number;
  body: string;
}

/** One stored event as analyzers see it: the one place a row becomes an event (damaged rows named, database locators kept). */
export function sessionEvent(db: Db, r: StoredEventRow, seq: number): SessionEvent {
  const body = storedBody(db, r);
  return {
    seq,
    rowid: r.id,
    kind: r.kind,
    ts: r.ts,
    turn: r.turn,
    actor: r.actor,
    scope: r.scope ? parseStored<Scope>(db, r.scope, 'event', r.id) : null,
    eventId: r.event_id,
    source: eventSource(r.path, r.line, body),
    body,
  };
}

/** The row's body, parsed and typed once here: a body that breaks EVENTS.md is a damaged row, named. */
function storedBody(db: Db, r: StoredEventRow): EventBody {
  const raw = parseStored<unknown>(db, r.body, 'event', r.id);
  try {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InvalidEvent('not a JSON object');
    return typedBody(r.kind, raw as Record<string, unknown>);
  } catch (err) {
    if (!(err instanceof InvalidEvent)) throw err;
    throw new StoreError(`${db.name}: damaged row event ${r.id} (${err.message}); the store may be corrupt: re-ingest into a new --db`);
  }
}

/**
 * Where an event came from: `file:line`, or for a row of a database (an event with a `locator`,
 * EVENTS.md) `file#table:key` (e.g. `history.db#memory_history:rowid=12`); for an event re-read from
 * an export that kept it, its `origin`.
 */
export function eventSource(path: string, line: number, body: Record<string, unknown>): string {
  // an export of a store (`amnesia shard`, `events --shard`) names where each event was first read
  if (typeof body.origin === 'string' && body.origin) return body.origin;
  return typeof body.locator === 'string' && body.locator ? `${path}#${body.locator}` : `${path}:${line}`;
}
