/** The figures a report prints under a window-overflow evidence step: the prompt's size against its window. */
import type { EvidenceStep } from '../../findings/types.js';
import type { FindingOf, StepFigure } from '../views.js';
import type { Cause, Detail } from './types.js';

export function figures(_f: FindingOf<Cause, Detail>, step: EvidenceStep): StepFigure | null {
  const d = step.detail ?? {};
  if (typeof d.prompt_tokens !== 'number' || typeof d.context_limit !== 'number' || d.context_limit <= 0) return null;
  return { kind: 'prompt', tokens: d.prompt_tokens, limit: d.context_limit };
}
