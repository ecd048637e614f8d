import type { Readable } from 'node:stream';
import { InvalidEvent } from '../../events/validate.js';
import { readJsonRecords } from '../json-values.js';
import { TraceAssembler, type Draft } from '../otlp/assemble.js';
import { BadLines, bad, readyItems } from '../otlp/emit.js';
import { spanLabel } from '../otlp/read.js';
import { attrMap, isObj, nanosToMs, str, type Attrs, type SpanInfo } from '../otlp/span.js';
import { traceTurns } from '../turns.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';
import { convertOpenInferenceSpan } from './convert.js';

/**
 * Phoenix's own span exports, read with the OpenInference conventions (./convert.ts):
 *
 *   - the REST listing `GET /v1/projects/{id}/spans` (`{data: [Span], next_cursor}`): `context.trace_id`,
 *     `context.span_id`, `parent_id`, `span_kind`, ISO `start_time` / `end_time`, `status_code`, and
 *     `attributes` as one object (dotted keys, or nested objects; lists of objects);
 *   - `GET /v1/projects/{id}/spans/otlpv1`: OTLP spans in snake_case (`trace_id`, `span_id`,
 *     `start_time_unix_nano`, `attributes: [{key, value: {string_value}}]`, `status.code`);
 *   - either as JSON Lines, a top-level array, or one span.
 *
 * Session: `session.id`, else `metadata.sessionId` (session_id, thread_id), else another span of the
 * trace's; a trace that names none is its own session (stderr says so), never a bad line.
 */

type Obj = Record<string, unknown>;

/** Values kept whole when attributes are flattened: JSON blobs, not lists of records. */
const WHOLE = /(^|\.)(metadata|invocation_parameters|parameters|value|json_schema)$/;

/** Nested attribute objects as dotted keys; lists of objects by index (`llm.input_messages.0.message.role`). */
export function flatten(v: unknown, prefix: string, out: Attrs): Attrs {
  if (prefix && WHOLE.test(prefix)) out[prefix] = v;
  else if (isObj(v)) for (const [k, x] of Object.entries(v)) flatten(x, prefix ? `${prefix}.${k}` : k, out);
  else if (Array.isArray(v) && v.some(isObj)) v.forEach((x, i) => flatten(x, `${prefix}.${i}`, out));
  else out[prefix] = v;
  return out;
}

const SNAKE_VALUE: Record<string, string> = {
  string_value: 'stringValue',
  bool_value: 'boolValue',
  int_value: 'intValue',
  double_value: 'doubleValue',
  array_value: 'arrayValue',
  kvlist_value: 'kvlistValue',
  bytes_value: 'bytesValue',
};

/** otlpv1's snake_case AnyValues as OTLP/JSON's camelCase. */
function camelValues(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(camelValues);
  if (!isObj(v)) return v;
  const out: Obj = {};
  for (const [k, x] of Object.entries(v)) out[SNAKE_VALUE[k] ?? k] = camelValues(x);
  return out;
}

function isoMs(v: unknown, field: string): number {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) {
    const ms = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(v) ? v : `${v}Z`);
    if (!Number.isNaN(ms)) return ms;
  }
  throw new InvalidEvent(`${field}: expected an ISO-8601 time, got ${v === undefined ? 'nothing' : JSON.stringify(v).slice(0, 40)}`);
}

/** One Phoenix span (REST or otlpv1) as the span the OpenInference converter reads. */
export function phoenixSpanInfo(raw: unknown): SpanInfo {
  if (!isObj(raw)) throw new InvalidEvent('expected a span object');
  const ctx = isObj(raw.context) ? raw.context : {};
  const traceId = str(ctx.trace_id) ?? str(raw.trace_id);
  const spanId = str(ctx.span_id) ?? str(raw.span_id);
  if (!traceId) throw new InvalidEvent('missing context.trace_id (or trace_id)');
  if (!spanId) throw new InvalidEvent('missing context.span_id (or span_id)');
  const otlp = raw.start_time_unix_nano !== undefined;
  const start = otlp ? nanosToMs(raw.start_time_unix_nano, 'start_time_unix_nano') : isoMs(raw.start_time, 'start_time');
  const endRaw = otlp ? raw.end_time_unix_nano : raw.end_time;
  const end = endRaw === undefined || endRaw === null ? null : otlp ? nanosToMs(endRaw, 'end_time_unix_nano') : isoMs(endRaw, 'end_time');
  const attrs = Array.isArray(raw.attributes)
    ? attrMap(camelValues(raw.attributes), 'attributes')
    : flatten(isObj(raw.attributes) ? raw.attributes : {}, '', {});
  const kind = str(raw.span_kind);
  if (kind && attrs['openinference.span.kind'] === undefined) attrs['openinference.span.kind'] = kind;
  const status = isObj(raw.status) ? raw.status : {};
  const code = raw.status_code ?? status.code;
  const message = str(raw.status_message) ?? str(status.message);
  return {
    traceId,
    spanId,
    parentSpanId: str(raw.parent_id) ?? str(raw.parent_span_id) ?? null,
    name: str(raw.name) ?? '',
    start,
    end,
    attrs,
    resource: {},
    scope: null,
    events: [],
    error: code === 'ERROR' || code === 2 || code === 'STATUS_CODE_ERROR',
    statusMessage: message ?? null,
  };
}

const isPhoenixSpan = (v: unknown): boolean =>
  isObj(v) && ((isObj(v.context) && 'trace_id' in v.context) || ('trace_id' in v && 'span_id' in v && ('start_time_unix_nano' in v || 'span_kind' in v)));

function sessionKeyOf(a: Attrs, d: Draft): string {
  if (d.session === undefined) return '';
  if (a['session.id'] !== undefined && str(a['session.id']) === d.session) return 'session.id';
  return 'metadata.sessionId';
}

async function* readPhoenix(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
  const assembler = new TraceAssembler();
  const lines = new BadLines();
  const note = opts.sessionKey;
  const place = function* (drafts: Draft[]): Generator<IngestItem> {
    // a trace that names no session anywhere is one run: its own session
    for (const d of drafts) {
      note?.('trace id (no session.id or metadata.sessionId)');
      for (const r of assembler.add({ ...d, session: d.traceId }).ready) for (const item of traceTurns(r, readyItems(r))) yield* lines.push(item);
    }
  };
  for await (const x of readJsonRecords(content, opts, isPhoenixSpan)) {
    if (x.type !== 'record') {
      yield* lines.push(x);
      continue;
    }
    const v = x.value as Obj;
    const label = spanLabel({ name: str(v?.name) ?? '?', spanId: str(isObj(v?.context) ? v.context.span_id : v?.span_id) ?? '?' });
    let draft: Draft;
    let info: SpanInfo;
    try {
      info = phoenixSpanInfo(x.value);
      draft = { ...convertOpenInferenceSpan(info), traceId: info.traceId, line: x.line, label, raw: x.raw };
    } catch (err) {
      if (!(err instanceof InvalidEvent)) throw err;
      yield* lines.push(bad(x.line, `${label}: ${err.message}`, x.raw));
      continue;
    }
    const key = sessionKeyOf(info.attrs, draft);
    const { ready, evicted } = assembler.add(draft);
    for (const r of ready) {
      note?.(r.draft === draft && key ? key : 'another span of its trace');
      for (const item of traceTurns(r, readyItems(r))) yield* lines.push(item);
    }
    yield* place(evicted);
  }
  yield* place(assembler.finish());
  yield* lines.flush();
}

export const phoenixFormat: InputFormat = {
  name: 'phoenix',
  description: 'Phoenix span exports: the REST listing ({data: [Span]}: context.trace_id, span_kind, attributes) and /spans/otlpv1 (snake_case OTLP)',
  detect(head) {
    if (/"(resourceSpans|resource_spans)"\s*:/.test(head)) return 0;
    const rest = /"context"\s*:\s*\{/.test(head) && /"trace_id"\s*:/.test(head) && /"span_kind"\s*:/.test(head);
    const otlpv1 = /"start_time_unix_nano"\s*:/.test(head) && /"span_id"\s*:/.test(head);
    return rest || otlpv1 ? 13 : 0;
  },
  read(content: Readable, opts: ReadOptions): AsyncIterable<IngestItem> {
    return readPhoenix(content, opts);
  },
};
