import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFiles, testAnalyzer } from '../../../test/analyzer-tester.js';
import { analyzer } from './index.js';

const here = import.meta.dirname;
const ltm = (f: string) => `fixtures/ltm/${f}`;

testAnalyzer(analyzer, here, {
  valid: [
    { name: "another user's memory, in another session, behind a correct scope filter", files: [ltm('cross-session-other-user-en.jsonl')] },
    { name: 'the memory injected as chunk m-12:chunk-0', files: [ltm('chunk-id-injected-en.jsonl')] },
    { name: 'a rerank stage that moved the memory into the cut (de)', files: [ltm('reranked-kept-de.jsonl')] },
    { name: 'an address replaced by a new memory id in the same slot', files: [ltm('superseded-by-slot-en.jsonl')] },
    { name: 'an address replaced by a new memory id of the same type and entity', files: [ltm('superseded-by-entity-en.jsonl')] },
    { name: 'a pinned preference reworded by a template reached the prompt', files: [ltm('reworded-pinned-en.jsonl')] },
    { name: '"a dog named Pepper" does not fit "pepper steak" by one shared word', files: [ltm('one-shared-word-en.jsonl')] },
    { name: 'Spanish stop words ("la", "de", "es") are not shared terms', files: [ltm('stop-words-only-es.jsonl')] },
    { name: 'a session running at the same time is not long-term memory', files: [ltm('concurrent-session-en.jsonl')] },
    { name: 'an address of an earlier session replaced by a newer "label: value" memory (de)', files: [ltm('superseded-by-label-de.jsonl')] },
  ],
  invalid: [
    {
      name: 'a memory committed in an earlier session of the same user, not retrieved',
      files: [ltm('cross-session-en.jsonl')],
      expected: [{ session: 'x-now', turn: 1, cause: 'not_retrieved' }],
    },
    {
      name: 'chunk m-12#0 of the memory ranked beyond top_k',
      files: [ltm('chunk-id-cut-en.jsonl')],
      expected: [{ session: 'c-1', turn: 2, cause: 'rank_beyond_top_k' }],
    },
    {
      name: 'a relative cut-off (0.8 x best) dropped the memory (es)',
      files: [ltm('relative-cutoff-es.jsonl')],
      expected: [{ session: 'r-es', turn: 3, cause: 'relative_cutoff' }],
    },
    {
      name: 'a reranker moved the memory from 1st to 4th with top_k=2 (de)',
      files: [ltm('reranked-out-de.jsonl')],
      expected: [{ session: 'rr-de', turn: 2, cause: 'reranked_out' }],
    },
    {
      name: 'within every cut but flagged injected: false (fr)',
      files: [ltm('not-injected-flag-fr.jsonl')],
      expected: [{ session: 'ni-fr', turn: 2, cause: 'not_injected' }],
    },
  ],
});

describe('recall-mismatch: long-term memory in detail', () => {
  const abs = (f: string) => path.resolve(here, ltm(f));
  it('says which session wrote the memory and when, pointing at its commit line', async () => {
    const [f] = await analyzeFiles([analyzer], [abs('cross-session-en.jsonl')]);
    expect(f.detail).toMatchObject({ memory_id: 'm-addr', memory_session: 'x-prev', committed_at: '2026-06-01T09:00:02.000Z', other_session: true });
    expect(f.title).toContain('written in session x-prev');
    const write = f.evidence.find((e) => e.role === 'write')!;
    expect(write.source).toMatch(/cross-session-en\.jsonl:3$/);
  });
  it("finds the earlier session's write when one log names the user as a number and the other as text", async () => {
    // the store is asked per session for the writes naming its users (an index on scope.user): 7 and "7" are one user
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-ltm-'));
    const file = path.join(dir, 'numeric-user.jsonl');
    const lines = fs.readFileSync(abs('cross-session-en.jsonl'), 'utf8').split('\n');
    fs.writeFileSync(file, lines.map((l) => (l.includes('"x-prev"') ? l.replaceAll('"u-ana"', '7') : l.replaceAll('"u-ana"', '"7"'))).join('\n'));
    const found = await analyzeFiles([analyzer], [file]);
    expect(found.map((f) => [f.session, f.cause])).toEqual([['x-now', 'not_retrieved']]);
    expect(found[0].detail).toMatchObject({ memory_id: 'm-addr', memory_session: 'x-prev' });
  });
  it("does not judge another session's memory when the store holds no scope and no candidate names it", async () => {
    const found = await analyzeFiles([analyzer], [abs('one-shared-word-en.jsonl'), abs('cross-session-en.jsonl')]);
    expect(found.map((f) => f.session)).toEqual(['x-now']);
  });
  it('puts the BM25 score and the shared terms in the evidence', async () => {
    const [f] = await analyzeFiles([analyzer], [abs('relative-cutoff-es.jsonl')]);
    const r = f.evidence.find((e) => e.role === 'retrieval')!;
    expect((r.detail.relevance as { bm25: number }).bm25).toBeGreaterThan(0);
    expect((r.detail.relevance as { shared_terms: string[] }).shared_terms).toEqual(['perro', 'pepper']);
    expect(f.detail!.relative_cut).toEqual({ by: 'ratio', best: 0.9, ratio: 0.8, gap: null });
  });
  it('lists both stages of a rerank with their scores', async () => {
    const [f] = await analyzeFiles([analyzer], [abs('reranked-out-de.jsonl')]);
    const stages = f.detail!.stages as { name: string; candidates: { id: string; score: number; rank: number }[] }[];
    expect(stages.map((s) => s.name)).toEqual(['retrieval', 'bge-reranker']);
    expect(stages[0].candidates[0]).toMatchObject({ id: 'm-diaet', score: 0.88, rank: 1 });
    expect(stages[1].candidates.find((c) => c.id === 'm-diaet')).toMatchObject({ score: 0.2, rank: 4 });
  });
  it('reports at most max_not_retrieved memories that were no candidate, the best BM25 matches', async () => {
    const found = await analyzeFiles([analyzer], [abs('many-not-retrieved-en.jsonl')]);
    expect(found.map((f) => f.cause)).toEqual(['not_retrieved', 'not_retrieved', 'not_retrieved']);
    const more = await analyzeFiles([analyzer], [abs('many-not-retrieved-en.jsonl')], { 'recall-mismatch': { max_not_retrieved: 10 } });
    expect(more).toHaveLength(5);
  });
  it("cross_session false judges only the session's own memories", async () => {
    const found = await analyzeFiles([analyzer], [abs('cross-session-en.jsonl')], { 'recall-mismatch': { cross_session: false } });
    expect(found).toEqual([]);
  });
});
