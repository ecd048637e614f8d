import { describe, expect, it } from 'vitest';
import type { IngestItem } from '../types.js';
import { otlpGenAiFormat } from './index.js';
import { otlpDoc, rawSpan, readAll } from './__tests__/helpers.js';

// OpenLLMetry's LlamaIndex instrumentation, as @traceloop/instrumentation-llamaindex 0.27 writes it
// (fixtures/real/generated-frameworks/samples/llamaindex-traceloop.jsonl is the whole run)
type Ev = Extract<IngestItem, { type: 'event' }>;
const evs = (items: IngestItem[]) =>
  items.filter((i): i is Ev => i.type === 'event').map((i): Record<string, any> => ({ kind: i.event.kind, ...(i.event.body as Record<string, any>) }));
const bads = (items: IngestItem[]) => items.filter((i) => i.type === 'bad');
const SESSION = { 'traceloop.association.properties.session_id': 's1' };

const node = (id: string, doc: string, text: string, score: number | null) => ({
  node: { id_: id, metadata: { section: 'museums' }, relationships: { SOURCE: { nodeId: doc, metadata: {}, hash: 'h' } }, text, type: 'TEXT' },
  score,
});
const retrieve = (output: unknown, input: unknown = { args: [], kwargs: { query: 'a museum in Rome?' } }) =>
  rawSpan({
    name: 'vector_index_retriever.retrieve',
    attrs: { ...SESSION, 'traceloop.span.kind': 'task', 'traceloop.entity.input': JSON.stringify(input), 'traceloop.entity.output': JSON.stringify(output) },
  });
const chat = (spanId: string, start: number, messages: { role: string; content: string }[]) =>
  rawSpan({
    spanId,
    start,
    name: 'chat gpt-4o-mini',
    attrs: {
      ...SESSION,
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.input.messages': JSON.stringify(messages.map((m) => ({ role: m.role, parts: [{ type: 'text', content: m.content }] }))),
      'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'ok' }] }]),
    },
  });
const tool = (spanId: string, start: number, output: string) =>
  rawSpan({
    spanId,
    start,
    end: start + 10,
    name: 'get_weather.tool',
    attrs: {
      ...SESSION,
      'traceloop.span.kind': 'tool',
      'traceloop.entity.name': 'get_weather',
      'traceloop.entity.input': JSON.stringify({ args: [], kwargs: { city: 'Paris' } }),
      'traceloop.entity.output': JSON.stringify(output),
    },
  });
const read = async (spans: Record<string, unknown>[]) => readAll(otlpGenAiFormat, JSON.stringify(otlpDoc(spans)));

describe("OpenLLMetry's LlamaIndex retriever spans", () => {
  it('a retrieve span is a retrieval: the query, each node with its id, score, text and source document', async () => {
    const items = await read([retrieve([node('n1', 'doc-vatican', 'The Vatican Museums.', 0.71), node('n2', 'doc-borghese', 'Bernini.', 0.42)])]);
    expect(bads(items)).toEqual([]);
    const [r] = evs(items);
    expect(r).toMatchObject({ kind: 'retrieval', query: 'a museum in Rome?' });
    expect(r.candidates).toEqual([
      { id: 'n1', rank: 1, score: 0.71, text: 'The Vatican Museums.', metadata: { section: 'museums', document_id: 'doc-vatican' } },
      { id: 'n2', rank: 2, score: 0.42, text: 'Bernini.', metadata: { section: 'museums', document_id: 'doc-borghese' } },
    ]);
  });

  it('a score the framework could not compute (NaN, exported as null) is absent, not 0', async () => {
    const [r] = evs(await read([retrieve([node('n1', 'd', 'x', null)])]));
    expect(r.candidates[0]).not.toHaveProperty('score');
  });

  it('a query given as the single argument is read too; no query at all is one bad item naming the span', async () => {
    const [r] = evs(await read([retrieve([], { args: ['a museum?'], kwargs: {} })]));
    expect(r).toMatchObject({ kind: 'retrieval', query: 'a museum?', candidates: [] });
    const items = await read([retrieve([node('n1', 'd', 'x', 0.5)], { args: [], kwargs: {} })]);
    expect(bads(items)).toHaveLength(1);
    expect(JSON.stringify(bads(items)[0])).toMatch(/vector_index_retriever\.retrieve.*without its query/);
  });

  it('look-alikes stay raw spans: a task named retrieve whose output is not a node list, a non-traceloop span of that name', async () => {
    const notNodes = rawSpan({
      name: 'cache.retrieve',
      attrs: { ...SESSION, 'traceloop.span.kind': 'task', 'traceloop.entity.output': JSON.stringify({ hit: true }) },
    });
    const other = rawSpan({ name: 'x.retrieve', attrs: { ...SESSION, 'traceloop.entity.output': JSON.stringify([node('n', 'd', 't', 1)]) } });
    expect(evs(await read([notNodes, other])).map((e) => e.kind)).toEqual(['otel.span', 'otel.span']);
  });
});

describe('a tool result LlamaIndex sends back as a user message', () => {
  const result = '{"city":"Paris","forecast":"18°C, light rain"}';
  const sys = { role: 'system', content: 'Be brief.' };
  const ask = { role: 'user', content: 'Weather in Paris?' };
  const called = { role: 'assistant', content: '' };

  it("is read as the tool's result (a tool message with the tool span's call id), not the user's words", async () => {
    const items = await read([chat('c1', 0, [sys, ask]), tool('t1', 2000, result), chat('c2', 3000, [sys, ask, called, { role: 'user', content: result }])]);
    const req = evs(items).filter((e) => e.kind === 'request');
    expect(req[1].messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 't1', content: result });
    expect(evs(items).find((e) => e.kind === 'tool_result')).toMatchObject({ call_id: 't1', content: { city: 'Paris' } });
  });

  it("look-alikes stay the user's: a short result the user also says, a result of another trace, a user message before the tool ran", async () => {
    const short = await read([tool('t1', 0, 'yes'), chat('c2', 3000, [sys, ask, called, { role: 'user', content: 'yes' }])]);
    expect(
      evs(short)
        .find((e) => e.kind === 'request')!
        .messages.at(-1),
    ).toEqual({ role: 'user', content: 'yes' });
    const otherTrace = { ...tool('t1', 0, result), traceId: 'b'.repeat(32) };
    const items = await read([otherTrace, chat('c2', 3000, [sys, { role: 'user', content: result }])]);
    expect(
      evs(items)
        .find((e) => e.kind === 'request')!
        .messages.at(-1),
    ).toEqual({ role: 'user', content: result });
    // the user pasted the forecast before the tool ran (the batch lists the tool span first)
    const before = await read([tool('t1', 5000, result), chat('c1', 0, [sys, { role: 'user', content: result }])]);
    expect(
      evs(before)
        .find((e) => e.kind === 'request')!
        .messages.at(-1),
    ).toEqual({ role: 'user', content: result });
  });
});
