import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { TuiStore } from './store.js';
import { tuiFixture } from './__tests__/fixture-store.js';
import { StoreError } from '../errors.js';
import { until } from './__tests__/wait.js';
import { loadInteractive } from './interactive.js';

// As on CI, which sets CI: Ink would then draw only a final frame, at exit. The TUI is loaded the
// way `amnesia tui` loads it, which must make Ink interactive anyway (nothing above loads Ink).
const ci = process.env.CI;
process.env.CI = 'true';
const { runTui, stopError, TuiStopped } = await loadInteractive();
const inkBelievesCi = (await import('is-in-ci')).default;
if (ci === undefined) delete process.env.CI;
else process.env.CI = ci;

const fixture = tuiFixture();

/** A terminal: a TTY stdin whose raw mode is recorded, a stdout that keeps what was written. */
function terminal() {
  const stdin = Object.assign(new EventEmitter(), {
    isTTY: true,
    raw: [] as boolean[],
    setRawMode(on: boolean) {
      stdin.raw.push(on);
      return stdin;
    },
    setEncoding: () => {},
    read: () => null,
    ref: () => {},
    unref: () => {},
    resume: () => {},
    pause: () => {},
  });
  const out: string[] = [];
  const stdout = Object.assign(new EventEmitter(), { isTTY: true, columns: 80, rows: 24, write: (s: string) => (out.push(s), true) });
  const err: string[] = [];
  const stderr = Object.assign(new EventEmitter(), { write: (s: string) => (err.push(s), true) });
  return { stdin, stdout, stderr, out, err };
}

const RESTORE = '\u001b[?25h\u001b[?1049l';

describe('every way out of the TUI restores the terminal', () => {
  it('CI=true in the environment: Ink is loaded interactive and the variable is restored', () => {
    expect(inkBelievesCi).toBe(false);
    expect(process.env.CI).toBe(ci);
  });

  it('a store that becomes unreadable mid-session: one line naming the store, terminal restored', async () => {
    const t = terminal();
    const broken: TuiStore = Object.create(fixture.store);
    broken.overview = () => {
      throw Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
    };
    const run = runTui(broken, {
      color: false,
      styles: false,
      stdin: t.stdin as never,
      stdout: t.stdout as never,
      stderr: t.stderr as never,
      db: 'x.db',
      signals: new EventEmitter() as never,
      patchConsole: false,
    });
    const e = await run.then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(StoreError);
    expect((e as Error).message).toContain('x.db');
    expect((e as Error).message).toContain('database disk image is malformed');
    expect((e as Error).message).not.toContain('\n');
    expect(t.out.join('')).toContain('\u001b[?1049h');
    expect(t.out.join('').endsWith(RESTORE)).toBe(true);
    // no stack trace drawn on the screen
    expect(t.out.join('')).not.toMatch(/at .*\(.*\.tsx?:\d+/);
    if (t.stdin.raw.length) expect(t.stdin.raw.at(-1)).toBe(false);
  });

  it('SIGTERM: unmounts, restores the terminal and says so in one line', async () => {
    const t = terminal();
    const signals = new EventEmitter();
    const onSignal = vi.fn();
    const run = runTui(fixture.store, {
      color: false,
      styles: false,
      stdin: t.stdin as never,
      stdout: t.stdout as never,
      stderr: t.stderr as never,
      signals: signals as never,
      onSignal,
      patchConsole: false,
    });
    await until(() => expect(t.out.join('')).toContain('amnesia › Overview'));
    signals.emit('SIGTERM', 'SIGTERM');
    await run;
    expect(onSignal).toHaveBeenCalledWith('SIGTERM');
    expect(t.out.join('')).toContain(RESTORE);
    // bracketed paste: asked for at the start, turned off with the rest
    expect(t.out.join('')).toContain('\u001b[?2004h');
    expect(t.out.join('').lastIndexOf('\u001b[?2004l')).toBeGreaterThan(t.out.join('').lastIndexOf('\u001b[?2004h'));
    expect(t.err.join('')).toBe('amnesia: tui stopped by SIGTERM\n');
    expect(signals.listenerCount('SIGTERM')).toBe(0);
  });

  it('an internal error becomes one line', () => {
    const e = stopError(new TypeError("Cannot read properties of undefined (reading 'x')\n    at Foo (a.ts:1:1)"));
    expect(e).toBeInstanceOf(TuiStopped);
    expect(e.message).toBe("the TUI stopped on an internal error: Cannot read properties of undefined (reading 'x') (the terminal was restored)");
  });
});
