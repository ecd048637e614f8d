import fs from 'node:fs';
import { InputError, UsageError } from '../../errors.js';
import { buildPlan } from '../../analysis/plan.js';
import { palette } from '../../report/colors.js';
import { evaluateLogs, readLabels } from '../../lab/index.js';
import { reporter } from '../../report/reporters.js';
import { EXIT } from '../ctx.js';
import { colorEnabled, type Io } from '../io.js';
import { writeAll } from '../../util/streams.js';

export interface EvalFlags {
  labels: string;
  analyzer?: string[];
  format?: string;
  failUnder?: string;
}

/** `amnesia eval`: precision and recall of the analyzers against labelled logs. */
export async function evalAction(logs: string[], flags: EvalFlags, io: Io): Promise<number> {
  const report = reporter('eval', flags.format);
  // labelled logs are scored without the user's config: every analyzer (or --analyzer) with its defaults
  const plan = buildPlan(undefined, { analyzer: flags.analyzer });
  let failUnder: number | undefined;
  if (flags.failUnder !== undefined) {
    failUnder = Number(flags.failUnder);
    if (!Number.isFinite(failUnder) || failUnder < 0 || failUnder > 1)
      throw new UsageError(`--fail-under: "${flags.failUnder}" is not a number between 0 and 1`);
  }
  if (!fs.existsSync(flags.labels)) throw new InputError(`${flags.labels}: no such file`);
  let labels;
  try {
    labels = readLabels(flags.labels);
  } catch (err) {
    throw new InputError((err as Error).message);
  }
  const { report: scores } = await evaluateLogs(logs, labels, plan, io);
  await writeAll(io.out, report(scores, palette(colorEnabled(io.out, io.env))));
  if (failUnder !== undefined && scores.analyzers.some((a) => (a.precision ?? 1) < failUnder! || (a.recall ?? 1) < failUnder!)) return EXIT.findings;
  return EXIT.ok;
}
