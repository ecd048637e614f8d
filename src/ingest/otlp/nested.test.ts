import { describe, expect, it } from 'vitest';
import type { IngestItem } from '../types.js';
import { openInferenceFormat } from '../openinference/index.js';
import { otlpGenAiFormat } from './index.js';
import { otlpDoc, rawSpan, readAll } from './__tests__/helpers.js';

type Ev = Extract<IngestItem, { type: 'event' }>;
const events = (items: IngestItem[]) => items.filter((i): i is Ev => i.type === 'event').map((i) => i.event);
const lines = (docs: Record<string, unknown>[][]) => docs.map((spans) => JSON.stringify(otlpDoc(spans))).join('\n');

// an instrumentation's span with the messages, and the SDK's own span of the same call inside it (usage, no content)
const outer = (id: string, parent?: string) =>
  rawSpan({
    spanId: id,
    parentSpanId: parent,
    name: 'chat claude',
    attrs: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'claude-haiku-4-5',
      'gen_ai.conversation.id': 's1',
      'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'No peanuts, please.' }] }]),
      'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'Noted.' }], finish_reason: 'stop' }]),
    },
  });
const sdk = (id: string, parent: string) =>
  rawSpan({
    spanId: id,
    parentSpanId: parent,
    name: 'anthropic.messages.create',
    attrs: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'claude-haiku-4-5',
      'gen_ai.usage.input_tokens': 48,
      'gen_ai.usage.output_tokens': 22,
      'gen_ai.response.id': 'msg_1',
    },
  });

describe('one model call described by nested spans is one request', () => {
  it('merges the SDK span into the instrumentation span, whichever comes first in the document', async () => {
    for (const order of [
      [sdk('b1', 'a1'), outer('a1')],
      [outer('a1'), sdk('b1', 'a1')],
    ]) {
      const evs = events(await readAll(otlpGenAiFormat, lines([order])));
      expect(evs.map((e) => e.kind)).toEqual(['request', 'response']);
      const [req, resp] = evs.map((e) => e.body as Record<string, any>);
      expect(req.messages).toEqual([{ role: 'user', content: 'No peanuts, please.' }]);
      expect(req.usage).toEqual({ input_tokens: 48, output_tokens: 22 }); // from the SDK span
      expect(req.provider).toBe('anthropic');
      expect(resp.content).toBe('Noted.');
      expect(resp.request_id).toBe(req.request_id);
      expect(evs[0].session).toBe('s1');
    }
  });

  it('a child exported in an earlier document waits for its parent', async () => {
    const evs = events(await readAll(otlpGenAiFormat, lines([[sdk('b1', 'a1')], [outer('a1')]])));
    expect(evs.map((e) => e.kind)).toEqual(['request', 'response']);
  });

  it('two calls under a parent that is not a model call, and sibling calls, stay two requests each', async () => {
    const turn = rawSpan({ spanId: 't1', name: 'agent.turn', attrs: { 'gen_ai.conversation.id': 's1' } });
    const evs = events(await readAll(otlpGenAiFormat, lines([[outer('a1', 't1'), outer('a2', 't1'), turn]])));
    expect(evs.filter((e) => e.kind === 'request')).toHaveLength(2);
    const lone = events(await readAll(otlpGenAiFormat, lines([[sdk('b1', 'zz')]])));
    expect(lone.map((e) => e.kind)).toEqual(['request']); // its parent is not in the file: a request of its own
  });

  it('a model-call span around several model calls (a multi-step generation) only repeats them: its children stay the calls', async () => {
    const evs = events(await readAll(otlpGenAiFormat, lines([[outer('a2', 'w1'), outer('a3', 'w1'), outer('w1')]])));
    expect(evs.filter((e) => e.kind === 'request').map((e) => (e.body as any).request_id)).toEqual(['a2', 'a3']);
  });

  it('under OpenInference too: the LLM span keeps its messages, the SDK span adds nothing but what it knows', async () => {
    const llm = rawSpan({
      spanId: 'c1',
      name: 'Anthropic Messages',
      attrs: {
        'openinference.span.kind': 'LLM',
        'session.id': 's2',
        'llm.model_name': 'claude-haiku-4-5',
        'llm.invocation_parameters': JSON.stringify({ model: 'claude-haiku-4-5', system: 'Be brief.' }),
        'llm.input_messages.0.message.role': 'user',
        'llm.input_messages.0.message.content': 'Hi',
        'llm.output_messages.0.message.role': 'assistant',
        'llm.output_messages.0.message.content': 'Hello',
      },
    });
    const evs = events(await readAll(openInferenceFormat, lines([[llm, sdk('d1', 'c1')]])));
    expect(evs.map((e) => e.kind)).toEqual(['request', 'response']);
    // Anthropic's system prompt is a parameter: read from llm.invocation_parameters
    expect((evs[0].body as any).messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
  });
});
