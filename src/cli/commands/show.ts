import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { dbOption, formatOption, judgeOption, minConfidenceOption, redactOption } from '../options.js';

export function registerShow(program: Command, ctx: Ctx): void {
  program
    .command('show')
    .description("print one finding's whole evidence chain (a unique prefix of the id is enough)")
    .argument('<finding-id>', 'as printed by analyze / triage')
    .addOption(dbOption())
    .addOption(formatOption('finding'))
    .option('--session <id>', 'look only in this session (faster on big stores); or the hash --redact printed for it')
    .option('--config <file>', 'configuration file')
    .addOption(minConfidenceOption())
    .addOption(redactOption())
    .addOption(judgeOption())
    .action(async (id: string, opts) => {
      const { showAction } = await import('../actions/show.js');
      ctx.exitCode = await showAction(id, opts, ctx.io);
    });
}
