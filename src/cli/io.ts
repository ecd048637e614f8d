import type { Readable, Writable } from 'node:stream';
import { toleratePipeClose } from '../util/streams.js';

/** Where a command writes: data to `out`, progress and diagnostics to `err`. */
export interface Io {
  out: Writable & { isTTY?: boolean };
  err: Writable & { isTTY?: boolean };
  in: Readable;
  env: NodeJS.ProcessEnv;
}

/** The process's streams; a reader that closes stdout or stderr early (`| head`) drops the rest of the output, it does not crash the run. */
export function processIo(): Io {
  toleratePipeClose(process.stdout);
  toleratePipeClose(process.stderr);
  return { out: process.stdout, err: process.stderr, in: process.stdin, env: process.env };
}

/** Colour only on a terminal, never with NO_COLOR (https://no-color.org), forced by FORCE_COLOR. */
export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return !!stream.isTTY && env.TERM !== 'dumb';
}
