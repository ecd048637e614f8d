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

export const tick = (ms = 20): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Write keys one by one, letting Ink handle each (a lone Esc is only flushed on the next tick). */
export async function press(stdin: { write(s: string): void }, ...keys: string[]): Promise<void> {
  for (const k of keys) {
    stdin.write(k);
    await tick();
  }
}

/** The frame's lines without trailing spaces. */
export const linesOf = (frame: string | undefined): string[] => (frame ?? '').split('\n').map((l) => l.trimEnd());
