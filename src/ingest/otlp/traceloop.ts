import { InvalidEvent } from '../../events/validate.js';
import type { RetrievalCandidate } from '../../events/types.js';
import type { DraftEvent } from './assemble.js';
import { present, toolEvents } from './model-call.js';
import { isObj, num, str, structured, type SpanInfo } from './span.js';

/**
 * OpenLLMetry's entity spans (`@traceloop/node-server-sdk` `withWorkflow`, `withTask`, `withAgent`,
 * `withTool`): `traceloop.span.kind`, `traceloop.entity.name`, `traceloop.entity.input` (the call's
 * `{args, kwargs}` as JSON) and `traceloop.entity.output` (its result as JSON).
 *
 *   tool -> tool_call (name = traceloop.entity.name, arguments = the single argument, else the
 *           keyword arguments, else the whole input) + tool_result (the output; a string the tool
 *           returned, JSON-encoded again as the output, is read back as that string)
 *   a retriever's `retrieve` (`@traceloop/instrumentation-llamaindex`: a task span named
 *   `<retriever>.retrieve`, its output LlamaIndex's `NodeWithScore` list) -> retrieval (query =
 *           the `query` keyword argument or the single argument; a candidate per node: `id` its
 *           `id_`, `score`, `text`, `metadata` its own plus `document_id`, the source document)
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
    ...(output !== undefined ? { result: { value: resultOf(output), attr: 'traceloop.entity.output' } } : {}),
    ...(s.error ? { error: s.statusMessage ?? 'error' } : {}),
  });
}

/** A tool's output: its JSON, and a string result (JSON-encoded as the output) as that string. */
function resultOf(output: unknown): unknown {
  const v = structured(output, 'traceloop.entity.output');
  if (typeof v !== 'string' || !v.startsWith('"')) return v;
  try {
    const s = JSON.parse(v) as unknown;
    return typeof s === 'string' ? s : v;
  } catch {
    return v;
  }
}

const isNodeWithScore = (x: unknown): boolean => isObj(x) && isObj(x.node) && ('score' in x || typeof x.node.id_ === 'string');

/** A LlamaIndex retriever's `retrieve` span: named `<retriever>.retrieve`, its output a list of nodes with scores. */
export function isTraceloopRetrieval(s: SpanInfo): boolean {
  if (!s.name.endsWith('.retrieve') || s.attrs['traceloop.span.kind'] === undefined) return false;
  const out = s.attrs['traceloop.entity.output'];
  return typeof out === 'string' && /^\s*\[\s*(\]|\{\s*"node")/.test(out);
}

export function traceloopRetrievalEvents(s: SpanInfo): DraftEvent[] {
  const input = argumentsOf(s.attrs['traceloop.entity.input']);
  const query = typeof input === 'string' ? input : isObj(input) ? (str(input.query) ?? (isObj(input.query) ? str(input.query.query) : undefined)) : undefined;
  if (!query) throw new InvalidEvent('retriever span without its query in traceloop.entity.input (looked at the query keyword and the single argument)');
  const out = structured(s.attrs['traceloop.entity.output'], 'traceloop.entity.output');
  if (!Array.isArray(out) || !out.every(isNodeWithScore))
    throw new InvalidEvent('traceloop.entity.output: expected a list of nodes with scores ({node, score})');
  const candidates = out.map((x, i): RetrievalCandidate => {
    const node = x.node as Record<string, unknown>;
    const source = isObj(node.relationships) && isObj(node.relationships.SOURCE) ? str(node.relationships.SOURCE.nodeId) : undefined;
    const meta = { ...(isObj(node.metadata) ? node.metadata : {}), ...(source ? { document_id: source } : {}) };
    const score = num(x.score);
    return {
      id: str(node.id_) ?? `${s.spanId}#${i}`,
      rank: i + 1,
      ...(score !== undefined ? { score } : {}),
      ...(typeof node.text === 'string' ? { text: node.text } : {}),
      ...(Object.keys(meta).length ? { metadata: meta } : {}),
    };
  });
  const error = s.error ? (s.statusMessage ?? 'error') : undefined;
  return [{ kind: 'retrieval', ts: s.start, id: `${s.spanId}:retrieval`, fields: { retrieval_id: s.spanId, query, candidates, ...present({ error }) } }];
}
