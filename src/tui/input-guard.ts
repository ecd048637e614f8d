import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FromWorker, GuardShared, ToWorker } from './input-worker.js';

/**
 * Ctrl-C at any moment. Keys are read on a thread of their own (input-worker.ts) and reach Ink
 * through `stdin`, a stream that stands for the terminal (raw mode goes to the real one). A Ctrl-C
 * calls `onCtrlC` as soon as the UI thread is free. When a long job holds the UI thread for
 * GRACE_MS, `onInterrupt` runs in the middle of it (it must only restore the terminal: React may
 * be mid-render), every SIGINT listener is removed and the reader ends the process with SIGINT.
 * The terminal's end (its window closed) is the same with SIGHUP: `onClosed` when the UI thread is
 * free, else `onInterrupt('SIGHUP')` in the middle of the job.
 */
export interface InputGuard {
  /** what Ink reads keys from; its raw mode off (an editor, the end) also stops the reader, until raw mode is on again */
  stdin: NodeJS.ReadStream;
  stop(): void;
}

export const GRACE_MS = 400;
const HEARTBEAT_MS = 50;
const WORKER = new URL('./input-worker.js', import.meta.url);
const HOOK = Symbol.for('amnesia.tui.interrupt');

/**
 * A read of the terminal cut into what Ink must see apart: every Esc that does not open an escape
 * sequence (`Esc [`, `Esc O`) is a key of its own. Read together, `Esc /` reached Ink as `/` alone
 * (its parser knows Alt only with a letter or digit) and the Esc was lost; no command is bound to Alt.
 * Ink's parser holds a lone Esc until the event loop turns, so what follows one is passed on a turn later.
 */
export function splitEscapes(s: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '\u001b' || s[i + 1] === '[' || s[i + 1] === 'O') continue;
    if (i > start) out.push(s.slice(start, i));
    out.push('\u001b');
    start = i + 1;
  }
  if (start < s.length) out.push(s.slice(start));
  return out;
}

/** Is the compiled reader there (dist/)? Under the TypeScript sources (unit tests) it is not. */
export function guardAvailable(): boolean {
  return fs.existsSync(fileURLToPath(WORKER));
}

export interface GuardHandlers {
  /** Ctrl-C read while the UI thread is free */
  onCtrlC: () => void;
  /** the terminal went away (reads ended) while the UI thread is free: end as on SIGHUP */
  onClosed: () => void;
  /** in the middle of a long job, after a Ctrl-C (SIGINT) or the terminal's end (SIGHUP): restore the terminal, nothing more */
  onInterrupt: (signal: 'SIGINT' | 'SIGHUP') => void;
  onError: (e: Error) => void;
}

export function startInputGuard(real: NodeJS.ReadStream, handlers: GuardHandlers): InputGuard {
  const shared = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  const state = new Int32Array(shared);
  (globalThis as Record<symbol, unknown>)[HOOK] = (signal: 'SIGINT' | 'SIGHUP') => {
    handlers.onInterrupt(signal);
    process.removeAllListeners(signal);
  };
  const hook = `globalThis[Symbol.for(${JSON.stringify(HOOK.description)})]`;
  const worker = new Worker(WORKER, { workerData: { shared, graceMs: GRACE_MS, hook } satisfies GuardShared });
  const beat = setInterval(() => Atomics.add(state, 0, 1), HEARTBEAT_MS);
  beat.unref();
  const stream = new PassThrough() as unknown as NodeJS.ReadStream & PassThrough;
  const decoder = new StringDecoder('utf8');
  const queue: string[] = [];
  let waiting = false;
  const pass = () => {
    waiting = false;
    while (queue.length > 0) {
      const keys = queue.shift()!;
      stream.write(keys);
      if (keys === '\u001b' && queue.length > 0) {
        waiting = true;
        setTimeout(pass, 1);
        return;
      }
    }
  };
  Object.assign(stream, {
    isTTY: true,
    isRaw: false,
    // raw mode off hands the terminal over (an editor, the end): the reader stops first and starts again after it
    setRawMode(mode: boolean) {
      if (!mode) pause();
      real.setRawMode(mode);
      if (mode) resume();
      stream.isRaw = mode;
      return stream;
    },
    // the reader thread holds the process open, not this stream
    ref: () => stream,
    unref: () => stream,
  });
  let stopped = false;
  worker.on('message', (m: FromWorker) => {
    if (stopped) return;
    if ('closed' in m) return handlers.onClosed();
    const chunk = Buffer.from(m.data);
    if (chunk.includes(3)) return handlers.onCtrlC();
    queue.push(...splitEscapes(decoder.write(chunk)));
    if (!waiting) pass();
  });
  worker.on('error', (e) => handlers.onError(e));
  const tell = (m: ToWorker, paused: number) => {
    if (stopped || Atomics.load(state, 1) === paused) return;
    worker.postMessage(m);
    // bounded: a reader that does not answer must not hang the TUI
    Atomics.wait(state, 1, 1 - paused, 500);
  };
  const pause = () => tell({ pause: true }, 1);
  const resume = () => tell({ resume: true }, 0);
  return {
    stdin: stream,
    stop: () => {
      if (stopped) return;
      stopped = true;
      delete (globalThis as Record<symbol, unknown>)[HOOK];
      clearInterval(beat);
      void worker.terminate();
      stream.end();
    },
  };
}
