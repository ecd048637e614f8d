/** The figures a report prints under a stale-memory evidence step: where the superseded memory ranked beside its replacement. */
import type { EvidenceStep } from '../../findings/types.js';
import type { FindingOf, StepFigure } from '../views.js';
import type { Cause, Detail } from './types.js';

export function figures(f: FindingOf<Cause, Detail>, step: EvidenceStep): StepFigure | null {
  const d = step.detail ?? {};
  if (step.role !== 'retrieval' || typeof d.rank !== 'number') return null;
  const rep =
    typeof d.replacement_rank === 'number'
      ? `its replacement ${String(f.detail?.replacement?.memory_id ?? '')} at rank ${d.replacement_rank}`
      : 'its replacement not among the candidates';
  return { kind: 'text', text: `the superseded memory injected at rank ${d.rank}; ${rep}` };
}
