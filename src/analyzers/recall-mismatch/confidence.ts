/**
 * How sure a recall-mismatch finding is (the levels of issue 24 / FINDINGS.md's `confidence`):
 *
 * - `certain`: the log records both the cut and the relevance: the memory was a candidate, a
 *   rank, threshold, relative cut, rerank or injected list left it out, and the engine's own score
 *   put it within `score_gap` of what was injected.
 * - `likely`: the log records the mechanism, but that the memory fits the query is inferred from
 *   its words (a candidate cut by the log's rank or threshold whose relevance is lexical; a memory no
 *   candidate names with a stated reason: the search failed, a filter excluded it, the index lagged,
 *   the search returned fewer than top_k, or an earlier search of the store returned it so it is
 *   indexed and ranked below the cut).
 * - `possible`: no mechanism in the log: a memory no candidate names fits the query better, by its
 *   words, than the results the search returned (reason `unknown`). On a real Mem0 run most such
 *   findings are about memories the answer did not need (eval/README.md).
 */
import type { Confidence } from '../../findings/types.js';
import type { Cause } from './causes.js';

/** `reason`: a `not_retrieved` finding's `detail.not_retrieved.reason`. */
export function confidenceOf(cause: Cause, byScore: boolean, reason: string | undefined): Confidence {
  if (cause !== 'not_retrieved') return byScore ? 'certain' : 'likely';
  return (reason ?? 'unknown') === 'unknown' ? 'possible' : 'likely';
}
