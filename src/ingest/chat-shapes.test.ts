import { describe, expect, it } from 'vitest';
import { inputMessages, outputAnswer } from './chat-shapes.js';

const call = (id: string, name: string, args: string) => ({ id, type: 'function', function: { name, arguments: args } });

describe('chat shapes: inputs', () => {
  it('a JSON string of OpenAI messages is decoded, not one user message holding JSON', () => {
    expect(inputMessages(JSON.stringify([{ role: 'user', content: 'hi' }]))).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('GenAI parts: text, tool calls and tool responses', () => {
    const msgs = inputMessages([
      { role: 'user', parts: [{ type: 'text', content: 'weather?' }] },
      { role: 'assistant', parts: [{ type: 'tool_call', id: 'c1', name: 'get', arguments: { city: 'Oslo' } }] },
      { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: 'rain' }] },
    ]);
    expect(msgs).toEqual([
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: null, tool_calls: [call('c1', 'get', '{"city":"Oslo"}')] },
      { role: 'tool', tool_call_id: 'c1', content: 'rain' },
    ]);
  });

  it('Gemini contents with a system instruction; function_call / function_response parts; role model', () => {
    const msgs = inputMessages({
      config: { system_instruction: 'Greet.' },
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ function_call: { name: 'say_hello', args: {} } }] },
        { role: 'user', parts: [{ function_response: { name: 'say_hello', response: { greeting: 'Hello' } } }] },
      ],
    });
    expect(msgs.map((m) => [m.role, m.content])).toEqual([
      ['system', 'Greet.'],
      ['user', 'hi'],
      ['assistant', null],
      ['tool', '{"greeting":"Hello"}'],
    ]);
    expect(msgs[2].tool_calls).toEqual([{ type: 'function', function: { name: 'say_hello', arguments: '{}' } }]);
  });

  it('Responses API input items; LangChain tool names as roles; a transcript string; agno repr', () => {
    expect(
      inputMessages([
        { role: 'user', content: 'Tokyo?' },
        { type: 'function_call', call_id: 'c', name: 'w', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c', output: 'sunny' },
      ]).map((m) => m.role),
    ).toEqual(['user', 'assistant', 'tool']);
    const lc = inputMessages([
      { role: 'assistant', content: '', tool_calls: [call('c9', 'get_weather', '{}')] },
      { role: 'get_weather', content: 'sunny' },
    ]);
    expect(lc[1]).toEqual({ role: 'tool', name: 'get_weather', tool_call_id: 'c9', content: 'sunny' });
    expect(inputMessages('system: Be brief.\nuser: hi\nthere')).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'hi\nthere' },
    ]);
    expect(inputMessages({ messages: ["role='user' content='it\\'s 5' name=None tool_call_id=None"] })).toEqual([{ role: 'user', content: "it's 5" }]);
  });

  it('a tool definition in a message is not taken for a tool call', () => {
    const [m] = inputMessages([{ role: 'tool', content: { type: 'function', function: { name: 'search', parameters: {} } } }]);
    expect(m.tool_calls).toBeUndefined();
  });

  it('refuses what it cannot read, naming the field', () => {
    expect(() => inputMessages({ foo: 1, bar: 2 })).toThrow(/^input: no messages \(looked at .*got keys foo, bar\)/);
    expect(() => inputMessages([{ content: 'no role' }])).toThrow(/^input\[0\]: expected a message with a role/);
    expect(() => inputMessages({ messages: ['free text'] })).toThrow(/^input\.messages\[0\]: a string, not a message object/);
  });
});

describe('chat shapes: outputs', () => {
  it('Anthropic content blocks: text and tool_use', () => {
    expect(
      outputAnswer({
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 't1', name: 'w', input: { city: 'Berlin' } },
        ],
        stop_reason: 'tool_use',
      }),
    ).toEqual({ content: 'Checking.', tool_calls: [call('t1', 'w', '{"city":"Berlin"}')], finish_reason: 'tool_use' });
  });

  it('Gemini candidates, ADK {content: {parts}}, Responses output items, LangChain additional_kwargs', () => {
    expect(outputAnswer({ candidates: [{ content: { parts: [{ text: 'Hi' }], role: 'model' }, finish_reason: 'STOP' }] })).toEqual({
      content: 'Hi',
      finish_reason: 'STOP',
    });
    expect(outputAnswer({ content: { parts: [{ text: 'Yo' }], role: 'model' }, finish_reason: 'STOP' })).toEqual({ content: 'Yo', finish_reason: 'STOP' });
    expect(
      outputAnswer({
        object: 'response',
        status: 'completed',
        output: [
          { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Sunny' }] },
          { type: 'function_call', call_id: 'c', name: 'w', arguments: '{}' },
        ],
      }),
    ).toEqual({ content: 'Sunny', tool_calls: [call('c', 'w', '{}')] });
    expect(outputAnswer(JSON.stringify({ role: 'assistant', content: '', additional_kwargs: { tool_calls: [call('c2', 'search', '{"q":"x"}')] } }))).toEqual({
      content: '',
      tool_calls: [call('c2', 'search', '{"q":"x"}')],
    });
  });

  it('Vercel tool call lists, GenAI parts output, Koog tool calls held as content', () => {
    expect(outputAnswer([{ toolCallId: 'v1', toolName: 'getWeather', input: { location: 'SF' } }])).toEqual({
      content: '',
      tool_calls: [call('v1', 'getWeather', '{"location":"SF"}')],
    });
    expect(outputAnswer([{ role: 'assistant', parts: [{ type: 'text', content: 'Done' }], finish_reason: 'stop' }])).toEqual({
      content: 'Done',
      finish_reason: 'stop',
    });
    expect(outputAnswer([{ role: 'assistant', content: JSON.stringify([call('k1', 'HelloTool', '{}')]) }]).tool_calls).toEqual([call('k1', 'HelloTool', '{}')]);
  });

  it('refuses an output it cannot read instead of keeping it as text', () => {
    expect(() => outputAnswer({ weird: true })).toThrow(/^output: no answer \(looked at .*got keys weird\)/);
  });
});
