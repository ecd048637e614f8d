import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { dbOption, formatOption, positiveInt, redactOption } from '../options.js';

export function registerBadLines(program: Command, ctx: Ctx): void {
  program
    .command('bad-lines')
    .description('list the lines ingest could not read, with file:line, reason and the start of the raw text')
    .addOption(dbOption())
    .addOption(formatOption('badLines'))
    .option('--source <text>', 'only files whose path contains this text')
    .option('--limit <n>', 'at most this many', positiveInt('--limit'))
    .option('--config <file>', 'configuration file (`redact`)')
    .addOption(redactOption())
    .action(async (opts) => {
      const { badLinesAction } = await import('../actions/bad-lines.js');
      ctx.exitCode = await badLinesAction(opts, ctx.io);
    });
}
