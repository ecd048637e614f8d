import type { DraftEvent } from './assemble.js';
import { toolEvents } from './model-call.js';
import { isObj, str, structured, type SpanInfo } from './span.js';

/**
 * OpenLLMetry's entity spans (`@traceloop/node-server-sdk` `withWorkflow`, `withTask`, `withAgent`,
 * `withTool`): `traceloop.span.kind`, `traceloop.entity.name`, `traceloop.entity.input` (the call's
 * `{args, kwargs}` as JSON) and `traceloop.entity.output` (its result as JSON).
 *
 *   tool -> tool_call (name = traceloop.entity.name, arguments = the single argument, else the
 *           keyword arguments, else the whole input) + tool_result (the output)
 *   workflow, task, agent -> nothing here: read as any span without gen_ai attributes
 */

export function isTraceloopTool(s: SpanInfo): boolean {
  return s.attrs['traceloop.span.kind'] === 'tool' && str(s.attrs['traceloop.entity.name']) !== undefined;
}

/** The arguments a tool was called with, from `{args: [...], kwargs: {...}}`. */
function argumentsOf(input: unknown): unknown {
  const v = structured(input, 'traceloop.entity.input');
  if (!isObj(v)) return v;
  const args = Array.isArray(v.args) ? v.args : [];
  const kwargs = isObj(v.kwargs) ? v.kwargs : {};
  if (args.length === 0 && Object.keys(kwargs).length > 0) return kwargs;
  if (args.length === 1 && Object.keys(kwargs).length === 0) return args[0];
  return v;
}

export function traceloopToolEvents(s: SpanInfo): DraftEvent[] {
  const input = s.attrs['traceloop.entity.input'];
  const output = s.attrs['traceloop.entity.output'];
  return toolEvents(s, {
    callId: s.spanId,
    name: str(s.attrs['traceloop.entity.name'])!,
    ...(input !== undefined ? { args: { value: argumentsOf(input), attr: 'traceloop.entity.input' } } : {}),
    ...(output !== undefined ? { result: { value: structured(output, 'traceloop.entity.output'), attr: 'traceloop.entity.output' } } : {}),
    ...(s.error ? { error: s.statusMessage ?? 'error' } : {}),
  });
}
