import { describe, expect, it } from 'vitest';
import type { IngestItem } from '../types.js';
import { otlpGenAiFormat } from './index.js';
import { otlpDoc, rawSpan, readAll } from './__tests__/helpers.js';

const TRACE = 'c'.repeat(32);
const body = (o: unknown) => JSON.stringify(o);
const agent = rawSpan({
  traceId: TRACE,
  spanId: 'a000000000000001',
  name: 'agent.travel-agent',
  start: 0,
  end: 900,
  attrs: { 'gen_ai.operation.name': 'agent.run', 'mastra.span.type': 'agent_run', threadId: 'thread-1', resourceId: 'user-42', input: 'Weather?' },
});
const generation = rawSpan({
  traceId: TRACE,
  spanId: 'a000000000000002',
  parentSpanId: 'a000000000000001',
  name: 'chat gpt-4o-mini',
  start: 10,
  end: 800,
  attrs: {
    'gen_ai.operation.name': 'chat',
    'mastra.span.type': 'model_generation',
    'gen_ai.request.model': 'gpt-4o-mini',
    'gen_ai.usage.input_tokens': 30,
    'gen_ai.usage.output_tokens': 9,
    threadId: 'thread-1',
    input: body({
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
      ],
    }),
    output: body({ text: 'Rain.', files: [] }),
  },
});
const step = (id: string, start: number, messages: unknown[], output: unknown, usage: { prompt_tokens: number; completion_tokens: number }) =>
  rawSpan({
    traceId: TRACE,
    spanId: id,
    parentSpanId: 'a000000000000002',
    name: 'step: 0',
    start,
    end: start + 100,
    attrs: {
      'gen_ai.operation.name': 'model.step',
      'mastra.span.type': 'model_step',
      modelId: 'gpt-4o-mini',
      input: body({ body: { model: 'gpt-4o-mini', temperature: 0, messages } }),
      output: body(output),
      body: body({ id: 'chatcmpl-1', usage }),
    },
  });
const chunk = rawSpan({
  traceId: TRACE,
  parentSpanId: 'a000000000000003',
  name: "chunk: 'text'",
  start: 20,
  attrs: { 'gen_ai.operation.name': 'model.chunk', 'mastra.span.type': 'model_chunk', output: body({ text: 'Rain.' }) },
});
const tool = rawSpan({
  traceId: TRACE,
  parentSpanId: 'a000000000000003',
  name: 'tool.execute get_weather',
  start: 120,
  attrs: {
    'gen_ai.operation.name': 'tool.execute',
    'mastra.span.type': 'tool_call',
    'gen_ai.tool.name': 'get_weather',
    input: body({ city: 'Paris' }),
    output: body({ forecast: 'rain' }),
  },
});
const user = [
  { role: 'system', content: 'sys' },
  { role: 'user', content: 'Weather?' },
];
const called = { text: '', toolCalls: [{ toolCallId: 'call_1', toolName: 'get_weather', args: { city: 'Paris' } }] };

const events = (items: IngestItem[]) =>
  items.filter((i): i is Extract<IngestItem, { type: 'event' }> => i.type === 'event').map((i) => i.event.body as unknown as Record<string, any>);

describe('otlp-genai: Mastra AI tracing (@mastra/otel-exporter)', () => {
  it('a generation with two model steps: each step one request with its messages and usage, the tool span a call with its result; chunks add nothing', async () => {
    const steps = [
      step('a000000000000003', 20, user, called, { prompt_tokens: 10, completion_tokens: 4 }),
      step(
        'a000000000000004',
        300,
        [...user, { role: 'tool', tool_call_id: 'call_1', content: '{"forecast":"rain"}' }],
        { text: 'Rain.' },
        {
          prompt_tokens: 20,
          completion_tokens: 5,
        },
      ),
    ];
    const ev = events(await readAll(otlpGenAiFormat, `${JSON.stringify(otlpDoc([chunk, tool, ...steps, generation, agent]))}\n`));
    const reqs = ev.filter((e) => e.kind === 'request');
    expect(reqs.map((r) => [r.request_id, r.messages.length, r.usage.input_tokens, r.session])).toEqual([
      ['a000000000000003', 2, 10, 'thread-1'],
      ['a000000000000004', 3, 20, 'thread-1'],
    ]);
    expect(ev.find((e) => e.kind === 'response' && e.request_id === 'a000000000000003')?.tool_calls).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
    ]);
    expect(ev.filter((e) => e.kind === 'tool_result').map((e) => [e.name, e.content])).toEqual([['get_weather', { forecast: 'rain' }]]);
    expect(ev.some((e) => String(e.kind).includes('chunk'))).toBe(false);
    expect(ev.every((e) => e.scope?.user === 'user-42')).toBe(true);
  });

  it('a generation with one step is one request: the prompt parts read as text, the step’s usage', async () => {
    const one = step('a000000000000003', 20, user, { text: 'Rain.' }, { prompt_tokens: 11, completion_tokens: 2 });
    const ev = events(await readAll(otlpGenAiFormat, `${JSON.stringify(otlpDoc([one, generation, agent]))}\n`));
    const reqs = ev.filter((e) => e.kind === 'request');
    expect(reqs).toHaveLength(1);
    expect(reqs[0].messages).toEqual(user);
    expect(reqs[0].usage).toEqual({ input_tokens: 11, output_tokens: 2 });
    expect(ev.filter((e) => e.kind === 'response').map((e) => e.content)).toEqual(['Rain.']);
  });

  it('look-alike: a step without messages is a bad item that says where it looked', async () => {
    const broken = rawSpan({ traceId: TRACE, name: 'step: 0', attrs: { 'mastra.span.type': 'model_step', threadId: 't', input: body({ body: {} }) } });
    const items = await readAll(otlpGenAiFormat, `${JSON.stringify(otlpDoc([broken]))}\n`);
    expect(items.filter((i) => i.type === 'bad').map((i) => (i as { reason: string }).reason)).toEqual([
      expect.stringMatching(/input\.body\.messages: expected an array of messages/),
    ]);
  });

  it('working memory: an updateWorkingMemory tool span is also a memory write of the whole document (failed when the tool failed); another tool is not', async () => {
    const memory = (spanId: string, error?: string) =>
      rawSpan({
        traceId: TRACE,
        spanId,
        parentSpanId: 'a000000000000001',
        name: "tool: 'updateWorkingMemory'",
        start: 50,
        end: 60,
        ...(error ? { error } : {}),
        attrs: {
          'mastra.span.type': 'tool_call',
          'gen_ai.tool.name': 'updateWorkingMemory',
          input: body({ memory: '# User\n- Allergy: peanuts' }),
          output: body({ success: true }),
        },
      });
    const ev = events(
      await readAll(otlpGenAiFormat, `${JSON.stringify(otlpDoc([memory('b000000000000001'), memory('b000000000000002', 'storage down'), tool, agent]))}\n`),
    );
    const writes = ev.filter((e) => e.kind === 'memory_write');
    expect(writes.map((w) => [w.write_id, w.phase, w.memory_id, w.session])).toEqual([
      ['b000000000000001', 'requested', 'mastra:working-memory', 'thread-1'],
      ['b000000000000001', 'committed', 'mastra:working-memory', 'thread-1'],
      ['b000000000000002', 'requested', 'mastra:working-memory', 'thread-1'],
      ['b000000000000002', 'failed', 'mastra:working-memory', 'thread-1'],
    ]);
    expect(writes[0]).toMatchObject({ text: '# User\n- Allergy: peanuts', store: 'mastra', op: 'update', memory_type: 'working_memory' });
    expect(writes[3].error).toBe('storage down');
    // the weather tool is a tool call and its result, no memory write
    expect(ev.filter((e) => e.kind === 'tool_call').map((e) => e.name)).toEqual(['updateWorkingMemory', 'updateWorkingMemory', 'get_weather']);
  });
});
