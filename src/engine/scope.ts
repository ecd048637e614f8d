import { ScopeError, type EngineScope } from './types.js';

/**
 * Scope is mandatory: a call without a user is an error, never "search everything".
 * Returns the scope with empty optional parts removed.
 */
export function requireScope(scope: unknown): EngineScope {
  if (typeof scope !== 'object' || scope === null) throw new ScopeError('a scope is required: { user: "...", agent?: "..." }');
  const s = scope as Record<string, unknown>;
  if (typeof s.user !== 'string' || s.user.trim() === '') throw new ScopeError('scope.user is required: every read and write names its user');
  for (const k of ['agent', 'tenant', 'session']) {
    if (s[k] !== undefined && s[k] !== null && (typeof s[k] !== 'string' || (s[k] as string).trim() === '')) {
      throw new ScopeError(`scope.${k} must be a non-empty string when given`);
    }
  }
  const out: EngineScope = { user: s.user };
  if (typeof s.agent === 'string') out.agent = s.agent;
  if (typeof s.tenant === 'string') out.tenant = s.tenant;
  if (typeof s.session === 'string') out.session = s.session;
  return out;
}

/** The scope a stored row carries: its user, and its agent and tenant when set (NULL or '' is none). */
export function scopeOfRow(r: { user: string; agent: string | null; tenant: string | null }): EngineScope {
  const scope: EngineScope = { user: r.user };
  if (r.agent) scope.agent = r.agent;
  if (r.tenant) scope.tenant = r.tenant;
  return scope;
}

/** The space a scope writes to: tenant, user, agent ('' for none), NUL-separated. */
export function spaceOf(scope: EngineScope): string {
  return `${scope.tenant ?? ''}\u0000${scope.user}\u0000${scope.agent ?? ''}`;
}

/** Same tenant, user and agent: the one test every scoped read of a non-SQL structure uses. */
export function sameSpace(a: EngineScope, b: EngineScope): boolean {
  return (a.tenant ?? '') === (b.tenant ?? '') && a.user === b.user && (a.agent ?? '') === (b.agent ?? '');
}
