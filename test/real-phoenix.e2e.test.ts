import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpdir } from './helpers.js';
import { ingestReal, REAL, sessionView, write } from './real-samples.js';

const SAMPLE = path.join(REAL, 'phoenix', 'span-json-decoder-retriever.json');
const span = JSON.parse(fs.readFileSync(SAMPLE, 'utf8'));

const llm = (id: string, start: string, extra: Record<string, unknown>) => ({
  name: 'ChatOpenAI',
  context: { trace_id: extra.trace ?? 'tr-1', span_id: id },
  span_kind: 'LLM',
  parent_id: null,
  start_time: start,
  end_time: start,
  status_code: 'OK',
  status_message: '',
  events: [],
  attributes: { 'llm.model_name': 'gpt-4o-mini', 'llm.token_count.prompt': 12, 'llm.token_count.completion': 3, ...(extra.attributes as object) },
});

describe("real Phoenix span (its unit tests' JSON span encoding)", () => {
  it('one pretty-printed span: a retrieval with both documents, ids, scores and text; the trace is the session', () => {
    const { r, summary, events } = ingestReal([SAMPLE]);
    expect(r.code).toBe(0);
    expect(summary.files[0].format).toBe('phoenix');
    expect(r.stderr).toMatch(/session from trace id \(no session\.id or metadata\.sessionId\) \(1\)/);
    const v = sessionView(events, '9241913b-eadf-4891-9e17-24686ccc3ed3');
    expect(v).toMatchObject({ turns: [0], requests: 0, retrievals: [['883e74ee-691a-46e0-acd7-f58bd565dad4', 'd169f0ce-b5ea-4e88-9653-f8bb2fb1d105']] });
    const ret = events.find((e) => e.kind === 'retrieval')!;
    expect(ret.query).toBe('How do I use the SDK to upload a ranking model?');
    expect(ret.candidates.map((c: any) => c.score)).toEqual([0.8024018669959406, 0.7964861566463088]);
    expect(ret.candidates[0].metadata).toEqual({ category: 'ranking' });
    expect(ret.ts).toBe('2023-09-15T14:04:07.167Z'); // zoneless: UTC
  });
});

describe('Phoenix REST listing and otlpv1 shapes', () => {
  it('{data: [Span]}: metadata.sessionId, LangChain retriever without ids or scores, an answer only in output.value, turns by start time', () => {
    const retr = {
      ...span,
      context: { trace_id: 'tr-2', span_id: 'ret-2' },
      start_time: '2026-03-02T10:05:00Z',
      end_time: '2026-03-02T10:05:01Z',
      attributes: {
        'input.value': 'refund policy',
        metadata: JSON.stringify({ sessionId: 'chat-7' }),
        'retrieval.documents': [
          { 'document.content': 'Refunds within 30 days.', 'document.metadata': { source: 'kb.md' } },
          { 'document.content': 'Shipping is free.' },
        ],
      },
    };
    const later = llm('llm-2', '2026-03-02T10:05:02Z', {
      trace: 'tr-2',
      attributes: {
        'input.value': JSON.stringify({ messages: [{ role: 'user', content: 'How long for refunds?' }] }),
        'output.value': JSON.stringify({ generations: [[{ text: '30 days.' }]], role: 'assistant', content: '30 days.' }),
        metadata: JSON.stringify({ sessionId: 'chat-7' }),
      },
    });
    const first = llm('llm-1', '2026-03-02T10:00:00Z', {
      trace: 'tr-1',
      attributes: {
        'session.id': 'chat-7',
        'llm.input_messages': [{ 'message.role': 'user', 'message.content': 'Hi' }],
        'llm.output_messages': [{ 'message.role': 'assistant', 'message.content': 'Hello' }],
      },
    });
    // newest first, as the listing returns them
    const f = write(tmpdir(), 'spans.json', JSON.stringify({ data: [later, retr, first], next_cursor: null }, null, 2));
    const { r, events } = ingestReal([f]);
    expect(r.code).toBe(0);
    const v = sessionView(events, 'chat-7');
    expect(v).toMatchObject({ turns: [0, 1], requests: 2, responses: 2, user: 'Hi', input_tokens: 24, retrievals: [['ret-2#0', 'ret-2#1']] });
    expect(events.filter((e) => e.session === 'chat-7').map((e) => [e.kind, e.turn])).toEqual([
      ['request', 0],
      ['response', 0],
      ['retrieval', 1],
      ['request', 1],
      ['response', 1],
    ]);
    const ret = events.find((e) => e.kind === 'retrieval')!;
    expect(ret.candidates).toEqual([
      { id: 'ret-2#0', text: 'Refunds within 30 days.', metadata: { source: 'kb.md' } },
      { id: 'ret-2#1', text: 'Shipping is free.' },
    ]);
    expect(events.find((e) => e.kind === 'response' && e.turn === 1)!.content).toBe('30 days.');
    expect(r.stderr).toMatch(/session from /);
  });

  it('/spans/otlpv1: snake_case OTLP spans with string_value attributes', () => {
    const s = {
      trace_id: 'ab',
      span_id: 'cd',
      name: 'chat',
      start_time_unix_nano: '1772445600000000000',
      end_time_unix_nano: '1772445601000000000',
      status: { code: 1 },
      attributes: [
        { key: 'openinference.span.kind', value: { string_value: 'LLM' } },
        { key: 'session.id', value: { string_value: 'otlpv1-s' } },
        { key: 'llm.model_name', value: { string_value: 'gpt-4o' } },
        { key: 'llm.input_messages.0.message.role', value: { string_value: 'user' } },
        { key: 'llm.input_messages.0.message.content', value: { string_value: 'ping' } },
        { key: 'llm.token_count.prompt', value: { int_value: '5' } },
      ],
    };
    const { r, summary, events } = ingestReal([write(tmpdir(), 'otlpv1.json', JSON.stringify({ data: [s] }, null, 2))]);
    expect(r.code).toBe(0);
    expect(summary.files[0].format).toBe('phoenix');
    expect(sessionView(events, 'otlpv1-s')).toMatchObject({ turns: [0], requests: 1, user: 'ping', input_tokens: 5 });
  });

  const cases: [string, (s: any) => void, RegExp][] = [
    ['no trace id', (s) => delete s.context.trace_id, /missing context\.trace_id \(or trace_id\)/],
    ['no start time', (s) => delete s.start_time, /start_time: expected an ISO-8601 time, got nothing/],
    [
      'a document with neither id nor content',
      (s) => (s.attributes['retrieval.documents'][1] = { 'document.metadata': {} }),
      /retrieval\.documents\.1: neither document\.id nor document\.content/,
    ],
    ['a retriever without a query', (s) => delete s.attributes['input.value'], /RETRIEVER span without a query \(looked at input\.value\)/],
  ];
  for (const [name, edit, reason] of cases) {
    it(`malformed: ${name} is refused with the field`, () => {
      const s = structuredClone(span);
      edit(s);
      const { summary } = ingestReal([
        write(
          tmpdir(),
          'bad.json',
          JSON.stringify({ data: [s, llm('ok', '2026-03-02T10:00:00Z', { attributes: { 'session.id': 'x', 'input.value': 'hi' } })] }, null, 2),
        ),
      ]);
      expect(summary.bad_lines).toBe(1);
      expect(summary.bad_samples[0].reason).toMatch(reason);
      expect(summary.by_kind.request).toBe(1);
    });
  }
});
