import fs from 'node:fs';
import { weakeningOf } from '../../config/index.js';
import { resolveInputs } from '../../ingest/inputs.js';
import type { AnalysisPlan } from '../../analysis/plan.js';
import { documentsRun, storeRun, type GatedRun } from '../../analysis/gated.js';
import { baselineOf, readBaseline, writeBaseline, type Baseline } from '../../ci/baseline.js';
import { writeReportFiles } from '../../ci/report-files.js';
import { reporter } from '../../report/reporters.js';
import { ciOutputs } from '../../report/ci-outputs.js';
import { palette } from '../../report/colors.js';
import { colorEnabled, type Io } from '../io.js';
import { write, writeAll } from '../../util/streams.js';
import { EXIT } from '../ctx.js';
import { comparedOrThrow, readBaselineFile, shownComparison } from '../../lab/behaviour/file.js';
import { compareBaseline, type BehaviourComparison } from '../../lab/behaviour/baseline.js';
import { storeAnswers } from '../../lab/behaviour/collect.js';
import { ingestThenAnalyze } from '../../analysis/ingest-analyze.js';
import { commandPlan } from '../../analysis/flags.js';
import { UsageError } from '../../errors.js';
import { mergedDocument, readManifest } from '../../findings/documents.js';

export const DEFAULT_BASELINE = 'amnesia-baseline.json';

export interface CiFlags {
  db?: string;
  baseline?: string;
  updateBaseline?: boolean;
  failOn?: string;
  junit?: string;
  sarif?: string;
  markdown?: string;
  format?: string;
  /** a file, or false for --no-config */
  config?: string | false;
  /** accept a config that switches analyzers off or lowers severities below --fail-on */
  trustConfig?: boolean;
  /** inputs the user accepts not being read (paths or globs) */
  ignoreUnread?: string[];
  analyzer?: string[];
  inputFormat?: string;
  maxLineBytes?: number;
  progress?: boolean;
  redact?: boolean;
  /** --judge <url> */
  judge?: string;
  minConfidence?: string;
  /** a behaviour baseline (amnesia baseline record) the answers are compared with */
  baselineBehaviour?: string;
  /** gate on these findings documents instead of reading logs */
  findings?: string[];
  /** with findings: amnesia shard's manifest */
  manifest?: string;
}

/** `amnesia ci`: ingest + analyze (or read findings documents), compare with the baseline, write the reports, exit 0 / 1 / 2. */
export async function ciAction(paths: string[], flags: CiFlags, io: Io): Promise<number> {
  reporter('ci', flags.format);
  if (flags.findings && paths.length) throw new UsageError('ci: give logs to read, or --findings documents to gate on, not both');
  if (!flags.findings && !paths.length) throw new UsageError('ci: give logs to read (files, folders, or -), or --findings <files...>');
  if (flags.manifest && !flags.findings) throw new UsageError('--manifest goes with --findings');
  if (flags.findings && (flags.baselineBehaviour || flags.db))
    throw new UsageError(`--findings gates on documents already made: ${flags.db ? '--db' : '--baseline-behaviour'} needs the logs`);
  // the gate: --fail-on, else the config's fail_on, else error; it gates only the findings the plan shows
  const flagged = commandPlan(flags);
  const plan: AnalysisPlan = { ...flagged, failOn: flagged.failOn ?? flagged.config.fail_on ?? 'error' };
  const config = plan.config;
  const weakening = config.source && !flags.trustConfig ? weakeningOf(config, plan.failOn!) : [];
  // a config's judge URL would send the logs' words wherever the change under test points it
  if (config.source && !flags.trustConfig && config.judge?.url !== undefined && flags.judge === undefined)
    weakening.push(`judge.url sends the logs' words to ${config.judge.url}`);
  if (weakening.length) {
    throw new UsageError(
      `${config.source!.path} weakens the gate (${weakening.join('; ')}): pass --trust-config to accept it, or --no-config to run without it`,
    );
  }
  const baselineFile = flags.baseline ?? DEFAULT_BASELINE;
  let baseline: Baseline | null = null;
  if (!flags.updateBaseline) {
    if (flags.baseline || fs.existsSync(baselineFile)) baseline = readBaseline(baselineFile);
    else io.err.write(`no baseline (${DEFAULT_BASELINE}): every finding counts as new; accept the current ones with --update-baseline\n`);
  }
  const ignoreUnread = flags.ignoreUnread ?? [];
  let run: GatedRun;
  let behaviour: BehaviourComparison | undefined;
  if (flags.findings) {
    // findings documents made elsewhere (shards' triage), merged here
    const manifest = flags.manifest !== undefined ? readManifest(flags.manifest) : undefined;
    const doc = mergedDocument(flags.findings, flags.manifest);
    run = documentsRun(plan, doc, manifest, ignoreUnread);
    if (!flags.updateBaseline)
      io.err.write(`read ${flags.findings.length} findings document(s): ${doc.summary.sessions} session(s), ${doc.findings.length} finding(s)\n`);
  } else {
    const behaviourBaseline = flags.baselineBehaviour ? readBaselineFile(flags.baselineBehaviour) : undefined;
    const inputs = await resolveInputs(paths, flags.inputFormat);
    const prepared = await ingestThenAnalyze('ci', inputs, flags, plan, io);
    try {
      run = storeRun(prepared, plan, ignoreUnread);
      if (run.ignored) io.err.write(`${run.ignored} finding(s) ignored by the config's ignore rules\n`);
      if (behaviourBaseline && !flags.updateBaseline) {
        const compared = comparedOrThrow(compareBaseline(behaviourBaseline, storeAnswers(prepared.db)), flags.baselineBehaviour!);
        behaviour = shownComparison(compared, plan.redact);
      }
    } finally {
      await prepared.close();
    }
  }
  if (flags.updateBaseline) {
    const b = baselineOf(run.findings);
    writeBaseline(baselineFile, b);
    await write(io.out, `baseline written to ${baselineFile}: ${b.findings.length} accepted finding(s)\n`);
    return EXIT.ok;
  }
  const out = ciOutputs(run, {
    format: flags.format,
    baseline,
    failOn: plan.failOn!,
    redact: plan.redact,
    config,
    behaviour,
    behaviourFile: flags.baselineBehaviour,
    githubActions: io.env.GITHUB_ACTIONS === 'true',
    color: palette(colorEnabled(io.out, io.env)),
  });
  writeReportFiles(flags, out.render, io.env);
  if (out.annotations !== null) await write(io.out, out.annotations);
  await writeAll(io.out, out.report);
  for (const line of out.notes) io.err.write(`${line}\n`);
  return out.failed ? EXIT.findings : EXIT.ok;
}
