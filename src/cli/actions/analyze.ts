import { loadConfig } from '../../config/index.js';
import { openStore, type Db } from '../../store/connection.js';
import { prepareAnalysis, streamAnalysis } from '../analysis.js';
import type { Speculator } from '../../analyzers/speculate.js';
import { parseSeverity, selectAnalyzers } from '../../analyzers/select.js';
import { reporter } from '../../report/reporters.js';
import { palette } from '../../report/colors.js';
import { colorEnabled, writeAll, type Io } from '../io.js';
import { sessionArg } from '../session-arg.js';
import { EXIT } from '../ctx.js';
import { requireEvents, storeUnreadNotes } from './unread.js';

export interface AnalyzeFlags {
  db: string;
  format?: string;
  analyzer?: string[];
  session?: string;
  severity?: string;
  failOn?: string;
  config?: string;
  redact?: boolean;
}

/** Analyze an open store and print the report; shared by `analyze` and `triage`. */
export async function reportStore(db: Db, flags: AnalyzeFlags, io: Io, format: string, early?: Speculator | null): Promise<number> {
  const report = reporter('findings', format);
  const analyzers = flags.analyzer ? selectAnalyzers(flags.analyzer) : undefined;
  const minSeverity = parseSeverity('--severity', flags.severity);
  const failOn = parseSeverity('--fail-on', flags.failOn);
  const config = loadConfig(flags.config);
  const opts = { analyzers, session: sessionArg(db, flags.session), minSeverity, config, persist: true, redact: flags.redact, failOn };
  await prepareAnalysis(db, opts, early);
  // findings stream one by one from the store, as every surface shows them (src/findings/present.ts)
  const { findings, done } = streamAnalysis(db, opts);
  await writeAll(io.out, report({ findings, summary: () => done.summary }, palette(colorEnabled(io.out, io.env))));
  if (done.ignored) io.err.write(`${done.ignored} finding(s) ignored by the config's ignore rules\n`);
  return done.failed ? EXIT.findings : EXIT.ok;
}

export async function analyzeAction(flags: AnalyzeFlags, io: Io): Promise<number> {
  // flags are checked before the store is touched
  reporter('findings', flags.format);
  selectAnalyzers(flags.analyzer);
  parseSeverity('--severity', flags.severity);
  parseSeverity('--fail-on', flags.failOn);
  // writable: a full analysis stores its findings for `show` and the TUI
  const db = openStore(flags.db, { mustExist: true });
  try {
    const notes = storeUnreadNotes(db);
    for (const l of notes) io.err.write(`${l}\n`);
    requireEvents(db, notes);
    return await reportStore(db, flags, io, flags.format ?? 'text');
  } finally {
    db.close();
  }
}
