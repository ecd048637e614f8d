import type { Db } from '../store/connection.js';
import { openStore } from '../store/connection.js';
import type { ResolvedInputs } from '../ingest/inputs.js';
import { ingest, type IngestSummary } from '../ingest/pipeline.js';
import { prepareAnalysis, startEarlyAnalysis, type RunScope } from './run.js';
import type { AnalysisPlan } from './plan.js';
import type { Shard } from '../events/shard.js';
import { redactQuoted } from '../findings/redact.js';
import { inert } from '../util/sanitize.js';
import type { Readable } from 'node:stream';
import type { IngestSink } from '../ingest/progress.js';
import { tempStore } from '../store/temp-store.js';
import { sessionArg } from './session-arg.js';
import { requireEvents, unreadNotes } from './unread.js';

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

/** Where a run writes its notes and progress (the command's Io is one) and reads `-` from. */
export interface RunIo extends IngestSink {
  in: Readable;
}

/** A store read and analysed: the caller reports from it, then closes it (a temporary one is removed). */
export interface PreparedStore {
  readonly db: Db;
  readonly scope: RunScope;
  /** what the ingest read */
  readonly read: IngestSummary;
  close(): Promise<void>;
}

/**
 * `triage` and `ci`: read the logs into a store (a temporary one unless --db), analyse quiet sessions
 * while the rest is read, say on stderr what was read, then prepare the plan's full analysis and hand
 * the store back for the command to report. One path: both commands see the same store and the same
 * findings. On an error the store is closed (and a temporary one removed) before it is thrown.
 */
export async function ingestThenAnalyze(
  what: 'triage' | 'ci',
  inputs: ResolvedInputs,
  flags: IngestAnalyzeFlags,
  plan: AnalysisPlan,
  io: RunIo,
): Promise<PreparedStore> {
  const temp = flags.db ? null : tempStore(`amnesia-${what}-`);
  const file = flags.db ?? temp!.file;
  let db: Db | undefined;
  let early: ReturnType<typeof startEarlyAnalysis> | undefined;
  const close = async () => {
    try {
      await early?.stop();
    } finally {
      try {
        db?.close();
      } finally {
        temp?.remove();
      }
    }
  };
  try {
    db = openStore(file, { disposable: temp !== null });
    const scope: RunScope = { session: flags.session, shard: flags.shard, persist: true, log: (l) => io.err.write(`${l}\n`) };
    // quiet sessions are analysed while the rest is read; the final pass keeps what still holds
    early = startEarlyAnalysis(db, plan, scope);
    const s = await ingest(db, {
      inputs,
      maxLineBytes: flags.maxLineBytes,
      models: plan.models,
      stdin: io.in,
      sink: io,
      progress: flags.progress !== false,
      onBatch: early ? early.touched.bind(early) : undefined,
      hashAhead: temp === null,
    });
    const first = s.bad_samples[0];
    const reason = first ? inert(plan.redact ? redactQuoted(first.reason) : first.reason) : '';
    const bad = s.bad_lines ? `, ${s.bad_lines} bad line(s) (first: ${inert(first?.source ?? '')}: ${reason})` : '';
    io.err.write(`ingested ${s.events} events from ${s.files.length} file(s) into ${temp ? 'a temporary store' : file}${bad}\n`);
    const notes = unreadNotes(s);
    for (const l of notes) io.err.write(`${l}\n`);
    requireEvents(db, notes);
    // a session may be named by the hash --redact printed for it
    scope.session = sessionArg(db, flags.session);
    await prepareAnalysis(db, plan, scope, early);
    return { db, scope, read: s, close };
  } catch (err) {
    await close();
    throw err;
  }
}
