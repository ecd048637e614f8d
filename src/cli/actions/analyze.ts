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
import { parseShard, parseShardBy, type Shard } from '../../events/shard.js';
import { UsageError } from '../../errors.js';

export interface AnalyzeFlags {
  db: string;
  format?: string;
  analyzer?: string[];
  session?: string;
  shard?: string;
  by?: string;
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
  const shard = shardFlag(flags);
  const opts = { analyzers, session: sessionArg(db, flags.session), shard, minSeverity, config, persist: true, redact: flags.redact, failOn };
  await prepareAnalysis(db, opts, early);
  // findings stream one by one from the store, as every surface shows them (src/findings/present.ts)
  const { findings, done } = streamAnalysis(db, opts);
  await writeAll(io.out, report({ findings, summary: () => done.summary }, palette(colorEnabled(io.out, io.env))));
  if (done.ignored) io.err.write(`${done.ignored} finding(s) ignored by the config's ignore rules\n`);
  return done.failed ? EXIT.findings : EXIT.ok;
}

/** --shard K/N and --by, checked: a shard and a session choose sessions two ways. */
export function shardFlag(flags: { shard?: string; by?: string; session?: string }): Shard | undefined {
  if (flags.shard === undefined) {
    if (flags.by !== undefined) throw new UsageError('--by chooses how --shard cuts the sessions: give --shard K/N too');
    return undefined;
  }
  if (flags.session !== undefined) throw new UsageError('--session and --shard choose sessions two ways: give one');
  return parseShard('--shard', flags.shard, parseShardBy('--by', flags.by));
}

export async function analyzeAction(flags: AnalyzeFlags, io: Io): Promise<number> {
  // flags are checked before the store is touched
  reporter('findings', flags.format);
  shardFlag(flags);
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
