import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { collect, dbOption, formatOption, judgeOption, minConfidenceOption, redactOption } from '../options.js';

/** Options shared by `analyze` and `triage`. */
export function analysisOptions(cmd: Command): Command {
  return cmd
    .option('--analyzer <ids>', 'only these analyzers (comma-separated or repeated)', collect)
    .option('--session <id>', 'only this session; or the hash --redact printed for it')
    .option('--shard <K/N>', 'only the sessions of shard K of N (0-based); the rest is read as context (docs/scale.md)')
    .option('--by <key>', 'with --shard: sessions are cut by session (default) or by user, as `amnesia shard --by` cut them')
    .option('--severity <level>', 'hide findings below this severity (info, warning, error)')
    .addOption(minConfidenceOption())
    .option('--fail-on <level>', 'exit 1 when a finding is at or above this severity')
    .option('--config <file>', 'configuration file')
    .addOption(redactOption())
    .addOption(judgeOption());
}

export function registerAnalyze(program: Command, ctx: Ctx): void {
  analysisOptions(
    program
      .command('analyze')
      .description('run the analyzers over the evidence store and report what the agent forgot, and why')
      .addOption(dbOption())
      .addOption(formatOption('findings')),
  ).action(async (opts) => {
    const { analyzeAction } = await import('../actions/analyze.js');
    ctx.exitCode = await analyzeAction(opts, ctx.io);
  });
}
