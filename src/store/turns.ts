import type { Statement } from 'better-sqlite3';
import { TURNLESS_KINDS } from '../events/types.js';
import type { Db } from './connection.js';

/**
 * User turns of the events that came without one (a reader gives them a `turn_key`: the trace or the
 * proxied call they belong to). A turn is what a person would call one: it starts when the user says
 * something new, whatever the trace layout (one trace per turn, the whole conversation in one trace,
 * one proxied call per line).
 *
 * Requests, in time order (ties by source and line): a request opens a turn when its last user
 * message, with the conversation message before it (system prompts aside), is not the one that
 * opened the current turn (a tool loop sends the same user turn again), and either its key has no
 * turn yet or its prompt holds the message that opened the current turn (the same
 * conversation went on: a summarisation or sub-agent call inside a trace, whose prompt is its own,
 * does not open a turn). A request without a user message opens one only in a key that has none
 * (a chat span exported without its input). A tool result sent as a user message is not one. A
 * request that a compaction of the session names as the call that wrote its summary (`request_id`)
 * opens none either: a summarisation in its own trace is not the user speaking.
 *
 * Other events take the turn of their key's requests when these are all of one turn; where a key's
 * requests span several turns, a retrieval takes the turn of the next request of its key (what it
 * found goes into that prompt) and anything else the turn of the last request before it (a tool call,
 * a memory write after the answer). A key without requests (sub-agents at work on shared state, a
 * background job in its own trace) is a turn of its own, opened by its first event, as before
 * requests counted; keys holding only lifecycle events, store snapshots or compactions get no turn.
 */

/** kinds that never open a turn (lifecycle, store snapshots, compactions) */
const SYSTEM = new Set<string>(TURNLESS_KINDS);

interface Row {
  id: number;
  kind: string;
  key: string;
  turn: number | null;
  /** a request's message ids, as stored (JSON array) */
  msgs: string | null;
  /** a request's messages by class, one letter each: u a user's words, s system or developer, o anything else */
  cls: string | null;
  /** a request's own `request_id` */
  rid?: string | null;
  /** a compaction of the session names this request as the call that wrote its summary */
  summary?: boolean;
}

/** The model calls a session's compactions name as the one that wrote their summary. */
const SUMMARY_CALLS = `
  SELECT json_extract(body, '$.request_id') FROM events
  WHERE session = ? AND kind = 'compaction' AND json_extract(body, '$.request_id') IS NOT NULL`;

/** Which user-message part types are tool results (Anthropic, AI SDK, Responses API). */
const TOOL_RESULT_PARTS = "('tool_result', 'tool-result', 'function_call_output')";

const SESSION_ROWS = `
  SELECT e.id, e.kind, e.turn_key AS key, e.turn, r.messages AS msgs,
    (SELECT group_concat(c, '') FROM (
       SELECT CASE
         WHEN m.role IN ('system', 'developer') THEN 's'
         WHEN m.role = 'user' AND json_extract(m.json, '$.tool_call_id') IS NULL
           AND NOT EXISTS (SELECT 1 FROM json_each(m.json, '$.content') p
                           WHERE p.type = 'object' AND json_extract(p.value, '$.type') IN ${TOOL_RESULT_PARTS}) THEN 'u'
         ELSE 'o' END AS c
       FROM json_each(r.messages) j JOIN messages m ON m.id = j.value ORDER BY j.key)) AS cls,
    CASE WHEN r.event IS NOT NULL THEN json_extract(e.body, '$.request_id') END AS rid
  FROM events e LEFT JOIN requests r ON r.event = e.id
  WHERE e.session = ? AND e.turn_key IS NOT NULL
  ORDER BY e.ts, e.source_id, e.line, e.id`;

/** A request's user turn: its last user message and the conversation message before it (system prompts aside). */
function userKey(msgs: number[], cls: string): { user: number; key: string } | null {
  const ui = cls.lastIndexOf('u');
  if (ui < 0) return null;
  let prev = ui - 1;
  while (prev >= 0 && cls[prev] === 's') prev--;
  return { user: msgs[ui], key: `${prev >= 0 ? msgs[prev] : ''}:${msgs[ui]}` };
}

export class TurnNumbering {
  private readonly rows: Statement;
  private readonly set: Statement;
  private readonly sessionsOf: Statement;
  private readonly summaryCalls: Statement;

  constructor(db: Db) {
    this.rows = db.prepare(SESSION_ROWS);
    this.summaryCalls = db.prepare(SUMMARY_CALLS).pluck();
    this.set = db.prepare('UPDATE events SET turn = ? WHERE id = ?');
    this.sessionsOf = db.prepare('SELECT DISTINCT session FROM events WHERE source_id = ? AND turn_key IS NOT NULL').pluck();
  }

  /** Sessions a source touched with keyed events. */
  sessions(sourceId: number): string[] {
    return this.sessionsOf.all(sourceId) as string[];
  }

  /** Number one session's keyed events; returns how many changed. Call inside a transaction. */
  number(session: string): number {
    const rows = this.rows.all(session) as Row[];
    const summaries = new Set(this.summaryCalls.all(session) as string[]);
    if (summaries.size) for (const r of rows) r.summary = r.rid != null && summaries.has(r.rid);
    const turns = assign(rows);
    let changed = 0;
    rows.forEach((r, i) => {
      if (r.turn !== turns[i]) changed += this.set.run(turns[i], r.id).changes;
    });
    return changed;
  }
}

/** The turn of each row (rows in time order), by the rules above. */
export function assign(rows: readonly Row[]): (number | null)[] {
  const out: (number | null)[] = new Array(rows.length).fill(null);
  const withRequests = new Set<string>();
  for (const r of rows) if (r.kind === 'request') withRequests.add(r.key);
  // keys without requests: the row that opens each (its first non-system event); system-only keys get none
  const looseOpen = new Map<string, number>();
  rows.forEach((r, i) => {
    if (!withRequests.has(r.key) && !SYSTEM.has(r.kind) && !looseOpen.has(r.key)) looseOpen.set(r.key, i);
  });
  const opensLoose = new Set(looseOpen.values());
  const looseTurn = new Map<string, number>();
  const keyTurns = new Map<string, Set<number>>();
  let turn = -1;
  let opener: number | null = null;
  let current: string | null = null;
  const byKey = new Map<string, number[]>();
  rows.forEach((r, i) => {
    if (opensLoose.has(i)) looseTurn.set(r.key, ++turn);
    if (r.kind !== 'request') return;
    const msgs = r.msgs ? (JSON.parse(r.msgs) as number[]) : [];
    const u = userKey(msgs, r.cls ?? '');
    const keyed = keyTurns.has(r.key);
    const opens =
      turn < 0 || (!r.summary && ((u !== null && u.key !== current && (!keyed || (opener !== null && msgs.includes(opener)))) || (u === null && !keyed)));
    if (opens) {
      turn++;
      opener = u?.user ?? null;
      current = u?.key ?? null;
    }
    out[i] = turn;
    let set = keyTurns.get(r.key);
    if (!set) keyTurns.set(r.key, (set = new Set()));
    set.add(turn);
    const list = byKey.get(r.key);
    if (list) list.push(i);
    else byKey.set(r.key, [i]);
  });
  /** The turn of the request of `among` nearest to row i: the next one first, or the last one before first. */
  const near = (i: number, among: number[], next: boolean): number | null => {
    let before: number | null = null;
    let after: number | null = null;
    for (const j of among) {
      if (j <= i) before = out[j];
      else if (after === null) after = out[j];
    }
    return next ? (after ?? before) : (before ?? after);
  };
  rows.forEach((r, i) => {
    if (r.kind === 'request') return;
    const own = byKey.get(r.key);
    if (!own) out[i] = looseTurn.get(r.key) ?? null;
    else out[i] = keyTurns.get(r.key)!.size === 1 ? out[own[0]] : near(i, own, r.kind === 'retrieval');
  });
  return out;
}
