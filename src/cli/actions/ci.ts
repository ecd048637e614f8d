import fs from 'node:fs';
import { loadConfig } from '../../config/index.js';
import { openStore } from '../../store/connection.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { ingest } from '../../ingest/pipeline.js';
import { analyze, prepareAnalysis } from '../analysis.js';
import { parseSeverity, selectAnalyzers } from '../../analyzers/select.js';
import { analyzerReadme } from '../../analyzers/docs.js';
import { SessionReader } from '../../store/session.js';
import { baselineOf, readBaseline, writeBaseline, type Baseline } from '../../ci/baseline.js';
import { gate } from '../../ci/gate.js';
import { verdictLine } from '../../report/ci.js';
import { reporter, type CiDocument } from '../../report/reporters.js';
import { githubAnnotations } from '../../report/annotations.js';
import { palette } from '../../report/colors.js';
import { VERSION } from '../../version.js';
import { colorEnabled, write, writeAll, writeOutput, type Io } from '../io.js';
import { EXIT } from '../ctx.js';
import { requireEvents, unreadNotes } from './unread.js';
import { comparedOrThrow, readBaselineFile, shownComparison } from './baseline.js';
import { compareBaseline } from '../../lab/behaviour/baseline.js';
import { storeAnswers } from '../../lab/behaviour/collect.js';
import { withTempStore } from '../temp-store.js';
import { presentation, presentRow, presentSessionId } from '../../findings/present.js';

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
  config?: string;
  analyzer?: string[];
  inputFormat?: string;
  maxLineBytes?: number;
  progress?: boolean;
  redact?: boolean;
  /** a behaviour baseline (amnesia baseline record) the answers are compared with */
  baselineBehaviour?: string;
}

/** `amnesia ci`: ingest + analyze, compare with the baseline, write the reports, exit 0 / 1 / 2. */
export async function ciAction(paths: string[], flags: CiFlags, io: Io): Promise<number> {
  const report = reporter('ci', flags.format);
  const config = loadConfig(flags.config);
  const { redact } = presentation(config, flags.redact);
  const failOn = parseSeverity('--fail-on', flags.failOn) ?? config.fail_on ?? 'error';
  const analyzers = flags.analyzer ? selectAnalyzers(flags.analyzer) : undefined;
  const baselineFile = flags.baseline ?? DEFAULT_BASELINE;
  let baseline: Baseline | null = null;
  if (!flags.updateBaseline) {
    if (flags.baseline || fs.existsSync(baselineFile)) baseline = readBaseline(baselineFile);
    else io.err.write(`no baseline (${DEFAULT_BASELINE}): every finding counts as new; accept the current ones with --update-baseline\n`);
  }
  const behaviourBaseline = flags.baselineBehaviour ? readBaselineFile(flags.baselineBehaviour) : undefined;
  const inputs = await resolveInputs(paths, flags.inputFormat);
  const run = async (dbFile: string, temporary = false): Promise<number> => {
    const db = openStore(dbFile, { disposable: temporary });
    try {
      const s = await ingest(db, { inputs, maxLineBytes: flags.maxLineBytes, models: config.models, stdin: io.in, progress: flags.progress !== false });
      io.err.write(`ingested ${s.events} events from ${s.files.length} file(s)${s.bad_lines ? `, ${s.bad_lines} bad line(s)` : ''}\n`);
      const notes = unreadNotes(s);
      for (const l of notes) io.err.write(`${l}\n`);
      requireEvents(db, notes);
      const analysis = { analyzers, config, persist: true, redact: flags.redact };
      await prepareAnalysis(db, analysis);
      const result = analyze(db, analysis);
      if (result.ignored) io.err.write(`${result.ignored} finding(s) ignored by the config's ignore rules\n`);

      if (flags.updateBaseline) {
        const b = baselineOf(result.findings);
        writeBaseline(baselineFile, b);
        await write(io.out, `baseline written to ${baselineFile}: ${b.findings.length} accepted finding(s)\n`);
        return EXIT.ok;
      }

      const g = gate(result.findings, baseline, failOn);
      const behaviour = behaviourBaseline
        ? shownComparison(comparedOrThrow(compareBaseline(behaviourBaseline, storeAnswers(db)), flags.baselineBehaviour!), redact)
        : undefined;
      // a baseline written without --redact is shown as the findings are
      const shownGate = { ...g, fixed: g.fixed.map((b) => presentRow(b, redact)) };
      const doc: CiDocument = {
        gate: shownGate,
        summary: result.summary,
        ignored: result.ignored,
        analyzers: result.ran.map((a) => a.meta.id),
        sessions: [...new SessionReader(db).sessionIds()].map((id) => presentSessionId(id, redact)),
        rules: result.ran.map((a) => ({ analyzer: a, readme: analyzerReadme(a.meta.id) })),
        version: VERSION,
        behaviour,
      };
      const c = palette(colorEnabled(io.out, io.env));
      const render = (format: 'junit' | 'sarif' | 'markdown') => [...reporter('ci', format)(doc, c)].join('');
      if (flags.junit) writeOutput(flags.junit, render('junit'), 'JUnit report');
      if (flags.sarif) writeOutput(flags.sarif, render('sarif'), 'SARIF log');
      // the Markdown summary only when a file or the step summary asks for it
      if (flags.markdown || io.env.GITHUB_STEP_SUMMARY) {
        const md = render('markdown');
        if (flags.markdown) writeOutput(flags.markdown, md, 'Markdown summary');
        if (io.env.GITHUB_STEP_SUMMARY) fs.appendFileSync(io.env.GITHUB_STEP_SUMMARY, md);
      }
      if (io.env.GITHUB_ACTIONS === 'true') await write(io.out, githubAnnotations(g.new));
      await writeAll(io.out, report(doc, c));
      // the verdict goes to stderr when stdout is a document
      if ((flags.format ?? 'text') !== 'text') io.err.write(verdictLine(g) + '\n');
      if (behaviour?.shifted)
        io.err.write(`behaviour shifted against ${flags.baselineBehaviour}: ${behaviour.tests.filter((t) => t.shifted).length} feature test(s)\n`);
      return g.verdict === 'fail' || behaviour?.shifted ? EXIT.findings : EXIT.ok;
    } finally {
      db.close();
    }
  };
  return flags.db ? run(flags.db) : withTempStore('amnesia-ci-', (file) => run(file, true));
}
