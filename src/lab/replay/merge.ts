/**
 * What the reference does with a shared-state write that compare-and-set refused as stale: its
 * change (what it changed relative to the value its writer read) is merged field by field into
 * the current value when none of its fields changed since; else it is returned to its writer,
 * and the current value stands. A stale value is never re-applied over a newer one.
 */
import { isObject as isRecord, sameValue } from '../../util/values.js';

export type StaleMerge =
  /** `value`: the current value with the stale write's fields applied */
  | { outcome: 'merged'; value: unknown; mine: string[]; theirs: string[] }
  /** `clash`: the fields both changed (empty when the writer's read is unknown) */
  | { outcome: 'returned'; mine: string[]; theirs: string[]; clash: string[] };

/** The whole value, as the one field of a scalar or an array. */
export const WHOLE = '';

function changed(from: unknown, to: unknown): string[] {
  if (!isRecord(from) || !isRecord(to)) return sameValue(from, to) ? [] : [WHOLE];
  const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
  return [...keys].filter((k) => !sameValue(from[k], to[k]));
}

/**
 * Merge a write refused as stale. `read`: the value its writer last read (null: unknown, the log
 * has no read of it); `mine`: the value it wrote; `current`: the value it met.
 */
export function mergeStale(read: { value: unknown } | null, mine: unknown, current: unknown): StaleMerge {
  if (read === null) return { outcome: 'returned', mine: [WHOLE], theirs: [], clash: [] };
  const m = changed(read.value, mine);
  const t = changed(read.value, current);
  // the same change made on both sides is no clash
  const after = (k: string) => (k === WHOLE ? mine : (mine as Record<string, unknown>)[k]);
  const now = (k: string) => (k === WHOLE ? current : (current as Record<string, unknown>)[k]);
  const clash = m.filter((k) => (t.includes(k) || t.includes(WHOLE) || k === WHOLE) && t.length > 0 && !sameValue(after(k), now(k)));
  if (clash.length) return { outcome: 'returned', mine: m, theirs: t, clash };
  if (m.length === 0) return { outcome: 'merged', value: current, mine: m, theirs: t };
  if (m.includes(WHOLE)) return { outcome: 'merged', value: mine, mine: m, theirs: t };
  const value: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const k of m) {
    if (k in (mine as Record<string, unknown>)) value[k] = (mine as Record<string, unknown>)[k];
    else delete value[k];
  }
  return { outcome: 'merged', value, mine: m, theirs: t };
}

/** A list of fields in words. */
export function fieldsIn(fields: readonly string[]): string {
  if (fields.includes(WHOLE)) return 'the whole value';
  return fields.map((f) => JSON.stringify(f)).join(', ');
}
