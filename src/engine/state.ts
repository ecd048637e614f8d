/**
 * Versioned shared state between agents. Every write names the version it was computed from
 * (compare-and-set): a stale one is refused and the writer must re-read. A field may have an
 * owner; only the owner writes it. Reads and writes, refused ones included, are logged as
 * `state` events (a refused write carries `result: "conflict"` or `"rejected_not_owner"`).
 * A scope naming a team reads and writes the team's fields, a member's only (`Sharing.stateSpace`,
 * the rule memories follow in `readWhere`); their events have the team as their scope.
 */
import type { EngineDb } from './schema.js';
import { writeTransaction } from '../db/sqlite.js';
import { type EmitContext, type EventLog, teamOwner } from './events.js';
import { requireScope, spaceOf } from './scope.js';
import type { Sharing } from './sharing.js';
import { EngineError, OwnershipError, ScopeError, StaleVersionError, type EngineScope, type StateValue } from './types.js';

interface Row {
  value: string | null;
  version: number;
  owner: string | null;
}

export interface StateWrite {
  /** who writes */
  actor: string;
  /** the version this value was computed from (0 for a new field) */
  expectedVersion: number;
  turn?: number;
}

export class SharedState {
  constructor(
    private readonly db: EngineDb,
    /** who reads which space: a team's fields are its members' only */
    private readonly sharing: Sharing,
    private readonly log: EventLog,
    private readonly clock: () => number,
    /** compare-and-set (default on; off = a chaos fault: the last writer silently wins) */
    private readonly cas: boolean,
  ) {}

  /**
   * The space a field lives in: the team's when the scope names one (a member only), else the
   * scope's own (tenant, user, agent), or the user's shared space when the field was declared shared
   * (`share`): scope is a hard filter here as everywhere.
   */
  private space(scope: EngineScope, key: string): string {
    const team = this.sharing.stateSpace(scope);
    if (team !== null) return team;
    const shared = this.db.prepare('SELECT 1 FROM state WHERE space = ? AND key = ?').get(SharedState.sharedSpace(scope), key);
    return shared ? SharedState.sharedSpace(scope) : spaceOf(scope);
  }

  private static sharedSpace(scope: EngineScope): string {
    return `${scope.tenant ?? ''}\u0000${scope.user}\u0000*shared*`;
  }

  /** A state event's context: a team field's events are the team's, its writer named as `author` in the payload. */
  private static ctx(scope: EngineScope, actor: string, turn: number | null | undefined): EmitContext {
    return { scope, owner: teamOwner(scope), actor, turn: turn ?? null };
  }

  private static author(scope: EngineScope): Record<string, unknown> {
    return scope.team ? { author: { user: scope.user, ...(scope.agent ? { agent: scope.agent } : {}) } } : {};
  }

  private row(scope: EngineScope, key: string): Row | undefined {
    return this.db.prepare('SELECT value, version, owner FROM state WHERE space = ? AND key = ?').get(this.space(scope, key), key) as Row | undefined;
  }

  /**
   * Declare a field shared between the agents of one user (and tenant): the only way two agents
   * read and write the same field. The field's current value in this scope moves to the shared space.
   */
  share(scopeIn: EngineScope, key: string): void {
    const scope = requireScope(scopeIn);
    if (this.sharing.stateSpace(scope) !== null) throw new ScopeError(`a field of team ${scope.team} is shared by membership, not declared shared`);
    const shared = SharedState.sharedSpace(scope);
    if (this.db.prepare('SELECT 1 FROM state WHERE space = ? AND key = ?').get(shared, key)) return;
    const own = this.db.prepare('SELECT value, version, owner FROM state WHERE space = ? AND key = ?').get(spaceOf(scope), key) as Row | undefined;
    this.db
      .prepare('INSERT INTO state (space, key, value, version, owner, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, NULL, ?)')
      .run(shared, key, own?.value ?? null, own?.version ?? 0, own?.owner ?? null, this.clock());
  }

  private static parse(v: string | null): unknown {
    return v === null ? null : JSON.parse(v);
  }

  /** Read a field: its value, version (0 when it was never written) and owner. */
  read(scopeIn: EngineScope, key: string, actor: string, turn?: number): StateValue {
    const scope = requireScope(scopeIn);
    const r = this.row(scope, key);
    const out: StateValue = { key, value: r ? SharedState.parse(r.value) : null, version: r?.version ?? 0, owner: r?.owner ?? null };
    this.log.emit(
      'state',
      { key, op: 'read', value: out.value, version: out.version, ...(out.owner ? { owner: out.owner } : {}), ...SharedState.author(scope) },
      SharedState.ctx(scope, actor, turn),
    );
    return out;
  }

  /** Compare-and-set. Throws StaleVersionError (re-read and retry) or OwnershipError; both are logged. */
  write(scopeIn: EngineScope, key: string, value: unknown, w: StateWrite): StateValue {
    const scope = requireScope(scopeIn);
    if (!w || typeof w.actor !== 'string' || !w.actor) throw new EngineError('a state write names its actor');
    if (!Number.isInteger(w.expectedVersion) || w.expectedVersion < 0) {
      throw new EngineError(`a state write names the version it was computed from (expectedVersion), got ${String(w.expectedVersion)}`);
    }
    const ctx = SharedState.ctx(scope, w.actor, w.turn);
    const author = SharedState.author(scope);
    let result: StateValue | null = null;
    let refusal: Error | null = null;
    writeTransaction(this.db, () => {
      const r = this.row(scope, key);
      const current = r?.version ?? 0;
      const owner = r?.owner ?? null;
      if (owner && owner !== w.actor) {
        refusal = new OwnershipError(key, owner, w.actor);
        this.log.emit(
          'state',
          {
            key,
            op: 'write',
            value,
            expected_version: w.expectedVersion,
            version: current,
            owner,
            result: 'rejected_not_owner',
            error: refusal.message,
            ...author,
          },
          ctx,
        );
        return;
      }
      if (this.cas && w.expectedVersion !== current) {
        refusal = new StaleVersionError(key, w.expectedVersion, current);
        this.log.emit(
          'state',
          {
            key,
            op: 'write',
            value,
            expected_version: w.expectedVersion,
            version: current,
            ...(owner ? { owner } : {}),
            result: 'conflict',
            error: refusal.message,
            ...author,
          },
          ctx,
        );
        return;
      }
      const version = current + 1;
      this.db
        .prepare(
          `INSERT INTO state (space, key, value, version, owner, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (space, key) DO UPDATE SET value = excluded.value, version = excluded.version, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        )
        .run(this.space(scope, key), key, JSON.stringify(value ?? null), version, owner, w.actor, this.clock());
      result = { key, value, version, owner };
      this.log.emit('state', { key, op: 'write', value, expected_version: w.expectedVersion, version, ...(owner ? { owner } : {}), ...author }, ctx);
    });
    if (refusal) throw refusal;
    return result!;
  }

  /**
   * Read, compute, compare-and-set; on a stale version re-read and compute again (at most
   * `attempts` times). The update function sees the value it is computed from.
   */
  update(scope: EngineScope, key: string, actor: string, fn: (current: unknown) => unknown, opts: { turn?: number; attempts?: number } = {}): StateValue {
    const attempts = opts.attempts ?? 5;
    for (let i = 1; ; i++) {
      const cur = this.read(scope, key, actor, opts.turn);
      try {
        return this.write(scope, key, fn(cur.value), { actor, expectedVersion: cur.version, turn: opts.turn });
      } catch (err) {
        if (!(err instanceof StaleVersionError) || i >= attempts) throw err;
      }
    }
  }

  /** Give a field an owner (only when it has none, or to the owner itself). */
  own(scopeIn: EngineScope, key: string, owner: string): void {
    const scope = requireScope(scopeIn);
    const r = this.row(scope, key);
    if (r?.owner && r.owner !== owner) throw new OwnershipError(key, r.owner, owner);
    this.db
      .prepare(
        `INSERT INTO state (space, key, value, version, owner, updated_by, updated_at) VALUES (?, ?, NULL, 0, ?, ?, ?)
         ON CONFLICT (space, key) DO UPDATE SET owner = excluded.owner`,
      )
      .run(this.space(scope, key), key, owner, owner, this.clock());
  }

  /** Load a field as it stands in another system (replay): no event, no check. */
  seed(scopeIn: EngineScope, key: string, value: unknown, version: number, owner: string | null = null): void {
    const scope = requireScope(scopeIn);
    this.db
      .prepare(
        `INSERT INTO state (space, key, value, version, owner, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, NULL, ?)
         ON CONFLICT (space, key) DO UPDATE SET value = excluded.value, version = excluded.version, owner = coalesce(excluded.owner, state.owner)`,
      )
      .run(this.space(scope, key), key, JSON.stringify(value ?? null), version, owner, this.clock());
  }

  /** Current value without logging a read (for reports). */
  peek(scopeIn: EngineScope, key: string): StateValue {
    const scope = requireScope(scopeIn);
    const r = this.row(scope, key);
    return { key, value: r ? SharedState.parse(r.value) : null, version: r?.version ?? 0, owner: r?.owner ?? null };
  }
}
