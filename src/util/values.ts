/**
 * Reading a field of a parsed JSON value whose type the log chose: the one `str()` every layer uses
 * (it was written eight times, with null in some copies and undefined in others).
 */

/** An id or name as text: a non-empty string as it is, a finite number as its text; anything else is absent. */
export function str(v: unknown): string | undefined {
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** A JSON object (not an array, not null): the shape every reader checks before it reads a field. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
