import { describe, expect, it } from 'vitest';
import type { IngestItem } from '../types.js';
import { otlpGenAiFormat } from './index.js';
import { otlpAttrs, otlpDoc, ns, rawSpan, readAll } from './__tests__/helpers.js';

const events = (items: IngestItem[]) => items.filter((i): i is Extract<IngestItem, { type: 'event' }> => i.type === 'event');
const bads = (items: IngestItem[]) => items.filter((i): i is Extract<IngestItem, { type: 'bad' }> => i.type === 'bad');

const T0 = Date.parse('2026-03-02T10:00:00Z');
const TRACE = 'f'.repeat(32);

/** A chat span as @opentelemetry/instrumentation-openai writes it: usage, no content. */
const chat = (spanId: string, start: number, attrs: Record<string, string | number> = {}) =>
  rawSpan({
    traceId: TRACE,
    spanId,
    name: 'chat gpt-4o-mini',
    start,
    attrs: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.system': 'openai',
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.usage.input_tokens': 20,
      'gen_ai.usage.output_tokens': 5,
      ...attrs,
    },
  });

type Body = Record<string, unknown>;
function kv(o: Body): unknown {
  const one = (v: unknown): unknown =>
    typeof v === 'string'
      ? { stringValue: v }
      : typeof v === 'number'
        ? { intValue: String(v) }
        : Array.isArray(v)
          ? { arrayValue: { values: v.map(one) } }
          : { kvlistValue: { values: Object.entries(v as Body).map(([key, x]) => ({ key, value: one(x) })) } };
  return one(o);
}
const record = (spanId: string, name: string, at: number, body: Body, traceId = TRACE) => ({
  timeUnixNano: ns(T0 + at),
  severityNumber: 9,
  body: kv(body),
  attributes: otlpAttrs({ 'event.name': name, 'gen_ai.system': 'openai' }),
  traceId,
  spanId,
});
const logsDoc = (records: unknown[]) => ({
  resourceLogs: [
    {
      resource: { attributes: otlpAttrs({ 'service.name': 'agent' }) },
      scopeLogs: [{ scope: { name: '@opentelemetry/instrumentation-openai' }, logRecords: records }],
    },
  ],
});

const SPAN = '00000000000000a1';
const conversation = [
  record(SPAN, 'gen_ai.system.message', 0, { content: 'Be brief.' }),
  record(SPAN, 'gen_ai.user.message', 0, { content: 'Weather in Paris?' }),
  record(SPAN, 'gen_ai.assistant.message', 0, {
    content: '',
    tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
  }),
  record(SPAN, 'gen_ai.tool.message', 0, { content: '18°C', id: 'call_1' }),
  record(SPAN, 'gen_ai.choice', 900, { index: 0, finish_reason: 'stop', message: { content: 'Mild, 18°C.' } }),
  { ...record(SPAN, 'app.started', 0, { content: 'not GenAI' }) },
];

describe('otlp-genai: message content from OTLP log records', () => {
  const expectJoined = (items: IngestItem[]) => {
    expect(bads(items)).toEqual([]);
    const [req, resp] = events(items).map((e) => e.event.body as unknown as Record<string, unknown>);
    expect(req).toMatchObject({ kind: 'request', session: TRACE, usage: { input_tokens: 20, output_tokens: 5 } });
    expect(req.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', content: '18°C', tool_call_id: 'call_1' },
    ]);
    expect(resp).toMatchObject({ kind: 'response', content: 'Mild, 18°C.', finish_reason: 'stop' });
  };

  it('traces line first, logs line after (the span waits for its records)', async () => {
    const text = [JSON.stringify(otlpDoc([chat(SPAN, 0)])), JSON.stringify(logsDoc(conversation))].join('\n') + '\n';
    expectJoined(await readAll(otlpGenAiFormat, text));
  });

  it('logs line first, traces after; and one pretty-printed document per kind, streamed in small chunks', async () => {
    expectJoined(await readAll(otlpGenAiFormat, [JSON.stringify(logsDoc(conversation)), JSON.stringify(otlpDoc([chat(SPAN, 0)]))].join('\n') + '\n'));
    const pretty = JSON.stringify(otlpDoc([chat(SPAN, 0)]), null, 2) + '\n' + JSON.stringify(logsDoc(conversation), null, 2);
    expectJoined(await readAll(otlpGenAiFormat, pretty, 7));
  });

  it('records go to their own span only; a span with counts and no records stays a request with usage', async () => {
    const other = '00000000000000b2';
    const text =
      [JSON.stringify(otlpDoc([chat(SPAN, 0), chat(other, 5000, { 'gen_ai.usage.input_tokens': 33 })])), JSON.stringify(logsDoc(conversation))].join('\n') +
      '\n';
    const ev = events(await readAll(otlpGenAiFormat, text)).map((e) => e.event.body as unknown as Record<string, any>);
    const reqs = ev.filter((e) => e.kind === 'request');
    expect(reqs.map((r) => [r.request_id, r.messages.length, r.usage.input_tokens])).toEqual([
      [SPAN, 4, 20],
      [other, 0, 33],
    ]);
    expect(ev.filter((e) => e.kind === 'response').map((e) => e.request_id)).toEqual([SPAN]);
  });

  it('records whose span is not in the file are one bad item naming the span; other application logs are passed over', async () => {
    const items = await readAll(otlpGenAiFormat, JSON.stringify(logsDoc(conversation)) + '\n');
    expect(events(items)).toEqual([]);
    expect(bads(items).map((b) => [b.line, b.reason])).toEqual([
      [
        1,
        `log records gen_ai.system.message, gen_ai.user.message, gen_ai.assistant.message, gen_ai.tool.message, gen_ai.choice of span ${SPAN} (trace ${TRACE}): no span with this spanId in this file or the store (the records hold its messages: kept here, a later ingest of the traces joins them)`,
      ],
    ]);
    // nothing lost: the bad item holds the records themselves, their messages with them
    const raw = bads(items)[0].raw.toString('utf8');
    const genai = conversation.filter((r) => !JSON.stringify(r).includes('app.started'));
    expect(raw.split('\n')).toHaveLength(genai.length);
    for (const r of genai) expect(raw).toContain(JSON.stringify(r));
  });

  it('a GenAI record without a spanId is a bad item that says what it needed', async () => {
    const { spanId: _drop, ...noSpan } = record(SPAN, 'gen_ai.user.message', 0, { content: 'x' });
    const items = await readAll(otlpGenAiFormat, JSON.stringify(otlpDoc([chat(SPAN, 0)])) + '\n' + JSON.stringify(logsDoc([noSpan])) + '\n');
    expect(bads(items).map((b) => [b.line, b.reason])).toEqual([[2, 'log record gen_ai.user.message: missing spanId (needed to tie its content to its span)']]);
    expect(events(items).map((e) => e.event.kind)).toEqual(['request']);
  });

  it('a chat span with neither content nor counts, and no records, is refused naming what was looked at', async () => {
    const bare = rawSpan({
      traceId: TRACE,
      spanId: SPAN,
      name: 'chat gpt-4o-mini',
      attrs: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o-mini' },
    });
    const items = await readAll(otlpGenAiFormat, JSON.stringify(otlpDoc([bare])) + '\n');
    expect(events(items)).toEqual([]);
    expect(bads(items).map((b) => b.reason)).toEqual([
      expect.stringMatching(/^span "chat gpt-4o-mini" \(0+a1\): no messages captured and no token counts \(looked at gen_ai\.input\.messages, .*log records/),
    ]);
  });
});

describe('LogJoin', () => {
  it('holds spans up to its bound (the oldest released first), hands each span its own records once', async () => {
    const { LogJoin, logEvent } = await import('./logs.js');
    const j = new LogJoin<string>(2);
    expect(j.hold('s1', 'one')).toEqual([]);
    expect(j.hold('s2', 'two')).toEqual([]);
    expect(j.hold('s3', 'three')).toEqual(['one']);
    j.addRecord(logEvent(record('s2', 'gen_ai.user.message', 5, { content: 'b' }))!, 4);
    j.addRecord(logEvent(record('s2', 'gen_ai.system.message', 1, { content: 'a' }))!, 4);
    j.addRecord(logEvent(record('s9', 'gen_ai.user.message', 1, { content: 'z' }))!, 7);
    expect(j.take('s2').map((e) => [e.name, e.attrs.content])).toEqual([
      ['gen_ai.system.message', 'a'],
      ['gen_ai.user.message', 'b'],
    ]);
    expect(j.take('s2')).toEqual([]);
    expect(j.release()).toEqual(['two', 'three']);
    expect(j.orphans()).toMatchObject([{ spanId: 's9', traceId: TRACE, line: 7, names: ['gen_ai.user.message'], raw: '' }]);
    expect(logEvent(record('s1', 'app.started', 0, { content: 'x' }))).toBeUndefined();
  });
});
