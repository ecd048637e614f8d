import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Run `fn` with a temporary folder for a store (`triage`, `ci` without --db). The folder holds
 * unredacted logs: it is removed when `fn` ends, throws, or the process is interrupted
 * (SIGINT, SIGTERM, SIGHUP): the folder is removed, then the signal is raised again with its
 * default action, so the process ends at once with the usual status even while a read is blocked
 * (process.exit waits for a read on a pipe that never ends).
 */
export async function withTempStore<T>(prefix: string, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  const handlers = SIGNALS.map((sig) => {
    const h = () => {
      remove();
      for (const [s, f] of handlers) process.off(s, f);
      process.kill(process.pid, sig);
    };
    process.on(sig, h);
    return [sig, h] as const;
  });
  try {
    return await fn(path.join(dir, 'evidence.db'));
  } finally {
    for (const [sig, h] of handlers) process.off(sig, h);
    remove();
  }
}
