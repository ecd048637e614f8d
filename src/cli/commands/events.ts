import type { Command } from 'commander';
import type { Ctx } from '../main.js';
import { dbOption } from '../options.js';

export function registerEvents(program: Command, ctx: Ctx): void {
  program
    .command('events')
    .description('print the store\'s events as native amnesia.events/v1 JSON Lines: how an export was read (ingest the output to get the same sessions)')
    .addOption(dbOption())
    .option('--session <id>', 'only this session (its exact id)')
    .action(async (opts) => {
      const { eventsAction } = await import('../actions/events.js');
      ctx.exitCode = await eventsAction(opts, ctx.io);
    });
}
