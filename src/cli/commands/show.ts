import type { Command } from 'commander';
import type { Ctx } from '../main.js';
import { dbOption } from '../options.js';

export function registerShow(program: Command, ctx: Ctx): void {
  program
    .command('show')
    .description("print one finding's whole evidence chain (a unique prefix of the id is enough)")
    .argument('<finding-id>', 'as printed by analyze / triage')
    .addOption(dbOption())
    .option('--format <name>', 'text or json', 'text')
    .option('--session <id>', 'look only in this session (faster on big stores)')
    .option('--config <file>', 'configuration file')
    .option('--redact', "replace users' words by a hash and a shape")
    .action(async (id: string, opts) => {
      const { showAction } = await import('../actions/show.js');
      ctx.exitCode = await showAction(id, opts, ctx.io);
    });
}
