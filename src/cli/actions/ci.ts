import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config/index.js';
import { InputError } from '../../errors.js';
import { openStore } from '../../store/connection.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { ingest } from '../../ingest/pipeline.js';
import { analyze, prepareAnalysis } from '../../analyzers/analyze.js';
import { parseSeverity, selectAnalyzers } from '../../analyzers/select.js';
import { analyzerReadme } from '../../analyzers/docs.js';
import { SessionReader } from '../../store/session.js';
import { baselineOf, readBaseline, writeBaseline, type Baseline } from '../../ci/baseline.js';
import { gate } from '../../ci/gate.js';
import { ciJson, ciMarkdown, ciText, verdictLine } from '../../report/ci.js';
import { junitXml } from '../../report/junit.js';
import { sarifLog } from '../../report/sarif.js';
import { githubAnnotations } from '../../report/annotations.js';
import { palette } from '../../report/colors.js';
import { VERSION } from '../../version.js';
import { colorEnabled, write, type Io } from '../io.js';
import { outputFormat } from '../options.js';
import { requireEvents, unreadNotes } from './unread.js';
import { withTempStore } from '../temp-store.js';
import { redactId } from '../../findings/redact.js';

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
}

function writeOutput(file: string, text: string, what: string): void {
  try {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(file, text);
  } catch (err) {
    throw new InputError(`cannot write the ${what} to ${file}: ${(err as Error).message}`);
  }
}

/** `amnesia ci`: ingest + analyze, compare with the baseline, write the reports, exit 0 / 1 / 2. */
export async function ciAction(paths: string[], flags: CiFlags, io: Io): Promise<number> {
  const format = outputFormat(flags.format);
  const config = loadConfig(flags.config);
  const failOn = parseSeverity('--fail-on', flags.failOn) ?? config.fail_on ?? 'error';
  const analyzers = flags.analyzer ? selectAnalyzers(flags.analyzer) : undefined;
  const baselineFile = flags.baseline ?? DEFAULT_BASELINE;
  let baseline: Baseline | null = null;
  if (!flags.updateBaseline) {
    if (flags.baseline || fs.existsSync(baselineFile)) baseline = readBaseline(baselineFile);
    else io.err.write(`no baseline (${DEFAULT_BASELINE}): every finding counts as new; accept the current ones with --update-baseline\n`);
  }
  const inputs = await resolveInputs(paths, flags.inputFormat);
  const run = async (dbFile: string): Promise<number> => {
    const db = openStore(dbFile);
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
        return 0;
      }

      const g = gate(result.findings, baseline, failOn);
      const ids = result.ran.map((a) => a.meta.id);
      if (flags.junit) {
        const redact = flags.redact || config.redact;
        const sessions = [...new SessionReader(db).sessionIds()].map((id) => (redact ? redactId(id) : id));
        writeOutput(flags.junit, junitXml(g, ids, sessions), 'JUnit report');
      }
      if (flags.sarif) {
        writeOutput(flags.sarif, sarifLog(g, result.ran.map((a) => ({ analyzer: a, readme: analyzerReadme(a.meta.id) })), VERSION), 'SARIF log');
      }
      const md = ciMarkdown(g, result.summary);
      if (flags.markdown) writeOutput(flags.markdown, md, 'Markdown summary');
      if (io.env.GITHUB_STEP_SUMMARY) fs.appendFileSync(io.env.GITHUB_STEP_SUMMARY, md);
      if (io.env.GITHUB_ACTIONS === 'true') await write(io.out, githubAnnotations(g.new));
      if (format === 'json') await write(io.out, ciJson(g, result.summary, result.ignored));
      else await write(io.out, ciText(g, palette(colorEnabled(io.out, io.env))));
      if (format === 'json') io.err.write(verdictLine(g) + '\n');
      return g.verdict === 'fail' ? 1 : 0;
    } finally {
      db.close();
    }
  };
  return flags.db ? run(flags.db) : withTempStore('amnesia-ci-', run);
}
