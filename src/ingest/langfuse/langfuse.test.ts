import { describe, expect, it } from 'vitest';
import type { IngestItem } from '../types.js';
import { detectFormat } from '../formats.js';
import { readAll } from '../otlp/__tests__/helpers.js';
import { convertObservation } from './convert.js';
import { langfuseFormat } from './index.js';

const obs = (o: Record<string, unknown>) => ({
  traceId: 't1',
  startTime: '2026-03-02T10:00:00.000Z',
  endTime: '2026-03-02T10:00:02.000Z',
  level: 'DEFAULT',
  ...o,
});
const fields = (d: { events: { kind: string; fields: Record<string, unknown> }[] }, kind: string) =>
  d.events.filter((e) => e.kind === kind).map((e) => e.fields);
const events = (items: IngestItem[]) => items.filter((i): i is Extract<IngestItem, { type: 'event' }> => i.type === 'event');

describe('Langfuse observations -> native events', () => {
  it('GENERATION: chat messages in, the answer out, usage, model parameters', () => {
    const d = convertObservation(
      obs({
        id: 'g1',
        type: 'GENERATION',
        name: 'chat',
        sessionId: 's1',
        model: 'gpt-4o',
        modelParameters: { temperature: 0 },
        input: [
          { role: 'system', content: 'You help.' },
          { role: 'user', content: 'Hi' },
        ],
        output: { role: 'assistant', content: 'Hello' },
        usageDetails: { input: 12, output: 3, total: 15 },
      }),
      {},
    );
    expect(d).toMatchObject({ session: 's1', traceId: 't1', opensTurn: true });
    expect(fields(d, 'request')[0]).toMatchObject({
      request_id: 'g1',
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You help.' },
        { role: 'user', content: 'Hi' },
      ],
      usage: { input_tokens: 12, output_tokens: 3 },
      params: { temperature: 0 },
    });
    expect(fields(d, 'response')[0]).toMatchObject({ request_id: 'g1', content: 'Hello' });
  });

  it('GENERATION: other input and output shapes ({messages, system}, a prompt string, OpenAI choices, parts)', () => {
    const a = convertObservation(
      obs({
        id: 'g2',
        type: 'GENERATION',
        input: { system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] },
        output: { choices: [{ message: { role: 'assistant', content: [{ type: 'text', text: 'Yo' }] }, finish_reason: 'stop' }] },
      }),
      { sessionId: 's' },
    );
    expect(fields(a, 'request')[0].messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
    expect(fields(a, 'response')[0]).toMatchObject({ content: 'Yo', finish_reason: 'stop' });
    const b = convertObservation(obs({ id: 'g3', type: 'GENERATION', input: 'Complete this', output: 'done' }), { sessionId: 's' });
    expect(fields(b, 'request')[0].messages).toEqual([{ role: 'user', content: 'Complete this' }]);
    // a generation without input and output (never captured, or never updated) is kept raw, not refused
    expect(convertObservation(obs({ id: 'g4', type: 'GENERATION' }), { sessionId: 's' }).events.map((e) => e.kind)).toEqual(['langfuse.generation']);
  });

  it('RETRIEVER: the query, documents with scores, top_k and threshold only when logged', () => {
    const d = convertObservation(
      obs({
        id: 'r1',
        type: 'RETRIEVER',
        input: { query: 'plans', top_k: 2, threshold: 0.75 },
        output: { documents: [{ id: 'kb-1', score: 0.8, page_content: 'Pro', metadata: { type: 'kb' } }, { metadata: { id: 'm77', score: 0.7 } }] },
      }),
      { sessionId: 's' },
    );
    expect(fields(d, 'retrieval')[0]).toMatchObject({
      query: 'plans',
      top_k: 2,
      threshold: 0.75,
      candidates: [
        { id: 'kb-1', score: 0.8, text: 'Pro', metadata: { type: 'kb' } },
        { id: 'm77', score: 0.7 },
      ],
    });
    const bare = fields(
      convertObservation(obs({ id: 'r2', type: 'RETRIEVER', input: 'plans', output: [{ id: 'a', score: 0.5 }] }), { sessionId: 's' }),
      'retrieval',
    )[0];
    for (const k of ['top_k', 'threshold', 'injected']) expect(bare[k]).toBeUndefined();
    expect(() => convertObservation(obs({ id: 'r3', type: 'RETRIEVER', input: 'q', output: [{ id: 'a' }] }), { sessionId: 's' })).toThrow(/no numeric score/);
  });

  it('TOOL: call and result; ERROR level is the error', () => {
    const d = convertObservation(
      obs({
        id: 'o1',
        type: 'TOOL',
        name: 'search',
        input: { q: 'x' },
        output: null,
        level: 'ERROR',
        statusMessage: 'timeout',
        metadata: { tool_call_id: 'call_9' },
      }),
      { sessionId: 's' },
    );
    expect(d.events.map((e) => [e.kind, e.fields])).toEqual([
      ['tool_call', { call_id: 'call_9', name: 'search', arguments: { q: 'x' } }],
      ['tool_result', { call_id: 'call_9', name: 'search', error: 'timeout' }],
    ]);
  });

  it('metadata.amnesia: native events and the envelope; SPAN / EVENT carriers are not kept twice', () => {
    const d = convertObservation(
      obs({
        id: 'e1',
        type: 'EVENT',
        name: 'memory.write',
        metadata: {
          agent: 'memory-worker',
          amnesia: [
            { turn: 3 },
            { kind: 'memory_write', write_id: 'w1', phase: 'enqueued', memory_id: 'm77' },
            { kind: 'memory_write', write_id: 'w1', phase: 'acknowledged', ts: '2026-03-02T10:00:01.000Z' },
          ],
        },
      }),
      { sessionId: 's' },
    );
    expect(d).toMatchObject({ turn: 3, actor: 'memory-worker' });
    expect(d.events.map((e) => [e.kind, e.fields.phase, new Date(e.ts).toISOString()])).toEqual([
      ['memory_write', 'enqueued', '2026-03-02T10:00:00.000Z'],
      ['memory_write', 'acknowledged', '2026-03-02T10:00:01.000Z'],
    ]);
    const restart = convertObservation(
      obs({ id: 'e2', type: 'EVENT', metadata: JSON.stringify({ amnesia: { kind: 'lifecycle', event: 'restart', process: 'w' } }) }),
      { sessionId: 's' },
    );
    expect(restart.opensTurn).toBe(false);
    expect(convertObservation(obs({ id: 'e3', type: 'SPAN', name: 'step' }), { sessionId: 's' }).events[0].kind).toBe('langfuse.span');
  });

  it("session: the observation's, else its trace's, else the trace id (a run)", () => {
    expect(convertObservation(obs({ id: 'a', type: 'EVENT', sessionId: 'own' }), { sessionId: 'trace' }).session).toBe('own');
    expect(convertObservation(obs({ id: 'b', type: 'EVENT' }), { sessionId: 'trace' }).session).toBe('trace');
    expect(convertObservation(obs({ id: 'c', type: 'EVENT' }), {}).session).toBe('t1');
  });
});

describe('langfuse: reading', () => {
  const gen = (id: string, traceId: string, start: string, text: string, extra: Record<string, unknown> = {}) => ({
    id,
    traceId,
    type: 'GENERATION',
    name: 'chat',
    startTime: start,
    endTime: start,
    model: 'gpt-4o',
    input: [{ role: 'user', content: text }],
    output: 'ok',
    ...extra,
  });

  it('detection: traces, sessions and listings; not OTLP, not native events', () => {
    expect(detectFormat(JSON.stringify({ data: [gen('o1', 't', '2026-03-02T10:00:00Z', 'x')], meta: {} }))?.name).toBe('langfuse');
    expect(detectFormat(JSON.stringify({ id: 't', timestamp: '2026-03-02T10:00:00Z', sessionId: 's', observations: [] }, null, 2))?.name).toBe('langfuse');
    expect(langfuseFormat.detect('{"resourceSpans": [], "traceId": "x", "type": "SPAN"}')).toBe(0);
    expect(langfuseFormat.detect('{"kind":"request","ts":"2026-03-02T10:00:00Z","session":"s","model":"m","messages":[]}')).toBe(0);
  });

  it("a trace document is streamed: observations at their lines, the trace's sessionId and userId (even when they come last)", async () => {
    const trace = {
      id: 'tr1',
      timestamp: '2026-03-02T10:00:00Z',
      observations: [gen('o2', 'tr1', '2026-03-02T10:00:05Z', 'second'), gen('o1', 'tr1', '2026-03-02T10:00:00Z', 'first')],
      sessionId: 'sess',
      userId: 'u1',
    };
    const text = JSON.stringify(trace, null, 2);
    const items = events(await readAll(langfuseFormat, text, 5));
    const lines = text.split('\n');
    const at = (id: string) => lines.findIndex((_, i) => lines[i + 1]?.includes(`"id": "${id}"`)) + 1;
    // the turn is numbered by the store from the trace key (test/turns.e2e.test.ts)
    expect(items.map((e) => [e.event.kind, e.event.session, e.event.turn, e.turnKey, e.event.scope, e.line])).toEqual([
      ['request', 'sess', null, 'trace:tr1', { user: 'u1' }, at('o1')],
      ['response', 'sess', null, 'trace:tr1', { user: 'u1' }, at('o1')],
      ['request', 'sess', null, 'trace:tr1', { user: 'u1' }, at('o2')],
      ['response', 'sess', null, 'trace:tr1', { user: 'u1' }, at('o2')],
    ]);
  });

  it('the observations listing (newest first): each observation keyed by its trace, no turn from the listing order', async () => {
    const page = {
      data: [gen('o3', 'tB', '2026-03-02T10:05:00Z', 'later', { sessionId: 's' }), gen('o1', 'tA', '2026-03-02T10:00:00Z', 'earlier', { sessionId: 's' })],
      meta: { page: 1, totalItems: 2 },
    };
    const items = events(await readAll(langfuseFormat, JSON.stringify(page, null, 2)));
    expect(items.filter((e) => e.event.kind === 'request').map((e) => [e.event.body.request_id, e.event.turn, e.turnKey])).toEqual([
      ['o1', null, 'trace:tA'],
      ['o3', null, 'trace:tB'],
    ]);
  });

  it('a session document: its traces, one turn key each; an explicit metadata.amnesia turn is kept', async () => {
    const session = {
      id: 'sess-9',
      createdAt: '2026-03-02T10:00:00Z',
      traces: [
        { id: 'tA', timestamp: '2026-03-02T10:00:00Z', observations: [gen('o1', 'tA', '2026-03-02T10:00:00Z', 'one')] },
        { id: 'tB', timestamp: '2026-03-02T10:05:00Z', observations: [gen('o2', 'tB', '2026-03-02T10:05:00Z', 'two')] },
      ],
    };
    const items = events(await readAll(langfuseFormat, JSON.stringify(session, null, 2)));
    expect(items.filter((e) => e.event.kind === 'request').map((e) => [e.event.session, e.event.turn, e.turnKey])).toEqual([
      ['sess-9', null, 'trace:tA'],
      ['sess-9', null, 'trace:tB'],
    ]);
    const explicit = events(
      await readAll(langfuseFormat, JSON.stringify(gen('o9', 'tZ', '2026-03-02T10:00:00Z', 'x', { sessionId: 's', metadata: { amnesia: { turn: 4 } } }))),
    );
    expect(explicit.map((e) => [e.event.turn, e.turnKey, e.event.body.turn])).toEqual([
      [4, undefined, 4],
      [4, undefined, 4],
    ]);
  });

  it('JSON Lines: one observation (or trace) per line, bad lines reported with their line', async () => {
    const text = [
      JSON.stringify(gen('o1', 't', '2026-03-02T10:00:00Z', 'hi', { sessionId: 's' })),
      '{oops',
      JSON.stringify({ id: 'x', type: 'GENERATION', traceId: 't', sessionId: 's', startTime: 'never' }),
    ].join('\n');
    const items = await readAll(langfuseFormat, text);
    expect(events(items)).toHaveLength(2);
    expect(items.filter((i) => i.type === 'bad').map((b) => b.type === 'bad' && [b.line, b.reason])).toEqual([
      [2, expect.stringMatching(/^not valid JSON/)],
      [3, expect.stringMatching(/startTime: expected an ISO-8601 time/)],
    ]);
  });
});

describe('langfuse: blob-storage and v2 listing exports', () => {
  it('snake_case observations (trace_id, start_time, provided_model_name, usage_details) as JSON Lines', async () => {
    const row = {
      id: 'o1',
      trace_id: 'tr',
      type: 'GENERATION',
      start_time: '2026-03-02 10:00:00.000',
      session_id: 's-blob',
      provided_model_name: 'gpt-4o-mini',
      usage_details: { input: 7, output: 2 },
      input: JSON.stringify([{ role: 'user', content: 'hi' }]),
      output: JSON.stringify({ role: 'assistant', content: 'yo' }),
    };
    const text = `${JSON.stringify(row)}\n${JSON.stringify({ ...row, id: 'o2', start_time: 'later' })}`;
    expect(detectFormat(text)?.name).toBe('langfuse');
    const items = await readAll(langfuseFormat, text);
    const ev = events(items);
    expect(ev.map((e) => [e.event.kind, e.event.session, e.turnKey])).toEqual([
      ['request', 's-blob', 'trace:tr'],
      ['response', 's-blob', 'trace:tr'],
    ]);
    expect(ev[0].event.body).toMatchObject({ model: 'gpt-4o-mini', usage: { input_tokens: 7, output_tokens: 2 }, messages: [{ role: 'user', content: 'hi' }] });
    expect(ev[1].event.body.content).toBe('yo');
    expect(ev[0].event.ts).toBe(Date.parse('2026-03-02T10:00:00.000Z')); // UTC, whatever the local zone
    expect(items.filter((i) => i.type === 'bad').map((b) => b.type === 'bad' && b.reason)).toEqual([
      expect.stringMatching(/startTime: expected an ISO-8601 time, got "later"/),
    ]);
  });

  it("the v2 listing's providedModelName wins over the matched model", () => {
    const d = convertObservation(
      obs({ id: 'g', type: 'GENERATION', sessionId: 's', providedModelName: 'claude-sonnet-4', model: null, input: 'q', output: 'a' }),
      {},
    );
    expect(d.events[0].fields.model).toBe('claude-sonnet-4');
  });
});
