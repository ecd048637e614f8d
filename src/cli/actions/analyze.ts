import { EMPTY_CONFIG, loadConfig } from '../../config/index.js';
import { openStore, type Db } from '../../store/connection.js';
import { prepareAnalysis, streamAnalysis, type RunScope } from '../../analysis/run.js';
import { buildPlan, type AnalysisPlan, type PlanFlags } from '../../analysis/plan.js';
import { reporter } from '../../report/reporters.js';
import { palette } from '../../report/colors.js';
import { colorEnabled, writeAll, type Io } from '../io.js';
import { sessionArg } from '../session-arg.js';
import { EXIT } from '../ctx.js';
import { requireEvents, storeUnreadNotes } from './unread.js';
import { parseShard, parseShardBy, type Shard } from '../../events/shard.js';
import { UsageError } from '../../errors.js';

export interface AnalyzeFlags extends PlanFlags {
  db: string;
  format?: string;
  analyzer?: string[];
  session?: string;
  shard?: string;
  by?: string;
  config?: string;
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

/** The plan of an analysing command: its config file and flags (every flag checked here). */
export function commandPlan(flags: PlanFlags & { config?: string | false }): AnalysisPlan {
  // --no-config: no config file at all, not even amnesia.config.json of the working directory
  return buildPlan(flags.config === false ? EMPTY_CONFIG : loadConfig(flags.config), flags);
}

/** Print the plan's findings of a store whose analysis is prepared; shared by `analyze` and `triage`. */
export async function reportStore(db: Db, plan: AnalysisPlan, scope: RunScope, io: Io, format: string): Promise<number> {
  const report = reporter('findings', format);
  // findings stream one by one from the store, as every surface shows them (src/analysis/plan.ts)
  const { findings, done } = streamAnalysis(db, plan, scope);
  await writeAll(io.out, report({ findings, summary: () => done.summary }, palette(colorEnabled(io.out, io.env))));
  if (done.ignored) io.err.write(`${done.ignored} finding(s) ignored by the config's ignore rules\n`);
  return done.failed ? EXIT.findings : EXIT.ok;
}

export async function analyzeAction(flags: AnalyzeFlags, io: Io): Promise<number> {
  // flags are checked before the store is touched
  reporter('findings', flags.format);
  const shard = shardFlag(flags);
  const plan = commandPlan(flags);
  // writable: a full analysis stores its findings for `show` and the TUI
  const db = openStore(flags.db, { mustExist: true });
  try {
    const notes = storeUnreadNotes(db);
    for (const l of notes) io.err.write(`${l}\n`);
    requireEvents(db, notes);
    const scope: RunScope = { session: sessionArg(db, flags.session), shard, persist: true, log: (l) => io.err.write(`${l}\n`) };
    await prepareAnalysis(db, plan, scope);
    return await reportStore(db, plan, scope, io, flags.format ?? 'text');
  } finally {
    db.close();
  }
}
