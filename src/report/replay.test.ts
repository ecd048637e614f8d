import { describe, expect, it } from 'vitest';
import { presentEvent, presentReplay } from './replay.js';
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
    expect(r.turns[0].request_id).toBe(`${redactId('alice-42')}-r1`);
    expect(r.turns[0].reference.injected[0]).toMatchObject({ id: 'm1', score: 0.9, rank: 1 });
    expect(r.findings[0]).toMatchObject({ finding_id: 'f_1', analyzer: 'window-overflow', prevented: true });
    expect(presentReplay(report, false)).toEqual(report);
  });
  it('native events: words hashed, the session hashed, kinds and times kept', () => {
    const e = presentEvent({ kind: 'retrieval', ts: '2026-03-02T10:00:00Z', session: 'alice-42', query: 'where does Alice live', top_k: 3 }, true);
    expect(e).toMatchObject({ kind: 'retrieval', ts: '2026-03-02T10:00:00Z', session: redactId('alice-42'), top_k: 3 });
    expect(JSON.stringify(e)).not.toContain('Alice');
  });
});
