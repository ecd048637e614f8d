import { loadConfig } from '../../config/index.js';
import { openStore, type Db } from '../../store/connection.js';
import { analyze, failed, prepareAnalysis, streamAnalysis } from '../../analyzers/analyze.js';
import { parseSeverity, selectAnalyzers } from '../../analyzers/select.js';
import { findingsDocument, findingsJsonChunks, findingsMarkdown, findingsTextChunks } from '../../report/findings.js';
import { palette } from '../../report/colors.js';
import { colorEnabled, write, type Io } from '../io.js';
import { outputFormat } from '../options.js';
import { requireEvents, storeUnreadNotes } from './unread.js';

export const REPORT_FORMATS = ['text', 'json', 'markdown'] as const;

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
export async function reportStore(db: Db, flags: AnalyzeFlags, io: Io, format: string): Promise<number> {
  const analyzers = flags.analyzer ? selectAnalyzers(flags.analyzer) : undefined;
  const minSeverity = parseSeverity('--severity', flags.severity);
  const failOn = parseSeverity('--fail-on', flags.failOn);
  const config = loadConfig(flags.config);
  const c = palette(colorEnabled(io.out, io.env));
  const opts = { analyzers, session: flags.session, minSeverity, config, persist: true, redact: flags.redact, failOn };
  let ignored: number;
  let fail: boolean;
  await prepareAnalysis(db, opts);
  if (format === 'markdown') {
    // the summary table comes first: collect
    const result = analyze(db, opts);
    await write(io.out, findingsMarkdown(findingsDocument(result.findings, result.summary)));
    ignored = result.ignored;
    fail = failed(result.findings, failOn);
  } else {
    // text and JSON stream, finding by finding
    const { findings, done } = streamAnalysis(db, opts);
    const chunks = format === 'json' ? findingsJsonChunks(findings, () => done.summary) : findingsTextChunks(findings, c, () => done.summary);
    for (const chunk of chunks) await write(io.out, chunk);
    ignored = done.ignored;
    fail = done.failed;
  }
  if (ignored) io.err.write(`${ignored} finding(s) ignored by the config's ignore rules\n`);
  return fail ? 1 : 0;
}

export async function analyzeAction(flags: AnalyzeFlags, io: Io): Promise<number> {
  const format = outputFormat(flags.format, REPORT_FORMATS);
  // flags are checked before the store is touched
  selectAnalyzers(flags.analyzer);
  parseSeverity('--severity', flags.severity);
  parseSeverity('--fail-on', flags.failOn);
  // writable: a full analysis stores its findings for `show` and the TUI
  const db = openStore(flags.db, { mustExist: true });
  try {
    const notes = storeUnreadNotes(db);
    for (const l of notes) io.err.write(`${l}\n`);
    requireEvents(db, notes);
    return await reportStore(db, flags, io, format);
  } finally {
    db.close();
  }
}
