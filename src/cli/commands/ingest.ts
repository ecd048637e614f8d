import type { Command } from 'commander';
import type { Ctx } from '../main.js';
import { dbOption, maxLineBytesOption } from '../options.js';

export function registerIngest(program: Command, ctx: Ctx): void {
  program
    .command('ingest')
    .description('read log files, folders (recursively), .gz files or - (stdin) into the evidence store')
    .argument('<paths...>', 'files, folders, or - for standard input')
    .addOption(dbOption())
    .option(
      '--format <name>',
      'an input format to force (native, openai, csv) and/or the output format (text, json); comma-separated',
    )
    .option('--input-format <name>', 'force the input format (native, openai, csv)')
    .option('--max-line-bytes <n>', 'a longer line is recorded as a bad line', maxLineBytesOption())
    .option('--config <file>', 'configuration file (model windows and encodings)')
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (paths: string[], opts) => {
      const { ingestAction } = await import('../actions/ingest.js');
      ctx.exitCode = await ingestAction(paths, opts, ctx.io);
    });
}
