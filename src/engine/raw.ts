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

export class RawLog {
  private readonly insert;
  private readonly bySession;
  constructor(private readonly db: EngineDb) {
    this.insert = db.prepare(
      `INSERT INTO raw_log (ts, user, agent, tenant, session, turn, role, name, call_id, tool_calls, content)
       VALUES (@ts, @user, @agent, @tenant, @session, @turn, @role, @name, @call_id, @tool_calls, @content) RETURNING *`,
    );
    // scope is a hard filter on history too: the same tenant, user and agent, in this session
    this.bySession = db.prepare("SELECT * FROM raw_log WHERE session = ? AND user = ? AND coalesce(tenant, '') = ? AND coalesce(agent, '') = ? ORDER BY id");
  }

  append(scopeIn: EngineScope, session: string, e: RawInput, ts: number): RawEntry {
    const scope = requireScope(scopeIn);
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
    return (this.bySession.all(scope.session ?? session, scope.user, scope.tenant ?? '', scope.agent ?? '') as Row[]).map(toEntry);
  }

  /** Every entry of the scope's user (in its tenant; every agent and session), oldest first. */
  ofUser(scopeIn: EngineScope): RawEntry[] {
    const scope = requireScope(scopeIn);
    return (this.db.prepare("SELECT * FROM raw_log WHERE user = ? AND coalesce(tenant, '') = ? ORDER BY id").all(scope.user, scope.tenant ?? '') as Row[]).map(
      toEntry,
    );
  }

  get(id: number): RawEntry | null {
    const r = this.db.prepare('SELECT * FROM raw_log WHERE id = ?').get(id) as Row | undefined;
    return r ? toEntry(r) : null;
  }
}
