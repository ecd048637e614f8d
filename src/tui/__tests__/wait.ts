/** Waiting on conditions, without loading Ink (a test that loads the TUI through loadInteractive must not load Ink first). */
export const tick = (ms = 20): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Poll until `check` stops throwing (Ink writes frames at most 30 times a second, later on a busy machine). */
export async function until(check: () => void, timeout = 10_000): Promise<void> {
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
