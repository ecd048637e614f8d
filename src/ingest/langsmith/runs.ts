import { InvalidEvent } from '../../events/validate.js';
import type { RetrievalCandidate } from '../../events/types.js';
import { decoded, inputMessages, outputAnswer } from '../chat-shapes.js';
import type { DraftEvent } from '../otlp/assemble.js';
import { type CallIds, present, toolEvents } from '../otlp/model-call.js';
import { int, isObj, num, str, textOf, type SpanInfo } from '../otlp/span.js';

/**
 * One LangSmith run (the Run schema its SDKs post and its API lists) as native events, by `run_type`:
 *
 *   llm        -> request (`inputs.messages`, or `inputs.prompts`) + response (`outputs`: a provider
 *                 response, LangChain `generations`, a message); usage from `extra.metadata.usage_metadata`
 *                 or `outputs.usage_metadata` / `usage`; model `extra.metadata.ls_model_name`, else `inputs.model`
 *   tool       -> tool_call (`name`, `inputs`) + tool_result (`outputs.output` / `outputs.outputs` / `outputs`, or `error`)
 *   retriever  -> retrieval (`inputs.query` / `input` / `question`; documents `{page_content, metadata: {id, score}}`)
 *   a run named like a summary (`summarize_conversation`, LangMem's `summarization_node`) with a text
 *   output     -> compaction (strategy `summary`, the text as `summary`, the llm run under it as
 *                 `request_id`: the call that wrote the summary, which opens no user turn)
 *   anything else (chain, prompt, parser, embedding) -> `langsmith.<run_type>`, kept raw
 */

type Obj = Record<string, unknown>;

/** ISO-8601 (microseconds allowed), or epoch milliseconds as the JS SDK writes an `end_time`. */
export function runTime(v: unknown, field: string): number {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v < 1e11 ? v * 1000 : v;
  if (typeof v === 'string') {
    const zoned = /[zZ]|[+-]\d{2}:?\d{2}$/.test(v) ? v : `${v}Z`;
    const ms = Date.parse(zoned.replace(/(\.\d{3})\d+/, '$1'));
    if (!Number.isNaN(ms)) return ms;
  }
  throw new InvalidEvent(`${field}: expected a time, got ${v === undefined ? 'nothing' : JSON.stringify(v).slice(0, 40)}`);
}

export function metadataOf(run: Obj): Obj {
  const extra = isObj(run.extra) ? run.extra : {};
  return isObj(extra.metadata) ? extra.metadata : isObj(run.metadata) ? run.metadata : {};
}

/** The thread of a run: LangSmith groups runs into threads by these metadata keys. */
export function threadOf(run: Obj): { value: string; key: string } | undefined {
  const m = metadataOf(run);
  for (const k of ['session_id', 'thread_id', 'conversation_id']) {
    const v = str(m[k]);
    if (v) return { value: v, key: `metadata.${k}` };
  }
  return undefined;
}

function usageOf(run: Obj, outputs: Obj): Obj | undefined {
  const m = metadataOf(run);
  const u = isObj(m.usage_metadata)
    ? m.usage_metadata
    : isObj(outputs.usage_metadata)
      ? outputs.usage_metadata
      : isObj(outputs.usage)
        ? outputs.usage
        : isObj(outputs.llm_output) && isObj(outputs.llm_output.token_usage)
          ? outputs.llm_output.token_usage
          : undefined;
  if (!u) return undefined;
  const input = int(u.input_tokens ?? u.prompt_tokens);
  const output = int(u.output_tokens ?? u.completion_tokens);
  return input === undefined && output === undefined ? undefined : present({ input_tokens: input, output_tokens: output });
}

/** LangChain's `{generations: [[{text, message}]]}`, or any answer chat-shapes knows. */
function answerOf(outputs: Obj) {
  const g = Array.isArray(outputs.generations) ? outputs.generations.flat() : undefined;
  if (g?.length && isObj(g[0])) {
    const first = g[0];
    if (isObj(first.message)) {
      const msg = isObj(first.message.kwargs) ? first.message.kwargs : first.message;
      return outputAnswer({ role: 'assistant', ...msg }, 'outputs.generations[0].message');
    }
    return { content: textOf(first.text) };
  }
  return outputAnswer(outputs, 'outputs');
}

function llm(run: Obj, id: string, start: number, end: number | null, calls: CallIds, traceId: string): DraftEvent[] {
  const inputs = isObj(run.inputs) ? run.inputs : {};
  const outputs = isObj(run.outputs) ? run.outputs : {};
  const m = metadataOf(run);
  const model =
    str(m.ls_model_name) ??
    str(inputs.model) ??
    (isObj(run.extra) && isObj(run.extra.invocation_params) ? str(run.extra.invocation_params.model) : undefined) ??
    'unknown';
  const usage = usageOf(run, outputs);
  const events: DraftEvent[] = [];
  const source = Array.isArray(inputs.messages) ? inputs.messages.flat() : Array.isArray(inputs.prompts) ? { prompt: inputs.prompts.join('\n') } : inputs;
  if (Object.keys(inputs).length) {
    events.push({
      kind: 'request',
      ts: start,
      id: `${id}:request`,
      fields: { request_id: id, model, messages: inputMessages(source, 'inputs'), ...present({ usage, provider: str(m.ls_provider) }) },
    });
  }
  const error = str(run.error);
  if (Object.keys(outputs).length || error) {
    const a = Object.keys(outputs).length ? answerOf(outputs) : { content: '' };
    calls.note(traceId, a.tool_calls);
    events.push({ kind: 'response', ts: end ?? start, id: `${id}:response`, fields: { request_id: id, ...a, ...present({ usage, error }) } });
  }
  if (events.length === 0) throw new InvalidEvent('llm run without inputs or outputs (hidden, or not patched yet)');
  return events;
}

function documents(outputs: unknown, runId: string): RetrievalCandidate[] | undefined {
  const o = decoded(outputs);
  const list = Array.isArray(o) ? o : isObj(o) ? [o.documents, o.output, o.outputs, o.results].find(Array.isArray) : undefined;
  if (!Array.isArray(list)) return undefined;
  return list.map((d, i) => {
    if (!isObj(d)) throw new InvalidEvent(`outputs document ${i}: expected an object`);
    const meta = isObj(d.metadata) ? d.metadata : {};
    const id = str(d.id) ?? str(meta.id) ?? str(meta.doc_id) ?? `${runId}#${i}`;
    const score = num(d.score) ?? num(meta.score) ?? num(meta.relevance_score);
    const text = d.page_content ?? d.pageContent ?? d.content;
    return {
      id,
      ...(score !== undefined ? { score } : {}),
      ...(text !== undefined ? { text: textOf(text) } : {}),
      ...(Object.keys(meta).length ? { metadata: meta } : {}),
    } as RetrievalCandidate;
  });
}

const SUMMARY_NAME = /summar/i;

export function runEvents(run: Obj, calls: CallIds): DraftEvent[] {
  const id = String(run.id);
  const type = str(run.run_type) ?? 'unknown';
  const start = runTime(run.start_time, 'start_time');
  const end = run.end_time !== undefined && run.end_time !== null ? runTime(run.end_time, 'end_time') : null;
  const traceId = str(run.trace_id) ?? id;
  const inputs = isObj(run.inputs) ? run.inputs : {};
  const outputs = isObj(run.outputs) ? run.outputs : {};
  const error = str(run.error);
  if (type === 'llm') return llm(run, id, start, end, calls, traceId);
  if (type === 'tool') {
    const name = str(run.name);
    if (!name) throw new InvalidEvent('tool run without a name');
    const args = Object.keys(inputs).length === 1 && 'input' in inputs ? inputs.input : inputs;
    const result = outputs.output ?? outputs.outputs ?? (Object.keys(outputs).length ? outputs : undefined);
    const s = { spanId: id, start, end } as SpanInfo;
    return toolEvents(s, {
      callId: calls.take(traceId, name, typeof args === 'string' ? args : JSON.stringify(args)) ?? str(inputs.tool_call_id) ?? id,
      name,
      args: { value: args, attr: 'inputs' },
      ...(result !== undefined ? { result: { value: result, attr: 'outputs' } } : {}),
      ...(error ? { error } : {}),
    });
  }
  if (type === 'retriever') {
    const query = str(inputs.query) ?? str(inputs.input) ?? str(inputs.question);
    if (!query) throw new InvalidEvent('retriever run without a query (looked at inputs.query, inputs.input, inputs.question)');
    const candidates = documents(outputs, id);
    if (!candidates && !error) throw new InvalidEvent('retriever run without documents (looked at outputs.documents, outputs.output, outputs.outputs, a list)');
    return [{ kind: 'retrieval', ts: start, id: `${id}:retrieval`, fields: { retrieval_id: id, query, candidates: candidates ?? [], ...present({ error }) } }];
  }
  const summary = SUMMARY_NAME.test(str(run.name) ?? '') ? (str(outputs.summary) ?? str(outputs.output) ?? str(outputs.text)) : undefined;
  if (summary) return [{ kind: 'compaction', ts: end ?? start, id: `${id}:compaction`, fields: { strategy: 'summary', summary } }];
  return [
    {
      kind: `langsmith.${type}`,
      ts: start,
      id: `${id}:raw`,
      fields: present({
        run_id: id,
        name: str(run.name),
        trace_id: traceId,
        parent_run_id: str(run.parent_run_id),
        inputs: run.inputs,
        outputs: run.outputs,
        error,
      }),
    },
  ];
}
