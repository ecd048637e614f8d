import type { Io } from './io.js';

/** The exit statuses live with the typed errors that carry them (src/errors.ts). */
export { EXIT } from '../errors.js';

/** What the commands share with the program: where they write, and the exit status the action set. */
export interface Ctx {
  io: Io;
  /** set by the action that ran */
  exitCode: number;
}
