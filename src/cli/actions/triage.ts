import { loadConfig } from '../../config/index.js';
import { openStore } from '../../store/connection.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { ingest } from '../../ingest/pipeline.js';
import { parseSeverity, selectAnalyzers } from '../../analyzers/select.js';
import type { Io } from '../io.js';
import { splitFormats } from '../options.js';
import { reporter } from '../../report/reporters.js';
import { reportStore, shardFlag, type AnalyzeFlags } from './analyze.js';
import { requireEvents, unreadNotes } from './unread.js';
import { withTempStore } from '../temp-store.js';
import { startEarlyAnalysis } from '../analysis.js';
import { redactQuoted } from '../../findings/redact.js';
import { presentation } from '../../findings/present.js';
import { inert } from '../../report/sanitize.js';
import { agentPaths, type AgentFlags } from '../agents.js';
import { UsageError } from '../../errors.js';

export interface TriageFlags extends Omit<AnalyzeFlags, 'db'>, AgentFlags {
  db?: string;
  inputFormat?: string;
  maxLineBytes?: number;
  progress?: boolean;
}

/** ingest + analyze: into a temporary store (removed afterwards) unless --db is given. */
export async function triageAction(paths: string[], flags: TriageFlags, io: Io): Promise<number> {
  const { input, output } = splitFormats('findings', flags, (l) => io.err.write(`${l}\n`));
  reporter('findings', output);
  selectAnalyzers(flags.analyzer);
  parseSeverity('--severity', flags.severity);
  parseSeverity('--fail-on', flags.failOn);
  const shard = shardFlag(flags);
  const config = loadConfig(flags.config);
  const found = agentPaths(flags, io);
  if (paths.length === 0 && found.length === 0) throw new UsageError('triage: give paths to read, or --agent <name> to find transcripts');
  const inputs = await resolveInputs([...paths, ...found], input);
  const run = async (file: string, temporary: boolean): Promise<number> => {
    const db = openStore(file, { disposable: temporary });
    // quiet sessions are analysed while the rest is read; the final pass keeps what still holds
    const early = startEarlyAnalysis(db, {
      analyzers: flags.analyzer ? selectAnalyzers(flags.analyzer) : undefined,
      session: flags.session,
      shard,
      config,
      persist: true,
    });
    try {
      const onBatch = early ? early.touched.bind(early) : undefined;
      const s = await ingest(db, {
        inputs,
        maxLineBytes: flags.maxLineBytes,
        models: config.models,
        stdin: io.in,
        progress: flags.progress !== false,
        onBatch,
        hashAhead: !temporary,
      });
      const first = s.bad_samples[0];
      const reason = first ? inert(presentation(config, flags.redact).redact ? redactQuoted(first.reason) : first.reason) : '';
      const bad = s.bad_lines ? `, ${s.bad_lines} bad line(s) (first: ${inert(first?.source ?? '')}: ${reason})` : '';
      io.err.write(`ingested ${s.events} events from ${s.files.length} file(s) into ${temporary ? 'a temporary store' : file}${bad}\n`);
      const notes = unreadNotes(s);
      for (const l of notes) io.err.write(`${l}\n`);
      requireEvents(db, notes);
      return await reportStore(db, { ...flags, db: file }, io, output, early);
    } finally {
      await early?.stop();
      db.close();
    }
  };
  return flags.db ? run(flags.db, false) : withTempStore('amnesia-triage-', (file) => run(file, true));
}
