import { describe, expect, it } from 'vitest';
import { InvalidEvent } from '../../events/validate.js';
import { CONVENTIONS, field } from './conventions.js';
import { convertGenAiSpan, genAiEvents } from './genai.js';
import { span } from './__tests__/helpers.js';

const chat = { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o', 'gen_ai.conversation.id': 'c1' };
const byKind = (events: { kind: string; fields: Record<string, unknown> }[], kind: string) => events.filter((e) => e.kind === kind).map((e) => e.fields);

describe('conventions: one table per version', () => {
  it('reads a field from the newest version that has it', () => {
    expect(field({ 'gen_ai.retrieval.top_k': 2, 'gen_ai.request.top_k': 5 }, 'retrievalTopK')).toBe(2);
    expect(field({ 'gen_ai.request.top_k': 5 }, 'retrievalTopK')).toBe(5);
    expect(field({ 'gen_ai.memory.record.id': 'new', 'gen_ai.memory.id': 'old' }, 'memoryId')).toBe('new');
    expect(field({ 'gen_ai.usage.prompt_tokens': 7 }, 'inputTokens')).toBe(7);
  });
  it('every version has a name and the operation table', () => {
    expect(CONVENTIONS.map((c) => c.version)).toEqual([
      'semantic-conventions-genai v0.1',
      'semantic-conventions v1.37-v1.41',
      'GenAI memory proposal',
      'semantic-conventions v1.36 and earlier',
    ]);
  });
});

describe('GenAI spans -> native events', () => {
  it('chat with gen_ai.conversation.compacted = true (semantic-conventions-genai): a compaction before the request, no turn of its own', () => {
    const attrs = { ...chat, 'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'Go on.' }] }]) };
    const d = convertGenAiSpan(span({ spanId: '00000000000000c9', attrs: { ...attrs, 'gen_ai.conversation.compacted': true } }));
    expect(d.events.map((e) => e.kind)).toEqual(['compaction', 'request']);
    expect(d.events[0]).toMatchObject({ id: '00000000000000c9:compaction', ts: d.events[1].ts, fields: {} });
    expect(d.opensTurn).toBe(true);
    expect(
      convertGenAiSpan(span({ spanId: '00000000000000ca', attrs: { ...attrs, 'gen_ai.conversation.compacted': false } })).events.map((e) => e.kind),
    ).toEqual(['request']);
  });
  it('chat (v1.37+): parts, system instructions, tool calls and responses, output, usage', () => {
    const d = convertGenAiSpan(
      span(
        {
          spanId: '00000000000000c1',
          attrs: {
            ...chat,
            'gen_ai.provider.name': 'openai',
            'gen_ai.system_instructions': JSON.stringify([{ type: 'text', content: 'Be brief.' }]),
            'gen_ai.input.messages': JSON.stringify([
              { role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] },
              { role: 'assistant', parts: [{ type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }] },
              { role: 'tool', parts: [{ type: 'tool_call_response', id: 'call_1', result: 'rainy' }] },
            ]),
            'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'Rainy.' }], finish_reason: 'stop' }]),
            'gen_ai.usage.input_tokens': 40,
            'gen_ai.usage.output_tokens': 3,
            'gen_ai.request.temperature': 0.2,
          },
        },
        { 'service.name': 'agent-svc' },
      ),
    );
    expect(d).toMatchObject({ session: 'c1', actor: 'agent-svc', opensTurn: true });
    const [req] = byKind(d.events, 'request');
    expect(req.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'rainy' },
    ]);
    expect(req).toMatchObject({ model: 'gpt-4o', request_id: '00000000000000c1', usage: { input_tokens: 40, output_tokens: 3 }, params: { temperature: 0.2 } });
    expect(byKind(d.events, 'response')[0]).toMatchObject({ content: 'Rainy.', finish_reason: 'stop', request_id: '00000000000000c1' });
  });

  it('chat (v1.36 and earlier): flattened gen_ai.prompt.<i>.* / gen_ai.completion.<i>.*', () => {
    const events = genAiEvents(
      span({
        attrs: {
          'gen_ai.system': 'openai',
          'gen_ai.request.model': 'gpt-4',
          'gen_ai.conversation.id': 'c1',
          'gen_ai.prompt.0.role': 'system',
          'gen_ai.prompt.0.content': 'You help.',
          'gen_ai.prompt.1.role': 'user',
          'gen_ai.prompt.1.content': 'Hi',
          'gen_ai.completion.0.role': 'assistant',
          'gen_ai.completion.0.content': 'Hello',
          'gen_ai.completion.0.finish_reason': 'stop',
          'gen_ai.usage.prompt_tokens': 9,
          'gen_ai.usage.completion_tokens': 2,
        },
      }),
    );
    expect(byKind(events, 'request')[0]).toMatchObject({
      messages: [
        { role: 'system', content: 'You help.' },
        { role: 'user', content: 'Hi' },
      ],
      usage: { input_tokens: 9, output_tokens: 2 },
    });
    expect(byKind(events, 'response')[0]).toMatchObject({ content: 'Hello', finish_reason: 'stop' });
  });

  it('chat (v1.28-v1.36): message span events and the choice event', () => {
    const events = genAiEvents(
      span({
        attrs: chat,
        events: [
          { name: 'gen_ai.system.message', attrs: { content: 'You help.' } },
          { name: 'gen_ai.user.message', attrs: { content: 'Hi' } },
          { name: 'gen_ai.choice', attrs: { index: 0, finish_reason: 'stop', message: JSON.stringify({ role: 'assistant', content: 'Hello' }) } },
        ],
      }),
    );
    expect(byKind(events, 'request')[0].messages).toEqual([
      { role: 'system', content: 'You help.' },
      { role: 'user', content: 'Hi' },
    ]);
    expect(byKind(events, 'response')[0]).toMatchObject({ content: 'Hello', finish_reason: 'stop' });
  });

  it('chat: messages on the gen_ai.client.inference.operation.details event', () => {
    const events = genAiEvents(
      span({
        attrs: chat,
        events: [
          {
            name: 'gen_ai.client.inference.operation.details',
            attrs: { 'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'Hi' }] }]) },
          },
        ],
      }),
    );
    expect(byKind(events, 'request')[0].messages).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(byKind(events, 'response')).toEqual([]);
  });

  it('chat without captured content is rejected with the reason and the opt-in to turn on', () => {
    expect(() => genAiEvents(span({ attrs: chat }))).toThrow(/no messages captured.*OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT/);
    expect(() => genAiEvents(span({ attrs: { ...chat, 'gen_ai.input.messages': '[{"role": "user", "parts": [' } }))).toThrow(InvalidEvent);
  });

  it('execute_tool: call and result (or the error)', () => {
    const ok = genAiEvents(
      span({
        attrs: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'search',
          'gen_ai.tool.call.id': 't1',
          'gen_ai.tool.call.arguments': '{"q":"x"}',
          'gen_ai.tool.call.result': '{"n":1}',
        },
      }),
    );
    expect(ok.map((e) => [e.kind, e.fields])).toEqual([
      ['tool_call', { call_id: 't1', name: 'search', arguments: { q: 'x' } }],
      ['tool_result', { call_id: 't1', name: 'search', content: { n: 1 } }],
    ]);
    const failed = genAiEvents(
      span({ attrs: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'search', 'error.type': 'timeout' }, error: 'deadline' }),
    );
    expect(byKind(failed, 'tool_result')[0]).toMatchObject({ error: 'timeout' });
    expect(byKind(failed, 'tool_call')[0].arguments).toBeUndefined(); // not captured: absent, not {}
  });

  it('retrieval: query, documents as candidates, top_k by version; nothing guessed', () => {
    const docs = JSON.stringify([
      { id: 'd1', score: 0.9, content: 'one' },
      { id: 'd2', score: 0.4 },
    ]);
    const v037 = genAiEvents(
      span({
        attrs: { 'gen_ai.operation.name': 'retrieval', 'gen_ai.retrieval.query.text': 'q', 'gen_ai.retrieval.documents': docs, 'gen_ai.request.top_k': 1 },
      }),
    );
    expect(v037[0]).toMatchObject({
      kind: 'retrieval',
      fields: {
        query: 'q',
        top_k: 1,
        candidates: [
          { id: 'd1', score: 0.9, text: 'one' },
          { id: 'd2', score: 0.4 },
        ],
      },
    });
    const bare = genAiEvents(
      span({ attrs: { 'gen_ai.operation.name': 'retrieval', 'gen_ai.retrieval.query.text': 'q', 'gen_ai.retrieval.documents': docs } }),
    )[0].fields;
    for (const k of ['top_k', 'threshold', 'injected']) expect(bare[k]).toBeUndefined();
    expect((bare.candidates as { rank?: number }[]).every((c) => c.rank === undefined)).toBe(true);
    expect(() => genAiEvents(span({ attrs: { 'gen_ai.operation.name': 'retrieval', 'gen_ai.retrieval.documents': docs } }))).toThrow(
      /gen_ai.retrieval.query.text/,
    );
    expect(() =>
      genAiEvents(span({ attrs: { 'gen_ai.operation.name': 'retrieval', 'gen_ai.retrieval.query.text': 'q', 'gen_ai.retrieval.documents': '[{"id":"d1"}]' } })),
    ).toThrow(/no numeric score/);
  });

  it('search_memory: memory records as candidates, the similarity threshold (proposal) as threshold', () => {
    const [e] = genAiEvents(
      span({
        attrs: {
          'gen_ai.operation.name': 'search_memory',
          'gen_ai.memory.query': 'prefs',
          'gen_ai.memory.search.similarity.threshold': 0.7,
          'gen_ai.memory.records': JSON.stringify([{ id: 'm1', score: 0.8, content: { preference: 'lists' } }]),
          'gen_ai.memory.store.id': 'memories',
        },
      }),
    );
    expect(e).toMatchObject({
      kind: 'retrieval',
      fields: { query: 'prefs', threshold: 0.7, store: 'memories', candidates: [{ id: 'm1', score: 0.8, text: '{"preference":"lists"}' }] },
    });
    expect(e.fields.top_k).toBeUndefined();
  });

  it('memory writes: a plain span is requested then committed (failed on error)', () => {
    const attrs = {
      'gen_ai.operation.name': 'update_memory',
      'gen_ai.memory.id': 'm7',
      'gen_ai.memory.type': 'preference',
      'gen_ai.memory.content': 'lists',
      'gen_ai.memory.store.id': 'memories',
    };
    const ok = genAiEvents(span({ spanId: '00000000000000w1', attrs, start: 0, end: 300 }));
    expect(ok.map((e) => [e.fields.phase, e.fields.write_id, e.ts - ok[0].ts])).toEqual([
      ['requested', '00000000000000w1', 0],
      ['committed', '00000000000000w1', 300],
    ]);
    expect(ok[0].fields).toMatchObject({ memory_id: 'm7', memory_type: 'preference', text: 'lists', store: 'memories', operation: 'update_memory' });
    const bad = genAiEvents(span({ attrs: { ...attrs, 'error.type': 'ConnectionError' }, error: 'refused' }));
    expect(bad.map((e) => e.fields.phase)).toEqual(['requested', 'failed']);
    expect(bad[1].fields.error).toBe('ConnectionError');
    const v01 = genAiEvents(
      span({
        attrs: {
          'gen_ai.operation.name': 'create_memory',
          'gen_ai.memory.record.id': 'm8',
          'gen_ai.memory.records': JSON.stringify([{ id: 'm8', content: 'fact', metadata: { type: 'fact' } }]),
        },
      }),
    );
    expect(v01[0].fields).toMatchObject({ memory_id: 'm8', text: 'fact', memory_type: 'fact', operation: 'create_memory' });
    // delete_memory (semantic-conventions-genai) is a write too: the operation says what it did
    const del = genAiEvents(span({ attrs: { 'gen_ai.operation.name': 'delete_memory', 'gen_ai.memory.record.id': 'm8' } }));
    expect(del.map((e) => [e.kind, e.fields.phase, e.fields.memory_id])).toEqual([
      ['memory_write', 'requested', 'm8'],
      ['memory_write', 'committed', 'm8'],
    ]);
    expect(del[0].fields.operation).toBe('delete_memory');
  });

  it('memory writes: phase events (amnesia.phase) are the steps, and no commit is invented', () => {
    const events = genAiEvents(
      span({
        attrs: { 'gen_ai.operation.name': 'update_memory', 'gen_ai.memory.id': 'm7', 'amnesia.write_id': 'w1' },
        events: [
          { name: 'queued', at: 10, attrs: { 'amnesia.phase': 'enqueued' } },
          { name: 'acked', at: 20, attrs: { 'amnesia.phase': 'acknowledged' } },
        ],
      }),
    );
    expect(events.map((e) => [e.fields.phase, e.fields.write_id])).toEqual([
      ['enqueued', 'w1'],
      ['acknowledged', 'w1'],
    ]);
    expect(() =>
      genAiEvents(span({ attrs: { 'gen_ai.operation.name': 'update_memory' }, events: [{ name: 'x', attrs: { 'amnesia.phase': 'flushed' } }] })),
    ).toThrow(/flushed/);
  });

  it('what no convention carries comes from amnesia.* spans and span events', () => {
    const restart = convertGenAiSpan(
      span({ attrs: { 'amnesia.kind': 'lifecycle', 'amnesia.event': 'restart', 'amnesia.process': 'memory-worker', 'amnesia.session': 's1' } }),
    );
    expect(restart).toMatchObject({ session: 's1', opensTurn: false, events: [{ kind: 'lifecycle', fields: { event: 'restart', process: 'memory-worker' } }] });
    const snap = genAiEvents(span({ attrs: { 'amnesia.kind': 'store_snapshot', 'amnesia.store': 'memories', 'amnesia.memory_ids': ['m1', 'm2'] } }));
    expect(snap[0].fields).toEqual({ store: 'memories', memory_ids: ['m1', 'm2'] });
    const state = convertGenAiSpan(
      span({
        attrs: {
          'amnesia.kind': 'state',
          'amnesia.key': 'task',
          'amnesia.op': 'write',
          'amnesia.version': 4,
          'amnesia.turn': 2,
          'gen_ai.agent.name': 'planner',
        },
      }),
    );
    expect(state).toMatchObject({ turn: 2, actor: 'planner', events: [{ kind: 'state', fields: { key: 'task', op: 'write', version: 4 } }] });
    expect(() => convertGenAiSpan(span({ attrs: { 'amnesia.kind': 'state', 'amnesia.turn': 'two' } }))).toThrow(/amnesia.turn/);
  });

  it('other operations and non-GenAI spans are kept raw under their own kind', () => {
    const agent = genAiEvents(span({ name: 'invoke_agent a', attrs: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'a' } }));
    expect(agent[0]).toMatchObject({ kind: 'gen_ai.invoke_agent', fields: { name: 'invoke_agent a', attributes: { 'gen_ai.agent.name': 'a' } } });
    const http = convertGenAiSpan(span({ name: 'GET /', attrs: { 'http.request.method': 'GET' } }));
    expect(http.events[0].kind).toBe('otel.span');
    expect(http.opensTurn).toBe(false);
  });
});
