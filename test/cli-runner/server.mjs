// The built CLI, kept loaded: a child process that runs `main(argv, io)` of dist/cli/main.js for each
// request its parent sends (test/helpers.ts cli()), as the binary would run it, without paying Node's
// module loading (0.2-0.4 s of CPU) for each run. Each request brings its own working folder
// (chdir: a child process can, a worker thread could not), its own environment (process.env is
// replaced, so settings(), os.tmpdir() and the threads a command starts read the request's) and its
// own standard input; stdout and stderr are captured. One request at a time.
import { PassThrough, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/amnesia.js', import.meta.url));
const { main } = await import(new URL('../../dist/cli/main.js', import.meta.url).href);

/** A stream that keeps what is written to it, as a pipe would deliver it. */
function capture() {
  const chunks = [];
  const stream = new Writable({
    write(chunk, encoding, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** The run in progress: what it has written, for a reply even when it crashes the process. */
let current = null;

function reply(code, then) {
  if (!current) return then?.();
  const { id, out, err } = current;
  current = null;
  process.send({ id, code, stdout: out.text(), stderr: err.text() }, then);
}

// As in the binary, an uncaught error ends the run with status 1 and its stack on stderr; the
// process may hold broken state after it, so it ends too (the parent starts another for the next run).
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (e) => {
    current?.err.stream.write(`${e?.stack ?? String(e)}\n`);
    reply(1, () => process.exit(1));
  });
}
process.on('exit', (code) => reply(code));
// the test process ended: so does this one
process.on('disconnect', () => process.exit());

process.on('message', async ({ id, args, cwd, env, input }) => {
  process.chdir(cwd);
  for (const k of Object.keys(process.env)) delete process.env[k];
  Object.assign(process.env, env);
  const out = capture();
  const err = capture();
  const stdin = new PassThrough();
  stdin.end(Buffer.from(input));
  current = { id, out, err };
  const code = await main([process.execPath, BIN, ...args], { out: out.stream, err: err.stream, in: stdin, env: process.env });
  reply(code);
});
process.send({ ready: true });
