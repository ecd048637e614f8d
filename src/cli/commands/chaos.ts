import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { formatOption, positiveInt } from '../options.js';

export function registerChaos(program: Command, ctx: Ctx): void {
  program
    .command('chaos')
    .description(
      'generate logs with known faults: scripted conversations (English and Chinese) run through the reference engine with faults switched on at random',
    )
    .requiredOption('--out <dir>', 'output folder: logs/, labels.jsonl, manifest.json')
    .option('--seed <n>', 'random seed (the same seed gives the same corpus)', positiveInt('--seed'), 1)
    .option('--sessions <n>', 'how many sessions', positiveInt('--sessions'), 50)
    .option('--fault-free <share>', 'share of fault-free sessions, 0..1', '0.25')
    .addOption(formatOption('chaos'))
    .action(async (opts) => {
      const { chaosAction } = await import('../actions/chaos.js');
      ctx.exitCode = await chaosAction(opts, ctx.io);
    });
}
