import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { formatOption, inputFormatOption, maxLineBytesOption } from '../options.js';
import { AGENT_PLACES } from '../../ingest/discover.js';
import { analysisOptions } from './analyze.js';

export function registerTriage(program: Command, ctx: Ctx): void {
  analysisOptions(
    program
      .command('triage')
      .description('ingest logs and analyze them in one step (into a temporary store unless --db is given)')
      .argument('[paths...]', 'files, folders, or - for standard input')
      .option('--agent <name>', `read a coding agent's transcripts where it keeps them: ${[...AGENT_PLACES.map((a) => a.name), 'all'].join(', ')}`)
      .option('--project <path>', 'with --agent: only transcripts recorded in this project folder')
      .option('--since <date>', 'with --agent: only transcripts written to since this date (YYYY-MM-DD or ISO-8601)')
      .option('--db <file>', 'keep the evidence in this store instead of a temporary one')
      .addOption(formatOption('findings'))
      .addOption(inputFormatOption())
      .option('--max-line-bytes <n>', 'a longer line is recorded as a bad line', maxLineBytesOption())
      .option('--no-progress', 'no progress bar on stderr'),
  ).action(async (paths: string[], opts) => {
    const { triageAction } = await import('../actions/triage.js');
    ctx.exitCode = await triageAction(paths, opts, ctx.io);
  });
}
