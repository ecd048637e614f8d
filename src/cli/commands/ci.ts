import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { collect, formatOption, inputFormatOption, judgeOption, maxLineBytesOption, minConfidenceOption, redactOption } from '../options.js';

export function registerCi(program: Command, ctx: Ctx): void {
  program
    .command('ci')
    .description('triage for pipelines: compare with a baseline, write JUnit / SARIF / Markdown, exit 1 on a new finding')
    .argument('[paths...]', 'files, folders, or - for standard input')
    .option('--findings <files...>', 'gate on findings documents made elsewhere (triage --shard K/N --format json on each shard) instead of reading logs')
    .option('--manifest <file>', "with --findings: amnesia shard's manifest.json; a shard missing from the documents fails the gate")
    .option('--baseline <file>', 'accepted findings (default amnesia-baseline.json when present)')
    .option('--update-baseline', 'accept every current finding: write the baseline and exit 0')
    .option('--fail-on <level>', 'fail on a new finding at or above this severity (default: config fail_on, else error)')
    .addOption(minConfidenceOption())
    .option('--baseline-behaviour <file>', 'also compare the answers with a behaviour baseline (amnesia baseline record): exit 1 when a feature shifted')
    .option('--junit <file>', 'write a JUnit XML report (a test case per analyzer x session)')
    .option('--sarif <file>', 'write a SARIF 2.1.0 log for code-scanning UIs')
    .option('--markdown <file>', 'write a Markdown summary (also appended to $GITHUB_STEP_SUMMARY when set)')
    .addOption(formatOption('ci', 'stdout'))
    .option('--db <file>', 'keep the evidence in this store instead of a temporary one')
    .option('--analyzer <ids>', 'only these analyzers (comma-separated or repeated)', collect)
    .option('--config <file>', 'configuration file (default amnesia.config.json when present); named with its sha256 in every report')
    .option('--no-config', 'ignore amnesia.config.json')
    .option('--trust-config', 'accept a config that switches analyzers off or sets severities below --fail-on (refused otherwise)')
    .option('--ignore-unread <paths>', 'an input allowed not to be read (a path or glob; repeat the flag); any other unread input fails the gate', collect)
    .addOption(inputFormatOption())
    .option('--max-line-bytes <n>', 'a longer line is recorded as a bad line', maxLineBytesOption())
    .addOption(redactOption('in every report'))
    .addOption(judgeOption())
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (paths: string[], opts) => {
      const { ciAction } = await import('../actions/ci.js');
      ctx.exitCode = await ciAction(paths, opts, ctx.io);
    });
}
