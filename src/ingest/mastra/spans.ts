import { isObject } from '../../util/values.js';

/**
 * A row of Mastra's `mastra_ai_spans` as the span `@mastra/otel-exporter` writes for it (read on 0.3.3:
 * the same span exported both ways, `fixtures/real/generated-frameworks/`), so that one reader
 * (otlp/mastra.ts) reads both: `spanType` is `mastra.span.type`; `input`, `output` are kept as the
 * JSON text they are; the metadata (`threadId`, `resourceId`, `runId`, a step's `id`, `modelId` and
 * response `body`) become attributes of their own names; a generation's `model`, `provider`, `usage`
 * and `parameters.temperature` its `gen_ai.*` attributes, a tool's `toolId` `gen_ai.tool.name`, the type its `gen_ai.operation.name`; an
 * `error` the span's error status.
 */
export interface SpanRow {
  traceId: unknown;
  spanId: unknown;
  parentSpanId?: unknown;
  name?: unknown;
  spanType?: unknown;
  attributes?: unknown;
  metadata?: unknown;
  input?: unknown;
  output?: unknown;
  error?: unknown;
  startedAt?: unknown;
  endedAt?: unknown;
}

type AnyValue = { stringValue: string } | { intValue: number } | { doubleValue: number } | { boolValue: boolean };

function anyValue(v: unknown): AnyValue | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'boolean') return { boolValue: v };
  if (typeof v === 'number') return Number.isInteger(v) ? { intValue: v } : { doubleValue: v };
  return { stringValue: JSON.stringify(v) };
}

/** A JSON column: its object, or nothing (a value that is not a JSON object is not metadata). */
function object(v: unknown): Record<string, unknown> {
  if (typeof v !== 'string') return isObject(v) ? v : {};
  try {
    const o: unknown = JSON.parse(v);
    return isObject(o) ? o : {};
  } catch {
    return {};
  }
}

/** An ISO time as Unix nanoseconds (a decimal string); anything else as it is, for the reader to name. */
function nanos(v: unknown): unknown {
  const ms = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isNaN(ms) ? (v ?? undefined) : `${ms}000000`;
}

/** The exporter's gen_ai.operation.name per span type (agent_run read as `gen_ai.agent.run`, as exported). */
const OPERATION: Record<string, string> = {
  agent_run: 'agent.run',
  model_generation: 'chat',
  model_step: 'model.step',
  tool_call: 'tool.execute',
  model_chunk: 'model.chunk',
};

export function spanOfRow(r: SpanRow): Record<string, unknown> {
  const attrs: Record<string, unknown> = {};
  const put = (k: string, v: unknown) => {
    if (v !== undefined && v !== null && !(k in attrs)) attrs[k] = v;
  };
  put('mastra.span.type', r.spanType);
  if (typeof r.spanType === 'string') put('gen_ai.operation.name', OPERATION[r.spanType]);
  put('input', r.input);
  put('output', r.output);
  const a = object(r.attributes);
  const usage = isObject(a.usage) ? a.usage : {};
  const params = isObject(a.parameters) ? a.parameters : {};
  if (r.spanType === 'model_generation') {
    put('gen_ai.request.model', a.model);
    put('gen_ai.system', a.provider);
    put('gen_ai.usage.input_tokens', usage.inputTokens);
    put('gen_ai.usage.output_tokens', usage.outputTokens);
    put('gen_ai.request.temperature', params.temperature);
  }
  if (r.spanType === 'tool_call') put('gen_ai.tool.name', a.toolId);
  for (const [k, v] of Object.entries(object(r.metadata))) put(k, v);
  const error = r.error === undefined || r.error === null ? undefined : object(r.error);
  const span: Record<string, unknown> = {
    traceId: r.traceId,
    spanId: r.spanId,
    ...(typeof r.parentSpanId === 'string' && r.parentSpanId ? { parentSpanId: r.parentSpanId } : {}),
    name: typeof r.name === 'string' ? r.name : '',
    startTimeUnixNano: nanos(r.startedAt),
    ...(r.endedAt !== null && r.endedAt !== undefined ? { endTimeUnixNano: nanos(r.endedAt) } : {}),
    attributes: Object.entries(attrs).flatMap(([key, v]) => {
      const value = anyValue(v);
      return value ? [{ key, value }] : [];
    }),
  };
  if (error) span.status = { code: 2, message: typeof error.message === 'string' ? error.message : String(r.error) };
  return span;
}
