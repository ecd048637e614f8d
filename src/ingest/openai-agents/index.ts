import type { Readable } from 'node:stream';
import { InvalidEvent } from '../../events/validate.js';
import { decoded, inputMessages, outputAnswer } from '../chat-shapes.js';
import { readJsonRecords } from '../json-values.js';
import { TraceAssembler, type Draft, type DraftEvent } from '../otlp/assemble.js';
import { BadLines, bad, readyItems } from '../otlp/emit.js';
import { CallIds, present, toolEvents } from '../otlp/model-call.js';
import { SessionTally } from '../otlp/session.js';
import { int, isObj, str, type SpanInfo } from '../otlp/span.js';
import { traceTurns } from '../turns.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';

/**
 * OpenAI Agents SDK traces (`@openai/agents`, `openai-agents` for Python): what its
 * OpenAITracingExporter posts to `/v1/traces/ingest` (`{data: [item, ...]}`, one body per line), or
 * the items themselves one per line (a custom TracingProcessor writing `toJSON()`), or one document.
 * An item is a trace (`object: "trace"`: `id`, `workflow_name`, `group_id`, `metadata`) or a span
 * (`object: "trace.span"`: `id`, `trace_id`, `parent_id`, `started_at`, `ended_at`, `span_data`, `error`):
 *
 *   generation  -> request (`input` messages, `model`, usage) + response (`output`)
 *   response    -> request + response when it carries `input` / `output` (else kept raw: the
 *                  Responses API span holds only `response_id` and usage)
 *   function    -> tool_call (`name`, `input` as arguments; the call id of the generation that asked
 *                  for it, when one of its trace did) + tool_result (`output`, or the span's error)
 *   agent, handoff, guardrail, custom, mcp_tools, ... -> `openai_agents.<type>`, kept raw
 *
 * Session: the trace's `group_id` (a conversation's runs share it: `RunConfig.groupId`), else its
 * `metadata` `session_id` / `conversation_id` / `thread_id`, else the trace id; user: `metadata.user_id`.
 * Turns: each trace (one `run()`) is a turn key; the store numbers user turns.
 */

type Obj = Record<string, unknown>;

const isItem = (v: unknown): boolean => isObj(v) && (v.object === 'trace' || v.object === 'trace.span');
const isBody = (v: unknown): boolean => isObj(v) && Array.isArray(v.data) && v.data.some(isItem);

const SESSION_LOOKED_AT = "the trace's group_id, metadata.session_id / conversation_id / thread_id";

function time(v: unknown, field: string): number {
  const ms = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  if (Number.isNaN(ms)) throw new InvalidEvent(`${field}: expected an ISO-8601 time, got ${v === undefined ? 'nothing' : JSON.stringify(v).slice(0, 40)}`);
  return ms;
}

function usageOf(d: Obj): Obj | undefined {
  const out = Array.isArray(d.output) && isObj(d.output[0]) ? d.output[0] : isObj(d.output) ? d.output : {};
  const u = isObj(d.usage) ? d.usage : isObj(out.usage) ? out.usage : undefined;
  if (!u) return undefined;
  const input = int(u.input_tokens ?? u.prompt_tokens);
  const output = int(u.output_tokens ?? u.completion_tokens);
  return input === undefined && output === undefined ? undefined : present({ input_tokens: input, output_tokens: output });
}

/** The generation's output: a list holding the provider's response (Chat Completions), or the answer itself. */
function answerOf(output: unknown) {
  const v = decoded(output);
  if (Array.isArray(v) && v.length === 1 && isObj(v[0]) && (Array.isArray(v[0].choices) || Array.isArray(v[0].output))) return outputAnswer(v[0]);
  return outputAnswer(v);
}

function spanOf(it: Obj, start: number, end: number | null): SpanInfo {
  return {
    traceId: String(it.trace_id),
    spanId: String(it.id),
    parentSpanId: str(it.parent_id) ?? null,
    name: '',
    start,
    end,
    attrs: {},
    resource: {},
    scope: null,
    events: [],
    error: isObj(it.error),
    statusMessage: isObj(it.error) ? (str(it.error.message) ?? 'error') : null,
  };
}

function spanEvents(it: Obj, calls: CallIds): DraftEvent[] {
  const d = isObj(it.span_data) ? it.span_data : {};
  const type = str(d.type) ?? 'unknown';
  const id = String(it.id);
  const start = time(it.started_at, 'started_at');
  const end = it.ended_at ? time(it.ended_at, 'ended_at') : null;
  const s = spanOf(it, start, end);
  const modelCall = type === 'generation' || (type === 'response' && (d.input !== undefined || d.output !== undefined));
  if (modelCall) {
    const usage = usageOf(d);
    const model = str(d.model) ?? (isObj(d.model_config) ? str(d.model_config.model) : undefined) ?? 'unknown';
    const events: DraftEvent[] = [];
    if (d.input !== undefined && d.input !== null) {
      const params = isObj(d.model_config) && Object.keys(d.model_config).length ? d.model_config : undefined;
      events.push({
        kind: 'request',
        ts: start,
        id: `${id}:request`,
        fields: { request_id: id, model, messages: inputMessages(d.input, 'span_data.input'), ...present({ usage, params }) },
      });
    }
    if (d.output !== undefined && d.output !== null) {
      const a = answerOf(d.output);
      calls.note(s.traceId, a.tool_calls);
      events.push({
        kind: 'response',
        ts: end ?? start,
        id: `${id}:response`,
        fields: { request_id: id, ...a, ...present({ usage, response_id: str(d.response_id), error: s.statusMessage ?? undefined }) },
      });
    }
    if (events.length === 0) throw new InvalidEvent(`${type} span without input or output (trace_include_sensitive_data off?)`);
    return events;
  }
  if (type === 'function') {
    const name = str(d.name);
    if (!name) throw new InvalidEvent('function span without span_data.name');
    return toolEvents(s, {
      callId: calls.take(s.traceId, name, d.input) ?? id,
      name,
      ...(d.input !== undefined && d.input !== null ? { args: { value: d.input, attr: 'span_data.input' } } : {}),
      ...(d.output !== undefined && d.output !== null ? { result: { value: d.output, attr: 'span_data.output' } } : {}),
      ...(s.statusMessage ? { error: s.statusMessage } : {}),
    });
  }
  return [
    {
      kind: `openai_agents.${type}`,
      ts: start,
      id: `${id}:raw`,
      fields: present({
        span_id: id,
        trace_id: s.traceId,
        parent_id: s.parentSpanId ?? undefined,
        span_data: d,
        error: it.error ?? undefined,
        ended_at: it.ended_at,
      }),
    },
  ];
}

function traceDraft(it: Obj, line: number, raw: string): Draft {
  const meta = isObj(it.metadata) ? it.metadata : {};
  const group = str(it.group_id);
  const fromMeta = str(meta.session_id) ?? str(meta.conversation_id) ?? str(meta.thread_id);
  const user = str(meta.user_id);
  return {
    traceId: String(it.id),
    line,
    label: `trace "${str(it.workflow_name) ?? ''}" (${String(it.id)})`,
    raw,
    events: [],
    opensTurn: false,
    ...(group ? { session: group, sessionKey: 'group_id' } : fromMeta ? { session: fromMeta, sessionKey: 'trace metadata' } : {}),
    ...(user ? { scope: { user } } : {}),
  };
}

async function* readAgents(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
  const assembler = new TraceAssembler();
  const lines = new BadLines();
  const tally = new SessionTally(opts.sessionKey, SESSION_LOOKED_AT);
  const calls = new CallIds();
  const users = new Map<string, { user: string }>();
  let items = 0;
  let modelCalls = 0;
  function* place(d: Draft): Generator<IngestItem> {
    const { ready, evicted } = assembler.add(d);
    for (const r of ready) {
      tally.count(r.draft);
      const scope = users.get(r.draft.traceId);
      if (scope && !r.draft.scope) r.draft.scope = scope;
      for (const item of traceTurns(r, readyItems(r))) yield* lines.push(item);
    }
    for (const e of evicted) yield* place(tally.fallback(e));
  }
  function* one(it: unknown, line: number): Generator<IngestItem> {
    if (!isItem(it)) {
      yield* lines.push(bad(line, 'expected an OpenAI Agents trace or span (object: "trace" or "trace.span")', JSON.stringify(it) ?? ''));
      return;
    }
    items++;
    const o = it as Obj;
    const raw = JSON.stringify(o);
    if (o.object === 'trace') {
      const d = traceDraft(o, line, raw);
      if (d.scope?.user) users.set(d.traceId, { user: d.scope.user });
      if (users.size > 100_000) users.delete(users.keys().next().value as string);
      yield* place(d);
      return;
    }
    const type = isObj(o.span_data) ? (str(o.span_data.type) ?? '?') : '?';
    const label = `span ${type}${isObj(o.span_data) && str(o.span_data.name) ? ` "${str(o.span_data.name)}"` : ''} (${String(o.id)})`;
    let events: DraftEvent[];
    try {
      if (typeof o.id !== 'string' || typeof o.trace_id !== 'string') throw new InvalidEvent('missing id or trace_id');
      events = spanEvents(o, calls);
    } catch (err) {
      if (!(err instanceof InvalidEvent)) throw err;
      yield* lines.push(bad(line, `${label}: ${err.message}`, raw));
      return;
    }
    if (events.some((e) => e.kind === 'request' || e.kind === 'response')) modelCalls++;
    yield* place({ traceId: String(o.trace_id), line, label, raw, events, opensTurn: events.some((e) => !e.kind.startsWith('openai_agents.')) });
  }
  for await (const r of readJsonRecords(content, opts, (v) => isItem(v) || isBody(v), ['data'])) {
    if (r.type !== 'record') {
      yield* lines.push(r);
      continue;
    }
    const list = isBody(r.value) ? ((r.value as Obj).data as unknown[]) : [r.value];
    for (const it of list) yield* one(it, r.line);
  }
  yield* lines.flush();
  for (const d of assembler.finish()) yield* place(tally.fallback(d));
  yield* lines.flush();
  if (items > 0 && modelCalls === 0)
    opts.note?.(`${items} trace items, none a model call with its content (generation spans hold it; a Responses API span only its id)`);
}

export const openAiAgentsFormat: InputFormat = {
  name: 'openai-agents',
  description: 'OpenAI Agents SDK traces: the /v1/traces/ingest bodies its exporter posts ({data: [trace, trace.span...]}) or their items, one per line',
  detect(head) {
    return /"object"\s*:\s*"trace\.span"/.test(head) && /"span_data"\s*:/.test(head)
      ? 12
      : /"object"\s*:\s*"trace"/.test(head) && /"workflow_name"\s*:/.test(head)
        ? 10
        : 0;
  },
  read(content: Readable, opts: ReadOptions): AsyncIterable<IngestItem> {
    return readAgents(content, opts);
  },
};
