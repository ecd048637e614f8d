import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { collect, formatOption } from '../options.js';

export function registerEval(program: Command, ctx: Ctx): void {
  program
    .command('eval')
    .description('run the analyzers over logs with labelled faults and print precision and recall per analyzer')
    .argument('<logs...>', 'log files or folders (e.g. the logs/ of `amnesia chaos`)')
    .requiredOption('--labels <file>', 'labels: JSON Lines of { analyzer, session, turn } (analyzer null: a session that must stay clean)')
    .option('--analyzer <ids>', 'only these analyzers (comma-separated or repeated)', collect)
    .addOption(formatOption('eval'))
    .option('--fail-under <x>', 'exit 1 when an analyzer scores precision or recall below x (0..1)')
    .action(async (logs: string[], opts) => {
      const { evalAction } = await import('../actions/eval.js');
      ctx.exitCode = await evalAction(logs, opts, ctx.io);
    });
}
