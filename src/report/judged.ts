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
