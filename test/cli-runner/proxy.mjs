// A thread of the test process that carries cli()'s requests to the CLI server (server.mjs) while the
// test's own thread waits (Atomics.wait on `flag`): it forwards a request from `port`, posts the
// reply back on it and wakes the test. It starts the server on first use, and again after a run
// that ended the server's process (its reply then says so, with the exit status).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';

const { port, flag } = workerData;
const wake = new Int32Array(flag);
const SERVER = fileURLToPath(new URL('./server.mjs', import.meta.url));

/** The server, and the request it is running. */
let server = null;
let pending = null;

function answer(result) {
  pending = null;
  port.postMessage(result);
  Atomics.store(wake, 0, 1);
  Atomics.notify(wake, 0);
}

function start() {
  const child = fork(SERVER, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (m) => {
      if (m.ready) resolve(child);
      else if (pending && m.id === pending.id) answer({ code: m.code, stdout: m.stdout, stderr: m.stderr });
    });
  });
  // 'close': after the last message from it was delivered
  child.on('close', (code, signal) => {
    server = null;
    if (pending) answer({ code, stdout: '', stderr: `the CLI server ended during the run (status ${code}, signal ${signal})` });
  });
  return ready;
}

let next = 0;
port.on('message', async (req) => {
  pending = { id: ++next };
  try {
    server ??= start();
    (await server).send({ ...req, id: pending.id });
  } catch (e) {
    server = null;
    answer({ code: null, stdout: '', stderr: `the CLI server did not start: ${e?.stack ?? e}` });
  }
});
