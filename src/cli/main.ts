import v8 from 'node:v8';
import { Command, CommanderError } from 'commander';
import { AmnesiaError } from '../errors.js';
import { describe as describeSqlite } from '../store/connection.js';
import { processIo, type Io } from './io.js';
import { EXIT, type Ctx } from './ctx.js';
import { registerIngest } from './commands/ingest.js';
import { registerSessions } from './commands/sessions.js';
import { registerBadLines } from './commands/bad-lines.js';
import { registerEvents } from './commands/events.js';
import { registerAnalyze } from './commands/analyze.js';
import { registerTriage } from './commands/triage.js';
import { registerShow } from './commands/show.js';
import { registerCi } from './commands/ci.js';
import { registerTui } from './commands/tui.js';
import { registerReplay } from './commands/replay.js';
import { registerChaos } from './commands/chaos.js';
import { registerEval } from './commands/eval.js';
import { registerBaseline } from './commands/baseline.js';
import { registerCheck } from './commands/check.js';
import { registerShard } from './commands/shard.js';
import { registerMerge } from './commands/merge.js';
import { VERSION } from '../version.js';
import { settings } from '../settings.js';
import { readRedactKey } from '../findings/redact.js';

export { EXIT, type Ctx };

export function buildProgram(ctx: Ctx): Command {
  const program = new Command('amnesia')
    .description('Find out why an LLM agent forgot something, from the logs it already writes.')
    .version(VERSION, '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (s) => ctx.io.out.write(s),
      writeErr: (s) => ctx.io.err.write(s),
    })
    .exitOverride();
  registerIngest(program, ctx);
  registerSessions(program, ctx);
  registerBadLines(program, ctx);
  registerEvents(program, ctx);
  registerAnalyze(program, ctx);
  registerTriage(program, ctx);
  registerShow(program, ctx);
  registerShard(program, ctx);
  registerMerge(program, ctx);
  registerCi(program, ctx);
  registerTui(program, ctx);
  registerReplay(program, ctx);
  registerChaos(program, ctx);
  registerEval(program, ctx);
  registerBaseline(program, ctx);
  registerCheck(program, ctx);
  for (const c of program.commands) c.exitOverride().configureOutput({ writeOut: (s) => ctx.io.out.write(s), writeErr: (s) => ctx.io.err.write(s) });
  return program;
}

/** The one error boundary: every error becomes a one-line message and an exit status. */
/**
 * V8 lets a heap grow up to 4x past what survived its last full collection. Ingest allocates fast
 * and keeps little (about 30 MB live on the 500 MB bench), so the main thread's old space sat at
 * 60-75 MB during triage; at 1.5x it stays at 45-58 MB (docs/scale.md). V8 reads the flag at each
 * collection, so setting it here takes effect; a heap flag given to node itself is left alone.
 */
function boundHeapGrowth(env: NodeJS.ProcessEnv): void {
  if ([...process.execArgv, env.NODE_OPTIONS ?? ''].some((a) => a.includes('heap-growing-percent'))) return;
  v8.setFlagsFromString('--heap-growing-percent=50');
}

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  boundHeapGrowth(io.env);
  readRedactKey(io.env);
  const ctx: Ctx = { io, exitCode: EXIT.ok };
  const program = buildProgram(ctx);
  try {
    await program.parseAsync(argv);
    return ctx.exitCode;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return EXIT.ok;
      return EXIT.usage; // commander has printed its message
    }
    if (err instanceof AmnesiaError) {
      io.err.write(`amnesia: ${err.message}\n`);
      return err.exitCode;
    }
    const e = err as Error;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_')) {
      // met mid-run (a store made read-only, a full disk, a damaged page): one line, exit 2
      io.err.write(`amnesia: evidence store: ${describeSqlite(err)}\n`);
      return EXIT.usage;
    }
    io.err.write(`amnesia: internal error: ${e?.message ?? String(err)}\n`);
    if (settings(io.env).debug) io.err.write(`${e?.stack ?? ''}\n`);
    return EXIT.usage;
  }
}
