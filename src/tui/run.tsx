import chalk from 'chalk';
import { render } from 'ink';
import { App } from './App.js';
import type { TuiStore } from './store.js';

export interface RunOptions {
  /** colours (off with NO_COLOR) */
  color: boolean;
  /** bold / dim / inverse: on a terminal unless TERM=dumb, with or without colour */
  styles: boolean;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
}

/** Start the TUI on the alternate screen and resolve when the user quits. */
export async function runTui(store: TuiStore, opts: RunOptions): Promise<void> {
  const stdout = opts.stdout ?? process.stdout;
  // Ink styles text with the shared chalk, whose own guess says "no colour" under CI=1 and the
  // like; the terminal was checked by the caller (cli/io.ts colorEnabled), the theme drops colours
  const level = chalk.level;
  chalk.level = opts.styles ? (Math.max(level, 1) as typeof level) : 0;
  stdout.write('\u001b[?1049h\u001b[H');
  try {
    const app = render(<App store={store} color={opts.color} />, {
      stdout,
      stdin: opts.stdin ?? process.stdin,
      stderr: opts.stderr ?? process.stderr,
      exitOnCtrlC: false,
      patchConsole: true,
    });
    await app.waitUntilExit();
  } finally {
    stdout.write('\u001b[?1049l');
    chalk.level = level;
  }
}
