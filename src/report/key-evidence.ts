import type { EvidenceStep, Finding } from '../findings/types.js';

/** The step where the failure shows (its time is the finding's), else the last step: where CI points. */
export function keyEvidence(f: Finding): EvidenceStep | undefined {
  return [...f.evidence].reverse().find((e) => e.ts === f.ts) ?? f.evidence[f.evidence.length - 1];
}

/** "path/to/file.jsonl:14" -> { file, line }; a database row "history.db#table:key" -> { file: "history.db", line: 1 } */
export function splitSource(source: string): { file: string; line: number } {
  const row = /^([^#]+)#[A-Za-z_][\w.]*:/.exec(source);
  if (row) return { file: row[1], line: 1 };
  const m = /^(.*):(\d+)$/.exec(source);
  return m ? { file: m[1], line: Number(m[2]) } : { file: source, line: 1 };
}
