import fs from 'node:fs';
import { InputError, UsageError } from '../../errors.js';
import { selectAnalyzers } from '../../analyzers/select.js';
import { palette } from '../../report/colors.js';
import { inert } from '../../report/sanitize.js';
import { evaluateLogs, readLabels, type EvalReport } from '../../lab/index.js';
import { colorEnabled, write, type Io } from '../io.js';
import { outputFormat } from '../options.js';
import type { ChalkInstance } from 'chalk';

export interface EvalFlags {
  labels: string;
  analyzer?: string[];
  format?: string;
  failUnder?: string;
}

const score = (x: number | null) => (x === null ? '    -' : x.toFixed(3));

export function evalText(r: EvalReport, c: ChalkInstance): string {
  const out = [
    `${'analyzer'.padEnd(22)}${'labels'.padStart(7)}${'findings'.padStart(9)}${'TP'.padStart(5)}${'FP'.padStart(5)}${'FN'.padStart(5)}  precision  recall`,
  ];
  for (const a of r.analyzers) {
    const ok = (a.precision ?? 1) === 1 && (a.recall ?? 1) === 1;
    out.push(
      `${a.analyzer.padEnd(22)}${String(a.labels).padStart(7)}${String(a.findings).padStart(9)}${String(a.true_positives).padStart(5)}${String(a.false_positives).padStart(5)}${String(a.false_negatives).padStart(5)}  ${(ok ? c.green : c.yellow)(score(a.precision).padStart(9))}  ${(ok ? c.green : c.yellow)(score(a.recall).padStart(6))}`,
    );
  }
  out.push(`sessions: ${r.sessions}; labelled clean: ${r.clean.sessions}, of which flagged: ${r.clean.flagged.length}${r.clean.flagged.length ? ` (${r.clean.flagged.slice(0, 5).map(inert).join(', ')}${r.clean.flagged.length > 5 ? ', …' : ''})` : ''}`);
  for (const m of r.missed.slice(0, 20)) out.push(c.yellow(`missed: ${m.analyzer} ${inert(m.session)} turn ${m.turn ?? '?'}${m.fault ? ` (${inert(String(m.fault))})` : ''}`));
  for (const f of r.false_positives.slice(0, 20)) out.push(c.yellow(`false positive: ${f.analyzer} ${inert(f.session)} turn ${f.turn ?? '?'} ${f.cause}: ${inert(f.title)}`));
  for (const x of r.not_evaluated) out.push(c.dim(`not evaluated: ${x.analyzer} (${x.labels} labels; not among the analyzers that ran)`));
  return out.join('\n') + '\n';
}

/** `amnesia eval`: precision and recall of the analyzers against labelled logs. */
export async function evalAction(logs: string[], flags: EvalFlags, io: Io): Promise<number> {
  const format = outputFormat(flags.format);
  const analyzers = selectAnalyzers(flags.analyzer);
  let failUnder: number | undefined;
  if (flags.failUnder !== undefined) {
    failUnder = Number(flags.failUnder);
    if (!Number.isFinite(failUnder) || failUnder < 0 || failUnder > 1) throw new UsageError(`--fail-under: "${flags.failUnder}" is not a number between 0 and 1`);
  }
  if (!fs.existsSync(flags.labels)) throw new InputError(`${flags.labels}: no such file`);
  let labels;
  try {
    labels = readLabels(flags.labels);
  } catch (err) {
    throw new InputError((err as Error).message);
  }
  const { report } = await evaluateLogs(logs, labels, analyzers);
  await write(io.out, format === 'json' ? JSON.stringify(report, null, 2) + '\n' : evalText(report, palette(colorEnabled(io.out, io.env))));
  if (failUnder !== undefined && report.analyzers.some((a) => (a.precision ?? 1) < failUnder! || (a.recall ?? 1) < failUnder!)) return 1;
  return 0;
}
