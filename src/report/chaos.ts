import type { ChaosManifest } from '../lab/chaos/types.js';
import { inertJson } from '../util/sanitize.js';

export type { ChaosManifest };

/** `amnesia chaos`: what was written, faults by kind and the analyzer each must be caught by. */
export function chaosText(m: ChaosManifest, out: string, analyzerOf: Readonly<Record<string, string>>): string {
  const lines = [
    `Wrote ${m.sessions} sessions (seed ${m.seed}; ${m.by_lang.en} English, ${m.by_lang.zh} Chinese) to ${out}/${m.logs}, labels in ${out}/${m.labels}`,
    ...Object.entries(m.by_fault)
      .sort()
      .map(([f, k]) => `  ${f.padEnd(24)} ${String(k).padStart(4)}  ${f === 'none' ? '(fault-free: must stay clean)' : `-> ${analyzerOf[f]}`}`),
    `${m.label_count} labelled faults. Score the analyzers: amnesia eval ${out}/${m.logs} --labels ${out}/${m.labels}`,
  ];
  return lines.join('\n') + '\n';
}

export function chaosJson(m: ChaosManifest): string {
  return inertJson(JSON.stringify(m, null, 2)) + '\n';
}
