import { Option, type Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { formatList, OUTPUT_FORMATS } from '../../report/formats.js';

export function registerMerge(program: Command, ctx: Ctx): void {
  program
    .command('merge')
    .description("merge shards' findings documents (triage --shard K/N --format json) into the document one run over everything gives")
    .argument('<files...>', 'findings documents (JSON)')
    .option('--manifest <file>', "amnesia shard's manifest.json: every shard must be there, and the bad lines it counted are added")
    .addOption(new Option('--format <name>', `output format: ${formatList(OUTPUT_FORMATS.findings)}`).default('json'))
    .option('--fail-on <level>', 'exit 1 when a finding is at or above this severity')
    .action(async (files: string[], opts) => {
      const { mergeAction } = await import('../actions/merge.js');
      ctx.exitCode = await mergeAction(files, opts, ctx.io);
    });
}
