import { describe, expect, it } from 'vitest';
import { Chalk } from 'chalk';
import { presentEvent, presentReplay, replayText } from './replay.js';
import { redactId } from '../findings/redact.js';
import type { ReplayReport } from '../lab/replay/types.js';

const side = { tokens: 10, messages: 2, fill: 0.1, constraints: [{ text: 'never use tables', carried: false }], memories: ['lives in Singapore'] };
const report: ReplayReport = {
  session: 'alice-42',
  user: 'alice',
  model: 'gpt-4o',
  context_limit: 1000,
  turns: [
    {
      turn: 1,
      ts: '2026-03-02T10:00:00.000Z',
      request_id: 'alice-42-r1',
      recorded: side,
      reference: {
        ...side,
        pinned: ['never use tables'],
        injected: [{ id: 'm1', text: 'lives in Singapore', score: 0.9, rank: 1 }],
        history: { kept: 1, dropped: 0 },
        tool_results: 0,
        over_budget: false,
      },
      writes: [],
      state: [],
    },
  ],
  findings: [
    {
      finding_id: 'f_1',
      analyzer: 'window-overflow',
      cause: 'constraint_evicted',
      turn: 1,
      title: 'Constraint "never use tables" dropped',
      prevented: true,
      verdict: 'prevented',
      how: 'pinned',
    },
    {
      finding_id: 'f_2',
      analyzer: 'tool-drift',
      cause: 'emoji_after_tool',
      turn: 1,
      title: 'Emoji after a tool',
      prevented: false,
      verdict: 'not_judged',
      how: 'no rule',
    },
  ],
  summary: { requests: 1, findings: 2, prevented: 1, judged: 1, not_judged: 1 },
};

describe('a replay report as every surface shows it', () => {
  it("under --redact: no user's words, session and user ids hashed wherever they appear; figures stay", () => {
    const r = presentReplay(report, true);
    const text = JSON.stringify(r);
    for (const w of ['never use tables', 'Singapore', 'alice']) expect(text).not.toContain(w);
    expect(r.session).toBe(redactId('alice-42'));
    expect(r.turns[0].request_id).toBe(redactId('alice-42-r1'));
    expect(r.turns[0].reference.injected[0]).toMatchObject({ id: redactId('m1'), score: 0.9, rank: 1 });
    expect(r.findings[0]).toMatchObject({ finding_id: 'f_1', analyzer: 'window-overflow', prevented: true });
    expect(presentReplay(report, false)).toEqual(report);
  });
  it("under --redact: the ids a log chose, in their fields, in titles (by their marks) and in the judges' prose (issue 26)", () => {
    const withIds: ReplayReport = {
      ...report,
      turns: [
        {
          ...report.turns[0],
          writes: [{ recorded_write: 'w-77', memory_type: 'preference', text: 'x', recorded: 'w-77: lost', reference: 'kept' }],
          state: [{ key: 'cart_total', actor: 'planner', recorded: 'planner wrote cart_total', reference: 'refused', refused: true }],
        },
      ],
      findings: [
        {
          ...report.findings[0],
          analyzer: 'lost-write',
          title: 'Critical preference m77 (write w-77) was acknowledged 1.7s before it was committed',
          title_words: [
            { at: 9, text: 'preference' },
            { at: 20, text: 'm77' },
            { at: 31, text: 'w-77' },
          ],
          how: 'memory m77 is pinned; m770 is not; planner re-read cart_total',
        },
      ],
    };
    const r = presentReplay(withIds, true);
    const text = JSON.stringify(r);
    for (const w of ['m77 ', 'w-77', 'planner', 'cart_total', 'title_words']) expect(text).not.toContain(w);
    expect(r.findings[0].title).toMatch(/^Critical ‹#[0-9a-f]{8} 10 chars en› ‹#[0-9a-f]{8} 3 chars en› \(write ‹#[0-9a-f]{8} 4 chars en›\) was acknowledged/);
    expect(r.findings[0].how).toBe(`memory ${redactId('m77')} is pinned; m770 is not; ${redactId('planner')} re-read ${redactId('cart_total')}`);
    expect(r.turns[0].state[0]).toMatchObject({ key: redactId('cart_total'), actor: redactId('planner'), refused: true });
    expect(r.turns[0].writes[0].recorded_write).toBe(redactId('w-77'));
    // without --redact the marks are dropped and nothing else changes
    expect(presentReplay(withIds, false).findings[0]).not.toHaveProperty('title_words');
  });
  it('native events of a session with a short id: its id hidden where it is a whole word only, so the events still ingest (issue 26)', () => {
    const w = presentEvent({ kind: 'state', ts: 't', session: 'e', actor: 'a', key: 'k', op: 'write', version: 2, id: 'e:9' }, true);
    expect(w).toMatchObject({ op: 'write', session: redactId('e'), actor: redactId('a'), key: redactId('k'), id: redactId('e:9'), version: 2 });
    const r = presentEvent({ kind: 'request', ts: 't', session: 'user', messages: [{ role: 'user', content: 'hi user' }], request_id: 'user-r1' }, true);
    expect(r).toMatchObject({ session: redactId('user'), messages: [{ role: 'user' }], request_id: redactId('user-r1') });
    expect(JSON.stringify(r)).not.toMatch(/hi user/);
  });
  it('native events: words hashed, the session hashed, kinds and times kept', () => {
    const e = presentEvent({ kind: 'retrieval', ts: '2026-03-02T10:00:00Z', session: 'alice-42', query: 'where does Alice live', top_k: 3 }, true);
    expect(e).toMatchObject({ kind: 'retrieval', ts: '2026-03-02T10:00:00Z', session: redactId('alice-42'), top_k: 3 });
    expect(JSON.stringify(e)).not.toContain('Alice');
  });

  it('a superseded memory is shown as superseded, with what replaced it (or that it was forgotten); under --redact its words go', () => {
    const stale: ReplayReport = {
      ...report,
      turns: [
        {
          ...report.turns[0],
          recorded: {
            ...side,
            memories: [],
            superseded: [
              { text: 'Use Postgres for orders', by: 'Use MySQL for orders' },
              { text: '12 Oak Street', by: null },
            ],
          },
          state: [{ key: 'task', actor: 'executor', recorded: 'wrote', reference: 'refused', refused: true, outcome: 'returned', after: 'task_a_done' }],
        },
      ],
    };
    const text = replayText([stale], new Chalk({ level: 0 }));
    expect(text).toContain('memories in prompt: 0 (+2 superseded)');
    expect(text).toContain('recorded prompt carries superseded "Use Postgres for orders" (replaced by "Use MySQL for orders")');
    expect(text).toContain('recorded prompt carries superseded "12 Oak Street" (forgotten)');
    const json = JSON.stringify(presentReplay(stale, true));
    for (const w of ['Postgres', 'MySQL', 'Oak Street', 'task_a_done']) expect(json).not.toContain(w);
  });
});
