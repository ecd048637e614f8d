/**
 * What became of several writes to one channel in one applied step: which were lost (overwritten),
 * which merged (nothing of them was lost), which survived. Read from the channel's value after the
 * step (`final`) and before it (`before`):
 * - the channel equals none of the writes: a reducer merged them;
 * - a write that changes nothing (equal to the value before the step, or empty when the channel had
 *   none: `[]` added to a list by a concatenating reducer) loses nothing;
 * - the channel equals one write (or several identical ones): every other write that changed
 *   something was overwritten; when none did, nothing was lost.
 */

/** JSON with sorted keys: two decodings of one value compare equal. */
export function canon(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canon((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

const EMPTY = new Set(['[]', '{}', '""', 'null']);

/** A channel's value: `set` false when the channel had no value (never written); `value` undefined when it could not be read. */
export interface ChannelValue {
  set: boolean;
  value: unknown;
}

export interface StepVerdict {
  /** indexes of the writes that were overwritten */
  lost: number[];
  /** indexes of the writes that replaced nothing (merged by a reducer, identical, or no change) */
  merged: number[];
  /** the write the channel holds, when one write replaced others */
  survivor: number | null;
}

export function judgeWrites(values: unknown[], before: ChannelValue, final: unknown): StepVerdict {
  const none: StepVerdict = { lost: [], merged: [], survivor: null };
  if (values.length < 2 || final === undefined) return none;
  const all = values.map((_, i) => i);
  const fc = canon(final);
  const survivors = all.filter((i) => canon(values[i]) === fc);
  if (!survivors.length) return { ...none, merged: all };
  const bc = before.set ? (before.value === undefined ? null : canon(before.value)) : undefined;
  const noChange = (i: number) => (bc === undefined ? EMPTY.has(canon(values[i])) : bc !== null && canon(values[i]) === bc);
  const lost = all.filter((i) => !survivors.includes(i) && !noChange(i));
  if (!lost.length) return { ...none, merged: all };
  // identical survivors after the first replaced nothing of each other
  return { lost, merged: survivors.slice(1), survivor: survivors[0] };
}
