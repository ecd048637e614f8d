import type { Db } from './connection.js';
import { calibrationFactors } from './calibration.js';
import { modelInfo, type ModelOverride } from '../tokens/models.js';

export interface SessionSummary {
  session: string;
  events: number;
  turns: number;
  first_ts: string;
  last_ts: string;
  requests: number;
  model: string | null;
  /** the fullest prompt: provider-reported when the log has it, else counted and calibrated */
  peak_prompt_tokens: number | null;
  context_limit: number | null;
  /** peak_prompt_tokens / context_limit */
  peak_fill: number | null;
  by_kind: Record<string, number>;
}

interface Row {
  session: string;
  events: number;
  turns: number;
  first_ts: number;
  last_ts: number;
  requests: number | null;
  model: string | null;
  peak_local: number | null;
  peak_reported: number | null;
  context_limit: number | null;
  kinds: string;
}

/** One summary per session, streamed in session order. */
export function* sessionSummaries(
  db: Db,
  filter: { contains?: string; limit?: number; maxIdChars?: number } = {},
  models: Record<string, ModelOverride> = {},
): Generator<SessionSummary> {
  // ids are log text and may be megabytes long: a display cut (made by SQLite, so no slice of
  // the whole id stays alive in a row) keeps a table of them small
  const id = (r: { session: string; shown?: string; id_length?: number }) =>
    r.shown !== undefined && r.id_length !== undefined && r.id_length > r.shown.length ? `${r.shown.slice(0, -1)}…` : (r.shown ?? r.session);
  const factors = calibrationFactors(db);
  const where = filter.contains ? 'WHERE instr(session, @contains) > 0' : '';
  const stmt = db.prepare(
    `WITH e AS (
       SELECT session, count(*) AS events, count(DISTINCT turn) AS turns, min(ts) AS first_ts, max(ts) AS last_ts
       FROM events ${where} GROUP BY session ORDER BY session ${filter.limit ? 'LIMIT @limit' : ''}
     )
     SELECT e.*, ${filter.maxIdChars ? 'substr(e.session, 1, @maxId) AS shown, length(e.session) AS id_length,' : ''}
       (SELECT count(*) FROM requests r WHERE r.session = e.session) AS requests,
       (SELECT json_object('model', model, 'local', prompt_tokens, 'reported', usage_input_tokens, 'limit', context_limit)
          FROM requests r WHERE r.session = e.session
          ORDER BY coalesce(usage_input_tokens, prompt_tokens) DESC LIMIT 1) AS peak,
       (SELECT json_group_object(kind, n) FROM (SELECT kind, count(*) AS n FROM events x WHERE x.session = e.session GROUP BY kind)) AS kinds
     FROM e ORDER BY e.session`,
  );
  const params: Record<string, unknown> = {};
  if (filter.contains) params.contains = filter.contains;
  if (filter.limit) params.limit = filter.limit;
  if (filter.maxIdChars) params.maxId = filter.maxIdChars;
  for (const raw of stmt.iterate(params) as Iterable<Row & { peak: string | null; shown?: string; id_length?: number }>) {
    const peak = raw.peak ? (JSON.parse(raw.peak) as { model: string; local: number; reported: number | null; limit: number | null }) : null;
    let tokens: number | null = null;
    let limit: number | null = null;
    if (peak) {
      tokens = peak.reported ?? Math.round(peak.local * (factors.get(peak.model) ?? 1));
      limit = peak.limit ?? modelInfo(peak.model, models).contextLimit;
    }
    yield {
      session: id(raw),
      events: raw.events,
      turns: raw.turns,
      first_ts: new Date(raw.first_ts).toISOString(),
      last_ts: new Date(raw.last_ts).toISOString(),
      requests: raw.requests ?? 0,
      model: peak?.model ?? null,
      peak_prompt_tokens: tokens,
      context_limit: limit,
      peak_fill: tokens !== null && limit ? tokens / limit : null,
      by_kind: JSON.parse(raw.kinds) as Record<string, number>,
    };
  }
}

export interface StoreStats {
  sources: number;
  events: number;
  sessions: number;
  messages: number;
  bad_lines: number;
}

export function storeStats(db: Db): StoreStats {
  return db
    .prepare(
      `SELECT (SELECT count(*) FROM sources) AS sources, (SELECT count(*) FROM events) AS events,
              (SELECT count(DISTINCT session) FROM events) AS sessions, (SELECT count(*) FROM messages) AS messages,
              (SELECT count(*) FROM bad_lines) AS bad_lines`,
    )
    .get() as StoreStats;
}

/** Sources read to the end that gave no event (every line bad, or nothing in them), in ingest order. */
export function sourcesWithoutEvents(db: Db): { path: string; format: string; bad_lines: number }[] {
  return db.prepare(`SELECT path, format, bad_lines FROM sources WHERE status = 'complete' AND events = 0 AND duplicates = 0 ORDER BY id`).all() as {
    path: string;
    format: string;
    bad_lines: number;
  }[];
}

/** True when the store holds at least one event. */
export function hasEvents(db: Db): boolean {
  return (db.prepare('SELECT EXISTS (SELECT 1 FROM events) AS yes').get() as { yes: number }).yes === 1;
}
