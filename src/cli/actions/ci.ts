import fs from 'node:fs';
import { weakeningOf, type Config } from '../../config/index.js';
import type { UnreadInput } from '../../ci/gate.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { analyze } from '../../analysis/run.js';
import { showFinding, type AnalysisPlan } from '../../analysis/plan.js';
import { analyzerReadme } from '../../analyzers/docs.js';
import { SessionReader } from '../../store/session.js';
import { baselineOf, readBaseline, writeBaseline, type Baseline } from '../../ci/baseline.js';
import { gate } from '../../ci/gate.js';
import { verdictLine } from '../../report/ci.js';
import { reporter, type CiDocument } from '../../report/reporters.js';
import { githubAnnotations } from '../../report/annotations.js';
import { palette } from '../../report/colors.js';
import { VERSION } from '../../version.js';
import { colorEnabled, write, writeAll, writeReportFiles, type Io } from '../io.js';
import { EXIT } from '../ctx.js';
import { comparedOrThrow, readBaselineFile, shownComparison } from '../../lab/behaviour/file.js';
import { compareBaseline } from '../../lab/behaviour/baseline.js';
import { storeAnswers } from '../../lab/behaviour/collect.js';
import { presentRow, presentSessionId } from '../../findings/present.js';
import { ingestThenAnalyze, type PreparedStore } from '../ingest-analyze.js';
import { commandPlan } from '../../analysis/flags.js';
import type { Finding, FindingsSummary, Severity } from '../../findings/types.js';
import type { Analyzer } from '../../analyzers/define.js';
import type { BehaviourComparison } from '../../lab/behaviour/baseline.js';
import { UsageError } from '../../errors.js';
import { mergedDocument, readManifest } from '../documents.js';
import { unreadInputs, withIgnored } from '../../ci/unread.js';

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
  minConfidence?: string;
  /** a behaviour baseline (amnesia baseline record) the answers are compared with */
  baselineBehaviour?: string;
  /** gate on these findings documents instead of reading logs */
  findings?: string[];
  /** with findings: amnesia shard's manifest */
  manifest?: string;
}

/** What a run gives the gate: findings as shown, and what the reports say about the run. */
interface GatedRun {
  findings: Finding[];
  summary: FindingsSummary;
  ignored: number;
  analyzers: readonly Analyzer[];
  sessions: readonly string[];
  behaviour?: BehaviourComparison;
  /** inputs given and not read (for --findings, what the shard manifest says `amnesia shard` did not read) */
  unread?: UnreadInput[];
}

/** Compare with the baseline, write every report, say the verdict: the same for a store and for --findings. */
async function gateAndReport(
  run: GatedRun,
  how: { flags: CiFlags; baseline: Baseline | null; failOn: Severity; redact: boolean; config: Config },
  io: Io,
): Promise<number> {
  const { flags, baseline, failOn, redact } = how;
  const report = reporter('ci', flags.format);
  const g = gate(run.findings, baseline, failOn, { unread: run.unread, config: how.config.source ?? null });
  const behaviour = run.behaviour;
  // a baseline written without --redact is shown hashed (its titles' words were never marked: hashed whole)
  const shownGate = { ...g, fixed: g.fixed.map((b) => presentRow(b, redact, false)) };
  const doc: CiDocument = {
    gate: shownGate,
    summary: run.summary,
    ignored: run.ignored,
    analyzers: run.analyzers.map((a) => a.meta.id),
    sessions: run.sessions,
    rules: run.analyzers.map((a) => ({ analyzer: a, readme: analyzerReadme(a.meta.id) })),
    version: VERSION,
    behaviour,
  };
  const c = palette(colorEnabled(io.out, io.env));
  writeReportFiles(flags, (format) => [...reporter('ci', format)(doc, c)].join(''), io.env);
  if (io.env.GITHUB_ACTIONS === 'true') await write(io.out, githubAnnotations(g.new));
  await writeAll(io.out, report(doc, c));
  // the verdict goes to stderr when stdout is a document
  if ((flags.format ?? 'text') !== 'text') io.err.write(verdictLine(g) + '\n');
  if (behaviour?.shifted)
    io.err.write(`behaviour shifted against ${flags.baselineBehaviour}: ${behaviour.tests.filter((t) => t.shifted).length} feature test(s)\n`);
  return g.verdict === 'fail' || behaviour?.shifted ? EXIT.findings : EXIT.ok;
}

/**
 * `amnesia ci --findings`: gate on findings documents made elsewhere (shards' triage, merged here):
 * the same baseline, reports and exit codes as a run over the logs. The config's severities and
 * ignore rules and --redact apply as they do to a run's findings.
 */
async function ciOnDocuments(flags: CiFlags, how: { baseline: Baseline | null; plan: AnalysisPlan }, io: Io): Promise<number> {
  const { plan } = how;
  const manifest = flags.manifest !== undefined ? readManifest(flags.manifest) : undefined;
  const doc = mergedDocument(flags.findings!, flags.manifest);
  const findings: Finding[] = [];
  let ignored = 0;
  // shown (and gated) as a run's findings are: the plan's analyzers, config, --min-confidence, --redact
  for (const f of doc.findings) {
    const p = showFinding(plan, f, () => ignored++);
    if (p) findings.push(p);
  }
  const ids = new Set([...Object.keys(doc.summary.by_analyzer), ...findings.map((f) => f.analyzer)]);
  const analyzers = plan.analyzers.filter((a) => ids.has(a.meta.id));
  // the documents name only the sessions with findings: the others passed, unnamed
  const sessions = [...new Set(findings.map((f) => f.session))].sort();
  io.err.write(`read ${flags.findings!.length} findings document(s): ${doc.summary.sessions} session(s), ${doc.findings.length} finding(s)\n`);
  // what `amnesia shard` could not read fails this gate as it fails `ci <logs>`
  const unread = manifest ? withIgnored(manifest.unread ?? [], flags.ignoreUnread ?? []) : undefined;
  return gateAndReport(
    { findings, summary: doc.summary, ignored, analyzers, sessions, unread },
    { flags, baseline: how.baseline, failOn: plan.failOn ?? 'error', redact: plan.redact, config: plan.config },
    io,
  );
}

/** `amnesia ci`: ingest + analyze, compare with the baseline, write the reports, exit 0 / 1 / 2. */
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
  if (flags.findings) {
    if (flags.updateBaseline) {
      const b = baselineOf(
        mergedDocument(flags.findings, flags.manifest)
          .findings.map((f) => showFinding(plan, f))
          .filter((f) => f !== null),
      );
      writeBaseline(baselineFile, b);
      await write(io.out, `baseline written to ${baselineFile}: ${b.findings.length} accepted finding(s)\n`);
      return EXIT.ok;
    }
    return ciOnDocuments(flags, { baseline, plan }, io);
  }
  const behaviourBaseline = flags.baselineBehaviour ? readBaselineFile(flags.baselineBehaviour) : undefined;
  const inputs = await resolveInputs(paths, flags.inputFormat);
  const run = await ingestThenAnalyze('ci', inputs, flags, plan, io);
  try {
    return await ciReport(run, { plan, flags, io, baseline, baselineFile, behaviourBaseline });
  } finally {
    await run.close();
  }
}

interface CiRun {
  plan: AnalysisPlan;
  flags: CiFlags;
  io: Io;
  baseline: Baseline | null;
  baselineFile: string;
  behaviourBaseline?: ReturnType<typeof readBaselineFile>;
}

/** The gate and the reports of a store whose analysis is prepared (`s`: what its ingest read). */
async function ciReport({ db, scope, read: s }: PreparedStore, { plan, flags, io, baseline, baselineFile, behaviourBaseline }: CiRun): Promise<number> {
  const { redact } = plan;
  const result = analyze(db, plan, scope);
  if (result.ignored) io.err.write(`${result.ignored} finding(s) ignored by the config's ignore rules\n`);
  if (flags.updateBaseline) {
    const b = baselineOf(result.findings);
    writeBaseline(baselineFile, b);
    await write(io.out, `baseline written to ${baselineFile}: ${b.findings.length} accepted finding(s)\n`);
    return EXIT.ok;
  }
  const unread = unreadInputs(s, flags.ignoreUnread ?? []);
  const behaviour = behaviourBaseline
    ? shownComparison(comparedOrThrow(compareBaseline(behaviourBaseline, storeAnswers(db)), flags.baselineBehaviour!), redact)
    : undefined;
  const gated = {
    findings: result.findings,
    summary: result.summary,
    ignored: result.ignored,
    analyzers: result.ran,
    sessions: [...new SessionReader(db).sessionIds()].map((id) => presentSessionId(id, redact)),
    behaviour,
    unread,
  };
  return await gateAndReport(gated, { flags, baseline, failOn: plan.failOn ?? 'error', redact, config: plan.config }, io);
}
