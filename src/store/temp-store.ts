import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A temporary folder for a store (`triage`, `ci` without --db, `baseline`). The folder holds
 * unredacted logs: `remove()` removes it, and so does an interrupt (SIGINT, SIGTERM, SIGHUP) before
 * that: the folder is removed, then the signal is raised again with its default action, so the
 * process ends at once with the usual status even while a read is blocked (process.exit waits for
 * a read on a pipe that never ends).
 */
export function tempStore(prefix: string): { file: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  const handlers = SIGNALS.map((sig) => {
    const h = () => {
      removeDir();
      for (const [s, f] of handlers) process.off(s, f);
      process.kill(process.pid, sig);
    };
    process.on(sig, h);
    return [sig, h] as const;
  });
  return {
    file: path.join(dir, 'evidence.db'),
    remove: () => {
      for (const [sig, h] of handlers) process.off(sig, h);
      removeDir();
    },
  };
}

/** Run `fn` with a temporary store file (see tempStore), removed when `fn` ends or throws. */
export async function withTempStore<T>(prefix: string, fn: (file: string) => Promise<T>): Promise<T> {
  const t = tempStore(prefix);
  try {
    return await fn(t.file);
  } finally {
    t.remove();
  }
}
