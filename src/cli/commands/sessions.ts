import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { dbOption, formatOption, positiveInt, redactOption } from '../options.js';

export function registerSessions(program: Command, ctx: Ctx): void {
  program
    .command('sessions')
    .description('one row per session in the store: turns, requests, peak prompt tokens vs window, events by kind')
    .addOption(dbOption())
    .addOption(formatOption('sessions'))
    .option('--session <text>', 'only sessions whose id contains this text')
    .option('--limit <n>', 'at most this many rows', positiveInt('--limit'))
    .option('--config <file>', 'configuration file (model windows and encodings; `redact`)')
    .addOption(redactOption())
    .action(async (opts) => {
      const { sessionsAction } = await import('../actions/sessions.js');
      ctx.exitCode = await sessionsAction(opts, ctx.io);
    });
}
