import type { Finding, Severity } from '../findings/types.js';
import { keyEvidence, splitSource } from './key-evidence.js';

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** GitHub Actions workflow-command escaping (data: %, CR, LF; properties also : and ,). */
function escData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
function escProp(s: string): string {
  return escData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::error file=logs/a.jsonl,line=14,title=...::message` for each finding. */
export function githubAnnotations(findings: readonly Finding[]): string {
  return findings
    .map((f) => {
      const { file, line } = splitSource(keyEvidence(f)?.source ?? 'unknown:1');
      const title = `amnesia ${f.analyzer} (${f.cause})`;
      return `::${COMMAND[f.severity]} file=${escProp(file)},line=${line},title=${escProp(title)}::${escData(`${f.title} [${f.id}]\nFix: ${f.fix}`)}`;
    })
    .join('\n') + (findings.length ? '\n' : '');
}
