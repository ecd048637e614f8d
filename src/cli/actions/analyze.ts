import { openStore } from '../../store/connection.js';
import { prepareAnalysis, type RunScope } from '../../analysis/run.js';
import type { PlanFlags } from '../../analysis/plan.js';
import { commandPlan, shardFlag } from '../../analysis/flags.js';
import { reportStore } from '../report-store.js';
import { reporter } from '../../report/reporters.js';
import type { Io } from '../io.js';
import { sessionArg } from '../../analysis/session-arg.js';
import { requireEvents, storeUnreadNotes } from '../../analysis/unread.js';

export interface AnalyzeFlags extends PlanFlags {
  db: string;
  format?: string;
  analyzer?: string[];
  session?: string;
  shard?: string;
  by?: string;
  config?: string;
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
