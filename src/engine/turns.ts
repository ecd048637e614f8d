/**
 * A user message's writes: what the extractor found in it written as memories, an update or a
 * correction as the next version of the memory it contradicts, a pause and a withdrawal
 * ("forget that") acted on. The engine (engine.ts) appends the message and hands it here.
 */
import { mergeUpdate } from './claims.js';
import { conflictSubject } from './conflicts.js';
import type { Extracted } from './extract.js';
import type { MemoryIndex } from './memories.js';
import type { RawLog } from './raw.js';
import { sameSpace } from './scope.js';
import type { Conflict, EngineScope, Memory, MemoryInput, RawEntry, WriteReceipt } from './types.js';
import type { WritePipeline } from './writes.js';

export interface TurnDeps {
  index: MemoryIndex;
  writes: WritePipeline;
  raw: RawLog;
  clock: () => number;
  session: () => string;
  /** the engine's `remember` (a preference given its slot) */
  remember: (scope: EngineScope, input: MemoryInput) => WriteReceipt;
}

/** The writes of one user message (already in the raw log as `raw`), and the conflicts they resolved. */
export function writeTurn(
  d: TurnDeps,
  scope: EngineScope,
  raw: RawEntry,
  extracted: readonly Extracted[],
  turn: number | undefined,
): { writes: WriteReceipt[]; conflicts: Conflict[] } {
  const conflicts: Conflict[] = [];
  d.index.resolved.length = 0;
  const writes = extracted.flatMap((x): WriteReceipt[] => {
    if (x.trigger === 'pause') return [pause(d, scope, raw, x, turn)];
    if (x.trigger === 'withdraw') {
      withdrawPrevious(d, scope, raw);
      return [];
    }
    const input: MemoryInput = {
      type: x.type,
      text: x.text,
      slot: x.slot,
      key: x.key,
      temporary: x.temporary,
      source: 'user',
      rawId: raw.id,
      turn,
    };
    const target = x.trigger === 'correction' || x.trigger === 'update' ? updateTarget(d, scope, x.text) : null;
    if (target && x.type !== 'preference' && x.type !== 'constraint') {
      // the next version of what it updates: its type and slot, the details it leaves alone kept
      input.type = target.type;
      input.slot = target.slot ?? x.slot;
      input.text = mergeUpdate(target.text, x.text) ?? x.text;
    }
    // a correction is a critical write: committed before the turn goes on
    const receipt = d.remember(scope, x.trigger === 'correction' ? { ...input, critical: true } : input);
    if (target && receipt.status !== 'duplicate' && !receipt.conflicts?.some((c) => c.superseded.id === target.id)) {
      const kept = { ...target, id: receipt.memoryId, version: receipt.version, type: input.type, text: input.text, rawId: raw.id, createdAt: d.clock() };
      conflicts.push({ subject: conflictSubject(target, { id: '', text: x.text, type: x.type }) ?? 'value', kept, superseded: target, rule: 'recency' });
    }
    return [receipt];
  });
  conflicts.push(...d.index.resolved.splice(0));
  return { writes, conflicts };
}

/** The newest current memory of this space that a correction or update contradicts. */
function updateTarget(d: TurnDeps, scope: EngineScope, text: string): Memory | null {
  const mine = { id: '', text, type: 'fact' as const };
  // queued writes count: an update in the next breath finds what the last message said
  const own = d.index.visible(scope, d.writes.queued()).filter((m) => conflictSubject(mine, m) !== null);
  return own.at(-1) ?? null;
}

/** A pause: every pending write committed, and a task state of where the conversation stopped. */
function pause(d: TurnDeps, scope: EngineScope, raw: RawEntry, x: Extracted, turn: number | undefined): WriteReceipt {
  d.writes.drain();
  const last = d.raw
    .session(scope, d.session())
    .filter((e) => e.role === 'user' && e.id !== raw.id)
    .at(-1);
  const where = last ? `; the last request before it: "${last.content.length > 200 ? `${last.content.slice(0, 200)}…` : last.content}"` : '';
  return d.remember(scope, {
    type: 'task_state',
    text: `The user paused the conversation ("${x.text}")${where}`,
    slot: x.slot,
    source: 'user',
    rawId: raw.id,
    turn,
    critical: true,
  });
}

/** "Forget that": the memories written from the previous user message are withdrawn (kept, marked, never injected). */
function withdrawPrevious(d: TurnDeps, scope: EngineScope, raw: RawEntry): void {
  const prev = d.raw
    .session(scope, d.session())
    .filter((e) => e.role === 'user' && e.id < raw.id)
    .at(-1);
  if (!prev) return;
  d.writes.drain();
  for (const m of d.index.current(scope)) if (m.rawId === prev.id && sameSpace(m.scope, scope)) d.index.withdraw(scope, m, raw.id, d.clock());
}
