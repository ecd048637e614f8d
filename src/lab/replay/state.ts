/**
 * Recorded shared-state operations through the reference state: reads remember the version each
 * actor saw (per scope), writes go through compare-and-set; a refused write is re-read and
 * re-applied, as the design's writer would.
 */
import type { SessionEvent } from '../../store/session.js';
import type { MemoryEngine } from '../../engine/engine.js';
import { spaceOf } from '../../engine/scope.js';
import { OwnershipError, StaleVersionError, type EngineScope } from '../../engine/types.js';
import type { ReplayStateOp } from './types.js';

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : null);

export class StateReplay {
  /** the version each actor last saw, per scope and key */
  private readonly seen = new Map<string, number>();
  readonly refusals: { turn: number | null; key: string; actor: string; kind: 'stale' | 'owner'; detail: string }[] = [];

  constructor(private readonly engine: MemoryEngine) {}

  /** Apply one recorded `state` event in its scope; a write returns what the reference did. */
  apply(ev: SessionEvent, scope: EngineScope): ReplayStateOp | null {
    const b = ev.body;
    const key = str(b.key);
    const actor = ev.actor ?? str(ev.scope?.agent) ?? 'agent';
    if (!key) return null;
    const st = this.engine.state;
    const cur = st.peek(scope, key);
    const version = typeof b.version === 'number' ? b.version : null;
    if (cur.version === 0 && version !== null && version > 0) st.seed(scope, key, b.value ?? null, b.op === 'write' ? version - 1 : version, str(b.owner));
    const owner = str(b.owner);
    if (owner && st.peek(scope, key).owner === null) st.own(scope, key, owner);
    const seenKey = `${spaceOf(scope)}\u0000${key}\u0000${actor}`;
    if (b.op === 'read') {
      const v = st.read(scope, key, actor, ev.turn ?? undefined);
      this.seen.set(seenKey, v.version);
      return null;
    }
    const expected = this.seen.get(seenKey) ?? (typeof b.expected_version === 'number' ? b.expected_version : st.peek(scope, key).version);
    const recorded = `wrote ${JSON.stringify(b.value ?? null)}${typeof b.expected_version === 'number' ? ` from version ${b.expected_version}` : ''}: accepted`;
    try {
      const r = st.write(scope, key, b.value ?? null, { actor, expectedVersion: expected, turn: ev.turn ?? undefined });
      this.seen.set(seenKey, r.version);
      return { key, actor, recorded, reference: `accepted as version ${r.version}`, refused: false };
    } catch (err) {
      if (err instanceof StaleVersionError) {
        // the writer re-reads and re-applies its change on the current version
        const fresh = st.read(scope, key, actor, ev.turn ?? undefined);
        const r = st.write(scope, key, b.value ?? null, { actor, expectedVersion: fresh.version, turn: ev.turn ?? undefined });
        this.seen.set(seenKey, r.version);
        const detail = `refused: computed from version ${err.expected}, current is ${err.current}; ${actor} re-read version ${fresh.version} (${JSON.stringify(fresh.value)}) and re-applied its change as version ${r.version}`;
        this.refusals.push({ turn: ev.turn, key, actor, kind: 'stale', detail });
        return { key, actor, recorded, reference: detail, refused: true };
      }
      if (err instanceof OwnershipError) {
        const detail = `refused: ${key} is owned by ${err.owner}; ${actor} must hand its change to ${err.owner}`;
        this.refusals.push({ turn: ev.turn, key, actor, kind: 'owner', detail });
        return { key, actor, recorded, reference: detail, refused: true };
      }
      throw err;
    }
  }
}
