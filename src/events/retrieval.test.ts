import { describe, expect, it } from 'vitest';
import { memoryOf, parentOf, readSelection } from './retrieval.js';

const known = (id: string) => ['m-12', 'mem_7'].includes(id);

describe('retrieval selection', () => {
  it('maps chunk ids and metadata to their memory, only when the memory is known', () => {
    for (const id of ['m-12#0', 'm-12:chunk-3', 'm-12::2', 'm-12/chunk_1', 'm-12_chunk2', 'm-12-chunk-3', 'm-12:3'])
      expect(parentOf(id, undefined, known), id).toBe('m-12');
    expect(parentOf('doc-9#0', undefined, known)).toBeUndefined();
    expect(parentOf('m-12', undefined, known)).toBeUndefined();
    expect(parentOf('x1', { parent_id: 'mem_7' }, known)).toBe('mem_7');
  });
  it('injects by default the first top_k over the threshold that pass a relative cut-off', () => {
    const s = readSelection({
      top_k: 3,
      threshold: 0.5,
      relative_threshold: 0.8,
      candidates: [
        { id: 'a', score: 0.9 },
        { id: 'b', score: 0.7 },
        { id: 'c', score: 0.8 },
        { id: 'd', score: 0.3 },
      ],
    });
    expect(s.final.cands.map((c) => c.id)).toEqual(['a', 'c', 'b', 'd']);
    expect([...s.injected]).toEqual(['a', 'c']);
    expect(s.given).toBeNull();
  });
  it('reads an injected list, injected flags, and a list naming the memory of a chunk', () => {
    expect([
      ...readSelection({
        candidates: [
          { id: 'a', score: 1 },
          { id: 'b', score: 0.5 },
        ],
        injected: ['b'],
      }).injected,
    ]).toEqual(['b']);
    expect([
      ...readSelection({
        candidates: [
          { id: 'a', score: 1, injected: false },
          { id: 'b', score: 0.5, injected: true },
        ],
      }).injected,
    ]).toEqual(['b']);
    const s = readSelection({ candidates: [{ id: 'm-12#0', score: 1 }], injected: ['m-12'] }, known);
    expect([...s.injected]).toEqual(['m-12#0']);
    expect(memoryOf(s.final.cands[0])).toBe('m-12');
  });
  it('orders the final stage by the rerank, with top_k applied to it', () => {
    const s = readSelection({
      top_k: 1,
      candidates: [
        { id: 'a', score: 0.9, text: 'A' },
        { id: 'b', score: 0.5 },
      ],
      rerank: {
        model: 'r1',
        candidates: [
          { id: 'b', score: 0.99 },
          { id: 'a', score: 0.1 },
        ],
      },
    });
    expect(s.stages.map((x) => x.name)).toEqual(['retrieval', 'r1']);
    expect([...s.injected]).toEqual(['b']);
    expect(s.final.cands[1].text).toBe('A');
    const inline = readSelection({
      top_k: 1,
      candidates: [
        { id: 'a', score: 0.9, rerank_score: 0.2 },
        { id: 'b', score: 0.5, rerank_score: 0.8 },
      ],
    });
    expect([...inline.injected]).toEqual(['b']);
  });
  it('reads relative cut-offs in their several spellings', () => {
    expect(readSelection({ candidates: [], max_score_gap: 0.1 }).relative).toEqual({ gap: 0.1 });
    expect(readSelection({ candidates: [], cutoff: { type: 'ratio', value: 0.7 } }).relative).toEqual({ ratio: 0.7 });
  });
});
