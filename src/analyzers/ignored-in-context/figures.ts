/** The figures a report prints under an ignored-in-context evidence step: where the constraint sat in the final prompt. */
import type { EvidenceStep } from '../../findings/types.js';
import type { FindingOf, StepFigure } from '../views.js';
import type { Cause, Detail } from './types.js';

export function figures(_f: FindingOf<Cause, Detail>, step: EvidenceStep): StepFigure | null {
  const d = step.detail ?? {};
  if (step.role !== 'context' || typeof d.position !== 'number' || typeof d.tokens_after !== 'number' || typeof d.tokens_total !== 'number') return null;
  const share = d.tokens_total > 0 ? Math.round((d.tokens_after / d.tokens_total) * 100) : 0;
  return {
    kind: 'text',
    text: `in the prompt at message ${d.position} of ${String(d.messages)}; ${d.tokens_after.toLocaleString('en-US')} tokens (${share}% of the prompt) after it`,
  };
}
