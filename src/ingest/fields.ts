import { InvalidEvent } from '../events/validate.js';

/**
 * Reading fields of untrusted objects (parsed log lines). A log may put an object where a string
 * belongs (`"model": {"toString": 1}`), or name a key `__proto__` / `constructor`: every value is
 * type-checked here before use, so one crafted field makes one bad line, never an internal error.
 */
export type Obj = Record<string, unknown>;

import { isObject as isObj } from '../util/values.js';
export { isObj };

/** An own property only: `o.constructor` of a plain object is Object, not a log field. */
export function own(o: unknown, key: string): unknown {
  return isObj(o) && Object.hasOwn(o, key) ? o[key] : undefined;
}

/** The first own, non-empty value among `keys`. */
export function firstOwn(o: unknown, keys: readonly string[]): unknown {
  for (const k of keys) {
    const v = own(o, k);
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
}

/**
 * An id, name or model as text: a string as it is, a finite number or a boolean as its text;
 * undefined and null are absent. Anything else (an object, an array) is an InvalidEvent naming
 * `field`: String() of it would call the log's own toString / valueOf.
 */
export function scalarText(v: unknown, field: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  throw new InvalidEvent(`${field}: expected a string, got ${Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : typeof v}`);
}

/** A map from log-chosen keys: no prototype, so `__proto__` is an ordinary key. */
export function dict<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * Text of any parsed JSON value, never calling the log's own methods: strings as they are,
 * objects and arrays as JSON (String() of `{"toString": 1}` throws), other values as String().
 */
export function safeString(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && v !== null) return JSON.stringify(v);
  return String(v);
}
