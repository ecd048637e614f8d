/** Test helpers: OTLP/JSON spans written the way exporters write them. Not part of the build's API. */
import { Readable } from 'node:stream';
import type { IngestItem, InputFormat } from '../../types.js';
import { spanInfo, type SpanInfo } from '../span.js';

export type AttrInput = Record<string, string | number | boolean | string[] | number[] | undefined>;

export function otlpAttrs(o: AttrInput): { key: string; value: Record<string, unknown> }[] {
  const one = (v: unknown): Record<string, unknown> =>
    typeof v === 'string'
      ? { stringValue: v }
      : typeof v === 'boolean'
        ? { boolValue: v }
        : typeof v === 'number'
          ? Number.isInteger(v)
            ? { intValue: String(v) }
            : { doubleValue: v }
          : { arrayValue: { values: (v as unknown[]).map(one) } };
  return Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .map(([key, v]) => ({ key, value: one(v) }));
}

const T0 = Date.parse('2026-03-02T10:00:00Z');
export const ns = (ms: number) => String(BigInt(ms) * 1000000n);

export interface SpanSpec {
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
  name?: string;
  /** ms after 2026-03-02T10:00:00Z */
  start?: number;
  end?: number;
  attrs?: AttrInput;
  events?: { name: string; at?: number; attrs?: AttrInput }[];
  error?: string;
}

let n = 0;
export function rawSpan(s: SpanSpec): Record<string, unknown> {
  n++;
  return {
    traceId: s.traceId ?? 'a'.repeat(32),
    spanId: s.spanId ?? n.toString(16).padStart(16, '0'),
    ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
    name: s.name ?? 'span',
    kind: 3,
    startTimeUnixNano: ns(T0 + (s.start ?? 0)),
    endTimeUnixNano: ns(T0 + (s.end ?? (s.start ?? 0) + 1000)),
    attributes: otlpAttrs(s.attrs ?? {}),
    ...(s.events ? { events: s.events.map((e) => ({ name: e.name, timeUnixNano: ns(T0 + (e.at ?? 0)), attributes: otlpAttrs(e.attrs ?? {}) })) } : {}),
    status: s.error ? { code: 2, message: s.error } : {},
  };
}

export function span(s: SpanSpec, resource: AttrInput = {}): SpanInfo {
  return spanInfo(rawSpan(s), Object.fromEntries(Object.entries(resource)), null);
}

export function otlpDoc(spans: Record<string, unknown>[], resource: AttrInput = { 'service.name': 'agent' }): Record<string, unknown> {
  return { resourceSpans: [{ resource: { attributes: otlpAttrs(resource) }, scopeSpans: [{ scope: { name: 'test' }, spans }] }] };
}

export async function readAll(format: InputFormat, text: string | Buffer, chunk = 0, maxLineBytes = 1 << 20): Promise<IngestItem[]> {
  const buf = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const chunks: Buffer[] = [];
  if (chunk > 0) for (let i = 0; i < buf.length; i += chunk) chunks.push(buf.subarray(i, i + chunk));
  else chunks.push(buf);
  const out: IngestItem[] = [];
  for await (const item of format.read(Readable.from(chunks), { display: 'test', maxLineBytes })) out.push(item);
  return out;
}

export const T0_ISO = new Date(T0).toISOString();
