import type { Statement } from 'better-sqlite3';
import type { Db } from './connection.js';

/**
 * The queries the TUI pages through (src/tui keeps only the view model).
 *
 * Paging on 100k findings: the findings table holds each finding's whole JSON, so scanning it
 * reads every page. These queries instead read the two covering indexes (session, ts) and
 * (analyzer, severity) once, as lists of row ids (one string per list from SQLite: one row, not
 * 100k), which the caller sorts and filters in memory; a page is then fetched by rowid.
 */

/** "3,17,-42" -> [3, 17, -42] (integers): rowid lists come from SQLite as one string. */
export function parseIds(s: string | null): Float64Array {
  if (!s) return new Float64Array(0);
  let n = 1;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 44) n++;
  const out = new Float64Array(n);
  let k = 0;
  let v = 0;
  let sign = 1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 44) {
      out[k++] = sign * v;
      v = 0;
      sign = 1;
    } else if (c === 45) sign = -1;
    else v = v * 10 + (c - 48);
  }
  out[k] = sign * v;
  return out;
}

/** The unit separator between strings that SQLite concatenates (not in session ids in practice). */
const US = '\u001f';

/** The stored findings' keys, in (session, ts, rowid) order. */
export interface FindingKeys {
  /** distinct sessions with findings, in session order, and how many findings each has */
  sessions: string[];
  sessionCounts: Float64Array;
  /** every finding's rowid, in (session, ts, rowid) order */
  rowids: Float64Array;
  /** rowids per (analyzer, severity) as stored */
  groups: { analyzer: string; severity: string; rowids: Float64Array }[];
}

export function findingKeys(db: Db): FindingKeys {
  const ps = db
    .prepare(
      `SELECT group_concat(session, char(31)) AS s, group_concat(n) AS c FROM (SELECT session, count(*) AS n FROM findings GROUP BY session ORDER BY session)`,
    )
    .get() as { s: string | null; c: string | null };
  const ordered = db.prepare('SELECT group_concat(rowid) AS r FROM (SELECT rowid FROM findings ORDER BY session, ts, rowid)').get() as { r: string | null };
  const groups = db.prepare('SELECT analyzer, severity, group_concat(rowid) AS r FROM findings GROUP BY analyzer, severity ORDER BY analyzer').all() as {
    analyzer: string;
    severity: string;
    r: string;
  }[];
  return {
    sessions: ps.s === null ? [] : ps.s.split(US),
    sessionCounts: parseIds(ps.c),
    rowids: parseIds(ordered.r),
    groups: groups.map((g) => ({ analyzer: g.analyzer, severity: g.severity, rowids: parseIds(g.r) })),
  };
}

/** rowids per cause (the cause is in no index: one scan, for ignore rules that name a cause). */
export function findingCauses(db: Db): { cause: string; rowids: Float64Array }[] {
  const rows = db.prepare('SELECT cause, group_concat(rowid) AS r FROM findings GROUP BY cause').all() as { cause: string; r: string }[];
  return rows.map((c) => ({ cause: c.cause, rowids: parseIds(c.r) }));
}

/** rowids of the findings whose confidence is one of `levels` (a finding stored without one counts as certain). */
export function findingsWithConfidence(db: Db, levels: readonly string[]): Float64Array {
  if (levels.length === 0) return new Float64Array(0);
  const r = db
    .prepare(
      `SELECT group_concat(rowid) AS r FROM findings
       WHERE coalesce(json_extract(json, '$.confidence'), 'certain') IN (${levels.map(() => '?').join(', ')})`,
    )
    .get(...levels) as { r: string | null };
  return parseIds(r.r);
}

/** Every finding's rowid, newest first. */
export function findingsNewestFirst(db: Db): Float64Array {
  const r = db.prepare('SELECT group_concat(rowid) AS r FROM (SELECT rowid FROM findings ORDER BY ts DESC, rowid)').get() as { r: string | null };
  return parseIds(r.r);
}

/** rowids of the findings whose title, cause or id contain `lowerText` (already lower case). */
export function findingsContaining(db: Db, lowerText: string): Float64Array {
  const r = db
    .prepare(
      `SELECT group_concat(rowid) AS r FROM findings
       WHERE instr(lower(title), @t) > 0 OR instr(lower(cause), @t) > 0 OR instr(lower(id), @t) > 0`,
    )
    .get({ t: lowerText }) as { r: string | null };
  return parseIds(r.r);
}

/** The findings' first and last rowid (0, 0 without findings): the span a scan in slices walks. */
export function findingsRowidSpan(db: Db): { min: number; max: number } {
  const r = db.prepare('SELECT coalesce(min(rowid), 0) AS min, coalesce(max(rowid), 0) AS max FROM findings').get() as { min: number; max: number };
  return r;
}

/** findingsContaining over the rowids in (after, upto] only: one slice of a scan that lets the TUI read keys between slices. */
export function findingsContainingIn(db: Db, lowerText: string, after: number, upto: number): Float64Array {
  const r = db
    .prepare(
      `SELECT group_concat(rowid) AS r FROM findings
       WHERE rowid > @after AND rowid <= @upto AND (instr(lower(title), @t) > 0 OR instr(lower(cause), @t) > 0 OR instr(lower(id), @t) > 0)`,
    )
    .get({ t: lowerText, after, upto }) as { r: string | null };
  return parseIds(r.r);
}

/** Every session with events: its event count and first and last event time (epoch ms), in session order. */
export function sessionSpansList(db: Db): { ids: string[]; events: Float64Array; first: Float64Array; last: Float64Array } {
  const r = db
    .prepare(
      `SELECT group_concat(session, char(31)) AS s, group_concat(n) AS n, group_concat(first) AS f, group_concat(last) AS l
       FROM (SELECT session, count(*) AS n, min(ts) AS first, max(ts) AS last FROM events GROUP BY session ORDER BY session)`,
    )
    .get() as { s: string | null; n: string | null; f: string | null; l: string | null };
  return { ids: r.s === null ? [] : r.s.split(US), events: parseIds(r.n), first: parseIds(r.f), last: parseIds(r.l) };
}

/** A finding's indexed columns (no evidence), as a list shows it. */
export interface FindingHead {
  rid: number;
  id: string;
  analyzer: string;
  severity: string;
  session: string;
  turn: number | null;
  ts: string;
  title: string;
  cause: string;
  /** the title's log-derived words as JSON text (Finding.title_words), null when it has none */
  title_words: string | null;
}

/** An event row with its source's path, as the raw view shows it. */
export interface RawEventRow {
  id: number;
  kind: string;
  session: string;
  turn: number | null;
  ts: number;
  event_id: string | null;
  path: string;
  line: number;
  body: string;
}

const RAW_EVENT = `SELECT e.id, e.kind, e.session, e.turn, e.ts, e.event_id, s.path, e.line, e.body
  FROM events e JOIN sources s ON s.id = e.source_id`;

/** Single-row lookups, prepared once per browser. */
export class StoreBrowser {
  private readonly st: Record<'page' | 'finding' | 'sessionFindings' | 'sessionEvents' | 'eventsIn' | 'eventsAny' | 'messages', Statement>;

  constructor(readonly db: Db) {
    this.st = {
      page: db.prepare(
        `SELECT rowid AS rid, id, analyzer, severity, session, turn, ts, title, cause, json_extract(json, '$.title_words') AS title_words
         FROM findings WHERE rowid IN (SELECT value FROM json_each(?))`,
      ),
      finding: db.prepare('SELECT json FROM findings WHERE id = ?'),
      sessionFindings: db.prepare('SELECT json FROM findings WHERE session = ? ORDER BY ts, id'),
      sessionEvents: db.prepare('SELECT count(*) AS n, min(ts) AS first, max(ts) AS last FROM events WHERE session = ?'),
      eventsIn: db.prepare(
        `${RAW_EVENT} WHERE e.session = ? AND (e.event_id = ? OR (s.path = ? AND e.line = ?))
         ORDER BY (e.event_id = ?) DESC, e.ts, e.id LIMIT 1`,
      ),
      eventsAny: db.prepare(`${RAW_EVENT} WHERE e.event_id = ? OR (s.path = ? AND e.line = ?) ORDER BY (e.event_id = ?) DESC, e.ts, e.id LIMIT 1`),
      messages: db.prepare('SELECT m.json FROM requests r, json_each(r.messages) j JOIN messages m ON m.id = j.value WHERE r.event = ? ORDER BY j.key'),
    };
  }

  /** The list columns of these findings (any order; missing rowids are left out). */
  findingHeads(rowids: readonly number[]): FindingHead[] {
    return this.st.page.all(JSON.stringify(rowids)) as FindingHead[];
  }

  /** A stored finding's JSON by its id. */
  findingJson(id: string): string | undefined {
    return (this.st.finding.get(id) as { json: string } | undefined)?.json;
  }

  /** The stored findings' JSON of a session, oldest first. */
  sessionFindingsJson(session: string): string[] {
    return (this.st.sessionFindings.all(session) as { json: string }[]).map((r) => r.json);
  }

  /** A session's event count and first and last event time (epoch ms). */
  sessionSpan(session: string): { n: number; first: number | null; last: number | null } {
    return this.st.sessionEvents.get(session) as { n: number; first: number | null; last: number | null };
  }

  /** An event by its id or by its file and line (an id match first), within a session when given. */
  rawEvent(ref: string, path: string | null, line: number | null, session?: string): RawEventRow | undefined {
    return (session !== undefined ? this.st.eventsIn.get(session, ref, path, line, ref) : this.st.eventsAny.get(ref, path, line, ref)) as
      | RawEventRow
      | undefined;
  }

  /** A request event's prompt messages as stored (JSON), in order. */
  requestMessagesJson(eventRowId: number): string[] {
    return (this.st.messages.all(eventRowId) as { json: string }[]).map((r) => r.json);
  }
}
