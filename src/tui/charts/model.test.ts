import { describe, expect, it } from 'vitest';
import { availableKinds, buildPictures, focusOf, itemCount, type Pictures } from './model.js';
import { tuiFixture } from '../__tests__/fixture-store.js';
import type { SessionData, SessionEvent } from '../../store/session.js';
import type { Finding } from '../../findings/types.js';

const fixture = tuiFixture();
const pictures = (session: string): Pictures => buildPictures(fixture.store.session(session), fixture.store.sessionFindings(session));

describe('pictures from a real session', () => {
  it("draws a lost write's steps, the restart and the snapshot, marked by its finding", () => {
    const p = pictures('s7-en');
    expect(availableKinds(p)).toEqual(['fill', 'retrieval', 'write', 'style']);
    const w = p.write[focusOf(p, 'write', 'f_lost')];
    expect(w.write_id).toBe('w1');
    expect(w.findingId).toBe('f_lost');
    expect(w.steps.map((s) => s.phase)).toEqual(['enqueued', 'acknowledged']);
    expect(w.disruption).toMatchObject({ event: 'restart', process: 'memory-worker' });
    expect(w.snapshot?.contains).toBe(false);
    // the committed writes before it have no disruption
    expect(p.write.filter((x) => x.write_id !== 'w1').every((x) => x.disruption === null && x.steps.some((s) => s.phase === 'committed'))).toBe(true);
  });

  it('marks the vanished constraint on the request of the window-overflow finding, with its composition', () => {
    const p = pictures('s7-en');
    const fill = p.fill!;
    expect(fill.points.length).toBe(itemCount(p, 'fill'));
    expect(fill.vanish).toHaveLength(1);
    const i = fill.vanish[0].index;
    expect(i).toBe(fill.points.length - 1);
    expect(fill.points[i].composition!.total).toBeGreaterThan(0);
    expect(fill.points[i].limit).toBe(128000);
  });

  it('marks the lost and the overwriting state writes', () => {
    const p = pictures('team-run-en');
    const s = p.state[0];
    expect(s.key).toBe('current_task');
    expect(s.ops.map((o) => [o.actor, o.op, o.mark])).toEqual([
      ['planner', 'read', null],
      ['executor', 'read', null],
      ['planner', 'write', 'lost'],
      ['executor', 'write', 'overwrote'],
      ['planner', 'read', null],
    ]);
  });

  it('measures each response, the tool result before it and the drift', () => {
    const p = pictures('td-incident-en');
    const st = p.style!;
    const d = st.drift[0].index;
    expect(st.points[d].tool).toBe('web_search');
    expect(st.points[d].words).toBeGreaterThan(st.points[d - 1].words * 3);
    expect(st.points.filter((x) => x.tool).length).toBeGreaterThanOrEqual(1);
  });

  it('finds the retrieval of a recall finding and its missed memory', () => {
    const p = pictures('recall-incident-csv-en');
    const r = p.retrieval[focusOf(p, 'retrieval', 'f_recall')];
    expect(r.missed).toEqual(['m77']);
    expect(r.top_k).toBe(2);
    expect(r.candidates.find((c) => c.id === 'm77')!.rank).toBe(3);
  });
});

const ev = (seq: number, kind: string, body: Record<string, unknown>, source = `a.jsonl:${seq + 1}`): SessionEvent => ({
  seq,
  rowid: seq + 1,
  kind,
  ts: 1_000 * seq,
  turn: seq,
  actor: null,
  scope: null,
  eventId: null,
  source,
  body,
});

describe('pictures read defensively', () => {
  it('injects the first top_k candidates at or above the threshold when the event does not say', () => {
    const data: SessionData = {
      session: 's',
      events: [
        ev(0, 'retrieval', {
          query: 'q',
          top_k: 2,
          threshold: 0.7,
          candidates: [
            { id: 'a', score: 0.9 },
            { id: 'b', score: 0.8 },
            { id: 'c', score: 0.75 },
            { id: 'd', score: 0.5 },
          ],
        }),
      ],
    };
    const r = buildPictures(data, []).retrieval[0];
    expect(r.candidates.map((c) => [c.id, c.rank, c.injected])).toEqual([
      ['a', 1, true],
      ['b', 2, true],
      ['c', 3, false],
      ['d', 4, false],
    ]);
  });

  it("draws a finding's figures when the session lacks the events, and survives missing fields", () => {
    const f: Finding = {
      id: 'f1',
      analyzer: 'recall-mismatch',
      severity: 'error',
      confidence: 'certain',
      session: 's',
      turn: 4,
      ts: '2026-01-01T00:00:00.000Z',
      title: 't',
      cause: 'rank_beyond_top_k',
      evidence: [],
      fix: '',
      detail: {
        top_k: 1,
        threshold: 'n/a',
        candidates: [{ id: 'x', score: 0.9, rank: 1, injected: true }, { id: 'm', score: 0.6, rank: 2 }, { nonsense: true }],
        missed: { id: 'm' },
      },
    };
    const lw: Finding = {
      ...f,
      id: 'f2',
      analyzer: 'lost-write',
      detail: { write_id: 'w9', phases: [{ phase: 'acknowledged', ts: '2026-01-01T00:00:00Z' }, { phase: 'x' }], restart: { ts: 'not a time' } },
    };
    const odd: Finding = { ...f, id: 'f3', analyzer: 'concurrent-overwrite', detail: undefined, evidence: undefined as never };
    const p = buildPictures({ session: 's', events: [] }, [f, lw, odd]);
    expect(p.retrieval).toHaveLength(1);
    expect(p.retrieval[0]).toMatchObject({ top_k: 1, threshold: null, missed: ['m'] });
    expect(p.retrieval[0].candidates.map((c) => c.id)).toEqual(['x', 'm', '#3']);
    expect(p.write).toHaveLength(1);
    expect(p.write[0].steps.map((s) => s.phase)).toEqual(['acknowledged']);
    expect(p.write[0].disruption).toBeNull();
    expect(p.state).toEqual([]);
  });
});

describe('the style picture reads a response as tool-drift does', () => {
  it('joins content parts as separate text: two parts are two words, not one', () => {
    const content = [
      { type: 'text', text: 'Hello' },
      { type: 'text', text: 'world' },
    ];
    const p = buildPictures({ session: 's', events: [ev(0, 'response', { content })] }, []);
    expect(p.style!.points[0].words).toBe(2);
  });
});

describe('cliffs: each compaction, and what fell off it', () => {
  const msg = (id: number, role: string, tokens: number) => ({ id, role, text: `m${id}`, tokens, raw: {} });
  const req = (seq: number, ids: number[], prompt: number): SessionEvent => ({
    ...ev(seq, 'request', {}),
    request: {
      model: 'claude',
      encoding: 'o200k_base',
      messages: ids.map((i) => msg(i, i === 1 ? 'user' : 'assistant', 1000 * i)),
      localTokens: prompt,
      reportedTokens: null,
      promptTokens: prompt,
      contextLimit: 200000,
    },
  });
  const events = [
    req(0, [1, 2], 3000),
    req(1, [1, 2, 3, 4], 10000),
    ev(2, 'compaction', { trigger: 'auto', tokens_before: 168012 }),
    req(3, [9, 4], 13000),
    req(4, [9, 4, 5], 18000),
  ];
  const lost: Finding = {
    id: 'f_c',
    analyzer: 'window-overflow',
    severity: 'error',
    confidence: 'certain',
    session: 's',
    turn: 3,
    ts: '1970-01-01T00:00:03.000Z',
    title: 't',
    cause: 'compacted_away',
    evidence: [
      { role: 'context', source: 'a.jsonl:2', turn: 1, ts: '', text: '', detail: {} },
      { role: 'context', source: 'a.jsonl:3', turn: 2, ts: '', text: '', detail: { compaction: true } },
      { role: 'context', source: 'a.jsonl:4', turn: 3, ts: '', text: '', detail: {} },
    ] as never,
    fix: '',
    detail: { label: 'never push to main' },
  };

  it('puts the cliff on the first request after the compaction, with the messages that left and the instruction that fell', () => {
    const c = buildPictures({ session: 's', events }, [lost]).fill!.cliffs!;
    expect(c).toEqual([
      { index: 2, what: 'auto compaction, 168,012 tokens before', removed: 3, removedTokens: 6000, fell: ['never push to main'], findingIds: ['f_c'] },
    ]);
  });

  it('a compaction that lost nothing is a cliff all the same; a session without one has none', () => {
    expect(buildPictures({ session: 's', events }, []).fill!.cliffs![0]).toMatchObject({ index: 2, removed: 3, fell: [] });
    expect(buildPictures({ session: 's', events: events.filter((e) => e.kind !== 'compaction') }, []).fill!.cliffs).toEqual([]);
  });
});
