import { describe, expect, it } from 'vitest';
import { InvalidEvent } from '../../events/validate.js';
import { convertGenAiSpan } from './genai.js';
import { aiPromptMessages } from './vercel.js';
import { span } from './__tests__/helpers.js';

const byKind = (events: { kind: string; fields: Record<string, unknown> }[], kind: string) => events.filter((e) => e.kind === kind).map((e) => e.fields);
const meta = { 'ai.telemetry.metadata.sessionId': 's-ai', 'ai.telemetry.functionId': 'agent' };

describe('Vercel AI SDK spans -> native events', () => {
  it('a model call (v5/v6 attributes): prompt messages with tool call and tool result, answer, usage', () => {
    const prompt = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'get_weather', output: { type: 'json', value: { t: 18 } } }] },
    ];
    const d = convertGenAiSpan(
      span({
        spanId: '00000000000000d1',
        name: 'ai.generateText.doGenerate',
        start: 0,
        end: 700,
        attrs: {
          ...meta,
          'ai.operationId': 'ai.generateText.doGenerate',
          'ai.model.id': 'gpt-4o-mini',
          'ai.model.provider': 'openai.chat',
          'ai.prompt.messages': JSON.stringify(prompt),
          'ai.response.text': 'Mild, 18°C.',
          'ai.response.finishReason': 'stop',
          'ai.usage.inputTokens': 40,
          'ai.usage.outputTokens': 6,
          'gen_ai.system': 'openai.chat',
        },
      }),
    );
    expect(d).toMatchObject({ session: 's-ai', sessionKey: 'ai.telemetry.metadata.sessionId', opensTurn: true });
    expect(d.events.map((e) => [e.kind, e.ts - d.events[0].ts])).toEqual([
      ['request', 0],
      ['response', 700],
    ]);
    const [req] = byKind(d.events, 'request');
    expect(req).toMatchObject({ request_id: '00000000000000d1', model: 'gpt-4o-mini', provider: 'openai.chat', usage: { input_tokens: 40, output_tokens: 6 } });
    expect(req.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'c1', name: 'get_weather', content: '{"t":18}' },
    ]);
    expect(byKind(d.events, 'response')).toEqual([
      { request_id: '00000000000000d1', content: 'Mild, 18°C.', usage: { input_tokens: 40, output_tokens: 6 }, finish_reason: 'stop', model: 'gpt-4o-mini' },
    ]);
  });

  it('v4 attribute names (promptTokens, args, result), a streamed call answering with tool calls', () => {
    const d = convertGenAiSpan(
      span({
        name: 'ai.streamText.doStream',
        attrs: {
          ...meta,
          'ai.operationId': 'ai.streamText.doStream',
          'ai.model.id': 'gpt-4o',
          'ai.prompt.messages': JSON.stringify([{ role: 'user', content: [{ type: 'text', text: 'Weather?' }] }]),
          'ai.response.toolCalls': JSON.stringify([{ toolCallType: 'function', toolCallId: 'c9', toolName: 'get_weather', args: '{"city":"Rome"}' }]),
          'ai.usage.promptTokens': 12,
          'ai.usage.completionTokens': 3,
        },
      }),
    );
    expect(byKind(d.events, 'response')).toEqual([
      expect.objectContaining({
        content: '',
        tool_calls: [{ id: 'c9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } }],
        usage: { input_tokens: 12, output_tokens: 3 },
      }),
    ]);
    const tool = convertGenAiSpan(
      span({
        name: 'ai.toolCall',
        attrs: {
          ...meta,
          'ai.operationId': 'ai.toolCall',
          'ai.toolCall.name': 'get_weather',
          'ai.toolCall.id': 'c9',
          'ai.toolCall.args': '{"city":"Rome"}',
          'ai.toolCall.result': '{"t":21}',
        },
      }),
    );
    expect(tool.events.map((e) => [e.kind, e.fields])).toEqual([
      ['tool_call', { call_id: 'c9', name: 'get_weather', arguments: { city: 'Rome' } }],
      ['tool_result', { call_id: 'c9', name: 'get_weather', content: { t: 21 } }],
    ]);
  });

  it('the call around the model calls adds no event (its children carry them) but names the session; other operations stay raw', () => {
    const wrapper = convertGenAiSpan(
      span({ name: 'ai.generateText', attrs: { ...meta, 'ai.operationId': 'ai.generateText', 'ai.prompt': '{"prompt":"hi"}', 'ai.response.text': 'hello' } }),
    );
    expect(wrapper).toMatchObject({ session: 's-ai', events: [], opensTurn: false });
    const embed = convertGenAiSpan(span({ name: 'ai.embed', attrs: { ...meta, 'ai.operationId': 'ai.embed', 'ai.value': 'x' } }));
    expect(embed.events.map((e) => e.kind)).toEqual(['otel.span']);
    // ai.* attributes without ai.operationId are not an AI SDK span
    const other = convertGenAiSpan(
      span({
        name: 'chat',
        attrs: {
          'gen_ai.operation.name': 'chat',
          'ai.response.text': 'x',
          'gen_ai.input.messages': '[{"role":"user","parts":[{"type":"text","content":"q"}]}]',
        },
      }),
    );
    expect(other.events.map((e) => e.kind)).toEqual(['request']);
  });

  it('a model call with nothing to read, and malformed prompts, are refused with the field', () => {
    expect(() => convertGenAiSpan(span({ attrs: { 'ai.operationId': 'ai.generateText.doGenerate', 'ai.model.id': 'm' } }))).toThrow(
      /without ai\.prompt\.messages, ai\.response\.text/,
    );
    const usageOnly = convertGenAiSpan(span({ attrs: { ...meta, 'ai.operationId': 'ai.generateText.doGenerate', 'ai.usage.inputTokens': 9 } }));
    expect(usageOnly.events.map((e) => [e.kind, e.fields.messages, e.fields.usage])).toEqual([['request', [], { input_tokens: 9 }]]);
    expect(() => aiPromptMessages('[{"content":"x"}]', 'ai.prompt.messages')).toThrow(
      new InvalidEvent('ai.prompt.messages[0]: expected a message with a role'),
    );
    expect(() => aiPromptMessages('[{"role":"user","content":5}]', 'ai.prompt.messages')).toThrow(
      /ai\.prompt\.messages\[0\]\.content: expected a string or an array of parts/,
    );
    expect(() => convertGenAiSpan(span({ attrs: { 'ai.operationId': 'ai.toolCall' } }))).toThrow(/ai\.toolCall span without ai\.toolCall\.name/);
  });
});
