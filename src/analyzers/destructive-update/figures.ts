/** The figures a report prints under a destructive-update evidence step: what the update lost. */
import type { EvidenceStep } from '../../findings/types.js';
import type { FindingOf, StepFigure } from '../views.js';
import type { Cause, Detail, LostFact } from './types.js';

export function figures(_f: FindingOf<Cause, Detail>, step: EvidenceStep): StepFigure | null {
  const d = step.detail ?? {};
  const lost = Array.isArray(d.lost) ? (d.lost as LostFact[]) : null;
  if (step.role !== 'write' || lost === null) return null;
  const parts = lost.map((f) => `${f.kind} "${f.text}"`);
  if (d.negation_lost === true) parts.push('the negation');
  return parts.length ? { kind: 'text', text: `lost in the update: ${parts.join(', ')}` } : null;
}
