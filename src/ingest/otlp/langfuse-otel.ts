import { convertObservation } from '../langfuse/convert.js';
import type { DraftEvent } from './assemble.js';
import { iso, isObj, str, structured, type Attrs, type SpanInfo } from './span.js';

/**
 * Langfuse's OpenTelemetry spans (`@langfuse/tracing` with `@langfuse/otel`, JS SDK v4 and v5; the
 * Python SDK v3): each span is one Langfuse observation, its fields in `langfuse.observation.*`
 * attributes. The span is read as the observation it is (the `langfuse` format's mapping, one home):
 *
 *   langfuse.observation.type          type (generation, tool, retriever, agent, span, event, ...)
 *   langfuse.observation.input/output  input / output (JSON strings)
 *   .model.name, .model.parameters     model, modelParameters
 *   .usage_details                     usageDetails
 *   .metadata.<key> (or .metadata)     metadata (tool_call_id, top_k, ...)
 *   .level, .status_message            level, statusMessage
 *
 * Session and user are the span's `session.id` / `user.id` (or `langfuse.session.id` / `langfuse.user.id`),
 * read as every span's (session.ts): v5's `propagateAttributes` writes them on every span of the trace,
 * v4's `updateTrace` (read 4.6.1) on the span it is called on only, and the trace's other spans take
 * them from it (assemble.ts).
 */

const PREFIX = 'langfuse.observation.';

export function isLangfuseObservation(s: SpanInfo): boolean {
  return str(s.attrs['langfuse.observation.type']) !== undefined;
}

function json(a: Attrs, key: string): unknown {
  const v = a[key];
  if (v === undefined || v === null) return undefined;
  try {
    return structured(v, key);
  } catch {
    return v; // text that merely starts with a brace
  }
}

function metadata(a: Attrs): Record<string, unknown> {
  const whole = json(a, `${PREFIX}metadata`);
  const out: Record<string, unknown> = isObj(whole) ? { ...whole } : {};
  const p = `${PREFIX}metadata.`;
  for (const [k, v] of Object.entries(a)) if (k.startsWith(p)) out[k.slice(p.length)] = v;
  return out;
}

export function langfuseOtelEvents(s: SpanInfo): DraftEvent[] {
  const a = s.attrs;
  const observation = {
    id: s.spanId,
    traceId: s.traceId,
    type: str(a[`${PREFIX}type`])!.toUpperCase(),
    name: s.name,
    startTime: iso(s.start),
    ...(s.end !== null ? { endTime: iso(s.end) } : {}),
    input: json(a, `${PREFIX}input`),
    output: json(a, `${PREFIX}output`),
    model: str(a[`${PREFIX}model.name`]),
    modelParameters: json(a, `${PREFIX}model.parameters`),
    usageDetails: json(a, `${PREFIX}usage_details`),
    metadata: metadata(a),
    level: s.error ? 'ERROR' : str(a[`${PREFIX}level`]),
    statusMessage: str(a[`${PREFIX}status_message`]) ?? s.statusMessage ?? undefined,
    ...(str(a[`${PREFIX}completion_start_time`]) ? { completionStartTime: str(a[`${PREFIX}completion_start_time`]) } : {}),
  };
  // the session is the span's own (envelope): any stands in for the observation reader's
  return convertObservation(observation, { sessionId: s.traceId }).events;
}
