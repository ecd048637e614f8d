import { keysIdle } from '../keys/keypress.js';
import { tick, until, WAIT_MS } from './wait.js';

export { tick, until } from './wait.js';

/** Key sequences as a terminal sends them, and waiting for Ink to answer. */
export const KEY = {
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  pageUp: '\u001b[5~',
  pageDown: '\u001b[6~',
  enter: '\r',
  esc: '\u001b',
  tab: '\t',
  shiftTab: '\u001b[Z',
  backspace: '\u007f',
} as const;

/**
 * Write keys one by one, letting the app answer each: a lone Esc is flushed by Ink on the next
 * tick, then the keypress provider delivers the key and waits for its render (keysIdle).
 */
export async function press(stdin: { write(s: string): void }, ...keys: string[]): Promise<void> {
  for (const k of keys) {
    stdin.write(k);
    await settle();
  }
}

/** Wait until every key written so far has been answered and drawn. */
export async function settle(timeout = WAIT_MS): Promise<void> {
  await tick(5);
  const start = Date.now();
  while (!keysIdle() && Date.now() - start < timeout) await tick(5);
  await tick(5);
}

/** The frame's lines without trailing spaces. */
export const linesOf = (frame: string | undefined): string[] => (frame ?? '').split('\n').map((l) => l.trimEnd());

/**
 * Wait until a rendered app is drawn and listens to its input: Ink subscribes to stdin in an
 * effect after the first render, so keys written before that are lost; a screen loaded on first use
 * is drawn once its module is there. A condition, not a sleep:
 * a busy machine can take far longer than any fixed delay.
 */
export async function ready(r: { stdin: { listenerCount(e: string): number }; lastFrame(): string | undefined }, timeout = WAIT_MS): Promise<void> {
  await until(() => {
    if (!r.lastFrame()) throw new Error('the app drew no frame');
    if (r.stdin.listenerCount('readable') === 0) throw new Error('the app does not listen to its input yet');
    // a screen loaded on first use (screens/lazy.tsx) holds the keys until it is drawn
    if (!keysIdle()) throw new Error('the screen is still loading');
  }, timeout);
}
