/**
 * Scoped sharing and team spaces (docs/engine.md, Scope). A space (tenant, user, agent) is read
 * by others only through a grant that names the reader (a user, or one of its agents) and what it
 * shows (types, tags); a private note is never shown, whatever a grant says. A grant is revoked by
 * a revocation row: both are append-only (migration 4), so the share's history is kept. A team
 * space belongs to the tenant: its members (an append-only ledger of joins and leaves) read it and
 * write to it, each version keeping its author; a scope naming a team its user is not a member of
 * is refused. `readWhere` is the one SQL filter every read of the extracted layer uses.
 */
import { writeTransaction } from '../db/sqlite.js';
import type { EngineDb } from './schema.js';
import { requireScope, sameSpace } from './scope.js';
import { EngineError, MEMORY_TYPES, ScopeError, type EngineScope, type MemoryType, type ShareGrant, type ShareSpec, type TeamChange } from './types.js';

interface GrantRow {
  id: number;
  tenant: string;
  owner_user: string;
  owner_agent: string;
  grantee_user: string;
  grantee_agent: string | null;
  types: string | null;
  tags: string | null;
  granted_at: number;
  revoked_at: number | null;
}

const GRANT_COLUMNS = 'g.*, r.revoked_at AS revoked_at FROM share_grants g LEFT JOIN share_revocations r ON r.grant_id = g.id';

function toGrant(r: GrantRow): ShareGrant {
  const owner: EngineScope = { user: r.owner_user };
  if (r.owner_agent) owner.agent = r.owner_agent;
  if (r.tenant) owner.tenant = r.tenant;
  return {
    id: r.id,
    owner,
    grantee: { user: r.grantee_user, agent: r.grantee_agent },
    types: r.types ? (JSON.parse(r.types) as MemoryType[]) : null,
    tags: r.tags ? (JSON.parse(r.tags) as string[]) : null,
    grantedAt: r.granted_at,
    revokedAt: r.revoked_at,
  };
}

/** The tags column: space-separated, padded, so `instr(tags, ' tag ')` matches a whole tag. */
export function tagsColumn(tags: readonly string[] | undefined): string {
  const t = [...new Set((tags ?? []).map((x) => x.trim()).filter(Boolean))];
  if (t.some((x) => /\s/.test(x))) throw new EngineError('a tag is one word (no spaces)');
  return t.length ? ` ${t.join(' ')} ` : ' ';
}

function nonEmpty(xs: readonly string[] | undefined, what: string): string[] | null {
  if (xs === undefined) return null;
  if (!Array.isArray(xs) || xs.length === 0 || xs.some((x) => typeof x !== 'string' || x.trim() === '' || /\s/.test(x)))
    throw new EngineError(`share ${what}: a non-empty list of single words`);
  return [...new Set(xs)];
}

export class Sharing {
  private readonly liveGrants;
  private readonly membership;

  constructor(private readonly db: EngineDb) {
    // the grants a reader holds now: its user's, to every agent or to its own
    this.liveGrants = db.prepare(
      `SELECT ${GRANT_COLUMNS} WHERE g.grantee_user = ? AND g.tenant = ? AND (g.grantee_agent IS NULL OR g.grantee_agent = ?) AND r.grant_id IS NULL ORDER BY g.id`,
    );
    this.membership = db.prepare('SELECT joined FROM team_members WHERE team = ? AND tenant = ? AND user = ? ORDER BY id DESC LIMIT 1').pluck();
  }

  /** Grant a reader a part of the owner's space (its own space: a team space is shared by membership). */
  grant(ownerIn: EngineScope, spec: ShareSpec, at: number): ShareGrant {
    const owner = requireScope(ownerIn);
    if (owner.team !== undefined) throw new ScopeError('a team space is shared by membership (teams.add), not by a grant');
    // sharing across users is a team's: members, a ledger, and writes that name the team as their owner
    if (spec.with?.user !== undefined && spec.with.user !== owner.user)
      throw new ScopeError(`a share is with another agent of ${owner.user}; to share with other users, write to a team they are members of`);
    const withUser = owner.user;
    const withAgent = spec.with?.agent ?? null;
    requireScope({ user: withUser, ...(withAgent === null ? {} : { agent: withAgent }) });
    const types = nonEmpty(spec.types, 'types');
    if (types?.some((t) => !(MEMORY_TYPES as readonly string[]).includes(t))) throw new EngineError(`share types: one of ${MEMORY_TYPES.join(', ')}`);
    const tags = nonEmpty(spec.tags, 'tags');
    const id = writeTransaction(this.db, () =>
      Number(
        this.db
          .prepare(
            'INSERT INTO share_grants (tenant, owner_user, owner_agent, grantee_user, grantee_agent, types, tags, granted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(owner.tenant ?? '', owner.user, owner.agent ?? '', withUser, withAgent, types && JSON.stringify(types), tags && JSON.stringify(tags), at)
          .lastInsertRowid,
      ),
    );
    return this.get(id) as ShareGrant;
  }

  /** Revoke a grant of the owner's space: a revocation is recorded (the grant stays, with when it ended). */
  revoke(ownerIn: EngineScope, grantId: number, at: number): ShareGrant {
    const owner = requireScope(ownerIn);
    const g = this.get(grantId);
    if (!g || !sameSpace(g.owner, owner)) throw new ScopeError(`share ${grantId} is not a grant of this space`);
    if (g.revokedAt !== null) return g;
    writeTransaction(this.db, () => this.db.prepare('INSERT OR IGNORE INTO share_revocations (grant_id, revoked_at) VALUES (?, ?)').run(grantId, at));
    return this.get(grantId) as ShareGrant;
  }

  /** The history of the shares a scope gave or holds: every grant, oldest first, with when it was revoked. */
  history(scopeIn: EngineScope): ShareGrant[] {
    const s = requireScope(scopeIn);
    const rows = this.db
      .prepare(
        `SELECT ${GRANT_COLUMNS} WHERE g.tenant = ? AND ((g.owner_user = ? AND g.owner_agent = ?) OR (g.grantee_user = ? AND (g.grantee_agent IS NULL OR g.grantee_agent = ?))) ORDER BY g.id`,
      )
      .all(s.tenant ?? '', s.user, s.agent ?? '', s.user, s.agent ?? '') as GrantRow[];
    return rows.map(toGrant);
  }

  /** The other agents of its user whose spaces a scope reads a part of now. */
  sharedAgents(scope: EngineScope): string[] {
    const rows = this.liveGrants.all(scope.user, scope.tenant ?? '', scope.agent ?? '') as GrantRow[];
    return [...new Set(rows.map((r) => r.owner_agent).filter((a) => a !== '' && a !== (scope.agent ?? '')))];
  }

  private get(id: number): ShareGrant | null {
    const r = this.db.prepare(`SELECT ${GRANT_COLUMNS} WHERE g.id = ?`).get(id) as GrantRow | undefined;
    return r ? toGrant(r) : null;
  }

  // ---- teams -------------------------------------------------------------------------------------

  isMember(tenant: string, team: string, user: string): boolean {
    return this.membership.get(team, tenant, user) === 1;
  }

  /** A scope that names a team must be one of its members' (a forged scope is refused). */
  checkMember(scope: EngineScope): void {
    if (scope.team !== undefined && !this.isMember(scope.tenant ?? '', scope.team, scope.user))
      throw new ScopeError(`${scope.user} is not a member of team ${scope.team}: a team is read and written by its members only`);
  }

  /**
   * The space a scope's shared-state fields live in, by the rule `readWhere` gives memories: a scope
   * naming a team (a member's only: anyone else is refused) reads and writes the team's fields; any
   * other scope, null (its own space, or its user's shared one). The user part is empty, so no
   * person's space (`spaceOf`, whose user is never empty) is ever the same string.
   */
  stateSpace(scope: EngineScope): string | null {
    this.checkMember(scope);
    return scope.team === undefined ? null : `${scope.tenant ?? ''}\u0000\u0000team\u0000${scope.team}`;
  }

  /** Create a team with the scope's user as its first member (refused if the team exists in the tenant). */
  createTeam(scopeIn: EngineScope, team: string, at: number): TeamChange {
    const s = requireScope({ ...requireScope(scopeIn), team });
    return writeTransaction(this.db, () => {
      const exists = this.db.prepare('SELECT 1 FROM team_members WHERE team = ? AND tenant = ? LIMIT 1').get(team, s.tenant ?? '');
      if (exists) throw new ScopeError(`team ${team} exists: a member adds you`);
      return this.record(s.tenant ?? '', team, s.user, true, at);
    });
  }

  /** A member adds a user to the team, or takes one out (itself included); recorded, never deleted. */
  changeMember(scopeIn: EngineScope, user: string, joined: boolean, at: number): TeamChange {
    const s = requireScope(scopeIn);
    if (s.team === undefined) throw new ScopeError('name the team in the scope: { user, team }');
    requireScope({ user });
    return writeTransaction(this.db, () => {
      this.checkMember(s);
      if (this.isMember(s.tenant ?? '', s.team as string, user) === joined) return { team: s.team as string, user, joined, at };
      return this.record(s.tenant ?? '', s.team as string, user, joined, at);
    });
  }

  /** The current members of a team (the scope must be one). */
  members(scopeIn: EngineScope): string[] {
    const s = requireScope(scopeIn);
    this.checkMember(s);
    const users = this.db
      .prepare('SELECT DISTINCT user FROM team_members WHERE team = ? AND tenant = ? ORDER BY user')
      .pluck()
      .all(s.team, s.tenant ?? '') as string[];
    return users.filter((u) => this.isMember(s.tenant ?? '', s.team as string, u));
  }

  private record(tenant: string, team: string, user: string, joined: boolean, at: number): TeamChange {
    this.db.prepare('INSERT INTO team_members (tenant, team, user, joined, at) VALUES (?, ?, ?, ?, ?)').run(tenant, team, user, joined ? 1 : 0, at);
    return { team, user, joined, at };
  }

  /**
   * The rows of `memories` a scope reads: its own space; each space granted to it, private notes
   * left out, narrowed to the grant's types and tags; and the team it names (a member only).
   * Literal column tests with bound parameters, one branch per live grant.
   */
  readWhere(scope: EngineScope): { sql: string; params: unknown[] } {
    this.checkMember(scope);
    const tenant = scope.tenant ?? '';
    const branches = ["(user = ? AND coalesce(agent, '') = ? AND team IS NULL)"];
    const params: unknown[] = [tenant, scope.user, scope.agent ?? ''];
    for (const g of (this.liveGrants.all(scope.user, tenant, scope.agent ?? '') as GrantRow[]).map(toGrant)) {
      let b = "(user = ? AND coalesce(agent, '') = ? AND team IS NULL AND private = 0";
      params.push(g.owner.user, g.owner.agent ?? '');
      if (g.types) {
        b += ` AND type IN (${g.types.map(() => '?').join(', ')})`;
        params.push(...g.types);
      }
      if (g.tags) {
        b += ` AND (${g.tags.map(() => 'instr(tags, ?) > 0').join(' OR ')})`;
        params.push(...g.tags.map((t) => ` ${t} `));
      }
      branches.push(`${b})`);
    }
    if (scope.team !== undefined) {
      branches.push('(team = ?)');
      params.push(scope.team);
    }
    return { sql: `coalesce(tenant, '') = ? AND (${branches.join(' OR ')})`, params };
  }
}

/** `engine.teams`: a team or project space across the users of a tenant. */
export class Teams {
  constructor(
    private readonly sharing: Sharing,
    private readonly clock: () => number,
  ) {}

  /** Create a team; the scope's user is its first member. */
  create(scope: EngineScope, team: string): TeamChange {
    return this.sharing.createTeam(scope, team, this.clock());
  }

  /** A member (`scope`, naming the team) adds a user. */
  add(scope: EngineScope, user: string): TeamChange {
    return this.sharing.changeMember(scope, user, true, this.clock());
  }

  /** A member takes a user out (a leave is recorded; what the user wrote stays, with its author). */
  remove(scope: EngineScope, user: string): TeamChange {
    return this.sharing.changeMember(scope, user, false, this.clock());
  }

  /** The current members (the scope must be one). */
  members(scope: EngineScope): string[] {
    return this.sharing.members(scope);
  }
}
