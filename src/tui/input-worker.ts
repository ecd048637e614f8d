/**
 * The TUI's keyboard reader, on a thread of its own (input-guard.ts starts it): it reads the
 * terminal and hands every chunk to the UI thread. Its one decision of its own is Ctrl-C: when the
 * UI thread has not beaten its heartbeat for a grace period after a Ctrl-C (a long job holds it),
 * this thread has the UI thread restore the terminal in the middle of that job (the inspector runs
 * the hook between two of the job's statements, as a debugger's pause does), then ends the process
 * with SIGINT, which the hook has handed back to its default: status 130, as for any Ctrl-C.
 * Stopping the job instead (Runtime.terminateExecution) leaves Node's async stack corrupt.
 */
import inspector from 'node:inspector';
import tty from 'node:tty';
import { parentPort, workerData } from 'node:worker_threads';

export interface GuardShared {
  /** [0]: the UI thread's heartbeat counter; [1]: 1 while reading is paused */
  shared: SharedArrayBuffer;
  graceMs: number;
  /** an expression for a function that, on the UI thread, restores the terminal and hands the signal it is given back to its default */
  hook: string;
}

export type ToWorker = { pause: true } | { resume: true };
export type FromWorker = { data: Uint8Array } | { closed: true };

const { shared, graceMs, hook } = workerData as GuardShared;
const state = new Int32Array(shared);
const port = parentPort!;
const input = new tty.ReadStream(0);
// the handle's own reading, as Node stops process.stdin on pause: nothing reads while an editor owns the terminal
const handle = (input as unknown as { _handle: { readStop(): number; readStart(): number } })._handle;

let watching = false;

/**
 * After a Ctrl-C (SIGINT) or the terminal's end (SIGHUP): if the UI thread's heartbeat has not moved
 * for a whole grace period, stop its job and end the process with that signal.
 */
function watch(seen: number, signal: 'SIGINT' | 'SIGHUP'): void {
  setTimeout(() => {
    const now = Atomics.load(state, 0);
    if (now === seen) {
      try {
        const session = new inspector.Session();
        session.connectToMainThread();
        session.post('Runtime.evaluate', { expression: `${hook}?.(${JSON.stringify(signal)})` }, (err) => {
          session.disconnect();
          if (!err) process.kill(process.pid, signal);
        });
      } catch {
        // no inspector in this Node: the quit waits for the job to end
      }
      return;
    }
    // the UI thread quits and ends this thread; until then keep watching
    watch(now, signal);
  }, graceMs).unref();
}

input.on('data', (chunk: Buffer) => {
  port.postMessage({ data: new Uint8Array(chunk) } satisfies FromWorker);
  if (!watching && chunk.includes(3)) {
    watching = true;
    watch(Atomics.load(state, 0), 'SIGINT');
  }
});

// the terminal went away (its window closed, the ssh connection dropped): reads end, or fail with EIO.
// The kernel's SIGHUP waits for the UI thread like any signal; a long job there would run on, an
// orphan at full CPU, so the job is stopped as for Ctrl-C, and the process ends by SIGHUP.
let closed = false;
const onClosed = () => {
  if (closed) return;
  closed = true;
  port.postMessage({ closed: true } satisfies FromWorker);
  watch(Atomics.load(state, 0), 'SIGHUP');
};
input.on('end', onClosed);
input.on('error', onClosed);

port.on('message', (m: ToWorker) => {
  if ('pause' in m) handle.readStop();
  else handle.readStart();
  Atomics.store(state, 1, 'pause' in m ? 1 : 0);
  Atomics.notify(state, 1);
});
