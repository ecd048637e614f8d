import { InvalidEvent } from '../../events/validate.js';
import type { ChatMessage, Usage } from '../../events/types.js';
import type { DraftEvent } from './assemble.js';
import { modelCallEvents, present, toolEvents } from './model-call.js';
import { isObj, num, str, structured, type Attrs, type SpanInfo } from './span.js';

/**
 * Mastra's AI-tracing spans as `@mastra/otel-exporter` writes them (read 0.3.3 over `@mastra/core`
 * 0.24.9): `mastra.span.type` names what the span is, its content in `input` / `output` (JSON).
 *
 *   model_generation  one agent generation (`chat <model>`): `input` `{messages}` (the prompt with the
 *                     memory's earlier turns, parts `{type: 'text', text}`), `output` `{text}`, usage
 *                     summed over its steps -> request + response; with one step it is that step's
 *                     model call (merged, nested.ts), with several only their sum (dropped)
 *   model_step        one model call (`step: <n>`): `input` `{body}` (the HTTP request body: model,
 *                     messages, tools), `output` `{text, toolCalls}`, `body` the response body (its
 *                     `usage`) -> request + response with the tool calls
 *   tool_call         `tool.execute <id>`: gen_ai.tool.name, input, output -> tool_call + tool_result;
 *                     `updateWorkingMemory` (working memory on) also a memory_write, requested then committed
 *   model_chunk       a piece of a step's streamed output (text, tool call, tool result): the step and the
 *                     tool span hold it whole -> nothing
 *   other types       (agent_run, workflow_*, generic) -> read as any GenAI span (kept raw)
 *
 * Session and user are `threadId` and `resourceId` (the memory thread and its owner), on the agent run
 * and generation spans; the other spans of the trace take them from there (assemble.ts). Mastra cuts
 * deep values to `"[MaxDepth]"`: a step's earlier tool calls keep their id but lose name and arguments
 * (given back from the response that made the call: tool-calls.ts).
 */

const READ = new Set(['model_generation', 'model_step', 'tool_call', 'model_chunk']);

/** Mastra spans this module reads (the others go to the GenAI reading). */
export function isMastraReadable(s: SpanInfo): boolean {
  return READ.has(str(s.attrs['mastra.span.type']) ?? '');
}

function json(a: Attrs, key: string): unknown {
  const v = a[key];
  if (v === undefined || v === null) return undefined;
  try {
    return structured(v, key);
  } catch {
    return v;
  }
}

/** Text parts joined (`[{type: 'text', text}]`), other content as it is. */
function content(c: unknown): unknown {
  if (!Array.isArray(c) || !c.every((p) => isObj(p) && p.type === 'text' && typeof p.text === 'string')) return c ?? '';
  return c.map((p) => (p as { text: string }).text).join('\n');
}

function messages(v: unknown, where: string): ChatMessage[] {
  if (!Array.isArray(v)) throw new InvalidEvent(`${where}: expected an array of messages`);
  return v.map((m, i) => {
    if (!isObj(m) || typeof m.role !== 'string') throw new InvalidEvent(`${where}[${i}]: expected a message with a role`);
    return { ...m, content: content(m.content) } as ChatMessage;
  });
}

function toolCalls(v: unknown): unknown[] | undefined {
  if (!Array.isArray(v) || !v.length) return undefined;
  return v.filter(isObj).map((c) => ({
    id: str(c.toolCallId),
    type: 'function',
    function: { name: str(c.toolName) ?? 'unknown', arguments: typeof c.args === 'string' ? c.args : JSON.stringify(c.args ?? {}) },
  }));
}

function usage(inputTokens: unknown, outputTokens: unknown): Usage | undefined {
  const u = present({ input_tokens: num(inputTokens), output_tokens: num(outputTokens) });
  return Object.keys(u).length ? (u as Usage) : undefined;
}

/** The tool `@mastra/memory` gives the agent when working memory is on (its id `update-working-memory`, offered under this name). */
const WORKING_MEMORY_TOOL = 'updateWorkingMemory';

/**
 * A working-memory update is a memory write: the whole document (`input.memory`, Markdown or JSON) replaces
 * the one kept for the thread or the user (Mastra stores it in the thread's metadata or the resource
 * row, by the memory's `scope`), requested when the tool ran and committed when it returned.
 */
function workingMemoryWrite(s: SpanInfo, input: unknown): DraftEvent[] {
  const doc = isObj(input) ? input.memory : undefined;
  const common = {
    write_id: s.spanId,
    memory_id: 'mastra:working-memory',
    memory_type: 'working_memory',
    store: 'mastra',
    op: 'update',
    ...(doc !== undefined && doc !== null ? { text: typeof doc === 'string' ? doc : JSON.stringify(doc) } : {}),
  };
  const out: DraftEvent[] = [{ kind: 'memory_write', ts: s.start, id: `${s.spanId}:requested`, fields: { ...common, phase: 'requested' } }];
  if (s.end !== null) {
    const phase = s.error ? 'failed' : 'committed';
    out.push({
      kind: 'memory_write',
      ts: s.end,
      id: `${s.spanId}:${phase}`,
      fields: { write_id: s.spanId, memory_id: common.memory_id, store: 'mastra', phase, ...(s.error ? { error: s.statusMessage ?? 'failed' } : {}) },
    });
  }
  return out;
}

export function mastraEvents(s: SpanInfo): DraftEvent[] {
  const a = s.attrs;
  const type = str(a['mastra.span.type']);
  const input = json(a, 'input');
  const output = json(a, 'output');
  const out = isObj(output) ? output : {};
  if (type === 'model_chunk') return [];
  if (type === 'tool_call') {
    const name = str(a['gen_ai.tool.name']) ?? s.name.replace(/^tool\.execute /, '');
    const events = toolEvents(s, {
      callId: s.spanId,
      name,
      ...(a.input !== undefined ? { args: { value: a.input, attr: 'input' } } : {}),
      ...(a.output !== undefined ? { result: { value: a.output, attr: 'output' } } : {}),
      ...(s.error ? { error: s.statusMessage ?? 'failed' } : {}),
    });
    return name === WORKING_MEMORY_TOOL ? [...events, ...workingMemoryWrite(s, input)] : events;
  }
  if (type === 'model_step') {
    const body = isObj(input) && isObj(input.body) ? input.body : {};
    const reply = json(a, 'body');
    const u = isObj(reply) && isObj(reply.usage) ? reply.usage : {};
    const temperature = num(body.temperature);
    return modelCallEvents(s, messages(body.messages, 'input.body.messages'), {
      model: str(a.modelId) ?? str(body.model) ?? 'unknown',
      usage: usage(u.prompt_tokens ?? u.input_tokens, u.completion_tokens ?? u.output_tokens),
      ...(temperature !== undefined ? { params: { temperature } } : {}),
      response: { content: str(out.text) ?? '', toolCalls: toolCalls(out.toolCalls), ...(str(a.id) ? { id: str(a.id) } : {}) },
    });
  }
  // model_generation
  const temperature = num(a['gen_ai.request.temperature']);
  return modelCallEvents(s, messages(isObj(input) ? input.messages : input, 'input.messages'), {
    model: str(a['gen_ai.request.model']) ?? 'unknown',
    usage: usage(a['gen_ai.usage.input_tokens'], a['gen_ai.usage.output_tokens']),
    ...(str(a['gen_ai.system']) ? { provider: str(a['gen_ai.system']) } : {}),
    ...(temperature !== undefined ? { params: { temperature } } : {}),
    response: { content: str(out.text) ?? '' },
  });
}
