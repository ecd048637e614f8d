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

/** JSON with sorted keys: equal for equal values, whatever the order of their keys. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .filter((k) => v[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** Two JSON values are equal (objects whatever the order of their keys; undefined as null). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** A state holds a value: equal, or (objects) with every field of the value equal (a merge write names only some fields). */
export function holdsValue(state: unknown, value: unknown): boolean {
  if (sameValue(state, value)) return true;
  return isObject(state) && isObject(value) && Object.keys(value).every((k) => sameValue(state[k], value[k]));
}
