import type { DraftEvent } from './assemble.js';
import { structured, type SpanInfo } from './span.js';

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
  const events: DraftEvent[] = [{
    kind: 'tool_call',
    ts: s.start,
    id: `${s.spanId}:tool_call`,
    fields: { ...base, ...(t.args?.value !== undefined ? { arguments: structured(t.args.value, t.args.attr) } : {}) },
  }];
  if (t.result?.value !== undefined || t.error) {
    events.push({
      kind: 'tool_result',
      ts: s.end ?? s.start,
      id: `${s.spanId}:tool_result`,
      fields: { ...base, ...(t.result?.value !== undefined ? { content: structured(t.result.value, t.result.attr) } : {}), ...(t.error ? { error: t.error } : {}) },
    });
  }
  return events;
}
