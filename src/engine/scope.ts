import { ScopeError, type EngineScope } from './types.js';

/**
 * Scope is mandatory: a call without a user is an error, never "search everything".
 * Returns the scope with empty optional parts removed.
 */
export function requireScope(scope: unknown): EngineScope {
  if (typeof scope !== 'object' || scope === null) throw new ScopeError('a scope is required: { user: "...", agent?: "..." }');
  const s = scope as Record<string, unknown>;
  if (typeof s.user !== 'string' || s.user.trim() === '') throw new ScopeError('scope.user is required: every read and write names its user');
  for (const k of ['agent', 'tenant', 'session', 'team']) {
    if (s[k] !== undefined && s[k] !== null && (typeof s[k] !== 'string' || (s[k] as string).trim() === '')) {
      throw new ScopeError(`scope.${k} must be a non-empty string when given`);
    }
  }
  const out: EngineScope = { user: s.user };
  if (typeof s.agent === 'string') out.agent = s.agent;
  if (typeof s.tenant === 'string') out.tenant = s.tenant;
  if (typeof s.session === 'string') out.session = s.session;
  if (typeof s.team === 'string') out.team = s.team;
  return out;
}

/** The scope without its team: the member's own space. */
export function personal(scope: EngineScope): EngineScope {
  if (scope.team === undefined) return scope;
  const { team: _team, ...own } = scope;
  return own;
}

/** The scope a stored row carries: its user, and its agent and tenant when set (NULL or '' is none). */
export function scopeOfRow(r: { user: string; agent: string | null; tenant: string | null; team?: string | null }): EngineScope {
  const scope: EngineScope = { user: r.user };
  if (r.agent) scope.agent = r.agent;
  if (r.tenant) scope.tenant = r.tenant;
  if (r.team) scope.team = r.team;
  return scope;
}

/** The space a scope writes to: tenant, user, agent ('' for none), NUL-separated. */
export function spaceOf(scope: EngineScope): string {
  return `${scope.tenant ?? ''}\u0000${scope.user}\u0000${scope.agent ?? ''}`;
}

/**
 * The same space: the same tenant and team (any member of a team writes to one space), or, with no
 * team, the same tenant, user and agent. The one test every scoped read of a non-SQL structure uses.
 */
export function sameSpace(a: EngineScope, b: EngineScope): boolean {
  if ((a.tenant ?? '') !== (b.tenant ?? '') || (a.team ?? '') !== (b.team ?? '')) return false;
  return a.team !== undefined || (a.user === b.user && (a.agent ?? '') === (b.agent ?? ''));
}

/** A reader sees what is queued in its own space, and, naming a team it belongs to, in the team's. */
export function readsSpace(reader: EngineScope, space: EngineScope): boolean {
  return sameSpace(space, reader) || (reader.team !== undefined && sameSpace(space, personal(reader)));
}
