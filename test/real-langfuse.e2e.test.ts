import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tmpdir } from './helpers.js';
import { ingestReal, REAL, sessionView, write } from './real-samples.js';

const DIR = path.join(REAL, 'langfuse');
const at = (f: string) => path.join(DIR, f);

/** Langfuse's own framework traces ("Download trace as JSON": {trace, observations}), what each must give. */
const SAMPLES = [
  {
    file: 'agno-2025-06-11.trace.json',
    session: '35cc6c90-b657-4819-b66c-c931c03ad569',
    // two model calls, each logged twice (Agno's OpenAIChat.invoke around the OpenAI instrumentation's chat): merged
    requests: 2,
    responses: 2,
    user: 'What is currently trending on Twitter?',
    calls: ['duckduckgo_search'],
    tools: [],
    input_tokens: 826, // the inner spans' counts: the OpenAI instrumentation's, of the call itself
  },
  {
    file: 'beeai-2025-08-01.trace.json',
    session: '096fc09a30ab90d2431778f9ee2b3936',
    requests: 3,
    responses: 0,
    user: "Message: I'm planning a trip to Barcelon",
    calls: [],
    tools: [],
    input_tokens: 5542,
  },
  {
    file: 'claude-agent-2025-12-22.trace.json',
    session: '097f1d8982fa909b8cffb14a166ec272',
    requests: 4,
    responses: 4,
    user: "What's the weather like in Berlin and Ne",
    calls: ['mcp__weather__get_weather'],
    tools: ['mcp__weather__get_weather'],
    input_tokens: 34,
  },
  {
    file: 'crewai-2025-07-11.trace.json',
    session: 'a287bb31e317433610d8827617471140',
    requests: 1,
    responses: 1,
    user: '\nCurrent Task: Define the HTML for makin',
    calls: [],
    tools: [],
    input_tokens: 190,
  },
  {
    file: 'csharp-agent-with-gemini-2026-03-09.trace.json',
    session: '9714061f-20c0-4d98-9220-1dc7df15c3c2',
    requests: 3,
    responses: 3,
    user: 'What are my month over month performance',
    calls: ['final_result', 'get_custom_report'],
    tools: ['final_result', 'get_custom_report'],
    input_tokens: 8047,
  },
  {
    file: 'google-adk-2025-08-28.trace.json',
    session: 'demo-session',
    requests: 2,
    responses: 2,
    user: 'hi',
    calls: ['say_hello'],
    tools: ['execute_tool say_hello'],
    input_tokens: 67,
  },
  {
    file: 'google-gemini-2025-08-01.trace.json',
    session: '9f2f0fe0228fd81a9fe75882934b384a',
    requests: 1,
    responses: 1,
    user: 'What is Langfuse?',
    calls: [],
    tools: [],
    input_tokens: 6,
  },
  {
    file: 'koog-2025-08-26.trace.json',
    session: 'dff173a675b759ce1b70e522b27d6846',
    requests: 2,
    responses: 2,
    user: 'Greet and say goodbye to the user in the',
    calls: ['ByeTool', 'HelloTool'],
    tools: [],
    input_tokens: 215,
  },
  {
    file: 'langgraph-js-2025-10-30.trace.json',
    session: '2c1581dd9cecdafb6ca091b83d7ea99a',
    requests: 2,
    responses: 2,
    user: "What's the weather in San Francisco?",
    calls: ['get_weather'],
    tools: [],
    input_tokens: 321,
  },
  {
    file: 'langgraph-python-2025-08-22.trace.json',
    session: 'e1fde3efec57ce8a69bafd3fb928a7eb',
    requests: 2,
    responses: 2,
    user: 'Be helpful!',
    calls: ['Web-Search'],
    tools: [],
    input_tokens: 168,
  },
  {
    file: 'microsoft-agent-2025-12-17.trace.json',
    session: '8e419d3288419b5d944270505640e183',
    requests: 2,
    responses: 2,
    user: "What's the weather in Tokyo?",
    calls: ['get_weather'],
    tools: ['get_weather'],
    input_tokens: 293,
  },
  {
    file: 'openai-agents-2025-09-30.trace.json',
    session: 'fee618f96dc31e0ca38b2f7b26eb8b29',
    requests: 2,
    responses: 2,
    user: "What's the weather in Tokyo?",
    calls: ['get_weather'],
    tools: ['get_weather'],
    input_tokens: 140,
  },
  {
    file: 'pydantic-ai-tools-2025-12-04.trace.json',
    session: '7a38edd8123db47ad8dcb8aa4c5e3926',
    requests: 4,
    responses: 4,
    user: 'Select and call THREE of the available t',
    calls: ['final_result', 'get_dad_joke_suggestion', 'get_one_liner_suggestion', 'get_pun_suggestion'],
    tools: ['running tool: get_dad_joke_suggestion', 'running tool: get_one_liner_suggestion', 'running tool: get_pun_suggestion'],
    input_tokens: 1315,
    // the trace goes on with a new user message ("Now write a funny joke..."): a second user turn
    turns: [0, 1],
  },
  {
    file: 'pydantic-ai-with-gemini-2025-12-24.trace.json',
    session: 'f68601af42c4a35e1d5e4699de569c1f',
    requests: 1,
    responses: 1,
    user: 'what is 1+1?\nOutput format:\n```json\n{\n  ',
    calls: [],
    tools: [],
    input_tokens: 40,
  },
  {
    file: 'vercel-aisdk-2025-11-17.trace.json',
    session: 'df41e597d0a85e0d7a6ae8ebfaa70aa0',
    // one model call logged as ai.generateText around ai.generateText.doGenerate: one request, the inner call's tokens
    requests: 1,
    responses: 1,
    user: 'What is the weather like today in San Fr',
    calls: ['getWeather'],
    tools: ['getWeather'],
    input_tokens: 62,
  },
  {
    file: 'vertex-ai-2025-08-01.trace.json',
    session: '0298935e31d66d7de9487cac935d7d99',
    requests: 1,
    responses: 1,
    user: 'What is Langfuse?',
    calls: [],
    tools: [],
    input_tokens: 5,
  },
];

/** Three traces of one Langfuse session (`session_abc`), each downloaded to its own file. */
const SESSION_ABC = ['pydantic-ai-2025-06-06.trace.json', 'autogen-2025-06-06.trace.json', 'llamaindex-2025-06-05.trace.json'];

describe('real Langfuse trace downloads', () => {
  const all = ingestReal([DIR]);

  it('every file is read as langfuse, with no bad line (the two empty beeai generations are kept raw)', () => {
    expect(all.r.code).toBe(0);
    expect(all.summary.files.map((f: any) => f.format)).toEqual(
      fs
        .readdirSync(DIR)
        .filter((f) => f.endsWith('.json'))
        .map(() => 'langfuse'),
    );
    expect(all.summary.bad_lines).toBe(0);
    expect(all.summary.unknown_kinds.find((u: any) => u.kind === 'langfuse.generation')?.first).toMatch(/beeai-2025-08-01/);
    // one stderr line per source says where its sessions came from
    expect(all.r.stderr).toMatch(/agno-2025-06-11\.trace\.json: session from trace\.sessionId \(6\)/);
    expect(all.r.stderr).toMatch(/vertex-ai-2025-08-01\.trace\.json: session from trace id \(no sessionId\) \(1\)/);
  });

  for (const s of SAMPLES) {
    it(`${s.file}: session, turn, messages, tool calls, tokens`, () => {
      const { file: _f, session, ...want } = s;
      void _f;
      expect(sessionView(all.events, session)).toEqual({ turns: [0], ...want, retrievals: [] });
    });
  }

  it('no message text is left as JSON: JSON-string inputs and provider outputs are decoded', () => {
    const texts = all.events.flatMap((e) => (e.kind === 'request' ? e.messages.map((m: any) => m.content) : e.kind === 'response' ? [e.content] : []));
    const jsonish = texts.filter((t) => typeof t === 'string' && /^\s*[[{]\s*"(role|content|parts|candidates|choices|messages|output)"/.test(t));
    expect(jsonish).toEqual([]);
  });

  it("turns across files: a session's traces are numbered by start time, whatever the file order", () => {
    for (const order of [SESSION_ABC, [...SESSION_ABC].reverse()]) {
      const { events } = ingestReal(order.map(at));
      const reqs = events.filter((e) => e.session === 'session_abc' && e.kind === 'request');
      expect(reqs.map((r) => [r.turn, r.ts])).toEqual([
        [0, '2025-06-05T15:45:52.971Z'],
        [1, '2025-06-06T11:31:33.978Z'],
        [2, '2025-06-06T14:40:28.562Z'],
      ]);
    }
  });

  it('amnesia events round-trips: its output ingested again gives the same sessions, turns and messages', () => {
    const dir = tmpdir();
    const again = ingestReal([write(dir, 'native.jsonl', all.eventsText)]);
    expect(again.r.code).toBe(0);
    expect(again.summary.files[0].format).toBe('native');
    expect(again.eventsText).toBe(all.eventsText);
    const sessions = (db: string) => JSON.parse(cli(['sessions', '--db', db, '--format', 'json']).stdout);
    expect(sessions(again.db)).toEqual(sessions(all.db));
  });
});

describe('malformed Langfuse exports are refused with the field they need', () => {
  const trace = JSON.parse(fs.readFileSync(at('openai-agents-2025-09-30.trace.json'), 'utf8'));
  const variant = (name: string, edit: (o: any) => void) => {
    const t = structuredClone(trace);
    edit(t.observations.find((o: any) => o.type === 'GENERATION'));
    return write(tmpdir(), name, JSON.stringify(t, null, 2));
  };
  const cases: [string, (o: any) => void, RegExp][] = [
    ['no-start.json', (o) => delete o.startTime, /startTime: expected an ISO-8601 time, got nothing/],
    ['no-type.json', (o) => delete o.type, /no type \(GENERATION, SPAN, EVENT, TOOL, RETRIEVER, \.\.\.\)/],
    ['odd-output.json', (o) => (o.output = JSON.stringify({ weird: 1 })), /output: no answer \(looked at .*got keys weird\)/],
    ['odd-input.json', (o) => (o.input = JSON.stringify([{ text: 'no role' }])), /input\[0\]: expected a message with a role/],
  ];
  for (const [name, edit, reason] of cases) {
    it(`${name}: one bad line naming the field, nothing misread`, () => {
      const { r, summary } = ingestReal([variant(name, edit)]);
      expect(r.code).toBe(0);
      expect(summary.bad_lines).toBe(1);
      expect(summary.bad_samples[0].reason).toMatch(reason);
      expect(summary.by_kind.request).toBe(1); // the other generation is still read
    });
  }
});
