import { InvalidEvent } from '../../events/validate.js';
import { eveCompaction, isEveCompaction } from './compaction.js';
import type { ChatMessage } from '../../events/types.js';
import type { DraftEvent } from './assemble.js';
import { field } from './conventions.js';
import { modelCallEvents, present, toolEvents } from './model-call.js';
import { messageList } from './messages.js';
import { int, isObj, str, structured, textOf, type SpanInfo } from './span.js';

/**
 * Vercel AI SDK telemetry (`ai` 4 to 6, `experimental_telemetry: { isEnabled: true }`): spans named by
 * `ai.operationId`, whose content is in `ai.*` attributes rather than gen_ai ones.
 *
 *   ai.generateText.doGenerate, ai.streamText.doStream, ai.generateObject.doGenerate,
 *   ai.streamObject.doStream (one model call)
 *       -> request (`ai.prompt.messages`, model `ai.model.id`, usage `ai.usage.*`) and response
 *          (`ai.response.text` or `ai.response.object`, `ai.response.toolCalls`, `ai.response.finishReason`)
 *   ai.toolCall -> tool_call (`ai.toolCall.name`, `.id`, `.args` / `.input`) + tool_result (`.result` / `.output`)
 *   ai.generateText, ai.streamText, ai.generateObject, ai.streamObject (the call around the model calls,
 *   which repeats their prompt and answer) -> no event; its session still names its trace's
 *   anything else (ai.embed, ...) -> an `otel.span` event, kept raw
 *
 * Session: `ai.telemetry.metadata.sessionId` (session.ts); user: `ai.telemetry.metadata.userId`.
 */

type Obj = Record<string, unknown>;

const MODEL_CALL = /^ai\.(generateText|streamText|generateObject|streamObject)\.(doGenerate|doStream)$/;
const WRAPPER = /^ai\.(generateText|streamText|generateObject|streamObject)$/;

function operationId(s: SpanInfo): string | undefined {
  return str(s.attrs['ai.operationId']);
}

export function isVercelAiSpan(s: SpanInfo): boolean {
  return operationId(s)?.startsWith('ai.') === true;
}

function toolCall(id: unknown, name: unknown, args: unknown): Obj {
  return {
    ...(id !== undefined && id !== null ? { id: String(id) } : {}),
    type: 'function',
    function: { name: typeof name === 'string' ? name : '', arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) },
  };
}

const OUTPUT_TYPES = new Set(['text', 'json', 'error-text', 'error-json', 'content', 'execution-denied']);

/** The AI SDK's (v5+) wrapper of a tool's output, `{ type: 'text' | 'json' | 'error-text' | ..., value }`: its value; undefined for anything else. */
export function aiSdkToolOutput(o: unknown): { value: unknown } | undefined {
  return isObj(o) && typeof o.type === 'string' && OUTPUT_TYPES.has(o.type) && 'value' in o ? { value: o.value } : undefined;
}

/** A tool result's output: the wrapper's value (v5+) or the bare result (v4). */
function outputText(p: Obj): string {
  const o = p.output ?? p.result;
  return textOf(aiSdkToolOutput(o)?.value ?? o);
}

/** `ai.prompt.messages` (the provider-level prompt) as chat messages. */
export function aiPromptMessages(value: unknown, where: string): ChatMessage[] {
  const out: ChatMessage[] = [];
  messageList(value, where).forEach((m, i) => {
    if (typeof m.content === 'string') {
      out.push({ role: m.role, content: m.content });
      return;
    }
    if (!Array.isArray(m.content)) throw new InvalidEvent(`${where}[${i}].content: expected a string or an array of parts`);
    const texts: string[] = [];
    const calls: Obj[] = [];
    const kept: { type: string; [k: string]: unknown }[] = [];
    for (const p of m.content as unknown[]) {
      if (!isObj(p)) continue;
      if (p.type === 'text') texts.push(textOf(p.text));
      else if (p.type === 'tool-call') calls.push(toolCall(p.toolCallId, p.toolName, p.input ?? p.args));
      else if (p.type === 'tool-result')
        out.push({
          role: 'tool',
          ...(p.toolCallId !== undefined ? { tool_call_id: String(p.toolCallId) } : {}),
          ...(typeof p.toolName === 'string' ? { name: p.toolName } : {}),
          content: outputText(p),
        });
      else kept.push({ ...p, type: String(p.type ?? 'unknown') });
    }
    if (m.role === 'tool') return;
    const content: ChatMessage['content'] = kept.length
      ? [...texts.map((t) => ({ type: 'text', text: t })), ...kept]
      : texts.length
        ? texts.join('\n')
        : calls.length
          ? null
          : '';
    out.push({ role: m.role, content, ...(calls.length ? { tool_calls: calls } : {}) });
  });
  return out;
}

function responseToolCalls(value: unknown): Obj[] | undefined {
  if (value === undefined) return undefined;
  const v = structured(value, 'ai.response.toolCalls');
  if (!Array.isArray(v)) throw new InvalidEvent('ai.response.toolCalls: expected an array');
  return v.filter(isObj).map((c) => toolCall(c.toolCallId, c.toolName, c.input ?? c.args));
}

function usageOf(s: SpanInfo): Obj | undefined {
  const a = s.attrs;
  const input = int(a['ai.usage.inputTokens']) ?? int(a['ai.usage.promptTokens']) ?? int(field(a, 'inputTokens'));
  const output = int(a['ai.usage.outputTokens']) ?? int(a['ai.usage.completionTokens']) ?? int(field(a, 'outputTokens'));
  if (input === undefined && output === undefined) return undefined;
  return present({ input_tokens: input, output_tokens: output });
}

function modelCall(s: SpanInfo): DraftEvent[] {
  const a = s.attrs;
  const messages = a['ai.prompt.messages'] !== undefined ? aiPromptMessages(a['ai.prompt.messages'], 'ai.prompt.messages') : undefined;
  const text = a['ai.response.text'] ?? a['ai.response.object'];
  const calls = responseToolCalls(a['ai.response.toolCalls']);
  const usage = usageOf(s);
  const hasOutput = text !== undefined || calls !== undefined;
  if (!messages && !hasOutput && !usage) {
    throw new InvalidEvent(
      'AI SDK model call without ai.prompt.messages, ai.response.text / ai.response.toolCalls or ai.usage.* (experimental_telemetry recordInputs / recordOutputs turned off?)',
    );
  }
  const model = str(a['ai.model.id']) ?? str(field(a, 'requestModel')) ?? str(a['ai.response.model']) ?? 'unknown';
  const provider = str(a['ai.model.provider']) ?? str(field(a, 'provider'));
  const response = hasOutput
    ? { content: textOf(text), finish: str(a['ai.response.finishReason']), toolCalls: calls, id: str(a['ai.response.id']) ?? str(field(a, 'responseId')) }
    : undefined;
  const events = modelCallEvents(s, messages ?? [], { model, usage, provider, response });
  if (isEveCompaction(a)) {
    const requestId = events.find((e) => e.kind === 'request')?.fields.request_id;
    events.push(eveCompaction(s, typeof text === 'string' ? text : undefined, typeof requestId === 'string' ? requestId : s.spanId));
  }
  return events;
}

function aiToolCall(s: SpanInfo): DraftEvent[] {
  const a = s.attrs;
  const name = str(a['ai.toolCall.name']);
  if (!name) throw new InvalidEvent('ai.toolCall span without ai.toolCall.name');
  return toolEvents(s, {
    callId: str(a['ai.toolCall.id']) ?? s.spanId,
    name,
    args: { value: a['ai.toolCall.args'] ?? a['ai.toolCall.input'], attr: 'ai.toolCall.args' },
    result: { value: a['ai.toolCall.result'] ?? a['ai.toolCall.output'], attr: 'ai.toolCall.result' },
    error: s.error ? (s.statusMessage ?? 'error') : undefined,
  });
}

/** The events of one AI SDK span (the raw-span fallback for operations it has no mapping for). */
export function vercelAiEvents(s: SpanInfo, raw: (kind: string, s: SpanInfo) => DraftEvent): DraftEvent[] {
  const op = operationId(s)!;
  if (MODEL_CALL.test(op)) return modelCall(s);
  if (op === 'ai.toolCall') return aiToolCall(s);
  if (WRAPPER.test(op)) return [];
  return [raw('otel.span', s)];
}
