import fs from 'node:fs';
import { InputError } from '../errors.js';
import type { Finding, Severity } from '../findings/types.js';

export const BASELINE_SCHEMA = 'amnesia.baseline/v1';

/** What the baseline remembers of an accepted finding: its stable id, and enough to read it. */
export interface BaselineEntry {
  id: string;
  analyzer: string;
  severity: Severity;
  session: string;
  cause: string;
  title: string;
}

export interface Baseline {
  schema: typeof BASELINE_SCHEMA;
  findings: BaselineEntry[];
}

export function baselineOf(findings: readonly Finding[]): Baseline {
  const entries = findings
    .map((f) => ({ id: f.id, analyzer: f.analyzer, severity: f.severity, session: f.session, cause: f.cause, title: f.title }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const unique = entries.filter((e, i) => i === 0 || entries[i - 1].id !== e.id);
  return { schema: BASELINE_SCHEMA, findings: unique };
}

/** Written sorted and pretty, so a baseline change reads well in a code review. */
export function writeBaseline(file: string, baseline: Baseline): void {
  fs.writeFileSync(file, JSON.stringify(baseline, null, 2) + '\n');
}

export function readBaseline(file: string): Baseline {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(
      `${file}: ${code === 'ENOENT' ? 'no such baseline file (create it with --update-baseline)' : `not a readable baseline (${(err as Error).message})`}`,
    );
  }
  const v = value as Partial<Baseline>;
  if (v?.schema !== BASELINE_SCHEMA || !Array.isArray(v.findings) || v.findings.some((f) => typeof f?.id !== 'string')) {
    throw new InputError(`${file}: not an ${BASELINE_SCHEMA} file`);
  }
  return v as Baseline;
}
