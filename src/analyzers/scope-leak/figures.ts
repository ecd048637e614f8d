/** The figures a report prints under a scope-leak evidence step: whose the memory was, whose the search, and the filter between them. */
import type { EvidenceStep } from '../../findings/types.js';
import type { FindingOf, StepFigure } from '../views.js';
import type { Cause, Detail } from './types.js';

export function figures(f: FindingOf<Cause, Detail>, step: EvidenceStep): StepFigure | null {
  const d = f.detail;
  if (step.role !== 'retrieval' || !d?.dimension) return null;
  const dim = d.dimension;
  const mine = d.written?.scope?.[dim] ?? '?';
  const theirs = d.served?.scope?.[dim] ?? d.filter ?? '?';
  return { kind: 'text', text: `${dim}: memory of ${mine}, search for ${theirs}, filter ${d.filter ?? 'none'}` };
}
