import type { Db } from '../store/connection.js';
import { openStore } from '../store/connection.js';
import type { ResolvedInputs } from '../ingest/inputs.js';
import { ingest, type IngestSummary } from '../ingest/pipeline.js';
import { prepareAnalysis, startEarlyAnalysis, type RunScope } from '../analysis/run.js';
import type { AnalysisPlan } from '../analysis/plan.js';
import type { Shard } from '../events/shard.js';
import { redactQuoted } from '../findings/redact.js';
import { inert } from '../report/sanitize.js';
import type { Io } from './io.js';
import { withTempStore } from './temp-store.js';
import { sessionArg } from './session-arg.js';
import { requireEvents, unreadNotes } from './actions/unread.js';

export interface IngestAnalyzeFlags {
  /** keep the evidence in this store instead of a temporary one */
  db?: string;
  maxLineBytes?: number;
  progress?: boolean;
  /** exact session id (triage --session) */
  session?: string;
  /** only the sessions of this shard (triage --shard K/N) */
  shard?: Shard;
}

/**
 * `triage` and `ci`: read the logs into a store (a temporary one unless --db), analyse quiet sessions
 * while the rest is read, say on stderr what was read, then prepare the plan's full analysis and hand
 * the store to `report`. One path: both commands see the same store and the same findings.
 */
export async function ingestThenAnalyze(
  what: 'triage' | 'ci',
  inputs: ResolvedInputs,
  flags: IngestAnalyzeFlags,
  plan: AnalysisPlan,
  io: Io,
  report: (db: Db, scope: RunScope, read: IngestSummary) => Promise<number>,
): Promise<number> {
  const run = async (file: string, temporary: boolean): Promise<number> => {
    const db = openStore(file, { disposable: temporary });
    const scope: RunScope = { session: flags.session, shard: flags.shard, persist: true, log: (l) => io.err.write(`${l}\n`) };
    // quiet sessions are analysed while the rest is read; the final pass keeps what still holds
    const early = startEarlyAnalysis(db, plan, scope);
    try {
      const s = await ingest(db, {
        inputs,
        maxLineBytes: flags.maxLineBytes,
        models: plan.models,
        stdin: io.in,
        progress: flags.progress !== false,
        onBatch: early ? early.touched.bind(early) : undefined,
        hashAhead: !temporary,
      });
      const first = s.bad_samples[0];
      const reason = first ? inert(plan.redact ? redactQuoted(first.reason) : first.reason) : '';
      const bad = s.bad_lines ? `, ${s.bad_lines} bad line(s) (first: ${inert(first?.source ?? '')}: ${reason})` : '';
      io.err.write(`ingested ${s.events} events from ${s.files.length} file(s) into ${temporary ? 'a temporary store' : file}${bad}\n`);
      const notes = unreadNotes(s);
      for (const l of notes) io.err.write(`${l}\n`);
      requireEvents(db, notes);
      // a session may be named by the hash --redact printed for it
      scope.session = sessionArg(db, flags.session);
      await prepareAnalysis(db, plan, scope, early);
      return await report(db, scope, s);
    } finally {
      await early?.stop();
      db.close();
    }
  };
  return flags.db ? run(flags.db, false) : withTempStore(`amnesia-${what}-`, (file) => run(file, true));
}
