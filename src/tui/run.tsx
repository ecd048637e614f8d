import chalk from 'chalk';
import { render } from 'ink';
import { App } from './App.js';
import type { Tail } from './hooks/useFollow.js';
import type { TuiStore } from './store.js';
import { AmnesiaError, StoreError } from '../errors.js';
import { guardAvailable, startInputGuard, type InputGuard } from './input-guard.js';
import { MOUSE_OFF, MOUSE_ON } from './suspend.js';

export interface RunOptions {
  /** colours (off with NO_COLOR) */
  color: boolean;
  /** bold / dim / inverse, with or without colour (off for tests that compare plain text) */
  styles: boolean;
  /** the command's streams (Io): the TUI reads keys from `stdin`, draws on `stdout`, says why it stopped on `stderr` */
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  /** the evidence store's file, named when it turns out damaged */
  db?: string;
  /** route console output above the frame (default true; tests turn it off) */
  patchConsole?: boolean;
  /** the process whose signals end the TUI (tests pass an emitter) */
  signals?: Pick<NodeJS.Process, 'once' | 'off'>;
  /** what a signal does once the terminal is restored (default: exit with 128 + the signal's number) */
  onSignal?: (signal: NodeJS.Signals) => void;
  /** the command's environment (Io.env): the editor the `e` key opens ($VISUAL, $EDITOR) */
  env?: NodeJS.ProcessEnv;
  /** where the `e` key looks for a source's relative path (actions.ts sourceBases) */
  sourceBases?: readonly string[];
  /** `R`: analyze again and answer with a fresh store (App.tsx AppProps.reload) */
  reload?: () => Promise<TuiStore>;
  /** live tail: the store's signature, and whether to follow from the start (App.tsx AppProps.tail) */
  tail?: Tail;
  /** read keys on a thread of their own, so Ctrl-C stops a long job (input-guard.ts); default: on a terminal, when built */
  guard?: boolean;
}

/** The TUI stopped on an error: the terminal has been restored; the message is one line. */
export class TuiStopped extends AmnesiaError {}

const SQLITE_DAMAGE = /SQLITE_(CORRUPT|NOTADB|IOERR|CANTOPEN)|malformed|not a database|disk I\/O error|no such table|file is not a database/i;

/** One line for an error that stopped the TUI: a damaged store is named as such. */
export function stopError(e: unknown, db?: string): AmnesiaError {
  const err = e instanceof Error ? e : new Error(String(e));
  const code = (err as { code?: unknown }).code;
  const msg = err.message.replace(/\s*\n[\s\S]*$/, '').trim();
  if (err instanceof AmnesiaError) return err;
  if (SQLITE_DAMAGE.test(`${String(code ?? '')} ${msg}`)) {
    return new StoreError(
      `the evidence store${db ? ` ${db}` : ''} became unreadable while the TUI was open (${msg}); re-run \`amnesia triage\` into a new --db`,
    );
  }
  return new TuiStopped(`the TUI stopped on an internal error: ${msg} (the terminal was restored)`);
}

const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'];
const SIGNAL_CODE: Partial<Record<NodeJS.Signals, number>> = { SIGTERM: 15, SIGHUP: 1, SIGINT: 2, SIGQUIT: 3 };

/**
 * Start the TUI on the alternate screen and resolve when the user quits. Whatever ends it (quit,
 * an error in a render or a key handler, SIGTERM, SIGHUP, SIGINT, SIGQUIT) leaves the terminal as
 * it was: raw mode off, the alternate screen left, the cursor shown; an error becomes one line
 * (stopError). Ctrl-C quits at once; during a long job on the UI thread the key reader stops the
 * job (input-guard.ts) and the TUI ends as on SIGINT.
 */
export async function runTui(store: TuiStore, opts: RunOptions): Promise<void> {
  const { stdout, stdin, stderr } = opts;
  const signals = opts.signals ?? process;
  // Ink styles text with the shared chalk, whose own guess says "no colour" under CI=1 and the
  // like; the terminal was checked by the caller (cli/io.ts colorEnabled), the theme drops colours
  const level = chalk.level;
  chalk.level = opts.styles ? (Math.max(level, 1) as typeof level) : 0;
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    try {
      if (stdin.isTTY) stdin.setRawMode?.(false);
    } catch {
      // stdin already closed
    }
    stdout.write(`${MOUSE_OFF}\u001b[?2004l\u001b[?25h\u001b[?1049l`);
    chalk.level = level;
  };
  // bracketed paste on: a paste arrives marked, as one text; mouse reports on: the wheel scrolls (keypress.tsx)
  stdout.write(`\u001b[?1049h\u001b[H\u001b[?2004h${MOUSE_ON}`);
  let app: ReturnType<typeof render> | null = null;
  let guard: InputGuard | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    guard?.stop();
    try {
      app?.unmount();
    } catch {
      // unmounting is best effort: the terminal is restored below either way
    }
    restore();
    stderr.write(`amnesia: tui stopped by ${signal}\n`);
    if (opts.onSignal) opts.onSignal(signal);
    else process.exit(128 + (SIGNAL_CODE[signal] ?? 15));
  };
  for (const s of SIGNALS) signals.once(s, onSignal);
  if ((opts.guard ?? guardAvailable()) && stdin.isTTY) {
    guard = startInputGuard(stdin, {
      onCtrlC: () => app?.unmount(),
      onClosed: () => onSignal('SIGHUP'),
      // in the middle of the job: no unmount (React may be mid-render), nothing drawn after the restore
      onInterrupt: (signal) => {
        restore();
        stdout.write = () => true;
        stderr.write(
          signal === 'SIGINT'
            ? 'amnesia: tui stopped by Ctrl-C in the middle of a long job\n'
            : 'amnesia: tui stopped: the terminal closed in the middle of a long job\n',
        );
      },
      onError: (e) => app?.unmount(e),
    });
  }
  // raw mode before the first frame, not in Ink's effect after it: a key pressed as the frame shows (Ctrl-Z,
  // Ctrl-C) is read as a key, not taken by the terminal's line discipline (on a loaded machine it echoed ^Z)
  const keys = guard?.stdin ?? stdin;
  if (keys.isTTY) keys.setRawMode?.(true);
  try {
    app = render(<App store={store} color={opts.color} env={opts.env} sourceBases={opts.sourceBases} reload={opts.reload} tail={opts.tail} />, {
      stdout,
      stdin: keys,
      stderr,
      exitOnCtrlC: false,
      patchConsole: opts.patchConsole ?? true,
    });
    await app.waitUntilExit();
  } catch (e) {
    try {
      app?.unmount();
    } catch {
      // already unmounted
    }
    restore();
    throw stopError(e, opts.db);
  } finally {
    guard?.stop();
    for (const s of SIGNALS) signals.off(s, onSignal);
    restore();
  }
}
