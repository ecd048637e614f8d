import { describe, expect, it } from 'vitest';
import { injectedCandidates, readSelection } from './retrieval.js';
import { buildPictures } from '../tui/charts/model.js';
import type { SessionEvent } from '../store/session.js';

/**
 * Cases on which the three old readings of "which candidates were injected" disagreed
 * (window-overflow sorted by score and ignored rank and flags; the TUI took the first top_k over
 * the threshold, skipping the ones under it; recall-mismatch used rank with an epsilon). The one
 * reading (EVENTS.md) gives each answer below, and every reader gets it.
 */
const CASES: { name: string; body: Record<string, unknown>; injected: string[] }[] = [
  {
    name: 'given ranks out of score order: rank decides top_k, not the score',
    body: {
      top_k: 1,
      candidates: [
        { id: 'm12', score: 0.61, rank: 1 },
        { id: 'm9', score: 0.9, rank: 2 },
      ],
    },
    injected: ['m12'],
  },
  {
    name: 'one under the threshold inside top_k: the next one does not move up into top_k',
    body: {
      top_k: 2,
      threshold: 0.5,
      candidates: [
        { id: 'a', score: 0.9, rank: 1 },
        { id: 'b', score: 0.3, rank: 2 },
        { id: 'c', score: 0.7, rank: 3 },
      ],
    },
    injected: ['a'],
  },
  {
    name: 'a score equal to the threshold up to float noise passes it',
    body: {
      threshold: 0.1 + 0.2,
      candidates: [
        { id: 'a', score: 0.3 },
        { id: 'b', score: 0.2 },
      ],
    },
    injected: ['a'],
  },
  {
    name: 'per-candidate injected flags decide before top_k and scores',
    body: {
      top_k: 1,
      candidates: [
        { id: 'a', score: 0.9, injected: false },
        { id: 'b', score: 0.5, injected: true },
      ],
    },
    injected: ['b'],
  },
  {
    name: 'an injected list wins over flags that say otherwise',
    body: {
      injected: ['a'],
      candidates: [
        { id: 'a', score: 0.9, injected: false },
        { id: 'b', score: 0.5, injected: true },
      ],
    },
    injected: ['a'],
  },
  {
    name: "a rerank stage's order decides top_k",
    body: {
      top_k: 1,
      candidates: [
        { id: 'a', score: 0.9 },
        { id: 'b', score: 0.5 },
      ],
      rerank: {
        candidates: [
          { id: 'b', score: 0.8 },
          { id: 'a', score: 0.2 },
        ],
      },
    },
    injected: ['b'],
  },
  {
    name: 'candidates without a score: top_k applies to their place, the threshold cannot cut them',
    body: { top_k: 2, threshold: 0.5, candidates: [{ id: 'd0' }, { id: 'd1' }, { id: 'd2' }] },
    injected: ['d0', 'd1'],
  },
];

const retrievalEvent = (body: Record<string, unknown>): SessionEvent => ({
  seq: 0,
  rowid: 1,
  kind: 'retrieval',
  ts: 0,
  turn: 0,
  actor: null,
  scope: null,
  eventId: null,
  source: 'a.jsonl:1',
  body: { kind: 'retrieval', ts: 0, session: 's', query: 'q', ...body },
});

describe('one reading of which candidates were injected', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const ids = injectedCandidates(c.body)
        .filter((x) => x.injected)
        .map((x) => x.id);
      expect(ids).toEqual(c.injected);
      // the analyzers' selection (recall-mismatch) agrees on the scored candidates
      const scored = [...readSelection(c.body).injected];
      expect(scored).toEqual(c.injected.filter((id) => !id.startsWith('d')));
      // the TUI's retrieval picture marks the same ones
      const picture = buildPictures({ session: 's', events: [retrievalEvent(c.body)] }, []).retrieval[0];
      expect(picture.candidates.filter((x) => x.injected).map((x) => x.id)).toEqual(c.injected);
    });
  }

  it('keeps a candidate without a score as unknown (null), never 0, after the scored ones', () => {
    const list = injectedCandidates({ top_k: 5, candidates: [{ id: 'x' }, { id: 'a', score: 0.4 }] });
    expect(list.map((c) => [c.id, c.score])).toEqual([
      ['a', 0.4],
      ['x', null],
    ]);
  });
});
