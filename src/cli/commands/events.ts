import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { dbOption, redactOption } from '../options.js';

export function registerEvents(program: Command, ctx: Ctx): void {
  program
    .command('events')
    .description("print the store's events as native amnesia.events/v1 JSON Lines: how an export was read (ingest the output to get the same sessions)")
    .addOption(dbOption())
    .option('--session <id>', 'only this session (its exact id); or the hash --redact printed for it')
    .option('--shard <K/N>', "only shard K of N (0-based): its sessions whole, and other sessions' memory writes it needs (docs/scale.md)")
    .option('--by <key>', "with --shard: cut by session (default) or by user, so that one user's sessions stay together")
    .option('--config <file>', 'configuration file (`redact`)')
    .addOption(redactOption())
    .action(async (opts) => {
      const { eventsAction } = await import('../actions/events.js');
      ctx.exitCode = await eventsAction(opts, ctx.io);
    });
}
