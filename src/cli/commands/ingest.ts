import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { dbOption, formatOption, inputFormatOption, maxLineBytesOption } from '../options.js';

export function registerIngest(program: Command, ctx: Ctx): void {
  program
    .command('ingest')
    .description('read log files, folders (recursively), .gz files or - (stdin) into the evidence store')
    .argument('<paths...>', 'files, folders, or - for standard input')
    .addOption(dbOption())
    .addOption(formatOption('ingest', 'output format of the summary'))
    .addOption(inputFormatOption())
    .option('--max-line-bytes <n>', 'a longer line is recorded as a bad line', maxLineBytesOption())
    .option('--config <file>', 'configuration file (model windows and encodings)')
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (paths: string[], opts) => {
      const { ingestAction } = await import('../actions/ingest.js');
      ctx.exitCode = await ingestAction(paths, opts, ctx.io);
    });
}
