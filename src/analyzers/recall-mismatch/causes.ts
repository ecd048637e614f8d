import type { Confidence, DetailCandidate, Layer } from '../../findings/types.js';

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

/**
 * How sure a finding of each cause is at most; each finding says its own (./confidence.ts): a cut
 * is certain only when the engine's score, not only words, says the memory fits.
 */
export const CONFIDENCE: Record<Cause, Confidence> = {
  rank_beyond_top_k: 'certain',
  below_threshold: 'certain',
  relative_cutoff: 'certain',
  reranked_out: 'certain',
  not_injected: 'certain',
  chunk_dilution: 'certain',
  not_retrieved: 'likely',
};

/**
 * The layer that failed for each cause (FINDINGS.md `layer`): a cut of the search is retrieval's; a
 * memory the search handed over and the prompt left out is injection's; a chunk that diluted its
 * memory is the index's (how it was chunked). `not_retrieved` is retrieval's (a failed search, a wrong
 * filter or scope, ranked below) unless the memory was not in the index yet or at all (`index_lag`,
 * `not_indexed`: ./report.ts says so per finding).
 */
export const LAYERS: Record<Cause, Layer> = {
  rank_beyond_top_k: 'retrieval',
  below_threshold: 'retrieval',
  relative_cutoff: 'retrieval',
  reranked_out: 'retrieval',
  not_injected: 'injection',
  chunk_dilution: 'index',
  not_retrieved: 'retrieval',
};

/** A recall-mismatch finding's `detail`. */
export interface Detail {
  memory_id: string;
  memory_type: string | null;
  memory_session: string;
  committed_at: string;
  other_session: boolean;
  query: string;
  rewritten_query: string | null;
  top_k: number | null;
  threshold: number | null;
  lowest_injected_score: number | null;
  candidates: DetailCandidate[];
  missed: DetailCandidate;
  relevance: { bm25: number; overlap: number; shared_terms: string[]; by_score: boolean };
  stages?: { name: string; top_k: number | null; candidates: DetailCandidate[] }[];
  injected_given?: boolean;
  relative_cut?: unknown;
  chunk?: Record<string, unknown>;
  /** why it was not among the candidates, with that reason's figures (./report.ts NotRetrieved) */
  not_retrieved?: { reason: string };
}

export interface Relevance {
  bm25: number;
  shared: string[];
  overlap: number;
}
