import { resolveInputs } from '../../ingest/inputs.js';
import type { Io } from '../io.js';
import { splitFormats } from '../options.js';
import { reporter } from '../../report/reporters.js';
import { commandPlan, shardFlag } from '../../analysis/flags.js';
import type { AnalyzeFlags } from './analyze.js';
import { reportStore } from '../report-store.js';
import { agentPaths, type AgentFlags } from '../agents.js';
import { UsageError } from '../../errors.js';
import { ingestThenAnalyze } from '../../analysis/ingest-analyze.js';

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
  const shard = shardFlag(flags);
  const plan = commandPlan(flags);
  const found = agentPaths(flags, io);
  if (paths.length === 0 && found.length === 0) throw new UsageError('triage: give paths to read, or --agent <name> to find transcripts');
  const inputs = await resolveInputs([...paths, ...found], input);
  const run = await ingestThenAnalyze('triage', inputs, { ...flags, shard }, plan, io);
  try {
    return await reportStore(run.db, plan, run.scope, io, output);
  } finally {
    await run.close();
  }
}
