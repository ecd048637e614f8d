import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { dbOption, judgeOption, redactOption } from '../options.js';

export function registerTui(program: Command, ctx: Ctx): void {
  program
    .command('tui')
    .description('interactive drill-down: overview, findings, evidence chains, raw events and session pictures (needs a terminal)')
    .addOption(dbOption())
    .option('--config <file>', 'configuration file')
    .addOption(redactOption('on every screen (as config `redact`)'))
    .addOption(judgeOption())
    .option('--follow', 'live tail: refresh by itself when another process writes to the store (`L` toggles it)')
    .action(async (opts) => {
      const { tuiAction } = await import('../actions/tui.js');
      ctx.exitCode = await tuiAction(opts, ctx.io);
    });
}
