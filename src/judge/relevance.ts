/**
 * Relevance of a memory the search did not return: recall-mismatch reports such a memory
 * (`not_retrieved`, reason `unknown`, confidence `possible`) when its words fit the query better
 * than every result; whether it answers the query or only shares its words, the rules cannot tell
 * (its README's Limits; on the labelled Mem0 run most such findings were about memories the answer
 * did not need). The model is shown the query and the memory's text, nothing else.
 */
import type { Finding } from '../findings/types.js';
import type { Question } from './question.js';

export interface RelevanceInputs extends Record<string, string> {
  query: string;
  memory: string;
}

export const RELEVANCE: Question<RelevanceInputs> = {
  id: 'memory-relevance',
  version: '1',
  verdicts: ['relevant', 'not_relevant'],
  // a relevant memory the search missed is the finding; one that only shares words is not, but the rules' guess stays shown
  effect: { relevant: 'raise', not_relevant: 'keep' },
  system: [
    "You check the retrieval of an AI assistant's memory system.",
    'You are given a search query and one stored memory that the search did not return.',
    'Decide whether the memory holds information that helps answer the query: "relevant" if it does,',
    '"not_relevant" if it only shares words with the query or is about something or someone else.',
    'Answer with a JSON object only: {"verdict": "relevant" | "not_relevant", "reason": "<one short sentence>"}.',
  ].join(' '),
  inputs: relevanceInputs,
  step: relevanceStep,
};

/**
 * The question's inputs when a finding rests on the step the rules leave open (recall-mismatch,
 * `not_retrieved` with reason `unknown`): the query and the text of the memory's write step. Null for
 * every other finding: the judge is not asked about what the rules settled.
 */
export function relevanceInputs(f: Finding): RelevanceInputs | null {
  if (f.analyzer !== 'recall-mismatch' || f.cause !== 'not_retrieved') return null;
  const reason = (f.detail?.not_retrieved as { reason?: unknown } | undefined)?.reason;
  if (reason !== 'unknown') return null;
  const query = f.detail?.query;
  const write = f.evidence.find((s) => s.role === 'write' && s.text.trim() !== '');
  if (typeof query !== 'string' || query.trim() === '' || !write) return null;
  return { query, memory: write.text };
}

/** The evidence step a relevance verdict is shown on: the retrieval that did not return the memory. */
export function relevanceStep(f: Finding): number | null {
  return f.evidence.find((s) => s.role === 'retrieval')?.step ?? null;
}
