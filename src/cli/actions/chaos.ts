import { UsageError } from '../../errors.js';
import { FAULT_ANALYZER, generateChaos } from '../../lab/index.js';
import { colorEnabled, type Io } from '../io.js';
import { writeAll } from '../../util/streams.js';
import { reporter } from '../../report/reporters.js';
import { palette } from '../../report/colors.js';
import { EXIT } from '../ctx.js';

export interface ChaosFlags {
  out: string;
  seed?: number;
  sessions?: number;
  faultFree?: string;
  format?: string;
}

/** `amnesia chaos`: write a corpus of logs with known, injected faults and its labels. */
export async function chaosAction(flags: ChaosFlags, io: Io): Promise<number> {
  const report = reporter('chaos', flags.format);
  const share = Number(flags.faultFree ?? '0.25');
  if (!Number.isFinite(share) || share < 0 || share > 1) throw new UsageError(`--fault-free: "${flags.faultFree}" is not a number between 0 and 1`);
  const m = generateChaos({ out: flags.out, seed: flags.seed ?? 1, sessions: flags.sessions ?? 50, faultFree: share });
  await writeAll(io.out, report({ manifest: m, out: flags.out, analyzerOf: FAULT_ANALYZER }, palette(colorEnabled(io.out, io.env))));
  return EXIT.ok;
}
