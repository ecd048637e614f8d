// Compaction as OpenTelemetry exports carry it (issue 29): the GenAI conventions' flag and parts, Redpanda's
// redpanda.compaction span, eve's summarising call, acolyte's lifecycle.window.drop. Samples written by hand
// after the sources in fixtures/real/vendor-compaction/SOURCES.md.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Ev, ingestReal, REAL } from './real-samples.js';

const DIR = path.join(REAL, 'vendor-compaction');
const read = (file: string) => {
  const { r, summary, events } = ingestReal([path.join(DIR, file)]);
  expect(r.code).toBe(0);
  expect(summary.bad_lines).toBe(0);
  return events;
};
const of = (events: Ev[], session: string, kind: string) => events.filter((e) => e.session === session && e.kind === kind);

describe('vendor compaction shapes read as compaction events', () => {
  it('Redpanda: one compaction with its phase and the token breakdown, though every later call is flagged; no turn opened by it', () => {
    const events = read('redpanda-compaction.jsonl');
    const c = of(events, 'sess-compact', 'compaction');
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({
      trigger: 'proactive',
      strategy: 'truncation',
      tokens_before: 150000,
      tokens_after: 90000,
      context_limit: 200000,
      removed_count: 4,
    });
    // between the first call and the second, in the first invocation's turn
    const reqs = of(events, 'sess-compact', 'request');
    expect(reqs.map((q) => q.turn)).toEqual([0, 0, 1]);
    expect(c[0].turn).toBe(0);
    expect(c[0].ts > reqs[0].ts && c[0].ts < reqs[1].ts).toBe(true);
  });

  it('the GenAI conventions: a compaction part sent on every later call is one compaction with its summary', () => {
    const events = read('semconv-compaction.jsonl');
    const c = of(events, 'conv-parts', 'compaction');
    expect(c.map((e) => e.summary)).toEqual(['The user is vegetarian and wants answers under 50 words.']);
    expect(of(events, 'conv-parts', 'request').map((q) => q.turn)).toEqual([0, 1]);
  });

  it('the flag alone: flagged, unflagged, flagged again is two compactions, each before its call', () => {
    const events = read('semconv-compaction.jsonl');
    const c = of(events, 'conv-flags', 'compaction');
    const reqs = of(events, 'conv-flags', 'request');
    expect(c.map((e) => e.ts)).toEqual([reqs[1].ts, reqs[3].ts]);
  });

  it('eve: the summarising call (functionId eve.compaction) is a compaction holding the summary, naming the call; it opens no turn', () => {
    const events = read('eve-acolyte-compaction.jsonl');
    const [c] = of(events, 'eve-session-1', 'compaction');
    const reqs = of(events, 'eve-session-1', 'request');
    expect(c).toMatchObject({ strategy: 'summary', request_id: reqs[1].request_id });
    expect(c.summary).toMatch(/^Checkpoint: the user never wants flights before 9am/);
    expect(reqs.map((q) => q.turn)).toEqual([0, 0, 1]);
  });

  it('acolyte: lifecycle.window.drop on a span is a truncation with the dropped turns and the history kept', () => {
    const events = read('eve-acolyte-compaction.jsonl');
    expect(of(events, 'task_drop', 'compaction')).toEqual([
      expect.objectContaining({ trigger: 'auto', strategy: 'truncation', removed_count: 4, tokens_after: 2100 }),
    ]);
  });

  it('look-alike: the other samples of real exporters hold no compaction', () => {
    const { events } = ingestReal([
      path.join(REAL, 'generated', 'samples', 'vercel-ai-sdk.jsonl'),
      path.join(REAL, 'generated-frameworks', 'samples', 'mastra-otel.jsonl'),
    ]);
    expect(events.filter((e) => e.kind === 'compaction')).toEqual([]);
  });
});
