import type { Command } from 'commander';
import type { Ctx } from '../ctx.js';
import { collect, formatOption, positiveInt } from '../options.js';

export function registerCheck(program: Command, ctx: Ctx): void {
  program
    .command('check')
    .description('run a memory check set against an agent: scripted conversations whose answers depend on what was remembered')
    .requiredOption('--set <file>', 'the check set (YAML; examples/checks/checks.yaml)')
    .requiredOption(
      '--agent <agent>',
      '"reference" (the reference memory engine, offline), an OpenAI-compatible base URL, or a command (the conversation as JSON on stdin, the answer on stdout)',
    )
    .option('--model <name>', "the model name sent to an endpoint (default: the set's model)")
    .option('--timeout <seconds>', 'the most an agent may take for one answer (default 60)', positiveInt('--timeout', 3600))
    .option('--repeat <n>', 'ask every check this many times (for amnesia baseline record)', positiveInt('--repeat', 10000))
    .option('--only <ids>', 'only these checks (comma-separated or repeated)', collect)
    .option('--events <file>', 'write the conversations as native events (amnesia triage and baseline record read them)')
    .addOption(formatOption('checks', 'stdout'))
    .option('--junit <file>', 'write a JUnit XML report (a test suite per layer, a test case per check)')
    .option('--sarif <file>', 'write a SARIF 2.1.0 log (a result per failed check, at its line in the set)')
    .option('--markdown <file>', 'write a Markdown summary (also appended to $GITHUB_STEP_SUMMARY when set)')
    .action(async (opts) => {
      const { checkAction } = await import('../actions/check.js');
      ctx.exitCode = await checkAction(opts, ctx.io);
    });
}
