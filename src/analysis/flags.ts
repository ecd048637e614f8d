/**
 * An analysing command's flags, read once into what the layers below take: the plan (its config
 * file and the plan flags) and the sessions a shard chooses. Every command, the TUI and the lab's
 * callers build their plan here, so no command reads its flags its own way.
 */
import { EMPTY_CONFIG, loadConfig } from '../config/index.js';
import { UsageError } from '../errors.js';
import { parseShard, parseShardBy, type Shard } from '../events/shard.js';
import { buildPlan, type AnalysisPlan, type PlanFlags } from './plan.js';

/** The plan of an analysing command: its config file and flags (every flag checked here). */
export function commandPlan(flags: PlanFlags & { config?: string | false }): AnalysisPlan {
  // --no-config: no config file at all, not even amnesia.config.json of the working directory
  return buildPlan(flags.config === false ? EMPTY_CONFIG : loadConfig(flags.config), flags);
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
