// The identity of a source known only once read (standard input, a pipe, a database) while it is ingested, and who owns it.
import crypto from 'node:crypto';
import os from 'node:os';

/**
 * The placeholder identity of a source whose bytes are hashed while read (standard input, a pipe,
 * a database): it names this host and process, so a later run can tell an abandoned one.
 */
export function pendingSha(): string {
  return `pending:${encodeURIComponent(os.hostname())}:${process.pid}:${crypto.randomUUID()}`;
}

/** Host and process of a pending source; null for one written before they were recorded (its process is gone). */
export function pendingOwner(sha: string): { host: string; pid: number } | null {
  const m = /^pending:([^:]*):(\d+):/.exec(sha);
  return m ? { host: decodeURIComponent(m[1]), pid: Number(m[2]) } : null;
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}
