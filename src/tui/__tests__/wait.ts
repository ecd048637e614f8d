/** Waiting on conditions, without loading Ink (a test that loads the TUI through loadInteractive must not load Ink first). */
export const tick = (ms = 20): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * How long a test waits for something that must happen before it calls it a hang: generous, as a loaded
 * machine (load average 10 and more) is slow, and the same everywhere (vitest.config.ts guards each test at 5 minutes).
 */
export const WAIT_MS = 120_000;

/** Poll until `check` stops throwing (Ink writes frames at most 30 times a second, later on a busy machine). */
export async function until(check: () => void, timeout = WAIT_MS): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (e) {
      if (Date.now() - start > timeout) throw e;
      await tick(25);
    }
  }
}
