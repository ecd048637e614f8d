import type { Db } from './connection.js';
import type { EventBody, Scope } from '../events/types.js';
import { contentText, InvalidEvent, typedBody } from '../events/validate.js';
import { calibrationFactors } from './queries.js';
import { modelInfo, type ModelOverride } from '../tokens/models.js';
import { parseStored } from './rows.js';
import { StoreError } from '../errors.js';

/** One message of a request's prompt, as stored once (content-addressed). */
export interface MessageView {
  /** messages.id: the same body has the same id in every request */
  id: number;
  role: string;
  /** the content's text (parts joined) */
  text: string;
  /** tokens in the request's encoding, framing included */
  tokens: number;
  /** the message object as given */
  raw: Record<string, unknown>;
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
  private readonly factors: Map<string, number>;

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
       WHERE m.id IN (SELECT j.value FROM requests r, json_each(r.messages) j WHERE r.session = ?)`,
    );
    this.sessionsStmt = db.prepare(`SELECT DISTINCT session FROM events ORDER BY session LIMIT ${SESSION_PAGE}`).pluck();
    this.sessionsAfterStmt = db.prepare(`SELECT DISTINCT session FROM events WHERE session > ? ORDER BY session LIMIT ${SESSION_PAGE}`).pluck();
    this.factors = calibrationFactors(db);
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

  load(session: string): SessionData {
    const parsed = new Map<number, { role: string; text: string; raw: Record<string, unknown>; o200k: number | null; cl100k: number | null }>();
    for (const r of this.messagesStmt.iterate(session) as Iterable<{
      id: number;
      role: string;
      json: string;
      tokens_o200k: number | null;
      tokens_cl100k: number | null;
    }>) {
      const raw = parseStored<Record<string, unknown>>(this.db, r.json, 'message', r.id);
      parsed.set(r.id, { role: r.role, text: contentText(raw.content), raw, o200k: r.tokens_o200k, cl100k: r.tokens_cl100k });
    }
    const events: SessionEvent[] = [];
    let seq = 0;
    for (const r of this.eventsStmt.iterate(session) as Iterable<EventRow>) {
      const ev = sessionEvent(this.db, r, seq++);
      if (r.model !== null) {
        const enc = r.encoding ?? 'o200k_base';
        const list: MessageView[] = [];
        for (const id of parseStored<number[]>(this.db, r.message_ids ?? '[]', 'request', r.id)) {
          const p = parsed.get(id);
          if (p) list.push({ id, role: p.role, text: p.text, tokens: (enc === 'cl100k_base' ? p.cl100k : p.o200k) ?? 0, raw: p.raw });
        }
        const local = r.prompt_tokens ?? 0;
        const info = modelInfo(r.model, this.models);
        ev.request = {
          model: r.model,
          encoding: enc,
          messages: list,
          localTokens: local,
          reportedTokens: r.usage_input_tokens,
          promptTokens: r.usage_input_tokens ?? Math.round(local * (this.factors.get(r.model) ?? 1)),
          contextLimit: r.context_limit ?? info.contextLimit,
        };
      }
      events.push(ev);
    }
    return { session, events };
  }
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
 * EVENTS.md) `file#table:key` (e.g. `history.db#memory_history:rowid=12`).
 */
export function eventSource(path: string, line: number, body: Record<string, unknown>): string {
  return typeof body.locator === 'string' && body.locator ? `${path}#${body.locator}` : `${path}:${line}`;
}
