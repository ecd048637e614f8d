/**
 * Versions of each Mem0 memory, from the history's own chain: every row says what the memory held
 * before (previous value) and after (new value). A change is version n of its memory, computed from
 * the version that produced its previous value. Two changes computed from the same version are a
 * lost update in plain sight (Mem0 JS's metadata-only `update()` writing the old text back over a
 * text update; two callers updating one memory from the same text): each change is given to
 * concurrent-overwrite as a `state` write of the key `memory:<id>` with `expected_version`.
 */

interface Chain {
  /** versions so far (the ADD is version 1) */
  n: number;
  /** text -> the newest version that produced it */
  byText: Map<string, number>;
}

export interface StateWrite {
  version: number;
  /** the version whose text this change started from; null when no earlier row produced it */
  expected: number | null;
}

export class MemoryVersions {
  private readonly chains = new Map<string, Chain>();

  /** One ADD or UPDATE row of a memory (deletes and NONE rows change no version). */
  change(memoryId: string, op: 'add' | 'update', previous: string | null, text: string | null): StateWrite {
    let c = this.chains.get(memoryId);
    if (!c || op === 'add') this.chains.set(memoryId, (c = { n: 0, byText: new Map() }));
    const expected = op === 'update' && previous !== null ? (c.byText.get(previous) ?? null) : null;
    c.n++;
    if (text !== null) c.byText.set(text, c.n);
    return { version: c.n, expected };
  }

  delete(memoryId: string): void {
    this.chains.delete(memoryId);
  }
}

/** The `state` event of one change: who wrote is unknown to Mem0 (JS), so each row is its own writer. */
export function stateWrite(
  base: Record<string, unknown>,
  memoryId: string,
  text: string | null,
  v: StateWrite,
  actor: string | null,
  row: number,
): Record<string, unknown> {
  return {
    kind: 'state',
    ts: base.ts,
    session: base.session,
    id: `${String(base.id)}:state`,
    actor: actor ?? 'mem0 caller',
    // the history does not say which call wrote a row: each row is its own writer instance
    process: `row ${row}`,
    key: `memory:${memoryId}`,
    op: 'write',
    value: text,
    version: v.version,
    ...(v.expected !== null ? { expected_version: v.expected } : {}),
    locator: base.locator,
  };
}
