import { describe, expect, it } from 'vitest';
import type { IngestItem } from '../types.js';
import { convertGenAiSpan } from './genai.js';
import { otlpGenAiFormat } from './index.js';
import { SessionTally, SESSION_KEYS } from './session.js';
import { otlpDoc, rawSpan, readAll, span } from './__tests__/helpers.js';

const events = (items: IngestItem[]) => items.filter((i): i is Extract<IngestItem, { type: 'event' }> => i.type === 'event');
const chat = {
  'gen_ai.operation.name': 'chat',
  'gen_ai.request.model': 'gpt-4o',
  'gen_ai.input.messages': '[{"role":"user","parts":[{"type":"text","content":"hi"}]}]',
};

describe('otlp-genai: session keys', () => {
  it('takes the first key of the documented order, on the span before its resource', () => {
    expect(SESSION_KEYS.slice(0, 4)).toEqual([
      'gen_ai.conversation.id',
      'session.id',
      'traceloop.association.properties.session_id',
      'ai.telemetry.metadata.sessionId',
    ]);
    const all = {
      'ai.telemetry.metadata.sessionId': 'ai',
      'traceloop.association.properties.session_id': 'tl',
      'session.id': 'sid',
      'gen_ai.conversation.id': 'conv',
    };
    expect(convertGenAiSpan(span({ attrs: { ...chat, ...all } }))).toMatchObject({ session: 'conv', sessionKey: 'gen_ai.conversation.id' });
    expect(
      convertGenAiSpan(span({ attrs: { ...chat, 'ai.telemetry.metadata.sessionId': 'ai', 'traceloop.association.properties.session_id': 'tl' } })),
    ).toMatchObject({ session: 'tl', sessionKey: 'traceloop.association.properties.session_id' });
    expect(convertGenAiSpan(span({ attrs: { ...chat, 'ai.telemetry.metadata.sessionId': 'ai' } }))).toMatchObject({ session: 'ai' });
    expect(convertGenAiSpan(span({ attrs: { ...chat, 'amnesia.session': 'ext', 'gen_ai.conversation.id': 'conv' } }))).toMatchObject({
      session: 'ext',
      sessionKey: 'amnesia.session',
    });
    expect(convertGenAiSpan(span({ attrs: { ...chat } }, { 'session.id': 'from-resource' }))).toMatchObject({
      session: 'from-resource',
      sessionKey: 'session.id',
    });
    const none = convertGenAiSpan(span({ attrs: chat }));
    expect(none.session).toBeUndefined();
    // user.id is a user, not a session
    expect(convertGenAiSpan(span({ attrs: { ...chat, 'ai.telemetry.metadata.userId': 'u7' } }))).toMatchObject({ scope: { user: 'u7' } });
    expect(convertGenAiSpan(span({ attrs: { ...chat, 'ai.telemetry.metadata.userId': 'u7' } })).session).toBeUndefined();
  });

  it("a span without a key takes its trace's session; a trace without any is its own session", async () => {
    const lines = [
      JSON.stringify(
        otlpDoc([
          rawSpan({ traceId: 'a'.repeat(32), name: 'chat', attrs: chat }),
          rawSpan({ traceId: 'a'.repeat(32), name: 'turn', attrs: { 'session.id': 's-1' } }),
        ]),
      ),
      JSON.stringify(otlpDoc([rawSpan({ traceId: 'b'.repeat(32), name: 'chat', start: 9000, attrs: chat })])),
    ];
    const got = events(await readAll(otlpGenAiFormat, lines.join('\n') + '\n')).filter((e) => e.event.kind === 'request');
    expect(got.map((e) => [e.event.session, e.line])).toEqual([
      ['s-1', 1],
      ['b'.repeat(32), 2],
    ]);
  });

  it('reports the key that gave each span its session, the trace id where none did', () => {
    const seen: string[] = [];
    const t = new SessionTally((k) => seen.push(k), 'K');
    const d = (sessionKey?: string) => ({ traceId: 't', line: 1, label: 'x', raw: '', events: [], opensTurn: true, ...(sessionKey ? { sessionKey } : {}) });
    t.count(d('gen_ai.conversation.id'));
    t.count(d());
    t.count(d('traceloop.association.properties.session_id'));
    const f = t.fallback(d());
    t.count(f);
    expect(f.session).toBe('t');
    expect(seen).toEqual(['gen_ai.conversation.id', 'traceloop.association.properties.session_id', 'the trace id (no session key; looked at K)']);
  });
});
