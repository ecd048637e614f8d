import type { Finding, Judgement } from '../findings/types.js';
import { inert } from '../util/sanitize.js';

/** A model's verdict on a step (`--judge`, FINDINGS.md `judgement`), as every report words it; the model's words made inert. */
export function judgedLine(j: Judgement): string {
  return inert(`judged by ${j.by}: ${j.verdict}: ${j.reason}`);
}

/** The verdicts a finding rests on, one line each with its step ("step 2 judged by ..."), in chain order. */
export function judgedLines(f: Finding): string[] {
  return f.evidence.filter((e) => e.judgement).map((e) => `step ${e.step} ${judgedLine(e.judgement!)}`);
}

/**
 * A finding's confidence as every report words it: `likely`, or, when it rests on a model's
 * verdict, `likely (judged by tiny; rules alone: possible)`. Empty for a document without one.
 */
export function confidenceWords(f: Pick<Finding, 'confidence' | 'confidence_judged'>): string {
  if (!f.confidence) return '';
  const j = f.confidence_judged;
  return j ? inert(`${f.confidence} (judged by ${j.by}; rules alone: ${j.rules})`) : f.confidence;
}
