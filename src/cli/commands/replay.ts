import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { formatOption, inputFormatOption, redactOption } from '../options.js';

export function registerReplay(program: Command, ctx: Ctx): void {
  program
    .command('replay')
    .description(
      're-run recorded sessions through the reference memory engine: recorded prompt vs reference prompt per turn, and which findings it would have prevented',
    )
    .argument('[paths...]', 'logs to replay (ingested into a temporary store); without paths, the sessions of --db')
    .option('--db <file>', 'evidence store (default .amnesia/evidence.db)')
    .option('--session <id>', 'only this session; or the hash --redact printed for it')
    .addOption(formatOption('replay'))
    .addOption(inputFormatOption())
    .option('--events <file>', "write the reference engine's own events (native JSONL) to this file")
    .option('--config <file>', 'configuration file (model windows and encodings)')
    .addOption(redactOption())
    .action(async (paths: string[], opts) => {
      const { replayAction } = await import('../actions/replay.js');
      ctx.exitCode = await replayAction(paths, opts, ctx.io);
    });
}
