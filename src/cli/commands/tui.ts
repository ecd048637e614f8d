import type { Command } from 'commander';
import type { Ctx } from '../main.js';
import { dbOption } from '../options.js';

export function registerTui(program: Command, ctx: Ctx): void {
  program
    .command('tui')
    .description('interactive drill-down: overview, findings, evidence chains, raw events and session pictures (needs a terminal)')
    .addOption(dbOption())
    .option('--config <file>', 'configuration file')
    .option('--redact', "replace users' words by hash + shape on every screen (as config `redact`)")
    .action(async (opts) => {
      const { tuiAction } = await import('../actions/tui.js');
      ctx.exitCode = await tuiAction(opts, ctx.io);
    });
}
