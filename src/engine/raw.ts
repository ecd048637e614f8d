/**
 * The raw layer: an append-only log of every message, tool call and tool result, the source of
 * truth the other layers point back to. SQLite triggers refuse any UPDATE or DELETE.
 */
import type { EngineDb } from './schema.js';
import { requireScope, scopeOfRow } from './scope.js';
import type { EngineScope, RawEntry } from './types.js';

interface Row {
  id: number;
  ts: number;
  user: string;
  agent: string | null;
  tenant: string | null;
  session: string;
  turn: number | null;
  role: string;
  name: string | null;
  call_id: string | null;
  tool_calls: string | null;
  content: string;
}

function toEntry(r: Row): RawEntry {
  return {
    id: r.id,
    ts: r.ts,
    scope: scopeOfRow(r),
    session: r.session,
    turn: r.turn,
    role: r.role as RawEntry['role'],
    content: r.content,
    name: r.name,
    callId: r.call_id,
    toolCalls: r.tool_calls ? (JSON.parse(r.tool_calls) as unknown[]) : null,
  };
}

export interface RawInput {
  role: RawEntry['role'];
  content: string;
  turn?: number | null;
  name?: string | null;
  callId?: string | null;
  toolCalls?: unknown[] | null;
}

/** A session's rows in one scope: the same tenant, user and agent (bound: session, user, tenant, agent). */
const OF_SESSION = "session = ? AND user = ? AND coalesce(tenant, '') = ? AND coalesce(agent, '') = ?";

export class RawLog {
  private readonly insert;
  private readonly bySession;
  private readonly bySessionAfter;
  private readonly countUpTo;
  /**
   * The last read of each session and scope: the log only grows (an erasure aside), so the next
   * read fetches the rows after it. Read whole every turn, a 5,000-turn replay read 12.5 million rows.
   */
  private readonly read = new Map<string, { entries: RawEntry[]; last: number; version: number }>();
  constructor(
    private readonly db: EngineDb,
    /** a scope naming a team must be a member's (sharing.ts) */
    private readonly checkMember: (scope: EngineScope) => void = () => {},
  ) {
    this.insert = db.prepare(
      `INSERT INTO raw_log (ts, user, agent, tenant, session, turn, role, name, call_id, tool_calls, content)
       VALUES (@ts, @user, @agent, @tenant, @session, @turn, @role, @name, @call_id, @tool_calls, @content) RETURNING *`,
    );
    // scope is a hard filter on history too: the same tenant, user and agent, in this session
    this.bySession = db.prepare(`SELECT * FROM raw_log WHERE ${OF_SESSION} ORDER BY id`);
    this.bySessionAfter = db.prepare(`SELECT * FROM raw_log WHERE ${OF_SESSION} AND id > ? ORDER BY id`);
    this.countUpTo = db.prepare(`SELECT count(*) AS n FROM raw_log WHERE ${OF_SESSION} AND id <= ?`).pluck();
  }

  append(scopeIn: EngineScope, session: string, e: RawInput, ts: number): RawEntry {
    const scope = requireScope(scopeIn);
    this.checkMember(scope);
    const r = this.insert.get({
      ts,
      user: scope.user,
      agent: scope.agent ?? null,
      tenant: scope.tenant ?? null,
      session: scope.session ?? session,
      turn: e.turn ?? null,
      role: e.role,
      name: e.name ?? null,
      call_id: e.callId ?? null,
      tool_calls: e.toolCalls?.length ? JSON.stringify(e.toolCalls) : null,
      content: e.content,
    }) as Row;
    return toEntry(r);
  }

  /** The session's entries of this scope (tenant, user, agent; `scope.session` overrides `session`), oldest first. */
  session(scopeIn: EngineScope, session: string): RawEntry[] {
    const scope = requireScope(scopeIn);
    this.checkMember(scope);
    const args = [scope.session ?? session, scope.user, scope.tenant ?? '', scope.agent ?? ''] as const;
    const key = JSON.stringify(args);
    const seen = this.read.get(key);
    // what was read still stands when none of it was erased: no other connection wrote since (data_version),
    // or the rows read are all still there; an erasure by this engine drops the reads (forgetReads)
    const version = this.db.pragma('data_version', { simple: true }) as number;
    if (seen && (seen.version === version || this.countUpTo.get(...args, seen.last) === seen.entries.length)) {
      seen.version = version;
      const more = (this.bySessionAfter.all(...args, seen.last) as Row[]).map(toEntry);
      if (more.length) {
        for (const e of more) seen.entries.push(e);
        seen.last = more[more.length - 1].id;
      }
      return seen.entries.slice();
    }
    const entries = (this.bySession.all(...args) as Row[]).map(toEntry);
    this.read.set(key, { entries, last: entries.length ? entries[entries.length - 1].id : 0, version });
    return entries.slice();
  }

  /** After an erasure: every session is read whole again. */
  forgetReads(): void {
    this.read.clear();
  }

  /** Every entry of the scope's user in its tenant (with an agent: that agent's; without: every agent's), every session, oldest first. */
  ofUser(scopeIn: EngineScope): RawEntry[] {
    const scope = requireScope(scopeIn);
    const rows = this.db
      .prepare("SELECT * FROM raw_log WHERE user = ? AND coalesce(tenant, '') = ? AND (? IS NULL OR coalesce(agent, '') = ?) ORDER BY id")
      .all(scope.user, scope.tenant ?? '', scope.agent ?? null, scope.agent ?? '') as Row[];
    return rows.map(toEntry);
  }

  get(id: number): RawEntry | null {
    const r = this.db.prepare('SELECT * FROM raw_log WHERE id = ?').get(id) as Row | undefined;
    return r ? toEntry(r) : null;
  }
}
