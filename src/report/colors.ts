import { Chalk, type ChalkInstance } from 'chalk';

/** A chalk that colours only when asked to (see cli/io.ts colorEnabled). Reporters take it as a parameter. */
export function palette(enabled: boolean): ChalkInstance {
  return new Chalk({ level: enabled ? 1 : 0 });
}
