import type { DraftEvent } from './assemble.js';
import type { ChatMessage, Usage } from '../../events/types.js';
import { isObj, structured, type SpanInfo } from './span.js';

/** What a model-call span says, whatever convention named it; `model` 'unknown' when it names none. */
export interface ModelCall {
  model: string;
  usage?: Usage;
  provider?: string;
  params?: Record<string, unknown>;
  response?: { content: unknown; finish?: string; toolCalls?: unknown[]; id?: string };
}

/** Only the fields that have a value: an absent attribute adds no field. */
export const present = (o: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));

/** A model-call span's `request` (when it has messages) and `response` (when it has output): OTLP GenAI and AI SDK alike. */
export function modelCallEvents(s: SpanInfo, messages: ChatMessage[] | undefined, m: ModelCall): DraftEvent[] {
  const events: DraftEvent[] = [];
  if (messages) {
    events.push({
      kind: 'request',
      ts: s.start,
      id: `${s.spanId}:request`,
      fields: { request_id: s.spanId, model: m.model, messages, ...present({ usage: m.usage, provider: m.provider, params: m.params }) },
    });
  }
  const r = m.response;
  if (r) {
    events.push({
      kind: 'response',
      ts: s.end ?? s.start,
      id: `${s.spanId}:response`,
      fields: {
        request_id: s.spanId,
        content: r.content,
        ...present({
          usage: m.usage,
          finish_reason: r.finish,
          tool_calls: r.toolCalls?.length ? r.toolCalls : undefined,
          response_id: r.id,
          model: m.model !== 'unknown' ? m.model : undefined,
        }),
      },
    });
  }
  return events;
}

/** What a tool span says, whatever convention named it (`args` and `result` name the attribute they came from, for errors). */
export interface ToolSpan {
  callId: string;
  name: string;
  args?: { value: unknown; attr: string };
  result?: { value: unknown; attr: string };
  error?: string;
}

/** A tool span as a `tool_call` and, when it has a result or failed, a `tool_result` (GenAI `execute_tool` and AI SDK `ai.toolCall` alike). */
export function toolEvents(s: SpanInfo, t: ToolSpan): DraftEvent[] {
  const base = { call_id: t.callId, name: t.name };
  const events: DraftEvent[] = [
    {
      kind: 'tool_call',
      ts: s.start,
      id: `${s.spanId}:tool_call`,
      fields: { ...base, ...(t.args?.value !== undefined ? { arguments: structured(t.args.value, t.args.attr) } : {}) },
    },
  ];
  if (t.result?.value !== undefined || t.error) {
    events.push({
      kind: 'tool_result',
      ts: s.end ?? s.start,
      id: `${s.spanId}:tool_result`,
      fields: {
        ...base,
        ...(t.result?.value !== undefined ? { content: structured(t.result.value, t.result.attr) } : {}),
        ...(t.error ? { error: t.error } : {}),
      },
    });
  }
  return events;
}

/** Tool call ids a trace's generations asked for, by tool name and arguments (a tool span without a call id of its own: OpenAI Agents' function spans, LangSmith's tool runs). */
export class CallIds {
  private readonly ids = new Map<string, string>();
  note(trace: string, calls: unknown[] | undefined): void {
    for (const c of calls ?? []) {
      if (!isObj(c) || !isObj(c.function) || typeof c.id !== 'string') continue;
      this.ids.set(`${trace}\0${String(c.function.name)}\0${String(c.function.arguments)}`, c.id);
      if (this.ids.size > 100_000) this.ids.delete(this.ids.keys().next().value as string);
    }
  }
  take(trace: string, name: string, args: unknown): string | undefined {
    const k = `${trace}\0${name}\0${typeof args === 'string' ? args : JSON.stringify(args)}`;
    const id = this.ids.get(k);
    if (id) this.ids.delete(k);
    return id;
  }
}
