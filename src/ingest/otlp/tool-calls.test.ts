import { describe, expect, it } from 'vitest';
import type { Draft } from './assemble.js';
import { ToolCallIds } from './tool-calls.js';

const draft = (traceId: string, events: Draft['events'], session?: string): Draft => ({
  traceId,
  line: 1,
  label: traceId,
  raw: '',
  events,
  opensTurn: false,
  ...(session ? { session } : {}),
});
/** A tool span read without a call id of its own: its span id stands in. */
const tool = (span: string, trace: string, name: string, args: unknown, session?: string) =>
  draft(
    trace,
    [
      { kind: 'tool_call', ts: 1, id: `${span}:tool_call`, fields: { call_id: span, name, arguments: args } },
      { kind: 'tool_result', ts: 2, id: `${span}:tool_result`, fields: { call_id: span, name, content: 'ok' } },
    ],
    session,
  );
const response = (trace: string, calls: [string, string, string][], session?: string) =>
  draft(
    trace,
    [
      {
        kind: 'response',
        ts: 0,
        id: `r-${trace}:response`,
        fields: { content: '', tool_calls: calls.map(([id, name, args]) => ({ id, type: 'function', function: { name, arguments: args } })) },
      },
    ],
    session,
  );
const ids = (ds: Draft[]) => ds.map((d) => d.events.map((e) => e.fields.call_id ?? e.kind).join(' '));

describe('ToolCallIds: a tool span takes the id of the call the model made', () => {
  it('a tool span read after the response takes its call by name and arguments (key order aside); one call, one span', () => {
    const t = new ToolCallIds();
    expect(
      ids(
        t.apply(
          response('t1', [
            ['call_a', 'get_weather', '{"city":"Paris","unit":"C"}'],
            ['call_b', 'get_weather', '{"city":"Rome"}'],
          ]),
        ),
      ),
    ).toEqual(['response']);
    expect(ids(t.apply(tool('s2', 't1', 'get_weather', { city: 'Rome' })))).toEqual(['call_b call_b']);
    expect(ids(t.apply(tool('s1', 't1', 'get_weather', { unit: 'C', city: 'Paris' })))).toEqual(['call_a call_a']);
    // a third span of the same tool finds no call left: held, then goes on as it is
    expect(t.apply(tool('s3', 't1', 'get_weather', { city: 'Oslo' }))).toEqual([]);
    expect(ids(t.release())).toEqual(['s3 s3']);
  });

  it('a tool span read before the response waits for it; a tool traced apart from the call finds it by session', () => {
    const t = new ToolCallIds();
    expect(t.apply(tool('s1', 't1', 'search', '{"q":"x"}'))).toEqual([]);
    expect(ids(t.apply(response('t1', [['call_1', 'search', '{"q": "x"}']])))).toEqual(['response', 'call_1 call_1']);
    t.apply(response('t2', [['call_2', 'lookup', '{}']], 'sess'));
    expect(ids(t.apply(tool('s9', 't3', 'lookup', {}, 'sess')))).toEqual(['call_2 call_2']);
    expect(t.release()).toEqual([]);
  });

  it('look-alikes: a tool span with its own call id, or another tool name, is left as it is', () => {
    const t = new ToolCallIds();
    t.apply(response('t1', [['call_1', 'search', '{}']]));
    const own = draft('t1', [{ kind: 'tool_call', ts: 1, id: 's1:tool_call', fields: { call_id: 'toolu_9', name: 'search', arguments: {} } }]);
    expect(t.apply(own)).toEqual([own]);
    expect(t.apply(tool('s2', 't1', 'other', {}))).toEqual([]);
    expect(ids(t.release())).toEqual(['s2 s2']);
  });

  it('a prompt repeating a call cut to "[MaxDepth]" (Mastra) gets its name and arguments back from the response that made it; an unknown id stays cut', () => {
    const t = new ToolCallIds();
    t.apply(response('t1', [['call_1', 'get_weather', '{"city":"Paris"}']]));
    const cut = (id: string) => ({
      role: 'assistant',
      content: '',
      tool_calls: [{ id, type: 'function', function: { name: '[MaxDepth]', arguments: '[MaxDepth]' } }],
    });
    const prompt = draft('t1', [{ kind: 'request', ts: 3, id: 'q:request', fields: { messages: [cut('call_1'), cut('call_9')] } }]);
    const [out] = t.apply(prompt);
    expect((out.events[0].fields.messages as { tool_calls: unknown[] }[]).map((m) => m.tool_calls[0])).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_9', type: 'function', function: { name: '[MaxDepth]', arguments: '[MaxDepth]' } },
    ]);
  });
});
