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
  /** inputs given but not read, or read only partly: each fails the gate unless the user named it (--ignore-unread) */
  unread: UnreadInput[];
  /** the config file that shaped the findings, named in every report; null when none was read */
  config: ConfigUsed | null;
}

/** An input `ci` did not read (whole or in part), and whether the user accepted that. */
export interface UnreadInput {
  path: string;
  reason: string;
  ignored: boolean;
}

/** A config file as reports name it: its path and the sha256 of its bytes. */
export interface ConfigUsed {
  path: string;
  sha256: string;
}

/**
 * The CI verdict: fail when a finding that is not in the baseline is at or above the fail level, or
 * when an input was not read (whole or in part) and the user did not name it in the ignore list:
 * a log that could not be read must not pass as a log without findings.
 */
export function gate(
  findings: readonly Finding[],
  baseline: Baseline | null,
  failOn: Severity,
  inputs: { unread?: UnreadInput[]; config?: ConfigUsed | null } = {},
): GateResult {
  const accepted = new Map((baseline?.findings ?? []).map((b) => [b.id, b]));
  const current = new Set(findings.map((f) => f.id));
  const fresh = findings.filter((f) => !accepted.has(f.id));
  const known = findings.filter((f) => accepted.has(f.id));
  const fixed = [...accepted.values()].filter((b) => !current.has(b.id));
  const failing = fresh.filter((f) => severityRank(f.severity) >= severityRank(failOn));
  const unread = inputs.unread ?? [];
  const blocking = unread.some((u) => !u.ignored);
  return { verdict: failing.length || blocking ? 'fail' : 'pass', fail_on: failOn, new: fresh, known, fixed, failing, unread, config: inputs.config ?? null };
}
