import { describe, expect, it } from 'vitest';
import type { IngestItem } from '../types.js';
import { otlpDoc, rawSpan, readAll, span } from '../otlp/__tests__/helpers.js';
import { convertOpenInferenceSpan, listOf, openInferenceEvents } from './convert.js';
import { openInferenceFormat } from './index.js';

const fields = (events: { kind: string; fields: Record<string, unknown> }[], kind: string) => events.filter((e) => e.kind === kind).map((e) => e.fields);

describe('OpenInference spans -> native events', () => {
  it('flattened lists are read by index, in order', () => {
    expect(listOf({ 'x.1.a': 2, 'x.0.a': 1, 'x.0.b.0.c': 3, 'y.0.a': 9 }, 'x')).toEqual([{ a: 1, 'b.0.c': 3 }, { a: 2 }]);
  });

  it('LLM: input and output messages (content, contents, tool calls), model, token counts, session and user', () => {
    const d = convertOpenInferenceSpan(
      span({
        spanId: '0000000000000011',
        attrs: {
          'openinference.span.kind': 'LLM',
          'session.id': 'sess-1',
          'user.id': 'u-9',
          'llm.model_name': 'gpt-4o',
          'llm.input_messages.0.message.role': 'system',
          'llm.input_messages.0.message.content': 'You help.',
          'llm.input_messages.1.message.role': 'user',
          'llm.input_messages.1.message.contents.0.message_content.type': 'text',
          'llm.input_messages.1.message.contents.0.message_content.text': 'Weather?',
          'llm.output_messages.0.message.role': 'assistant',
          'llm.output_messages.0.message.tool_calls.0.tool_call.id': 'call_1',
          'llm.output_messages.0.message.tool_calls.0.tool_call.function.name': 'get_weather',
          'llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments': '{"city":"Oslo"}',
          'llm.token_count.prompt': 12,
          'llm.token_count.completion': 5,
          'llm.invocation_parameters': '{"temperature": 0}',
        },
      }),
    );
    expect(d).toMatchObject({ session: 'sess-1', scope: { user: 'u-9' }, opensTurn: true });
    expect(fields(d.events, 'request')[0]).toMatchObject({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You help.' },
        { role: 'user', content: 'Weather?' },
      ],
      usage: { input_tokens: 12, output_tokens: 5 },
      params: { temperature: 0 },
    });
    expect(fields(d.events, 'response')[0]).toMatchObject({
      content: '',
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }],
    });
  });

  it('RETRIEVER: input.value as the query, documents with id, score, content, metadata; no top_k (not carried)', () => {
    const [e] = openInferenceEvents(
      span({
        attrs: {
          'openinference.span.kind': 'RETRIEVER',
          'input.value': 'plans',
          'retrieval.documents.0.document.id': 'kb-1',
          'retrieval.documents.0.document.score': 0.8,
          'retrieval.documents.0.document.content': 'Pro plan',
          'retrieval.documents.0.document.metadata': '{"type": "kb"}',
          'retrieval.documents.1.document.id': 'm77',
          'retrieval.documents.1.document.score': 0.7,
        },
      }),
    );
    expect(e).toMatchObject({
      kind: 'retrieval',
      fields: {
        query: 'plans',
        candidates: [
          { id: 'kb-1', score: 0.8, text: 'Pro plan', metadata: { type: 'kb' } },
          { id: 'm77', score: 0.7 },
        ],
      },
    });
    for (const k of ['top_k', 'threshold', 'injected']) expect(e.fields[k]).toBeUndefined();
    const json = openInferenceEvents(
      span({ attrs: { 'openinference.span.kind': 'RETRIEVER', 'input.value': '{"query": "q2"}', 'input.mime_type': 'application/json' } }),
    );
    expect(json[0].fields).toMatchObject({ query: 'q2', candidates: [] });
  });

  it('RERANKER: input documents are the candidates, output documents what was injected, reranker.top_k the cut', () => {
    const [e] = openInferenceEvents(
      span({
        attrs: {
          'openinference.span.kind': 'RERANKER',
          'reranker.query': 'plans',
          'reranker.top_k': 1,
          'reranker.input_documents.0.document.id': 'a',
          'reranker.input_documents.0.document.score': 0.5,
          'reranker.input_documents.1.document.id': 'b',
          'reranker.input_documents.1.document.score': 0.4,
          'reranker.output_documents.0.document.id': 'b',
          'reranker.output_documents.0.document.score': 0.99,
        },
      }),
    );
    expect(e.fields).toMatchObject({
      stage: 'rerank',
      query: 'plans',
      top_k: 1,
      injected: ['b'],
      candidates: [
        { id: 'a', score: 0.5 },
        { id: 'b', score: 0.4, rerank_score: 0.99 },
      ],
    });
  });

  it('TOOL: tool.name, tool_call.id, input.value as arguments and output.value as the result', () => {
    const events = openInferenceEvents(
      span({ attrs: { 'openinference.span.kind': 'TOOL', 'tool.name': 'search', 'tool_call.id': 't1', 'input.value': '{"q":"x"}', 'output.value': 'found' } }),
    );
    expect(events.map((e) => [e.kind, e.fields])).toEqual([
      ['tool_call', { call_id: 't1', name: 'search', arguments: { q: 'x' } }],
      ['tool_result', { call_id: 't1', name: 'search', content: 'found' }],
    ]);
  });

  it('other kinds are kept raw; a span without a kind is read with the GenAI conventions; amnesia.* spans are events', () => {
    expect(openInferenceEvents(span({ attrs: { 'openinference.span.kind': 'CHAIN', 'input.value': 'x' } }))[0].kind).toBe('openinference.chain');
    expect(openInferenceEvents(span({ attrs: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'calc' } }))[0].kind).toBe('tool_call');
    const w = openInferenceEvents(
      span({ attrs: { 'openinference.span.kind': 'CHAIN', 'amnesia.kind': 'memory_write', 'amnesia.write_id': 'w1', 'amnesia.phase': 'enqueued' } }),
    );
    expect(w.map((e) => [e.kind, e.fields.phase])).toEqual([['memory_write', 'enqueued']]);
  });

  it('an LLM span without messages, a document without a score, a tool without a name are rejected with the attribute named', () => {
    expect(() => openInferenceEvents(span({ attrs: { 'openinference.span.kind': 'LLM' } }))).toThrow(
      /llm.input_messages, llm.output_messages, input.value or output.value/,
    );
    expect(() =>
      openInferenceEvents(
        span({
          attrs: {
            'openinference.span.kind': 'RETRIEVER',
            'input.value': 'q',
            'retrieval.documents.0.document.id': 'd',
            'retrieval.documents.0.document.score': 'high',
          },
        }),
      ),
    ).toThrow(/document.score: not a number/);
    expect(() =>
      openInferenceEvents(span({ attrs: { 'openinference.span.kind': 'RETRIEVER', 'input.value': 'q', 'retrieval.documents.0.document.metadata': '{}' } })),
    ).toThrow(/neither document.id nor document.content/);
    // a prompt only in input.value, a document with no score: read, the score left absent
    expect(openInferenceEvents(span({ attrs: { 'openinference.span.kind': 'LLM', 'input.value': 'hi' } }))[0].fields.messages).toEqual([
      { role: 'user', content: 'hi' },
    ]);
    expect(
      openInferenceEvents(span({ attrs: { 'openinference.span.kind': 'RETRIEVER', 'input.value': 'q', 'retrieval.documents.0.document.id': 'd' } }))[0].fields
        .candidates,
    ).toEqual([{ id: 'd' }]);
    expect(() => openInferenceEvents(span({ name: '', attrs: { 'openinference.span.kind': 'TOOL' } }))).toThrow(/tool.name/);
  });
});

describe('openinference: reading', () => {
  it('children wait for the AGENT span that carries session.id; turns follow the traces', async () => {
    const t = (c: string) => c.repeat(32);
    const llm = (trace: string, text: string) =>
      rawSpan({
        traceId: t(trace),
        attrs: {
          'openinference.span.kind': 'LLM',
          'llm.model_name': 'gpt-4o',
          'llm.input_messages.0.message.role': 'user',
          'llm.input_messages.0.message.content': text,
        },
      });
    const agent = (trace: string) => rawSpan({ traceId: t(trace), attrs: { 'openinference.span.kind': 'AGENT', 'session.id': 's-oi' } });
    const text = [otlpDoc([llm('a', 'one'), agent('a')]), otlpDoc([llm('b', 'two'), agent('b')])].map((d) => JSON.stringify(d)).join('\n');
    const items = (await readAll(openInferenceFormat, text)).filter((i): i is Extract<IngestItem, { type: 'event' }> => i.type === 'event');
    // each trace is a turn key; the store numbers them by start time (EvidenceWriter.assignTurns);
    // a model call waits for the end of its document (a nested span of the same call may follow)
    expect(items.map((i) => [i.event.kind, i.event.session, i.turnKey, i.line])).toEqual([
      ['openinference.agent', 's-oi', `trace:${t('a')}`, 1],
      ['request', 's-oi', `trace:${t('a')}`, 1],
      ['openinference.agent', 's-oi', `trace:${t('b')}`, 2],
      ['request', 's-oi', `trace:${t('b')}`, 2],
    ]);
  });
});
