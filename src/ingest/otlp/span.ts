import { InvalidEvent } from '../../events/validate.js';

/**
 * One OTLP span as the OTLP/JSON encoding writes it (the collector's file exporter, OTLP/HTTP JSON):
 * `{ traceId, spanId, parentSpanId, name, kind, startTimeUnixNano, endTimeUnixNano, attributes: [{ key,
 * value: { stringValue | intValue | doubleValue | boolValue | arrayValue | kvlistValue | bytesValue } }],
 * events: [{ timeUnixNano, name, attributes }], status: { code, message } }`, decoded into plain values.
 */

export type Attrs = Record<string, unknown>;

export interface SpanEvent {
  name: string;
  /** epoch milliseconds */
  time: number;
  attrs: Attrs;
}

export interface SpanInfo {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  /** epoch milliseconds */
  start: number;
  end: number | null;
  attrs: Attrs;
  /** the resource's attributes (service.name, ...) */
  resource: Attrs;
  /** instrumentation scope name, when given */
  scope: string | null;
  events: SpanEvent[];
  error: boolean;
  statusMessage: string | null;
}

import { isObject as isObj } from '../../util/values.js';
import { parseJson } from '../json-parse.js';
export { isObj };

/** An OTLP AnyValue as a plain value (int64 kept as a number when it is exact, else as its string). */
export function anyValue(v: unknown, where: string): unknown {
  if (!isObj(v)) throw new InvalidEvent(`${where}: expected an AnyValue object`);
  if ('stringValue' in v) return v.stringValue;
  if ('boolValue' in v) return v.boolValue;
  if ('intValue' in v) {
    const n = Number(v.intValue);
    return Number.isSafeInteger(n) ? n : String(v.intValue);
  }
  if ('doubleValue' in v) {
    const d = v.doubleValue;
    // NaN / Infinity are written as strings in OTLP/JSON
    return typeof d === 'string' ? Number(d) : d;
  }
  if ('arrayValue' in v) {
    const values = isObj(v.arrayValue) && Array.isArray(v.arrayValue.values) ? v.arrayValue.values : [];
    return values.map((x, i) => anyValue(x, `${where}[${i}]`));
  }
  if ('kvlistValue' in v) {
    const values = isObj(v.kvlistValue) && Array.isArray(v.kvlistValue.values) ? v.kvlistValue.values : [];
    return attrMap(values, where);
  }
  if ('bytesValue' in v) return v.bytesValue;
  return null; // an empty AnyValue is a legal "no value"
}

export function attrMap(list: unknown, where: string): Attrs {
  const out: Attrs = Object.create(null) as Attrs; // keys are log text: `__proto__` is just a key
  if (list === undefined || list === null) return out;
  if (!Array.isArray(list)) throw new InvalidEvent(`${where}: expected an array of {key, value}`);
  for (let i = 0; i < list.length; i++) {
    const kv = list[i];
    if (!isObj(kv) || typeof kv.key !== 'string') throw new InvalidEvent(`${where}[${i}]: expected {key, value}`);
    out[kv.key] = kv.value === undefined ? null : anyValue(kv.value, `${where}[${i}] (${kv.key})`);
  }
  return out;
}

/** Unix nanoseconds (a decimal string or a number) -> epoch milliseconds. */
export function nanosToMs(v: unknown, field: string): number {
  if (typeof v === 'string' && /^\d+$/.test(v)) {
    if (v.length <= 6) return 0;
    return Number(v.slice(0, -6)) + Number(v.slice(-6)) / 1e6;
  }
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v / 1e6;
  throw new InvalidEvent(`${field}: expected Unix nanoseconds, got ${v === undefined ? 'nothing' : JSON.stringify(v).slice(0, 40)}`);
}

/** Decode and check one span. Throws InvalidEvent with a one-line reason. */
export function spanInfo(raw: unknown, resource: Attrs, scope: string | null): SpanInfo {
  if (!isObj(raw)) throw new InvalidEvent('expected a span object');
  const traceId = raw.traceId;
  const spanId = raw.spanId;
  if (typeof traceId !== 'string' || traceId.length === 0) throw new InvalidEvent('missing traceId');
  if (typeof spanId !== 'string' || spanId.length === 0) throw new InvalidEvent('missing spanId');
  const start = nanosToMs(raw.startTimeUnixNano, 'startTimeUnixNano');
  if (start <= 0) throw new InvalidEvent('startTimeUnixNano: 0 is not a time');
  const end =
    raw.endTimeUnixNano === undefined || raw.endTimeUnixNano === '0' || raw.endTimeUnixNano === 0 ? null : nanosToMs(raw.endTimeUnixNano, 'endTimeUnixNano');
  const attrs = attrMap(raw.attributes, 'attributes');
  const events: SpanEvent[] = [];
  if (raw.events !== undefined) {
    if (!Array.isArray(raw.events)) throw new InvalidEvent('events: expected an array');
    raw.events.forEach((e, i) => {
      if (!isObj(e)) throw new InvalidEvent(`events[${i}]: expected an object`);
      events.push({
        name: typeof e.name === 'string' ? e.name : '',
        time: e.timeUnixNano === undefined ? start : nanosToMs(e.timeUnixNano, `events[${i}].timeUnixNano`),
        attrs: attrMap(e.attributes, `events[${i}].attributes`),
      });
    });
  }
  const status = isObj(raw.status) ? raw.status : {};
  const code = status.code;
  const error = code === 2 || code === 'STATUS_CODE_ERROR' || code === '2';
  return {
    traceId,
    spanId,
    parentSpanId: typeof raw.parentSpanId === 'string' && raw.parentSpanId !== '' ? raw.parentSpanId : null,
    name: typeof raw.name === 'string' ? raw.name : '',
    start,
    end,
    attrs,
    resource,
    scope,
    events,
    error,
    statusMessage: typeof status.message === 'string' && status.message !== '' ? status.message : null,
  };
}

/** ISO-8601 with milliseconds, the form native events use. */
export function iso(ms: number): string {
  return new Date(Math.round(ms)).toISOString();
}

/** A value that may be structured or a JSON string holding the structure (OTLP "any" attributes). */
export function structured(v: unknown, field: string): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (!(t.startsWith('[') || t.startsWith('{'))) return v;
  const parsed = parseJson(t);
  if (!parsed.ok) throw new InvalidEvent(`${field}: not valid JSON (${parsed.reason})`);
  return parsed.value;
}

/** Text of a value for a `content` field: strings as they are, anything else as JSON. */
export function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined || v === null) return '';
  return JSON.stringify(v);
}

export { str } from '../../util/values.js';

export function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

export function int(v: unknown): number | undefined {
  const n = num(v);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

/** `<prefix>.<i>.<rest>` attributes (flattened lists) as `[i, object keyed by <rest>]`, in index order. */
export function indexedOf(attrs: Attrs, prefix: string): [number, Record<string, unknown>][] {
  const start = `${prefix}.`;
  const byIndex = new Map<number, Record<string, unknown>>();
  for (const [k, v] of Object.entries(attrs)) {
    if (!k.startsWith(start)) continue;
    const m = /^(\d+)\.(.+)$/.exec(k.slice(start.length));
    if (!m) continue;
    const i = Number(m[1]);
    let o = byIndex.get(i);
    if (!o) byIndex.set(i, (o = {}));
    o[m[2]] = v;
  }
  return [...byIndex.entries()].sort((a, b) => a[0] - b[0]);
}

/** `<prefix>.<i>.<rest>` attributes as a list of objects keyed by `<rest>`, by index. */
export const listOf = (attrs: Attrs, prefix: string): Record<string, unknown>[] => indexedOf(attrs, prefix).map(([, o]) => o);
