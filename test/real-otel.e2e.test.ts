// Samples written by the real instrumentation packages (fixtures/real/generated, SOURCES.md has the
// versions), read end to end with the built binary: the sessions, the message text in order, the tool
// call and its result, the token counts and the order in time come through as the conversation that
// was driven; a sample with a field removed is refused with a one-line reason naming that field.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, promptOf, query, tmpdir } from './helpers.js';

const SAMPLES = path.join(FIXTURES, 'real', 'generated', 'samples');

interface Msg {
  role: string;
  content: unknown;
  tool_calls?: { id?: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}
interface Ev {
  id: number;
  kind: string;
  session: string;
  ts: number;
  body: Record<string, any>;
  messages?: Msg[];
}

/** Every event of a store, in time order, requests with their messages. */
function eventsOf(db: string): Ev[] {
  const rows = query<{ id: number; kind: string; session: string; ts: number; body: string }>(
    db,
    'SELECT id, kind, session, ts, body FROM events ORDER BY ts, id',
  );
  const msgs = (id: number) => promptOf<Msg>(db, id);
  return rows.map((r) => ({ ...r, body: JSON.parse(r.body), ...(r.kind === 'request' ? { messages: msgs(r.id) } : {}) }));
}

const badLines = (db: string) => query<{ line: number; reason: string }>(db, 'SELECT line, reason FROM bad_lines ORDER BY line');

function ingest(file: string) {
  const db = path.join(tmpdir(), 'e.db');
  const r = cli(['ingest', file, '--db', db, '--format', 'json']);
  return { db, r, summary: r.code === 0 ? json<{ files: { format: string; events: number; bad_lines: number }[] }>(r) : undefined };
}

const text = (m: Msg) => (typeof m.content === 'string' ? m.content : '');
const lastUser = (e: Ev) => text([...e.messages!].reverse().find((m) => m.role === 'user')!);

const SYSTEM = "You are a travel assistant. Follow the user's constraints.";
const CONSTRAINT = 'I am allergic to peanuts: never suggest anything with peanuts. Plan dinner in Paris for tonight.';
const ANSWERS = [
  'Book Le Petit Zinc at 20:00; I asked for a peanut-free menu.',
  '',
  'Tomorrow in Paris: 18°C and light rain. Bring an umbrella.',
  'Try the peanut praline tart at Café Lune.',
];

interface Case {
  file: string;
  format: string;
  /** the stderr note naming the session key */
  note: RegExp;
  /** session trip-rome-2 carries no session key: its trace id is its session */
  romeByTrace?: boolean;
  /** the tool ran under its own span (tool_call / tool_result events) */
  toolSpans?: boolean;
  inputTokens: number[];
  retrieval?: boolean;
  /** the instrumentation records no tool call ids (OpenInference LangChain writes name and arguments only) */
  noToolIds?: boolean;
  /** the tool span's arguments as the instrumentation wrote them (LangChain records a one-field input as its value) */
  toolArgs?: unknown;
}

const CASES: Case[] = [
  {
    file: 'otel-instrumentation-openai.jsonl',
    format: 'otlp-genai',
    note: /session\.id \(3\), the trace id \(no session key; looked at /,
    romeByTrace: true,
    inputTokens: [54, 94, 164, 203],
  },
  {
    file: 'traceloop-node-server-sdk.jsonl',
    format: 'otlp-genai',
    note: /traceloop\.association\.properties\.session_id \(\d+\)$/m,
    inputTokens: [54, 94, 164, 203],
  },
  { file: 'vercel-ai-sdk.jsonl', format: 'otlp-genai', note: /ai\.telemetry\.metadata\.sessionId \(\d+\)$/m, toolSpans: true, inputTokens: [54, 94, 164, 203] },
  {
    file: 'openinference-vercel.jsonl',
    format: 'otlp-genai',
    note: /ai\.telemetry\.metadata\.sessionId \(\d+\)$/m,
    toolSpans: true,
    inputTokens: [54, 94, 164, 203],
  },
  { file: 'openinference-openai.jsonl', format: 'openinference', note: /session\.id \(\d+\)$/m, inputTokens: [54, 94, 164, 203] },
  {
    file: 'openinference-langchain.jsonl',
    format: 'openinference',
    note: /session\.id \(\d+\)$/m,
    toolSpans: true,
    inputTokens: [54, 94, 163, 202],
    retrieval: true,
    noToolIds: true,
    toolArgs: 'Paris',
  },
];

for (const c of CASES) {
  // session ids start with the sample's name (the generator's SAMPLE_TAG), so samples read together stay apart
  const tag = c.file.replace(/\.jsonl$/, '');
  const PARIS = `${tag}:trip-paris-1`;
  const ROME = `${tag}:trip-rome-2`;
  describe(`real sample ${c.file}`, () => {
    let db: string;
    let stderr: string;
    let events: Ev[];
    let format: string;
    beforeAll(() => {
      const x = ingest(path.join(SAMPLES, c.file));
      expect(x.r.code, x.r.stderr).toBe(0);
      db = x.db;
      stderr = x.r.stderr;
      format = x.summary!.files[0].format;
      events = eventsOf(db);
    });

    it('is detected as its format, and says on stderr which key gave the sessions', () => {
      expect(format).toBe(c.format);
      expect(stderr).toMatch(c.note);
    });

    it('sessions: the two conversations, each whole', () => {
      const sessions = [...new Set(events.filter((e) => e.kind === 'request').map((e) => e.session))].sort();
      expect(sessions).toHaveLength(2);
      expect(sessions).toContain(PARIS);
      const rome = sessions.find((s) => s !== PARIS)!;
      if (c.romeByTrace) expect(rome).toMatch(/^[0-9a-f]{32}$/);
      else expect(rome).toBe(ROME);
      const romeReqs = events.filter((e) => e.kind === 'request' && e.session === rome);
      expect(romeReqs.map(lastUser)).toEqual(['Hello, can you recommend a museum in Rome?']);
    });

    it('messages: the text of every turn, the constraint kept in the history, in time order', () => {
      const reqs = events.filter((e) => e.kind === 'request' && e.session === PARIS);
      expect(reqs.map(lastUser)).toEqual([
        CONSTRAINT,
        'What is the weather in Paris tomorrow?',
        'What is the weather in Paris tomorrow?',
        'Suggest a dessert for after dinner.',
      ]);
      for (const r of reqs) {
        expect(r.messages![0]).toMatchObject({ role: 'system', content: SYSTEM });
        expect(r.messages!.find((m) => m.role === 'user')).toMatchObject({ content: CONSTRAINT });
      }
      const last = reqs[3].messages!;
      expect(last.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'tool', 'assistant', 'user']);
      const resps = events.filter((e) => e.kind === 'response' && e.session === PARIS);
      expect(resps.map((e) => e.body.content)).toEqual(ANSWERS);
    });

    it('tools: the model asked for get_weather(Paris), and the next request carries the result', () => {
      const resps = events.filter((e) => e.kind === 'response' && e.session === PARIS);
      const call = resps[1].body.tool_calls[0];
      expect(call.function.name).toBe('get_weather');
      expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
      const reqs = events.filter((e) => e.kind === 'request' && e.session === PARIS);
      const tool = reqs[2].messages!.find((m) => m.role === 'tool')!;
      expect(tool.tool_call_id).toBe(c.noToolIds ? undefined : 'call_weather_1');
      expect(text(tool)).toContain('18°C, light rain');
      const asked = reqs[2].messages!.find((m) => m.tool_calls)!;
      expect(asked.tool_calls![0].function.name).toBe('get_weather');
      if (c.toolSpans) {
        const tc = events.filter((e) => e.kind === 'tool_call');
        const tr = events.filter((e) => e.kind === 'tool_result');
        expect(tc.map((e) => [e.session, e.body.name, e.body.arguments])).toEqual([[PARIS, 'get_weather', c.toolArgs ?? { city: 'Paris' }]]);
        expect(JSON.stringify(tr[0].body.content)).toContain('18°C, light rain');
        // the tool ran between the call that asked for it and the one that used its result
        expect(tc[0].ts).toBeGreaterThanOrEqual(resps[1].ts - 1);
        expect(tr[0].ts).toBeLessThanOrEqual(reqs[2].ts + 1);
      } else {
        expect(events.filter((e) => e.kind === 'tool_call')).toEqual([]);
      }
    });

    it('tokens: every request keeps the usage the server reported', () => {
      const reqs = events.filter((e) => e.kind === 'request' && e.session === PARIS);
      expect(reqs.map((e) => e.body.usage?.input_tokens)).toEqual(c.inputTokens);
      expect(reqs.map((e) => e.body.usage?.output_tokens)).toEqual([15, 28, 15, 11]);
    });

    it("time: span start times are the events' ts, requests strictly in the order they were made", () => {
      const reqs = events.filter((e) => e.kind === 'request' && e.session === PARIS);
      for (let i = 1; i < reqs.length; i++) expect(reqs[i].ts).toBeGreaterThan(reqs[i - 1].ts);
      const resps = events.filter((e) => e.kind === 'response' && e.session === PARIS);
      resps.forEach((r, i) => {
        expect(r.ts).toBeGreaterThanOrEqual(reqs[i].ts);
        if (i + 1 < reqs.length) expect(r.ts).toBeLessThanOrEqual(reqs[i + 1].ts);
      });
      // real times of the run, not file positions
      expect(new Date(reqs[0].ts).getUTCFullYear()).toBeGreaterThanOrEqual(2025);
    });

    it(
      c.retrieval ? "retrieval: the retriever's documents are candidates, or the span is refused naming the field it needs" : 'no retrieval and no bad line',
      () => {
        const bad = badLines(db);
        const retrievals = events.filter((e) => e.kind === 'retrieval');
        if (!c.retrieval) {
          expect(bad).toEqual([]);
          expect(retrievals).toEqual([]);
          return;
        }
        if (retrievals.length > 0) {
          expect(retrievals[0].session).toBe(ROME);
          expect(retrievals[0].body.candidates.map((x: { text?: string }) => x.text)).toEqual([
            'Galleria Borghese: Bernini sculptures; timed entry, book ahead.',
            'Trattoria da Enzo: Roman classics in Trastevere.',
          ]);
        } else {
          expect(bad).toHaveLength(1);
          expect(bad[0].reason).toMatch(/^span "GuideRetriever" \(\w+\): retrieval\.documents\.0\.document\.(id|score)/);
          expect(bad[0].reason).not.toContain('\n');
        }
      },
    );
  });
}

/** A sample with its spans edited. */
function edited(file: string, edit: (span: any, i: number) => void): string {
  const lines = fs
    .readFileSync(path.join(SAMPLES, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  let i = 0;
  for (const d of lines) for (const rs of d.resourceSpans ?? []) for (const ss of rs.scopeSpans) for (const s of ss.spans) edit(s, i++);
  const out = path.join(tmpdir(), file);
  fs.writeFileSync(out, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return out;
}
const dropAttrs = (s: any, re: RegExp) => (s.attributes = s.attributes.filter((a: { key: string }) => !re.test(a.key)));

describe('real samples, traces and logs in two files (OpenTelemetry JS exports them apart)', () => {
  /** The store's events without ids and provenance: what two ways of ingesting must agree on. */
  const conversation = (db: string) =>
    eventsOf(db).map((e) => ({ kind: e.kind, session: e.session, ts: e.ts, messages: e.messages?.map((m) => [m.role, text(m)]) }));
  const halves = () => {
    const src = fs.readFileSync(path.join(SAMPLES, 'otel-instrumentation-openai.jsonl'), 'utf8').split('\n').filter(Boolean);
    const dir = tmpdir();
    const traces = path.join(dir, 'traces.jsonl');
    const logs = path.join(dir, 'logs.jsonl');
    fs.writeFileSync(traces, src.filter((l) => l.startsWith('{"resourceSpans"')).join('\n') + '\n');
    fs.writeFileSync(logs, src.filter((l) => l.startsWith('{"resourceLogs"')).join('\n') + '\n');
    return { dir, traces, logs };
  };
  const ingestAll = (...inputs: string[]) => {
    const db = path.join(tmpdir(), 'e.db');
    expect(cli(['ingest', ...inputs, '--db', db]).code).toBe(0);
    return db;
  };

  it('log records find their span in the other file of the ingest, named in either order or as a folder: the same events as one file', () => {
    const whole = conversation(ingest(path.join(SAMPLES, 'otel-instrumentation-openai.jsonl')).db);
    const paris = whole.filter((e) => e.kind === 'request' && e.session === 'otel-instrumentation-openai:trip-paris-1');
    expect(paris.map((e) => e.messages!.length)).toEqual([2, 4, 6, 8]);
    const { dir, traces, logs } = halves();
    for (const db of [ingestAll(logs, traces), ingestAll(traces, logs), ingestAll(dir)]) {
      expect(badLines(db)).toEqual([]);
      expect(conversation(db)).toEqual(whole);
    }
  });
});

describe('real samples, malformed: refused with a one-line reason naming the field', () => {
  it("OTel instrumentation-openai, logs without their traces: each span's records are refused, naming the missing span", () => {
    const src = fs.readFileSync(path.join(SAMPLES, 'otel-instrumentation-openai.jsonl'), 'utf8').split('\n').filter(Boolean);
    const logsOnly = src.filter((l) => l.startsWith('{"resourceLogs"'));
    expect(logsOnly).toHaveLength(1);
    const file = path.join(tmpdir(), 'logs.jsonl');
    fs.writeFileSync(file, logsOnly.join('\n') + '\n');
    const { db } = ingest(file);
    expect(eventsOf(db)).toEqual([]);
    const bad = badLines(db);
    expect(bad).toHaveLength(1);
    expect(bad[0].reason).toMatch(
      /log records gen_ai\.system\.message, gen_ai\.user\.message, gen_ai\.choice of span \w+ .*no span with this spanId in this file/,
    );
  });

  it('OTel instrumentation-openai, traces without their logs: every call is still a request with its token counts', () => {
    const src = fs.readFileSync(path.join(SAMPLES, 'otel-instrumentation-openai.jsonl'), 'utf8').split('\n').filter(Boolean);
    const file = path.join(tmpdir(), 'traces.jsonl');
    fs.writeFileSync(file, src.filter((l) => l.startsWith('{"resourceSpans"')).join('\n') + '\n');
    const { db } = ingest(file);
    const reqs = eventsOf(db).filter((e) => e.kind === 'request' && e.session === 'otel-instrumentation-openai:trip-paris-1');
    expect(reqs.map((e) => [e.messages!.length, e.body.usage.input_tokens, e.body.model])).toEqual([
      [0, 54, 'gpt-4o-mini'],
      [0, 94, 'gpt-4o-mini'],
      [0, 164, 'gpt-4o-mini'],
      [0, 203, 'gpt-4o-mini'],
    ]);
    expect(badLines(db)).toEqual([]);
  });

  it('OpenLLMetry, a chat span marked gen_ai.conversation.compacted: a compaction event in its session, the user turns unchanged', () => {
    let chats = 0;
    const file = edited('traceloop-node-server-sdk.jsonl', (s) => {
      if (s.name.startsWith('chat') && chats++ === 2) s.attributes.push({ key: 'gen_ai.conversation.compacted', value: { boolValue: true } });
    });
    const { db } = ingest(file);
    expect(badLines(db)).toEqual([]);
    const paris = eventsOf(db).filter((e) => e.session === 'traceloop-node-server-sdk:trip-paris-1');
    const kinds = paris.filter((e) => e.kind === 'request' || e.kind === 'compaction').map((e) => e.kind);
    expect(kinds).toEqual(['request', 'request', 'compaction', 'request', 'request']);
    expect(
      query<{ n: number }>(db, "SELECT COUNT(DISTINCT turn) AS n FROM events WHERE session = 'traceloop-node-server-sdk:trip-paris-1' AND kind = 'request'")[0]
        .n,
    ).toBe(3);
  });

  it('OpenLLMetry, a chat span without messages or token counts', () => {
    const file = edited('traceloop-node-server-sdk.jsonl', (s, i) => {
      if (i === 0) dropAttrs(s, /^gen_ai\.(input|output)\.messages$|^gen_ai\.usage\./);
    });
    const { db } = ingest(file);
    const bad = badLines(db);
    expect(bad).toHaveLength(1);
    expect(bad[0].reason).toMatch(/^span "chat gpt-4o-mini" \(\w+\): no messages captured and no token counts \(looked at gen_ai\.input\.messages/);
    expect(eventsOf(db).filter((e) => e.kind === 'request')).toHaveLength(4);
  });

  it('Vercel AI SDK, a model call with its prompt, output and usage removed', () => {
    const file = edited('vercel-ai-sdk.jsonl', (s) => {
      if (s.name === 'ai.generateText.doGenerate') dropAttrs(s, /^ai\.(prompt|response|usage)|^gen_ai\.usage\./);
    });
    const { db } = ingest(file);
    const bad = badLines(db);
    expect(bad).toHaveLength(1);
    expect(bad[0].reason).toMatch(/5 bad items on this line: span "ai\.generateText\.doGenerate" \(\w+\): AI SDK model call without ai\.prompt\.messages/);
    expect(eventsOf(db).filter((e) => e.kind === 'request' || e.kind === 'response')).toEqual([]);
  });

  it('Vercel AI SDK, a tool call without its name', () => {
    const file = edited('vercel-ai-sdk.jsonl', (s) => {
      if (s.name === 'ai.toolCall') dropAttrs(s, /^ai\.toolCall\.name$/);
    });
    const { db } = ingest(file);
    expect(badLines(db).map((b) => b.reason)).toEqual([expect.stringMatching(/^span "ai\.toolCall" \(\w+\): ai\.toolCall span without ai\.toolCall\.name$/)]);
  });

  it('OpenInference openai, an LLM span with its messages and counts removed: refused naming llm.input_messages, never dropped unseen', () => {
    let spanId = '';
    const file = edited('openinference-openai.jsonl', (s, i) => {
      if (i !== 0) return;
      spanId = s.spanId;
      dropAttrs(s, /^llm\.(input_messages|output_messages|token_count)\.|^(input|output)\.value$/);
    });
    const { db } = ingest(file);
    const bad = badLines(db);
    const kept = eventsOf(db).filter((e) => String(e.body.id).startsWith(spanId));
    if (kept.length === 0) {
      expect(bad).toHaveLength(1);
      expect(bad[0].reason).toMatch(/llm\.input_messages/);
    } else {
      expect(kept.map((e) => e.kind)).toContain('request');
    }
  });
});
