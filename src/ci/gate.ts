import { severityRank, type Finding, type Severity } from '../findings/types.js';
import type { Baseline, BaselineEntry } from './baseline.js';

export interface GateResult {
  verdict: 'pass' | 'fail';
  fail_on: Severity;
  /** not in the baseline */
  new: Finding[];
  /** in the baseline and still there */
  known: Finding[];
  /** in the baseline, gone now */
  fixed: BaselineEntry[];
  /** the new findings at or above fail_on: the reason for a fail */
  failing: Finding[];
}

/** The CI verdict: fail when a finding that is not in the baseline is at or above the fail level. */
export function gate(findings: readonly Finding[], baseline: Baseline | null, failOn: Severity): GateResult {
  const accepted = new Map((baseline?.findings ?? []).map((b) => [b.id, b]));
  const current = new Set(findings.map((f) => f.id));
  const fresh = findings.filter((f) => !accepted.has(f.id));
  const known = findings.filter((f) => accepted.has(f.id));
  const fixed = [...accepted.values()].filter((b) => !current.has(b.id));
  const failing = fresh.filter((f) => severityRank(f.severity) >= severityRank(failOn));
  return { verdict: failing.length ? 'fail' : 'pass', fail_on: failOn, new: fresh, known, fixed, failing };
}
