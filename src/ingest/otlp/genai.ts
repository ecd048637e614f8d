import { InvalidEvent, quotedValue } from '../../events/validate.js';
import { flagCompaction, isRedpandaCompaction, isWindowDropSpan, partCompactions, redpandaCompaction, windowDropEvents, windowDropSpan } from './compaction.js';
import type { ChatMessage, RetrievalCandidate, Scope } from '../../events/types.js';
import { SYSTEM_KINDS, type DraftEvent } from './assemble.js';
import { CONVENTIONS, field, messageEvents, operationKind, GENAI_PREFIX, type GenAiField } from './conventions.js';
import { extEnvelope, extFields, extKind, hasExt } from './extension.js';
import { flattenedMessages, jsonMessages, outputMessages, outputOf, partsMessages, systemMessage, type OutputMessage } from './messages.js';
import { AwaitingContent, type SpanDraft } from './read.js';
import { firstKey, SESSION_KEYS, USER_KEYS } from './session.js';
import { isMastraReadable, mastraEvents } from './mastra.js';
import { int, isObj, num, str, structured, textOf, type Attrs, type SpanInfo } from './span.js';
import { isVercelAiSpan, vercelAiEvents } from './vercel.js';
import { isTraceloopRetrieval, isTraceloopTool, traceloopRetrievalEvents, traceloopToolEvents } from './traceloop.js';
import { isLangfuseObservation, langfuseOtelEvents } from './langfuse-otel.js';
import { modelCallEvents, present, toolEvents } from './model-call.js';
import { safeString } from '../fields.js';

/**
 * One span under the OpenTelemetry GenAI conventions (any version in conventions.ts) as native events:
 *
 *   chat / text_completion / generate_content  -> request (+ response when the output was captured)
 *   execute_tool                               -> tool_call (+ tool_result when the result or an error is known)
 *   retrieval                                  -> retrieval
 *   search_memory                              -> retrieval over the memory store
 *   create_memory / update_memory / upsert_memory / delete_memory (and the proposal's store_memory)
 *                                              -> memory_write steps
 *   any other gen_ai operation                 -> an event of kind "gen_ai.<operation>", kept raw
 *   a span with no gen_ai.* attribute          -> an event of kind "otel.span", kept raw
 *
 * What a span does not carry stays out of the event: no rank, no `injected`, no threshold unless the
 * convention has one. docs/formats.md has the mapping table.
 */

type Obj = Record<string, unknown>;

export const SESSION_LOOKED_AT = `amnesia.session, ${SESSION_KEYS.join(', ')}, on the span and its resource`;

/** The envelope every span of this reader shares: session (and the key it came from), actor, scope, explicit turn. */
export function envelope(s: SpanInfo, sessionAttrs: readonly string[]): Pick<SpanDraft, 'session' | 'sessionKey' | 'turn' | 'actor' | 'scope'> {
  const ext = extEnvelope(s.attrs);
  const found = ext.session !== undefined ? { value: ext.session, key: 'amnesia.session' } : firstKey(s.attrs, s.resource, sessionAttrs);
  const actor = ext.actor ?? str(field(s.attrs, 'agentName')) ?? str(s.attrs['agent.name']) ?? str(s.resource['service.name']);
  const user = firstKey(s.attrs, s.resource, USER_KEYS)?.value;
  const scope: Scope | undefined = user ? { user } : undefined;
  return {
    ...(found !== undefined ? { session: found.value, sessionKey: found.key } : {}),
    ...(ext.turn !== undefined ? { turn: ext.turn } : {}),
    ...(actor !== undefined ? { actor } : {}),
    ...(scope ? { scope } : {}),
  };
}

/** `amnesia.kind` on the span, or on its span events: the events the extension names. */
export function extensionEvents(s: SpanInfo, own: boolean): DraftEvent[] {
  const out: DraftEvent[] = [];
  const k = own ? extKind(s.attrs) : undefined;
  if (k) out.push(extEvent(k, s.start, `${s.spanId}:${k}`, s.attrs));
  s.events.forEach((e, i) => {
    const ek = extKind(e.attrs);
    if (ek) out.push(extEvent(ek, e.time, `${s.spanId}:${ek}:${i}`, e.attrs));
  });
  return out;
}

function extEvent(kind: string, ts: number, id: string, attrs: Attrs): DraftEvent {
  const env = extEnvelope(attrs);
  return {
    kind,
    ts,
    id: str(attrs['amnesia.id']) ?? id,
    fields: extFields(attrs),
    ...(env.turn !== undefined ? { turn: env.turn } : {}),
    ...(env.actor ? { actor: env.actor } : {}),
  };
}

export function opensTurn(events: DraftEvent[]): boolean {
  return events.some((e) => !SYSTEM_KINDS.has(e.kind) && e.kind !== 'otel.span' && e.kind !== 'compaction');
}

/** A span kept as it is, under an unknown kind (reported once per kind by ingest). */
export function rawEvent(kind: string, s: SpanInfo): DraftEvent {
  return {
    kind,
    ts: s.start,
    id: `${s.spanId}:${kind}`,
    fields: {
      name: s.name,
      trace_id: s.traceId,
      span_id: s.spanId,
      ...(s.parentSpanId ? { parent_span_id: s.parentSpanId } : {}),
      ...(s.end !== null ? { duration_ms: Math.round(s.end - s.start) } : {}),
      ...(s.error ? { error: s.statusMessage ?? 'error' } : {}),
      attributes: s.attrs,
    },
  };
}

function errorText(s: SpanInfo): string | undefined {
  if (!s.error) return undefined;
  return str(field(s.attrs, 'errorType')) ?? s.statusMessage ?? 'error';
}

/** Span attributes completed by the v1.37+ details event (which may carry the messages instead of the span). */
function withDetails(s: SpanInfo): Attrs {
  const names = new Set(
    messageEvents()
      .filter((e) => e.details)
      .map((e) => e.name),
  );
  const ev = s.events.find((e) => names.has(e.name));
  return ev ? { ...ev.attrs, ...s.attrs } : s.attrs;
}

function inputMessages(s: SpanInfo, attrs: Attrs): ChatMessage[] | undefined {
  const input = field(attrs, 'inputMessages');
  const system = field(attrs, 'systemInstructions');
  if (input !== undefined) {
    const msgs = partsMessages(input, 'gen_ai.input.messages');
    if (system !== undefined) {
      const sys = systemMessage(system, 'gen_ai.system_instructions');
      if (sys) msgs.unshift(sys);
    }
    return msgs;
  }
  for (const c of CONVENTIONS) {
    if (!c.flattened) continue;
    const msgs = flattenedMessages(attrs, c.flattened.input);
    if (msgs.length) return msgs;
  }
  // per-message span events (v1.28-v1.36)
  const roles = new Map(
    messageEvents()
      .filter((e) => e.role)
      .map((e) => [e.name, e.role!]),
  );
  const fromEvents: ChatMessage[] = [];
  for (const e of s.events) {
    const role = roles.get(e.name);
    if (!role) continue;
    const m: ChatMessage = { role: str(e.attrs.role) ?? role, content: textOf(structured(e.attrs.content, `${e.name}.content`)) };
    const calls = e.attrs.tool_calls !== undefined ? structured(e.attrs.tool_calls, `${e.name}.tool_calls`) : undefined;
    if (Array.isArray(calls)) m.tool_calls = calls;
    if (role === 'tool' && e.attrs.id !== undefined) m.tool_call_id = safeString(e.attrs.id);
    fromEvents.push(m);
  }
  if (fromEvents.length) return fromEvents;
  // one JSON attribute holding the prompt (span events of v1.26-v1.27, or the span itself)
  const promptEvent = messageEvents().find((e) => e.prompt)!.name;
  const promptEv = s.events.find((e) => e.name === promptEvent);
  const legacy = field(attrs, 'legacyPrompt') ?? (promptEv ? field(promptEv.attrs, 'legacyPrompt') : undefined);
  if (legacy !== undefined) return jsonMessages(legacy, 'gen_ai.prompt');
  return undefined;
}

function output(s: SpanInfo, attrs: Attrs): OutputMessage | undefined {
  const out = field(attrs, 'outputMessages');
  if (out !== undefined) return outputOf(outputMessages(out, 'gen_ai.output.messages'));
  for (const c of CONVENTIONS) {
    if (!c.flattened) continue;
    const msgs = flattenedMessages(attrs, c.flattened.output);
    if (msgs.length) return outputOf(msgs);
  }
  const choice = messageEvents().find((e) => e.choice)!.name;
  const ev = s.events.find((e) => e.name === choice);
  if (ev) {
    const msg = ev.attrs.message !== undefined ? structured(ev.attrs.message, `${choice}.message`) : undefined;
    const m = isObj(msg) ? msg : { content: ev.attrs.content };
    return {
      content: textOf(structured(m.content, `${choice}.content`)),
      ...(Array.isArray(m.tool_calls) ? { tool_calls: m.tool_calls } : {}),
      ...(typeof ev.attrs.finish_reason === 'string' ? { finish_reason: ev.attrs.finish_reason } : {}),
    };
  }
  const completionEvent = messageEvents().find((e) => e.completion)!.name;
  const completionEv = s.events.find((e) => e.name === completionEvent);
  const legacy = field(attrs, 'legacyCompletion') ?? (completionEv ? field(completionEv.attrs, 'legacyCompletion') : undefined);
  if (legacy !== undefined) {
    const v = structured(legacy, 'gen_ai.completion');
    if (typeof v === 'string') return { content: v };
    return outputOf(jsonMessages(v, 'gen_ai.completion'));
  }
  return undefined;
}

function usageOf(attrs: Attrs): Obj | undefined {
  const input = int(field(attrs, 'inputTokens'));
  const outputTokens = int(field(attrs, 'outputTokens'));
  if (input === undefined && outputTokens === undefined) return undefined;
  return present({ input_tokens: input, output_tokens: outputTokens });
}

function params(attrs: Attrs): Obj | undefined {
  const out: Obj = {};
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('gen_ai.request.') && k !== 'gen_ai.request.model') out[k.slice('gen_ai.request.'.length)] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

function inference(s: SpanInfo): DraftEvent[] & { awaitsContent?: boolean } {
  const attrs = withDetails(s);
  let messages = inputMessages(s, attrs);
  const out = output(s, attrs);
  const usage = usageOf(attrs);
  // no content: a request with its usage (its messages may come as log records: the reader waits for them)
  const awaitsContent = !messages && !out;
  if (awaitsContent && !usage) {
    throw new AwaitingContent(
      'no messages captured and no token counts (looked at gen_ai.input.messages, gen_ai.prompt.<i>.*, message span events and log records, gen_ai.usage.*; capturing content is opt-in: OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT)',
    );
  }
  if (awaitsContent) messages = [];
  const model = str(field(attrs, 'requestModel')) ?? str(field(attrs, 'responseModel')) ?? 'unknown';
  const provider = str(field(attrs, 'provider'));
  const p = params(attrs);
  const reasons = field(attrs, 'finishReasons');
  const response = out && {
    content: out.content,
    finish: out.finish_reason ?? (Array.isArray(reasons) && typeof reasons[0] === 'string' ? reasons[0] : undefined),
    toolCalls: out.tool_calls,
    id: str(field(attrs, 'responseId')),
  };
  const events = modelCallEvents(s, messages, { model, usage, provider, params: p, response });
  // semantic-conventions-genai: the flag (only ever true) and compaction parts sent or given back (compaction.ts)
  const requestId = str(events.find((e) => e.kind === 'request')?.fields.request_id) ?? s.spanId;
  events.unshift(...flagCompaction(s, attrs), ...partCompactions(s, messages ?? [], false));
  if (out) events.push(...partCompactions(s, [{ role: 'assistant', content: out.content }], true, requestId));
  return awaitsContent ? Object.assign(events, { awaitsContent }) : events;
}

function tool(s: SpanInfo): DraftEvent[] {
  const name = str(field(s.attrs, 'toolName'));
  if (!name) throw new InvalidEvent('execute_tool span without gen_ai.tool.name');
  return toolEvents(s, {
    callId: str(field(s.attrs, 'toolCallId')) ?? s.spanId,
    name,
    args: { value: field(s.attrs, 'toolArguments'), attr: 'gen_ai.tool.call.arguments' },
    result: { value: field(s.attrs, 'toolResult'), attr: 'gen_ai.tool.call.result' },
    error: errorText(s),
  });
}

/** Documents or memory records as candidates; id and a numeric score are required. */
function candidates(list: unknown, field: string): RetrievalCandidate[] {
  const v = structured(list, field);
  if (!Array.isArray(v)) throw new InvalidEvent(`${field}: expected an array`);
  return v.map((d, i) => {
    if (!isObj(d)) throw new InvalidEvent(`${field}[${i}]: expected an object`);
    const id = str(d.id);
    if (!id) throw new InvalidEvent(`${field}[${i}]: no id`);
    const score = num(d.score);
    if (score === undefined) throw new InvalidEvent(`${field}[${i}] (${id}): no numeric score`);
    const c: RetrievalCandidate = { id, score };
    const text = d.content ?? d.text;
    if (text !== undefined && text !== null) c.text = textOf(text);
    if (isObj(d.metadata)) c.metadata = d.metadata;
    return c;
  });
}

/**
 * A search span as a `retrieval` event: its query and what it found are both required (capturing
 * them is opt-in), the results unless the search failed. `before` and `after` are what each kind
 * of span adds around the candidates.
 */
function searchEvent(
  s: SpanInfo,
  what: string,
  query: { key: GenAiField; attr: string },
  list: { key: GenAiField; attr: string },
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): DraftEvent {
  const q = str(field(s.attrs, query.key));
  if (!q) throw new InvalidEvent(`${what} without ${query.attr} (capturing it is opt-in)`);
  const error = errorText(s);
  const found = field(s.attrs, list.key);
  if (found === undefined && !error) throw new InvalidEvent(`${what} without ${list.attr} (capturing them is opt-in)`);
  return {
    kind: 'retrieval',
    ts: s.start,
    id: `${s.spanId}:retrieval`,
    fields: {
      retrieval_id: s.spanId,
      query: q,
      ...present(before),
      candidates: found === undefined ? [] : candidates(found, list.attr),
      ...present({ ...after, error }),
    },
  };
}

function retrieval(s: SpanInfo): DraftEvent {
  const query = { key: 'retrievalQuery', attr: 'gen_ai.retrieval.query.text' } as const;
  const list = { key: 'retrievalDocuments', attr: 'gen_ai.retrieval.documents' } as const;
  return searchEvent(s, 'retrieval span', query, list, { top_k: int(field(s.attrs, 'retrievalTopK')) }, { data_source: str(field(s.attrs, 'dataSource')) });
}

function memorySearch(s: SpanInfo): DraftEvent {
  const query = { key: 'memoryQuery', attr: 'gen_ai.memory.query.text / gen_ai.memory.query' } as const;
  const list = { key: 'memoryRecords', attr: 'gen_ai.memory.records' } as const;
  return searchEvent(
    s,
    'search_memory span',
    query,
    list,
    { threshold: num(field(s.attrs, 'memoryThreshold')) },
    {
      store: str(field(s.attrs, 'memoryStore')) ?? str(field(s.attrs, 'memoryStoreName')),
      memory_scope: str(field(s.attrs, 'memoryScope')),
      memory_type: str(field(s.attrs, 'memoryType')),
      namespace: str(field(s.attrs, 'memoryNamespace')),
    },
  );
}

const PHASES = new Set(['requested', 'enqueued', 'acknowledged', 'committed', 'failed', 'retried', 'dead_lettered']);

/**
 * A memory-write span. Its phase events (span events with `amnesia.phase`) are its steps, when it has
 * them; otherwise the span is read as the write itself: `requested` at its start, `committed` at its
 * end (status OK or unset: the operation returned after the records were written) or `failed` (status
 * ERROR). A memory layer that acknowledges before it persists must log its phases.
 */
function memoryWrite(s: SpanInfo, op: string): DraftEvent[] {
  const a = s.attrs;
  const recordsRaw = field(a, 'memoryRecords');
  const records = recordsRaw !== undefined ? structured(recordsRaw, 'gen_ai.memory.records') : undefined;
  const first = Array.isArray(records) && isObj(records[0]) ? records[0] : undefined;
  const memoryId = str(field(a, 'memoryId')) ?? (first ? str(first.id) : undefined);
  const content = field(a, 'memoryContent') ?? first?.content;
  const recordType = first && isObj(first.metadata) ? str(first.metadata.type) : undefined;
  const memoryType = str(a['amnesia.memory_type']) ?? str(field(a, 'memoryType')) ?? recordType;
  const store = str(field(a, 'memoryStore')) ?? str(field(a, 'memoryStoreName'));
  const strategy = str(field(a, 'memoryStrategy'));
  const scope = str(field(a, 'memoryScope'));
  const ns = str(field(a, 'memoryNamespace'));
  const critical = a['amnesia.critical'];
  const writeId = str(a['amnesia.write_id']) ?? s.spanId;
  const common: Obj = {
    write_id: writeId,
    ...(memoryId ? { memory_id: memoryId } : {}),
    ...(memoryType ? { memory_type: memoryType } : {}),
    ...(content !== undefined && content !== null ? { text: textOf(content) } : {}),
    ...(store ? { store } : {}),
    ...(typeof critical === 'boolean' ? { critical } : {}),
    operation: op,
    ...(strategy ? { update_strategy: strategy } : {}),
    ...(scope ? { memory_scope: scope } : {}),
    ...(ns ? { namespace: ns } : {}),
  };
  const error = errorText(s);
  const steps = s.events.map((e, i) => ({ e, i })).filter(({ e }) => e.attrs['amnesia.phase'] !== undefined);
  const out: DraftEvent[] = [];
  if (steps.length > 0) {
    for (const { e, i } of steps) {
      const phase = str(e.attrs['amnesia.phase']);
      if (!phase || !PHASES.has(phase))
        throw new InvalidEvent(`events[${i}].amnesia.phase: ${quotedValue(safeString(e.attrs['amnesia.phase']))} is not one of ${[...PHASES].join(', ')}`);
      const env = extEnvelope(e.attrs);
      out.push({
        kind: 'memory_write',
        ts: e.time,
        id: `${s.spanId}:${phase}:${i}`,
        fields: { ...common, ...extFields(e.attrs, ['amnesia.phase']), phase },
        ...(env.turn !== undefined ? { turn: env.turn } : {}),
        ...(env.actor ? { actor: env.actor } : {}),
      });
    }
    if (error && !out.some((x) => x.fields.phase === 'failed' || x.fields.phase === 'dead_lettered')) {
      out.push({ kind: 'memory_write', ts: s.end ?? s.start, id: `${s.spanId}:failed`, fields: { ...common, phase: 'failed', error } });
    }
    return out;
  }
  out.push({ kind: 'memory_write', ts: s.start, id: `${s.spanId}:requested`, fields: { ...common, phase: 'requested' } });
  if (s.end !== null) {
    out.push({
      kind: 'memory_write',
      ts: s.end,
      id: `${s.spanId}:${error ? 'failed' : 'committed'}`,
      fields: {
        write_id: writeId,
        ...(memoryId ? { memory_id: memoryId } : {}),
        ...(store ? { store } : {}),
        phase: error ? 'failed' : 'committed',
        ...(error ? { error } : {}),
      },
    });
  }
  return out;
}

function hasGenAi(attrs: Attrs): boolean {
  for (const k in attrs) if (k.startsWith(GENAI_PREFIX)) return true;
  return false;
}

/** The events of one GenAI span (without the envelope). Throws InvalidEvent for a span that cannot be read. */
export function genAiEvents(s: SpanInfo): DraftEvent[] {
  if (extKind(s.attrs)) return extensionEvents(s, true);
  const op = str(field(s.attrs, 'operation'));
  let kind = op ? operationKind(op) : undefined;
  if (!op && hasGenAi(s.attrs)) {
    // no operation name: a span that carries prompts or completions is an inference
    const attrs = withDetails(s);
    const carriesMessages =
      field(attrs, 'inputMessages') !== undefined ||
      field(attrs, 'outputMessages') !== undefined ||
      CONVENTIONS.some((c) => {
        const f = c.flattened;
        return f !== undefined && Object.keys(attrs).some((k) => k.startsWith(`${f.input}.`) || k.startsWith(`${f.output}.`));
      });
    if (carriesMessages) kind = 'inference';
  }
  let events: DraftEvent[] & { awaitsContent?: boolean };
  switch (kind) {
    case 'inference':
      events = inference(s);
      break;
    case 'tool':
      events = tool(s);
      break;
    case 'retrieval':
      events = [retrieval(s)];
      break;
    case 'memorySearch':
      events = [memorySearch(s)];
      break;
    case 'memoryWrite':
      events = memoryWrite(s, op!);
      break;
    default:
      events = [rawEvent(op ? `gen_ai.${op}` : 'otel.span', s)];
      if (!op && hasExt(s.attrs) && !hasGenAi(s.attrs)) events = [];
  }
  // amnesia.kind on span events, whatever the span is, and acolyte's window drops
  events.push(...windowDropEvents(s));
  if (kind !== 'memoryWrite') events.push(...extensionEvents(s, false));
  else events.push(...extensionEvents(s, false).filter((e) => e.kind !== 'memory_write' || !PHASES.has(safeString(e.fields.phase))));
  if (events.length === 0) events = [rawEvent('otel.span', s)];
  return events;
}

/** The conversation attribute of every convention version (the session of a span). */
export const CONVERSATION_ATTRS = [...new Set(CONVENTIONS.flatMap((c) => (c.attributes.conversation ? [c.attributes.conversation] : [])))];

export function convertGenAiSpan(s: SpanInfo): SpanDraft {
  const env = envelope(s, SESSION_KEYS);
  const events = isRedpandaCompaction(s)
    ? redpandaCompaction(s)
    : isWindowDropSpan(s)
      ? windowDropSpan(s)
      : isVercelAiSpan(s)
        ? vercelAiEvents(s, rawEvent)
        : isTraceloopTool(s)
          ? traceloopToolEvents(s)
          : isTraceloopRetrieval(s)
            ? traceloopRetrievalEvents(s)
            : isLangfuseObservation(s)
              ? langfuseOtelEvents(s)
              : isMastraReadable(s)
                ? mastraEvents(s)
                : genAiEvents(s);
  const awaitsContent = (events as { awaitsContent?: boolean }).awaitsContent === true;
  return { ...env, events, opensTurn: opensTurn(events), ...(awaitsContent ? { awaitsContent } : {}) };
}
