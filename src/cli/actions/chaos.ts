import { UsageError } from '../../errors.js';
import { FAULT_ANALYZER, generateChaos } from '../../lab/index.js';
import { write, type Io } from '../io.js';
import { outputFormat } from '../options.js';

export interface ChaosFlags {
  out: string;
  seed?: number;
  sessions?: number;
  faultFree?: string;
  format?: string;
}

/** `amnesia chaos`: write a corpus of logs with known, injected faults and its labels. */
export async function chaosAction(flags: ChaosFlags, io: Io): Promise<number> {
  const format = outputFormat(flags.format);
  const share = Number(flags.faultFree ?? '0.25');
  if (!Number.isFinite(share) || share < 0 || share > 1) throw new UsageError(`--fault-free: "${flags.faultFree}" is not a number between 0 and 1`);
  const m = generateChaos({ out: flags.out, seed: flags.seed ?? 1, sessions: flags.sessions ?? 50, faultFree: share });
  if (format === 'json') {
    await write(io.out, JSON.stringify(m, null, 2) + '\n');
    return 0;
  }
  const lines = [
    `Wrote ${m.sessions} sessions (seed ${m.seed}; ${m.by_lang.en} English, ${m.by_lang.zh} Chinese) to ${flags.out}/${m.logs}, labels in ${flags.out}/${m.labels}`,
    ...Object.entries(m.by_fault)
      .sort()
      .map(([f, k]) => `  ${f.padEnd(24)} ${String(k).padStart(4)}  ${f === 'none' ? '(fault-free: must stay clean)' : `-> ${FAULT_ANALYZER[f as keyof typeof FAULT_ANALYZER]}`}`),
    `${m.label_count} labelled faults. Score the analyzers: amnesia eval ${flags.out}/${m.logs} --labels ${flags.out}/${m.labels}`,
  ];
  await write(io.out, lines.join('\n') + '\n');
  return 0;
}
