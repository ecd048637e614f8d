import { guardAvailable, startInputGuard, type InputGuard } from './input-guard.js';

/** How an analysis before the first frame ended. */
export type AnalyzingEnd = 'done' | 'quit' | 'ctrl-c';

export interface AnalyzingIo {
  stdin: NodeJS.ReadStream;
  stderr: NodeJS.WriteStream;
  /** read keys on a thread of their own (input-guard.ts), so Ctrl-C stops a job that holds the UI thread; default: when built */
  guard?: boolean;
  /** the process whose signals end it (tests pass an emitter) */
  signals?: Pick<NodeJS.Process, 'once' | 'off'>;
  /** what a signal does once the terminal is restored (default: exit with 128 + the signal's number) */
  onSignal?: (signal: NodeJS.Signals) => void;
}

/** What the job is given: where to say how far it is, and the signal that stops it (`q`, Ctrl-C). */
export interface AnalyzingWatch {
  progress: (done: number, total: number) => void;
  signal: AbortSignal;
}

/** Progress is redrawn at most this often: a line per batch of 32 sessions would flood a slow terminal. */
const REDRAW_MS = 100;

const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'];
const SIGNAL_CODE: Partial<Record<NodeJS.Signals, number>> = { SIGTERM: 15, SIGHUP: 1, SIGINT: 2, SIGQUIT: 3 };

/** `analyzing... 1,234 of 10,000 sessions`: the line the job redraws in place. */
export function analyzingLine(done: number, total: number | null): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return total === null ? 'analyzing...' : `analyzing... ${n(done)} of ${n(total)} sessions`;
}

/**
 * The analysis `amnesia tui` runs before its first frame, on worker threads, with its progress on
 * one line of stderr (`analyzing... 1,234 of 10,000 sessions (q quits)`) and the keyboard read
 * meanwhile: `q` stops it between two batches and ends the TUI (nothing stored), Ctrl-C too (status
 * 130), and a Ctrl-C the UI thread cannot answer in time (an in-process analysis of a huge session)
 * is taken by the key reader's thread (input-guard.ts), which restores the terminal and ends the
 * process with SIGINT. Signals restore the terminal before they end it.
 */
export async function whileAnalyzing(job: (watch: AnalyzingWatch) => Promise<void>, io: AnalyzingIo): Promise<AnalyzingEnd> {
  const { stdin, stderr } = io;
  const signals = io.signals ?? process;
  const tty = !!stderr.isTTY;
  const abort = new AbortController();
  let end: AnalyzingEnd = 'done';
  const stop = (why: AnalyzingEnd) => {
    if (abort.signal.aborted) return;
    end = why;
    abort.abort(new Error(why === 'quit' ? 'analysis stopped by q' : 'analysis stopped by Ctrl-C'));
  };
  let last = 0;
  let shown = '';
  const draw = (line: string, final = false) => {
    if (!tty) return;
    shown = line;
    stderr.write(`\r\u001b[K${line}${final ? '\n' : ' (q quits)'}`);
  };
  stderr.write(tty ? 'analyzing... (q quits)' : 'analyzing...\n');
  shown = 'analyzing...';
  const progress = (done: number, total: number) => {
    const now = Date.now();
    if (now - last < REDRAW_MS && done < total) return;
    last = now;
    draw(analyzingLine(done, total));
  };

  let raw = false;
  const restore = () => {
    if (!raw) return;
    raw = false;
    try {
      keyboard.setRawMode?.(false);
    } catch {
      // stdin already closed
    }
  };
  const onKeys = (chunk: Buffer | string) => {
    const s = chunk.toString();
    if (s.includes('\u0003')) stop('ctrl-c');
    else if (/q/i.test(s)) stop('quit');
  };
  let guard: InputGuard | null = null;
  if (stdin.isTTY && (io.guard ?? guardAvailable())) {
    guard = startInputGuard(stdin, {
      onCtrlC: () => stop('ctrl-c'),
      onClosed: () => onSignal('SIGHUP'),
      // the job holds this thread: the terminal is put back, the key reader ends the process with SIGINT (SIGHUP: the terminal closed)
      onInterrupt: (signal) => {
        restore();
        const why = signal === 'SIGINT' ? ' by Ctrl-C' : ': the terminal closed';
        stderr.write(`${tty ? '\n' : ''}amnesia: tui stopped${why} in the middle of the analysis; nothing stored\n`);
      },
      onError: () => {},
    });
  }
  const keyboard = guard?.stdin ?? stdin;
  const onSignal = (signal: NodeJS.Signals) => {
    abort.abort(new Error(`analysis stopped by ${signal}`));
    guard?.stop();
    restore();
    stderr.write(`${tty ? '\n' : ''}amnesia: tui stopped by ${signal}\n`);
    if (io.onSignal) io.onSignal(signal);
    else process.exit(128 + (SIGNAL_CODE[signal] ?? 15));
  };
  for (const s of SIGNALS) signals.once(s, onSignal);
  if (keyboard.isTTY) {
    keyboard.setRawMode?.(true);
    raw = true;
    keyboard.on('data', onKeys);
    keyboard.resume();
  }
  try {
    await job({ progress, signal: abort.signal });
    if (abort.signal.aborted) return end;
    draw(shown, true);
    return 'done';
  } catch (e) {
    if (abort.signal.aborted) return end;
    throw e;
  } finally {
    for (const s of SIGNALS) signals.off(s, onSignal);
    keyboard.off('data', onKeys);
    restore();
    keyboard.pause();
    guard?.stop();
    if (end !== 'done' && tty) stderr.write('\n');
  }
}
