import type { Readable, Writable } from 'node:stream';

/** Where a command writes: data to `out`, progress and diagnostics to `err`. */
export interface Io {
  out: Writable & { isTTY?: boolean };
  err: Writable & { isTTY?: boolean };
  in: Readable;
  env: NodeJS.ProcessEnv;
}

export const processIo = (): Io => ({ out: process.stdout, err: process.stderr, in: process.stdin, env: process.env });

/** Colour only on a terminal, never with NO_COLOR (https://no-color.org), forced by FORCE_COLOR. */
export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return !!stream.isTTY && env.TERM !== 'dumb';
}
