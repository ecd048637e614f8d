import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { IngestItem } from '../types.js';
import { detectFormat } from '../formats.js';
import { TraceAssembler, type Draft } from './assemble.js';
import { otlpGenAiFormat } from './index.js';
import { otlpDoc, rawSpan, readAll } from './__tests__/helpers.js';

const events = (items: IngestItem[]) => items.filter((i): i is Extract<IngestItem, { type: 'event' }> => i.type === 'event');
const bads = (items: IngestItem[]) => items.filter((i): i is Extract<IngestItem, { type: 'bad' }> => i.type === 'bad');

const chatSpan = (trace: string, start: number, text: string, conv?: string) =>
  rawSpan({
    traceId: trace.repeat(32),
    name: 'chat gpt-4o',
    start,
    attrs: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-4o',
      'gen_ai.conversation.id': conv,
      'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: text }] }]),
    },
  });
const toolSpan = (trace: string, start: number) =>
  rawSpan({ traceId: trace.repeat(32), name: 'execute_tool search', start, attrs: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'search' } });

describe('otlp-genai: detection', () => {
  it('claims OTLP/JSON with gen_ai attributes, leaves OpenInference and other JSON alone', () => {
    const genai = JSON.stringify(otlpDoc([chatSpan('a', 0, 'hi', 'c')]));
    expect(detectFormat(genai)?.name).toBe('otlp-genai');
    const oi = JSON.stringify(otlpDoc([rawSpan({ attrs: { 'openinference.span.kind': 'LLM' } })]));
    expect(detectFormat(oi)?.name).toBe('openinference');
    expect(otlpGenAiFormat.detect('{"kind":"request","session":"s"}')).toBe(0);
    // HTTP and database spans only: not GenAI (a folder's ingest names the file as skipped)
    const http = JSON.stringify(otlpDoc([rawSpan({ attrs: { 'http.request.method': 'GET' } })]));
    expect(detectFormat(http)).toBeUndefined();
    // Langfuse's and OpenLLMetry's own spans are
    expect(detectFormat(JSON.stringify(otlpDoc([rawSpan({ attrs: { 'langfuse.observation.type': 'span' } })])))?.name).toBe('otlp-genai');
    expect(detectFormat(JSON.stringify(otlpDoc([rawSpan({ attrs: { 'traceloop.span.kind': 'workflow' } })])))?.name).toBe('otlp-genai');
  });

  it('a file read but holding no model call says so in one line, with what it saw', async () => {
    const notes: string[] = [];
    const text = JSON.stringify(otlpDoc([rawSpan({ attrs: { 'langfuse.observation.type': 'span', 'session.id': 's' } })], { 'service.name': 'langfuse-sdk' }));
    for await (const _ of otlpGenAiFormat.read(Readable.from([text]), { display: 't', maxLineBytes: 1 << 20, note: (n) => notes.push(n) })) void _;
    expect(notes).toEqual(['1 span, none a model call: service langfuse-sdk; scope test']);
    notes.length = 0;
    for await (const _ of otlpGenAiFormat.read(Readable.from([JSON.stringify(otlpDoc([chatSpan('a', 0, 'hi', 'c')]))]), {
      display: 't',
      maxLineBytes: 1 << 20,
      note: (n) => notes.push(n),
    }))
      void _;
    expect(notes).toEqual([]);
  });
});

describe('otlp-genai: reading', () => {
  it('one document per line: every span on its line; a child waits for its trace to name the session', async () => {
    const lines = [
      // children first, as exporters write them: the tool span has no conversation id of its own
      JSON.stringify(otlpDoc([toolSpan('a', 100), chatSpan('a', 200, 'first', 'conv-1')])),
      JSON.stringify(otlpDoc([chatSpan('b', 5000, 'second', 'conv-1')])),
    ];
    const items = await readAll(otlpGenAiFormat, lines.join('\n') + '\n');
    expect(bads(items)).toEqual([]);
    // the turn is the trace's: the store numbers a session's traces by start time (EvidenceWriter.assignTurns);
    // the tool span, whose call no response named, waited for one to the end of the file (tool-calls.ts)
    expect(events(items).map((e) => [e.event.kind, e.event.session, e.turnKey, e.line])).toEqual([
      ['request', 'conv-1', `trace:${'a'.repeat(32)}`, 1],
      ['request', 'conv-1', `trace:${'b'.repeat(32)}`, 2],
      ['tool_call', 'conv-1', `trace:${'a'.repeat(32)}`, 1],
    ]);
  });

  it('one pretty-printed document: streamed, each span at the line where it starts, whatever the chunk size', async () => {
    const text = JSON.stringify(otlpDoc([chatSpan('a', 0, 'hello', 'conv-2'), chatSpan('b', 9000, 'again', 'conv-2')]), null, 2);
    const one = await readAll(otlpGenAiFormat, text);
    const bytes = await readAll(otlpGenAiFormat, text, 3);
    expect(events(bytes).map((e) => [e.event.turn, e.line])).toEqual(events(one).map((e) => [e.event.turn, e.line]));
    const lines = text.split('\n');
    const starts = lines.flatMap((_, i) => (lines[i + 1]?.includes('"traceId"') ? [i + 1] : []));
    expect(starts).toHaveLength(2);
    expect(events(one).map((e) => e.line)).toEqual(starts);
  });

  it('a span over the size limit is a bad item; the others are still read', async () => {
    const big = chatSpan('a', 0, 'x'.repeat(5000), 'conv-3');
    const text = JSON.stringify(otlpDoc([big, chatSpan('b', 10, 'small', 'conv-3')]), null, 1);
    const items = await readAll(otlpGenAiFormat, text, 512, 2048);
    expect(bads(items)).toHaveLength(1);
    expect(bads(items)[0].reason).toMatch(/over the 2048-byte limit/);
    expect(events(items)).toHaveLength(1);
  });

  it('bad spans of one line are one bad item naming each; a trace that never names a session is its own session', async () => {
    const noTrace = { ...chatSpan('a', 0, 'x', 'c'), traceId: '' };
    const lines = [
      JSON.stringify(otlpDoc([chatSpan('a', 0, 'good', 'c'), noTrace, { ...chatSpan('a', 0, 'x', 'c'), startTimeUnixNano: 'soon' }])),
      JSON.stringify(otlpDoc([toolSpan('e', 0)])),
      '{"resourceSpans": [',
    ];
    const items = await readAll(otlpGenAiFormat, lines.join('\n') + '\n');
    expect(events(items).map((e) => [e.event.kind, e.event.session, e.line])).toEqual([
      ['request', 'c', 1],
      ['tool_call', 'e'.repeat(32), 2],
    ]);
    expect(bads(items).map((b) => [b.line, b.reason])).toEqual([
      [1, expect.stringMatching(/^2 bad items on this line: span "chat gpt-4o" \(\w+\): missing traceId; .*startTimeUnixNano/)],
      [3, expect.stringMatching(/^not valid JSON/)],
    ]);
  });

  it('a document without spans says so', async () => {
    const items = await readAll(otlpGenAiFormat, '{\n  "resourceSpans": []\n}\n');
    expect(bads(items).map((b) => b.reason)).toEqual([expect.stringMatching(/no spans found/)]);
  });
});

describe('TraceAssembler', () => {
  const draft = (traceId: string, session?: string, opensTurn = true, turn?: number): Draft => ({
    traceId,
    line: 1,
    label: traceId,
    raw: '',
    events: [],
    opensTurn,
    ...(session ? { session } : {}),
    ...(turn !== undefined ? { turn } : {}),
  });

  it('numbers turns by trace within a session; system-only traces open none; an explicit turn wins', () => {
    const a = new TraceAssembler();
    const placed = [
      ...a.add(draft('t1', 's')).ready,
      ...a.add(draft('sys', 's', false)).ready,
      ...a.add(draft('t2', 's')).ready,
      ...a.add(draft('t2', 's')).ready,
      ...a.add(draft('x1', 'other')).ready,
      ...a.add(draft('t3', 's', true, 7)).ready,
    ];
    expect(placed.map((r) => [r.draft.traceId, r.session, r.turn])).toEqual([
      ['t1', 's', 0],
      ['sys', 's', undefined],
      ['t2', 's', 1],
      ['t2', 's', 1],
      ['x1', 'other', 0],
      ['t3', 's', 7],
    ]);
  });

  it('holds spans without a session until their trace names one, and gives up past the limit', () => {
    const a = new TraceAssembler(2);
    expect(a.add(draft('t1')).ready).toEqual([]);
    expect(a.add(draft('t2')).ready).toEqual([]);
    const third = a.add(draft('t3'));
    expect(third.evicted.map((d) => d.traceId)).toEqual(['t1']);
    expect(a.add(draft('t2', 's')).ready.map((r) => [r.draft.traceId, r.session])).toEqual([
      ['t2', 's'],
      ['t2', 's'],
    ]);
    expect(a.finish().map((d) => d.traceId)).toEqual(['t3']);
  });

  it("a span naming no user takes the one its trace's root names (Langfuse v4 updateTrace); its own user and other traces are left alone", () => {
    const a = new TraceAssembler();
    const user = (u: string) => ({ scope: { user: u } });
    const placed = [
      ...a.add(draft('t1')).ready, // the generation, ended first, no session or user
      ...a.add({ ...draft('t1', 's'), ...user('u1') }).ready, // the root: session and user
      ...a.add(draft('t1', 's')).ready, // a later span of the trace
      ...a.add({ ...draft('t1', 's'), ...user('u2') }).ready, // names its own
      ...a.add(draft('t2', 's')).ready, // another trace of the session names none
    ];
    expect(placed.map((r) => [r.draft.traceId, r.draft.scope?.user])).toEqual([
      ['t1', 'u1'],
      ['t1', 'u1'],
      ['t1', 'u1'],
      ['t1', 'u2'],
      ['t2', undefined],
    ]);
  });
});
