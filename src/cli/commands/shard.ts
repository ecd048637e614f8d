import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { inputFormatOption, maxLineBytesOption, positiveInt } from '../options.js';
import { MAX_SHARDS } from '../../events/shard.js';

export function registerShard(program: Command, ctx: Ctx): void {
  program
    .command('shard')
    .description('read logs once and cut them into N folders of native events, one per shard, for triage on many machines (docs/scale.md)')
    .argument('<paths...>', 'files, folders, or - for standard input')
    .requiredOption('--out <dir>', 'a new or empty folder: shard-K-of-N/events.jsonl per shard, and manifest.json')
    .requiredOption('--shards <n>', `how many shards (1 to ${MAX_SHARDS})`, positiveInt('--shards', MAX_SHARDS))
    .option('--by <key>', "session (default), or user: one user's sessions and the memory they share stay in one shard")
    .option('--db <file>', 'keep the evidence in this store instead of a temporary one')
    .option('--config <file>', 'configuration file (`models`)')
    .addOption(inputFormatOption())
    .option('--max-line-bytes <n>', 'a longer line is recorded as a bad line', maxLineBytesOption())
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (paths: string[], opts) => {
      const { shardAction } = await import('../actions/shard.js');
      ctx.exitCode = await shardAction(paths, opts, ctx.io);
    });
}
