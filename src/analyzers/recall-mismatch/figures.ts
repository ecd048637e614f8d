/** The figures a report prints under a recall-mismatch evidence step: the retrieval's ranking, with the missed memory marked. */
import type { DetailCandidate, EvidenceStep } from '../../findings/types.js';
import type { FindingOf, StepFigure } from '../views.js';
import type { Cause, Detail } from './causes.js';

export function figures(f: FindingOf<Cause, Detail>, step: EvidenceStep): StepFigure | null {
  const d = step.detail ?? {};
  if (!Array.isArray(d.candidates) || d.candidates.length === 0) return null;
  const missed = f.detail?.missed?.id ?? f.detail?.memory_id ?? null;
  return {
    kind: 'ranking',
    candidates: d.candidates as DetailCandidate[],
    topK: typeof d.top_k === 'number' ? d.top_k : null,
    threshold: typeof d.threshold === 'number' ? d.threshold : null,
    missed: missed === null ? null : String(missed),
  };
}
