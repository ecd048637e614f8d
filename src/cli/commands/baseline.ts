import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { formatOption, fraction, inputFormatOption, positiveInt, redactOption } from '../options.js';

export function registerBaseline(program: Command, ctx: Ctx): void {
  const baseline = program
    .command('baseline')
    .description('behaviour baselines: record the distribution of answer features per question, then compare a new version against it');
  baseline
    .command('record')
    .description('record the answer features of every question in some logs')
    .argument('<paths...>', 'logs with the answers (files, folders, or - for standard input)')
    .requiredOption('--out <file>', 'where to write the baseline (- for standard output)')
    .option('--config <file>', 'configuration file (default amnesia.config.json when present)')
    .addOption(inputFormatOption())
    .addOption(redactOption('(no question words in the baseline)'))
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (paths: string[], opts) => {
      const { baselineRecordAction } = await import('../actions/baseline.js');
      ctx.exitCode = await baselineRecordAction(paths, opts, ctx.io);
    });
  baseline
    .command('compare')
    .description('compare the answers in some logs with a baseline: exit 1 when a feature shifted')
    .argument('<paths...>', 'logs with the new answers')
    .requiredOption('--against <file>', 'the baseline written by amnesia baseline record')
    .option('--alpha <q>', 'false discovery rate across the tests (Benjamini-Hochberg), default 0.05', fraction('--alpha'))
    .option('--min-answers <n>', 'answers a question needs on both sides to be compared (default 8)', positiveInt('--min-answers'))
    .addOption(formatOption('behaviour'))
    .option('--config <file>', 'configuration file (default amnesia.config.json when present)')
    .addOption(inputFormatOption())
    .addOption(redactOption('(no questions or example answers in the report)'))
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (paths: string[], opts) => {
      const { baselineCompareAction } = await import('../actions/baseline.js');
      ctx.exitCode = await baselineCompareAction(paths, opts, ctx.io);
    });
}
