/**
 * Recorded shared-state operations through the reference state: reads remember the version and
 * the value each actor saw (per scope), writes go through compare-and-set. A write refused as
 * stale is merged field by field into the current value when the fields it changed (relative to
 * what its writer read) did not change since, else returned to its writer (./merge.ts): a stale
 * value is never re-applied over a newer one. A write refused by the field's owner is returned.
 */
import type { SessionEvent } from '../../store/session.js';
import { isKind } from '../../events/validate.js';
import type { MemoryEngine } from '../../engine/engine.js';
import { spaceOf } from '../../engine/scope.js';
import { OwnershipError, StaleVersionError, type EngineScope } from '../../engine/types.js';
import { fieldsOf } from '../../analyzers/concurrent-overwrite/writes.js';
import type { Refusal } from '../../analyzers/views.js';
import type { ReplayStateOp } from './types.js';
import { isObject as isRecord, str } from '../../util/values.js';
import { fieldsIn, mergeStale } from './merge.js';

const show = (v: unknown) => JSON.stringify(v ?? null);

/**
 * The value a write leaves on `base`: a merge write, or one with a field list, sets only its
 * top-level fields; any other write replaces the whole value.
 */
function applied(b: Record<string, unknown>, base: unknown): unknown {
  const fields = fieldsOf(b);
  if (!fields || !isRecord(b.value) || !isRecord(base)) return b.value ?? null;
  const out: Record<string, unknown> = { ...base };
  for (const [k] of fields) {
    if (k === undefined) continue;
    if (k in b.value) out[k] = b.value[k];
    else delete out[k];
  }
  return out;
}

export class StateReplay {
  /** the version each actor last saw, per scope and key */
  private readonly seen = new Map<string, number>();
  /** the value each actor last saw (read, or wrote), per scope and key */
  private readonly seenValue = new Map<string, unknown>();
  readonly refusals: Refusal[] = [];

  constructor(private readonly engine: MemoryEngine) {}

  /** Apply one recorded `state` event in its scope; a write returns what the reference did. */
  apply(ev: SessionEvent, scope: EngineScope): ReplayStateOp | null {
    if (!isKind(ev, 'state')) return null;
    const b = ev.body;
    const key = b.key;
    const actor = ev.actor ?? str(ev.scope?.agent) ?? 'agent';
    const st = this.engine.state;
    const cur = st.peek(scope, key);
    const version = b.version ?? null;
    if (cur.version === 0 && version !== null && version > 0) st.seed(scope, key, b.value ?? null, b.op === 'write' ? version - 1 : version, str(b.owner));
    const owner = str(b.owner);
    if (owner && st.peek(scope, key).owner === null) st.own(scope, key, owner);
    const seenKey = `${spaceOf(scope)}\u0000${key}\u0000${actor}`;
    if (b.op === 'read') {
      const v = st.read(scope, key, actor, ev.turn ?? undefined);
      this.seen.set(seenKey, v.version);
      this.seenValue.set(seenKey, v.value);
      return null;
    }
    const expected = this.seen.get(seenKey) ?? b.expected_version ?? st.peek(scope, key).version;
    const recorded = `wrote ${show(b.value)}${b.expected_version !== undefined ? ` from version ${b.expected_version}` : ''}: accepted`;
    const read = this.seenValue.has(seenKey) ? { value: this.seenValue.get(seenKey) } : null;
    try {
      const value = applied(b, st.peek(scope, key).value);
      const r = st.write(scope, key, value, { actor, expectedVersion: expected, turn: ev.turn ?? undefined });
      this.seen.set(seenKey, r.version);
      this.seenValue.set(seenKey, value);
      return { key, actor, recorded, reference: `accepted as version ${r.version}`, refused: false };
    } catch (err) {
      if (err instanceof StaleVersionError) {
        const refusal = this.stale(ev, scope, key, actor, seenKey, read, b, err);
        return { key, actor, recorded, reference: refusal.detail, refused: true, outcome: refusal.outcome, after: refusal.after };
      }
      if (err instanceof OwnershipError) {
        const after = st.peek(scope, key).value;
        const detail = `refused: ${key} is owned by ${err.owner}; returned to ${actor}, which must hand its change to ${err.owner}; ${show(after)} stands`;
        this.refusals.push({ turn: ev.turn, key, actor, kind: 'owner', detail, outcome: 'returned', before: after, after });
        return { key, actor, recorded, reference: detail, refused: true, outcome: 'returned', after };
      }
      throw err;
    }
  }

  /**
   * A write compare-and-set refused as stale: merged into the current value field by field when
   * what it changed (against the value its writer read) did not change since, else returned to
   * its writer with the current value standing.
   */
  private stale(
    ev: SessionEvent,
    scope: EngineScope,
    key: string,
    actor: string,
    seenKey: string,
    read: { value: unknown } | null,
    b: Record<string, unknown>,
    err: StaleVersionError,
  ): Refusal {
    const st = this.engine.state;
    const turn = ev.turn ?? undefined;
    const cur = st.peek(scope, key);
    const m = mergeStale(read, read ? applied(b, read.value) : (b.value ?? null), cur.value);
    const head = `refused: computed from version ${err.expected}, current is ${err.current}`;
    if (m.outcome === 'merged') {
      // the writer re-reads and writes the merge on the current version
      const fresh = st.read(scope, key, actor, turn);
      const r = st.write(scope, key, m.value, { actor, expectedVersion: fresh.version, turn });
      this.seen.set(seenKey, r.version);
      this.seenValue.set(seenKey, m.value);
      const what = m.mine.length ? `its change to ${fieldsIn(m.mine)}` : 'its write (no change to what it read)';
      const since = m.theirs.length ? `${fieldsIn(m.theirs)} changed since` : 'nothing changed since';
      const detail = `${head}; ${what} does not clash (${since}): merged field by field as version ${r.version} (${show(m.value)})`;
      const refusal: Refusal = { turn: ev.turn, key, actor, kind: 'stale', detail, outcome: 'merged', before: cur.value, after: m.value };
      this.refusals.push(refusal);
      return refusal;
    }
    const why = read
      ? `${actor} changed ${fieldsIn(m.clash)}, which changed since version ${err.expected} too`
      : `the log has no read of ${key} by ${actor}, so what it changed is unknown`;
    const detail = `${head}; ${why}: returned to ${actor}, version ${cur.version} (${show(cur.value)}) stands`;
    const refusal: Refusal = { turn: ev.turn, key, actor, kind: 'stale', detail, outcome: 'returned', before: cur.value, after: cur.value };
    this.refusals.push(refusal);
    return refusal;
  }
}
