// Issue 29: the same conversation exported two ways gives the same sessions, turns and findings. Each pair
// here is ONE run recorded two ways (fixtures/real/*/SOURCES.md: "one run, two exports"), so the two files
// hold the same model calls, ids and times, and whatever differs is the reading.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, json } from './helpers.js';
import { type Ev, ingestReal, REAL } from './real-samples.js';

const text = (c: unknown): string =>
  typeof c === 'string' ? c : Array.isArray(c) ? c.map((p: Ev) => (typeof p?.text === 'string' ? p.text : '')).join('\n') : '';

/** What a person would tell of the conversation: per session, each turn's calls with their words, tools and answers. */
function told(events: Ev[]) {
  const sessions = [...new Set(events.map((e) => e.session))].sort();
  return Object.fromEntries(
    sessions.map((s) => {
      const es = events.filter((e) => e.session === s);
      return [
        s,
        {
          requests: es
            .filter((e) => e.kind === 'request')
            .map((q) => ({ turn: q.turn, messages: q.messages.map((m: Ev) => `${m.role}: ${text(m.content)}`), input_tokens: q.usage?.input_tokens })),
          responses: es
            .filter((e) => e.kind === 'response')
            .map((r) => ({ turn: r.turn, content: r.content ?? '', calls: (r.tool_calls ?? []).map((c: Ev) => c.function?.name) })),
          tools: es.filter((e) => e.kind === 'tool_call').map((c) => ({ turn: c.turn, name: c.name, call_id: c.call_id })),
          results: es.filter((e) => e.kind === 'tool_result').map((c) => ({ turn: c.turn, call_id: c.call_id })),
          writes: es.filter((e) => e.kind === 'memory_write').map((w) => ({ turn: w.turn, phase: w.phase, text: w.text })),
        },
      ];
    }),
  );
}

function findings(s: Side) {
  const r = cli(['triage', s.file, '--format', 'json', ...forced(s)]);
  expect(r.code).toBeLessThan(2);
  return json(r)
    .findings.map((f: Ev) => `${f.analyzer} ${f.session} ${f.turn} ${f.cause}`)
    .sort();
}

interface Side {
  file: string;
  format: string;
  /** read with --input-format (the file is detected as another format that also reads it) */
  forced?: boolean;
}

const ONE_RUN = path.join(REAL, 'generated', 'samples', 'one-run');
const PAIRS: { name: string; a: Side; b: Side }[] = [
  {
    // the OpenInference export keeps the AI SDK's own attributes, which detection prefers: read as otlp-genai
    name: "Vercel AI SDK spans, and the same spans through OpenInference's Vercel processor (both otlp-genai)",
    a: { file: path.join(ONE_RUN, 'vercel-ai-sdk.jsonl'), format: 'otlp-genai' },
    b: { file: path.join(ONE_RUN, 'openinference-vercel.jsonl'), format: 'otlp-genai' },
  },
  {
    name: 'Vercel AI SDK spans (otlp-genai), and the OpenInference export read with the OpenInference conventions (openinference)',
    a: { file: path.join(ONE_RUN, 'vercel-ai-sdk.jsonl'), format: 'otlp-genai' },
    b: { file: path.join(ONE_RUN, 'openinference-vercel.jsonl'), format: 'openinference', forced: true },
  },
  {
    name: "Mastra's AI tracing sent by its OTel exporter (otlp-genai), and stored by its default exporter in mastra.db (mastra)",
    a: { file: path.join(REAL, 'generated-frameworks', 'samples', 'one-run', 'mastra-otel.jsonl'), format: 'otlp-genai' },
    b: { file: path.join(REAL, 'generated-frameworks', 'samples', 'one-run', 'mastra.db'), format: 'mastra' },
  },
];
const forced = (s: Side) => (s.forced ? ['--input-format', s.format] : []);

describe('one conversation exported two ways: the same sessions, turns and findings', () => {
  for (const p of PAIRS) {
    describe(p.name, () => {
      const a = ingestReal([p.a.file], forced(p.a));
      const b = ingestReal([p.b.file], forced(p.b));

      it('each is read as its own format, with no bad line', () => {
        expect([a.summary.files[0].format, b.summary.files[0].format]).toEqual([p.a.format, p.b.format]);
        expect([a.summary.bad_lines, b.summary.bad_lines]).toEqual([0, 0]);
      });

      it('the same sessions, user turns, model calls with their messages, tool calls and results', () => {
        const ta = told(a.events);
        expect(Object.keys(ta).length).toBeGreaterThan(1);
        expect(told(b.events)).toEqual(ta);
      });

      it('the same findings', () => {
        const fa = findings(p.a);
        expect(fa.length).toBeGreaterThan(0);
        expect(findings(p.b)).toEqual(fa);
      });
    });
  }
});
