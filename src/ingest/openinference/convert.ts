import { InvalidEvent } from '../../events/validate.js';
import type { ChatMessage, RetrievalCandidate } from '../../events/types.js';
import type { DraftEvent } from '../otlp/assemble.js';
import { CONVERSATION_ATTRS, envelope, extensionEvents, genAiEvents, opensTurn, rawEvent } from '../otlp/genai.js';
import { extKind } from '../otlp/extension.js';
import type { SpanDraft } from '../otlp/read.js';
import { int, isObj, listOf, num, str, structured, textOf, type Attrs, type SpanInfo } from '../otlp/span.js';
import { decoded, inputMessages, outputAnswer } from '../chat-shapes.js';
import { safeString } from '../fields.js';
import { parseJson } from '../json-parse.js';
import { embeddingEvent } from './embedding.js';
import { aiSdkToolOutput } from '../otlp/vercel.js';

/**
 * One OpenInference span (Arize Phoenix and the OpenInference instrumentations) as native events,
 * by `openinference.span.kind`:
 *
 *   LLM        -> request (llm.input_messages) + response (llm.output_messages)
 *   RETRIEVER  -> retrieval (input.value as the query, retrieval.documents as candidates; no top_k)
 *   RERANKER   -> retrieval (reranker.query, reranker.input_documents as candidates,
 *                 reranker.output_documents as `injected`, reranker.top_k)
 *   TOOL       -> tool_call (+ tool_result)
 *   EMBEDDING  -> part of the retrieval it was made for, else `openinference.embedding` without its vectors (./embedding.ts)
 *   other kinds (CHAIN, AGENT, GUARDRAIL, EVALUATOR, PROMPT, ...) -> "openinference.<kind>", kept raw
 *
 * A span without `openinference.span.kind` is read with the GenAI conventions (a mixed export).
 * Lists are flattened with zero-based indices (`llm.input_messages.0.message.role`), as the spec says.
 */

export const SESSION_KEYS = ['session.id'];
export const SESSION_LOOKED_AT = 'session.id, metadata.sessionId / session_id / thread_id, gen_ai.conversation.id, amnesia.session, the resource attributes';

export { listOf };

function messages(attrs: Attrs, prefix: string): ChatMessage[] {
  return listOf(attrs, prefix).map((m, i) => {
    const role = str(m['message.role']);
    if (!role) throw new InvalidEvent(`${prefix}.${i}.message.role: missing`);
    let content: ChatMessage['content'] = typeof m['message.content'] === 'string' ? (m['message.content'] as string) : null;
    if (content === null) {
      const parts = listOf(m, 'message.contents').map((c) => ({
        type: str(c['message_content.type']) ?? 'text',
        text: c['message_content.text'],
      }));
      if (parts.length && parts.every((p) => p.type === 'text')) content = parts.map((p) => textOf(p.text)).join('\n');
      else if (parts.length) content = parts.map((p) => (typeof p.text === 'string' ? { type: p.type, text: p.text } : { type: p.type }));
    }
    const msg: ChatMessage = { role, content: content ?? '' };
    const calls = listOf(m, 'message.tool_calls').map((c) => ({
      ...(c['tool_call.id'] !== undefined ? { id: safeString(c['tool_call.id']) } : {}),
      type: 'function',
      function: { name: str(c['tool_call.function.name']) ?? '', arguments: textOf(c['tool_call.function.arguments'] ?? '{}') },
    }));
    if (str(m['message.function_call_name'])) {
      calls.push({
        type: 'function',
        function: { name: str(m['message.function_call_name'])!, arguments: textOf(m['message.function_call_arguments_json'] ?? '{}') },
      });
    }
    if (calls.length) {
      msg.tool_calls = calls;
      if (msg.content === '') msg.content = null;
    }
    if (role === 'tool' && typeof msg.content === 'string') {
      // the AI SDK's tool output as OpenInference's Vercel processor writes it: the JSON of its { type, value } wrapper
      const parsed = msg.content.startsWith('{') ? parseJson(msg.content) : undefined;
      const wrapped = parsed?.ok ? aiSdkToolOutput(parsed.value) : undefined;
      if (wrapped) msg.content = textOf(wrapped.value);
    }
    if (m['message.tool_call_id'] !== undefined) {
      msg.tool_call_id = safeString(m['message.tool_call_id']);
      // Anthropic's tool results travel in a user message: the instrumentation keeps that role
      if (msg.role === 'user') msg.role = 'tool';
    }
    if (typeof m['message.name'] === 'string') msg.name = m['message.name'];
    return msg;
  });
}

function llm(s: SpanInfo): DraftEvent[] {
  const a = s.attrs;
  let input = messages(a, 'llm.input_messages');
  const out = messages(a, 'llm.output_messages');
  // the prompt only in input.value (a raw provider request, LangChain's {messages} or a prompt string)
  if (input.length === 0 && typeof a['input.value'] === 'string' && a['input.value'] !== '') input = inputMessages(a['input.value'], 'input.value');
  if (input.length === 0 && out.length === 0 && (a['output.value'] === undefined || a['output.value'] === '')) {
    throw new InvalidEvent('LLM span without llm.input_messages, llm.output_messages, input.value or output.value (hidden inputs/outputs)');
  }
  const model = str(a['llm.model_name']) ?? str(a['llm.request.model_name']) ?? str(a['llm.response.model_name']) ?? 'unknown';
  const prompt = int(a['llm.token_count.prompt']);
  const completion = int(a['llm.token_count.completion']);
  const usage =
    prompt !== undefined || completion !== undefined
      ? { ...(prompt !== undefined ? { input_tokens: prompt } : {}), ...(completion !== undefined ? { output_tokens: completion } : {}) }
      : undefined;
  const invocation = a['llm.invocation_parameters'] !== undefined ? structured(a['llm.invocation_parameters'], 'llm.invocation_parameters') : undefined;
  const system = isObj(invocation) && !input.some((m) => m.role === 'system') ? systemText(invocation.system) : undefined;
  if (system) input = [{ role: 'system', content: system }, ...input];
  const provider = str(a['llm.provider']) ?? str(a['llm.system']);
  const events: DraftEvent[] = [];
  if (input.length) {
    events.push({
      kind: 'request',
      ts: s.start,
      id: `${s.spanId}:request`,
      fields: {
        request_id: s.spanId,
        model,
        messages: input,
        ...(usage ? { usage } : {}),
        ...(provider ? { provider } : {}),
        ...(isObj(invocation) ? { params: invocation } : {}),
      },
    });
  }
  const answer = out.find((m) => m.role === 'assistant') ?? out[0];
  if (answer) {
    const content =
      typeof answer.content === 'string'
        ? answer.content
        : Array.isArray(answer.content)
          ? answer.content.map((p) => (typeof p.text === 'string' ? p.text : '')).join('\n')
          : '';
    events.push({
      kind: 'response',
      ts: s.end ?? s.start,
      id: `${s.spanId}:response`,
      fields: {
        request_id: s.spanId,
        content,
        ...(usage ? { usage } : {}),
        ...(answer.tool_calls ? { tool_calls: answer.tool_calls } : {}),
      },
    });
  } else if (a['output.value'] !== undefined && a['output.value'] !== null && a['output.value'] !== '') {
    // the answer only in output.value (a raw provider response, a LangChain generation, or plain text)
    const r = outputAnswer(a['output.value'], 'output.value');
    events.push({
      kind: 'response',
      ts: s.end ?? s.start,
      id: `${s.spanId}:response`,
      fields: { request_id: s.spanId, ...r, ...(usage ? { usage } : {}) },
    });
  }
  return events;
}

/**
 * Anthropic's system prompt is a request parameter, not a message: the Anthropic instrumentation
 * leaves it in `llm.invocation_parameters` (`system`: text, or text blocks).
 */
function systemText(v: unknown): string | undefined {
  if (typeof v === 'string') return v || undefined;
  if (!Array.isArray(v)) return undefined;
  const text = v.map((b) => (isObj(b) && typeof b.text === 'string' ? b.text : '')).filter(Boolean);
  return text.length ? text.join('\n') : undefined;
}

/**
 * Retrieved documents as candidates. LangChain retrievers log `document.content` and `document.metadata`
 * only: such a document gets a stable id from its span and position (`<span id>#<i>`) and no score (a
 * score is never made up); a document with neither an id nor content is refused.
 */
function documents(attrs: Attrs, prefix: string, spanId: string): RetrievalCandidate[] {
  return listOf(attrs, prefix).map((d, i) => {
    const own = str(d['document.id']);
    if (!own && d['document.content'] === undefined) throw new InvalidEvent(`${prefix}.${i}: neither document.id nor document.content`);
    const id = own ?? `${spanId}#${i}`;
    const score = num(d['document.score']);
    if (score === undefined && d['document.score'] !== undefined) throw new InvalidEvent(`${prefix}.${i}.document.score: not a number (document ${id})`);
    const c = { id, ...(score !== undefined ? { score } : {}) } as RetrievalCandidate;
    if (d['document.content'] !== undefined) c.text = textOf(d['document.content']);
    if (d['document.metadata'] !== undefined) {
      let meta: unknown;
      try {
        meta = structured(d['document.metadata'], `${prefix}.${i}.document.metadata`);
      } catch {
        meta = undefined; // the spec's own example is Python-quoted, not JSON: kept out rather than guessed
      }
      if (isObj(meta)) c.metadata = meta;
    }
    return c;
  });
}

/** The query of a retriever: input.value as text, or its query / input / question field when it is JSON. */
function queryOf(a: Attrs): string | undefined {
  const v = a['input.value'];
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  if (t.startsWith('{')) {
    // plain text that starts with a brace is the query as it is
    const o = parseJson(t);
    if (o.ok && isObj(o.value)) return str(o.value.query) ?? str(o.value.input) ?? str(o.value.question) ?? str(o.value.text);
  }
  return v;
}

function errorOf(s: SpanInfo): string | undefined {
  return s.error ? (s.statusMessage ?? str(s.attrs['exception.message']) ?? 'error') : undefined;
}

function retriever(s: SpanInfo): DraftEvent {
  const query = queryOf(s.attrs);
  if (!query) throw new InvalidEvent('RETRIEVER span without a query (looked at input.value)');
  const error = errorOf(s);
  const cands = documents(s.attrs, 'retrieval.documents', s.spanId);
  return {
    kind: 'retrieval',
    ts: s.start,
    id: `${s.spanId}:retrieval`,
    fields: { retrieval_id: s.spanId, query, candidates: cands, ...(error ? { error } : {}) },
  };
}

function reranker(s: SpanInfo): DraftEvent {
  const a = s.attrs;
  const query = str(a['reranker.query']) ?? queryOf(a);
  if (!query) throw new InvalidEvent('RERANKER span without reranker.query');
  const input = documents(a, 'reranker.input_documents', s.spanId);
  const output = documents(a, 'reranker.output_documents', `${s.spanId}:out`);
  const reranked = new Map(output.map((d) => [d.id, d.score]));
  const topK = int(a['reranker.top_k']);
  const model = str(a['reranker.model_name']);
  const error = errorOf(s);
  return {
    kind: 'retrieval',
    ts: s.start,
    id: `${s.spanId}:retrieval`,
    fields: {
      retrieval_id: s.spanId,
      stage: 'rerank',
      query,
      ...(topK !== undefined ? { top_k: topK } : {}),
      candidates: input.map((c) => (reranked.has(c.id) ? { ...c, rerank_score: reranked.get(c.id) } : c)),
      ...(error && output.length === 0 ? {} : { injected: output.map((d) => d.id) }),
      ...(model ? { reranker_model: model } : {}),
      ...(error ? { error } : {}),
    },
  };
}

function toolSpan(s: SpanInfo): DraftEvent[] {
  const a = s.attrs;
  // openinference-core's traceTool names the span after the tool and writes no tool.name
  const name = str(a['tool.name']) ?? (s.name || undefined);
  if (!name) throw new InvalidEvent('TOOL span without tool.name or a span name');
  const callId = str(a['tool_call.id']) ?? str(a['tool.id']) ?? s.spanId;
  const args = a['input.value'];
  const events: DraftEvent[] = [
    {
      kind: 'tool_call',
      ts: s.start,
      id: `${s.spanId}:tool_call`,
      fields: { call_id: callId, name, ...(args !== undefined ? { arguments: jsonOrText(args) } : {}) },
    },
  ];
  const result = a['output.value'];
  const error = errorOf(s);
  if (result !== undefined || error) {
    events.push({
      kind: 'tool_result',
      ts: s.end ?? s.start,
      id: `${s.spanId}:tool_result`,
      fields: { call_id: callId, name, ...(result !== undefined ? { content: jsonOrText(result) } : {}), ...(error ? { error } : {}) },
    });
  }
  return events;
}

function jsonOrText(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return structured(v, 'value');
  } catch {
    return v;
  }
}

export function openInferenceEvents(s: SpanInfo): DraftEvent[] {
  const kind = str(s.attrs['openinference.span.kind']);
  if (!kind || extKind(s.attrs)) return genAiEvents(s);
  let events: DraftEvent[];
  switch (kind.toUpperCase()) {
    case 'LLM':
      events = llm(s);
      break;
    case 'RETRIEVER':
      events = [retriever(s)];
      break;
    case 'RERANKER':
      events = [reranker(s)];
      break;
    case 'TOOL':
      events = toolSpan(s);
      break;
    case 'EMBEDDING':
      events = [embeddingEvent(s)];
      break;
    default:
      events = [rawEvent(`openinference.${kind.toLowerCase()}`, s)];
  }
  events.push(...extensionEvents(s, false));
  return events;
}

/** `metadata` (a JSON string or object): LangChain and LlamaIndex put the session there. */
function metadataSession(a: Attrs): string | undefined {
  const m = decoded(a.metadata);
  if (!isObj(m)) return str(a['metadata.sessionId']) ?? str(a['metadata.session_id']) ?? str(a['metadata.thread_id']);
  return str(m.sessionId) ?? str(m.session_id) ?? str(m.thread_id) ?? str(m.conversation_id);
}

export function convertOpenInferenceSpan(s: SpanInfo): SpanDraft {
  const fromMeta = s.attrs['session.id'] === undefined ? metadataSession(s.attrs) : undefined;
  const env = envelope(fromMeta ? { ...s, attrs: { ...s.attrs, 'session.id': fromMeta } } : s, [...SESSION_KEYS, ...CONVERSATION_ATTRS]);
  const events = openInferenceEvents(s);
  return { ...env, events, opensTurn: opensTurn(events) };
}
