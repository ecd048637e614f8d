/** recall-mismatch's causes and the relevance it measures: shared by the analyzer (./index.ts) and its finding text (./report.ts). */
export const CAUSES = {
  rank_beyond_top_k: 'a relevant stored memory was a candidate but ranked below the top_k cut',
  below_threshold: 'a relevant stored memory was within top_k but its score was under the absolute threshold',
  relative_cutoff: 'a relevant stored memory was cut by a score relative to the best candidate (a ratio of it, or a gap below it)',
  reranked_out: 'a relevant stored memory made the cut of the first search, but a rerank stage moved it below the cut or dropped it',
  not_injected: 'a relevant stored memory passed every cut the log states, yet the injected list (or flag) leaves it out of the prompt',
  chunk_dilution: 'a relevant stored memory sits inside a long chunk whose other text diluted its score, and the chunk was cut',
  not_retrieved: 'a relevant committed memory was not among the candidates at all (index lag, a wrong filter or scope, a failed search)',
} as const;
export type Cause = keyof typeof CAUSES;

export interface Relevance {
  bm25: number;
  shared: string[];
  overlap: number;
}
