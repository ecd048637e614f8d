// Samples written by real agent frameworks and tracing SDKs (fixtures/real/generated-frameworks,
// SOURCES.md has the versions), read end to end with the built binary: for each, `amnesia events`
// tells the conversation as a person would: one session per conversation under the exporter's own id,
// user turns, every model call once with its messages, tool calls with their results, retrievals
// with scored documents.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Ev, ingestReal, REAL, sessionView } from './real-samples.js';

const DIR = path.join(REAL, 'generated-frameworks', 'samples');
const SYSTEM = "You are a travel assistant. Follow the user's constraints.";

interface Case {
  sample: string;
  format: string;
  /** the tool ran under its own span or run */
  tool: boolean;
  /** the Rome question was answered from retrieved documents */
  retrieval?: boolean;
  /** extra model calls beyond the conversation's five (a summarisation) */
  extra?: number;
  /** the retriever's documents are chunked and scored by the framework (LlamaIndex nodes: own ids, the document's in metadata) */
  nodes?: boolean;
  /** the exporter does not record the model's tool call in its output (only the tool's own span) */
  noCallInResponse?: boolean;
  /** the retrieved documents and scores, where the app scored them itself (else doc-borghese 0.91, doc-vatican 0.74) */
  docs?: [string, number][];
  /** the guide was embedded at start-up outside any conversation: one more session, its trace's, holding only that */
  indexing?: boolean;
  /** the user the exporter names (on every span, or on one span of each trace): every event of both conversations carries it */
  user?: string;
  /** the framework's memory asks the model for a title of the new thread in its first turn (one more model call) */
  title?: boolean;
}

const CASES: Case[] = [
  { sample: 'anthropic-openinference.jsonl', format: 'openinference', tool: true },
  { sample: 'anthropic-traceloop.jsonl', format: 'otlp-genai', tool: true },
  { sample: 'langfuse-otel.jsonl', format: 'otlp-genai', tool: true, retrieval: true, user: 'user-42' },
  // JS SDK v4: session and user on each trace's root span only (updateTrace)
  { sample: 'langfuse-otel-v4.jsonl', format: 'otlp-genai', tool: true, retrieval: true, user: 'user-42' },
  // an agent with memory: each conversation a thread; generation spans over their model steps
  { sample: 'mastra-otel.jsonl', format: 'otlp-genai', tool: true, user: 'user-42', title: true },
  { sample: 'openai-agents.jsonl', format: 'openai-agents', tool: true },
  { sample: 'langsmith-batch.jsonl', format: 'langsmith', tool: true, retrieval: true, extra: 1 },
  { sample: 'langsmith', format: 'langsmith', tool: true, retrieval: true, extra: 1 },
  // the whole Paris conversation in one trace; tool results sent back as user messages
  { sample: 'llamaindex-traceloop.jsonl', format: 'otlp-genai', tool: true, retrieval: true, nodes: true, noCallInResponse: true },
  // every model call, tool and retriever span a trace of its own; the question's embedding inside the retriever span
  {
    sample: 'openinference-rag.jsonl',
    format: 'openinference',
    tool: true,
    retrieval: true,
    docs: [
      ['doc-vatican', 0.714],
      ['doc-borghese', 0.42],
    ],
    indexing: true,
  },
];

const text = (m: Ev) => (typeof m.content === 'string' ? m.content : '');

describe('real framework exports, read as the conversation they hold', () => {
  for (const c of CASES) {
    describe(c.sample, () => {
      const tag = c.sample.replace(/\.jsonl$/, '');
      const { r, summary, events } = ingestReal([path.join(DIR, c.sample)]);
      const paris = `${tag}:trip-paris-1`;
      const rome = `${tag}:trip-rome-2`;

      it(`is read as ${c.format}, no bad line, one session per conversation under its own id`, () => {
        expect(r.code).toBe(0);
        expect(new Set(summary.files.map((f: Ev) => f.format))).toEqual(new Set([c.format]));
        expect(summary.bad_lines).toBe(0);
        const sessions = [...new Set(events.map((e) => e.session))];
        const others = sessions.filter((x) => x !== paris && x !== rome);
        expect(sessions.filter((x) => x === paris || x === rome).sort()).toEqual([paris, rome]);
        if (!c.indexing) return expect(others).toEqual([]);
        // the start-up indexing: the documents' embedding, read (model, texts), without its vectors
        expect(others).toHaveLength(1);
        const own = events.filter((e) => e.session === others[0]);
        expect(own.map((e) => e.kind)).toEqual(['openinference.embedding']);
        expect(own[0]).toMatchObject({ model: 'text-embedding-3-small', count: 3, dimensions: 8 });
        expect(own[0].texts[0]).toMatch(/Galleria Borghese/);
        expect(JSON.stringify(own[0])).not.toMatch(/vector/);
      });

      if (c.user) {
        it('every event of both conversations names the user, whichever span of the trace named it', () => {
          const mine = events.filter((e) => e.session === paris || e.session === rome);
          expect(mine.filter((e) => e.scope?.user !== c.user).map((e) => e.kind)).toEqual([]);
          expect(mine.map((e) => e.kind)).toEqual(
            expect.arrayContaining(['request', 'response', 'tool_call', 'tool_result', ...(c.retrieval ? ['retrieval'] : [])]),
          );
        });
      }

      it('every model call once, with its messages, in three user turns; the tool call with its result', () => {
        const v = sessionView(events, paris);
        const all = events.filter((e) => e.session === paris && e.kind === 'request');
        // the memory's title for the new thread (Mastra): a model call of the first turn, with its own prompt
        const titles = all.filter((q) => /short title/.test(text(q.messages[0] ?? {})));
        expect(titles.map((q) => q.turn)).toEqual(c.title ? [0] : []);
        const reqs = all.filter((q) => !titles.includes(q));
        // dinner, weather (tool call, then the answer), dessert: four model calls, plus a summary where one was made
        expect(reqs).toHaveLength(4 + (c.extra ?? 0));
        expect(v.responses).toBe(4 + (c.extra ?? 0) + titles.length);
        expect(reqs.every((q) => q.messages.length > 0)).toBe(true);
        // a summary written after the dessert answer is part of that turn, not a user turn of its own
        expect(reqs.map((q) => q.turn)).toEqual([0, 1, 1, 2, ...Array(c.extra ?? 0).fill(2)]);
        const summaryCall = events.find((e) => e.session === paris && e.kind === 'compaction')?.request_id;
        expect(summaryCall === undefined ? 0 : reqs.filter((q) => q.request_id === summaryCall).length).toBe(c.extra ?? 0);
        // the system prompt and the user's constraint are in every prompt of the conversation
        for (const q of reqs.filter((r) => r.request_id !== summaryCall)) {
          expect(q.messages[0]).toMatchObject({ role: 'system', content: SYSTEM });
          expect(q.messages.some((m: Ev) => m.role === 'user' && /allergic to peanuts/.test(text(m)))).toBe(true);
        }
        expect(text([...reqs[3].messages].reverse().find((m: Ev) => m.role === 'user'))).toBe('Suggest a dessert for after dinner.');
        expect(c.noCallInResponse ? v.tools : v.calls).toEqual(['get_weather']);
        // a tool's result goes back to the model as a tool message, never as the user's words
        const users = reqs.filter((q) => q.request_id !== summaryCall).flatMap((q) => q.messages.filter((m: Ev) => m.role === 'user').map(text));
        expect(users.filter((u) => /light rain/.test(u))).toEqual([]);
        expect(reqs[2].messages.at(-1)).toMatchObject({ role: 'tool' });
        if (c.tool) {
          const call = events.find((e) => e.session === paris && e.kind === 'tool_call') ?? {};
          const result = events.find((e) => e.session === paris && e.kind === 'tool_result') ?? {};
          expect(call).toMatchObject({ name: 'get_weather', turn: 1 });
          expect(JSON.stringify(result.content)).toMatch(/light rain/);
          expect(result.call_id).toBe(call.call_id);
          // the tool span is the call the model made: its id is the one the response asked for and the next prompt answers
          if (!c.noCallInResponse) {
            const asked = events.filter((e) => e.session === paris && e.kind === 'response').flatMap((e) => (e.tool_calls ?? []).map((x: Ev) => x.id));
            expect(asked).toContain(call.call_id);
            expect(reqs[2].messages.at(-1).tool_call_id).toBe(call.call_id);
          }
        }
        // no value the exporter cut short (Mastra's "[MaxDepth]") is left in a prompt
        expect(JSON.stringify(reqs)).not.toMatch(/\[MaxDepth\]/);
        const answers = events.filter((e) => e.session === paris && e.kind === 'response').map((e) => e.content);
        expect(answers).toContain('Try the peanut praline tart at Café Lune.');
      });

      it('the other conversation: one turn, and its retrieval with scored documents where the framework retrieved', () => {
        expect(sessionView(events, rome).turns).toEqual([0]);
        const ret = events.filter((e) => e.session === rome && e.kind === 'retrieval');
        if (!c.retrieval) return expect(ret).toEqual([]);
        expect(ret).toHaveLength(1);
        if (c.nodes) {
          // the framework's own cosine similarity over the mock's embeddings: the Vatican document (rome,
          // museum) ranks above the Borghese one (rome), both scored
          const docs = ret[0].candidates.map((d: Ev) => d.metadata?.document_id);
          const scores = ret[0].candidates.map((d: Ev) => d.score);
          expect(docs).toEqual(['doc-vatican', 'doc-borghese']);
          expect(scores[0]).toBeGreaterThan(scores[1]);
          expect(scores.every((x: unknown) => typeof x === 'number' && x > 0 && x <= 1)).toBe(true);
          expect(ret[0].candidates[1].text).toMatch(/Bernini/);
          return;
        }
        if (c.docs) {
          expect(ret[0].candidates.map((d: Ev) => [d.id, d.score])).toEqual(c.docs);
          // the question's own embedding is part of the retrieval, not an event of its own
          expect(ret[0].embedding_model).toBe('text-embedding-3-small');
          expect(events.filter((e) => e.session === rome && e.kind.includes('embedding'))).toEqual([]);
          return;
        }
        expect(ret[0].candidates.map((d: Ev) => [d.id, d.score])).toEqual([
          ['doc-borghese', 0.91],
          ['doc-vatican', 0.74],
        ]);
      });
    });
  }

  it('LangSmith: the summarisation run is a compaction holding its summary, in the turn it followed', () => {
    const { events } = ingestReal([path.join(DIR, 'langsmith-batch.jsonl')]);
    const comp = events.filter((e) => e.kind === 'compaction');
    expect(comp).toHaveLength(1);
    expect(comp[0]).toMatchObject({
      session: 'langsmith-batch:trip-paris-1',
      turn: 2,
      strategy: 'summary',
      summary: expect.stringMatching(/allergic to peanuts/),
    });
    // it names the llm run that wrote the summary, whose answer is that summary
    const call = events.find((e) => e.kind === 'response' && e.request_id === comp[0].request_id);
    expect(call?.content).toBe(comp[0].summary);
  });
});
