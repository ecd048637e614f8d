import type { Finding, Severity } from '../findings/types.js';
import { keyEvidence, splitSource } from './key-evidence.js';
import { inert } from '../util/sanitize.js';

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** GitHub Actions workflow-command escaping (data: %, CR, LF; properties also : and ,). */
function escData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Log text inside an annotation: inert first (no controls, no `::`), then the command escaping. */
function logText(s: string): string {
  return inert(s);
}
function escProp(s: string): string {
  return escData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::error file=logs/a.jsonl,line=14,title=...::message` for each finding. */
export function githubAnnotations(findings: readonly Finding[]): string {
  return (
    findings
      .map((f) => {
        const { file, line } = splitSource(keyEvidence(f)?.source ?? 'unknown:1');
        const title = `amnesia ${f.analyzer} (${f.cause})`;
        return `::${COMMAND[f.severity]} file=${escProp(logText(file))},line=${line},title=${escProp(title)}::${escData(`${logText(f.title)} [${f.id}]\nFix: ${logText(f.fix)}`)}`;
      })
      .join('\n') + (findings.length ? '\n' : '')
  );
}
