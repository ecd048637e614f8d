/**
 * The lowest layer: loading SQLite (better-sqlite3) with a clear message when the native addon
 * was built for another Node.js, and one line for an SQLite error. Used by the evidence store
 * (src/store) and the engine's own database (src/engine/schema.ts); imports nothing of ours.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type Db = BetterSqlite3.Database;
export type Driver = typeof BetterSqlite3;

const require = createRequire(import.meta.url);

/** better-sqlite3, or `fail(message)` thrown with a one-line reason (a rebuild hint for an ABI mismatch). */
export function loadDriver(fail: (message: string) => Error): Driver {
  try {
    return require('better-sqlite3') as Driver;
  } catch (err) {
    const msg = (err as Error).message ?? String(err);
    if (/NODE_MODULE_VERSION|was compiled against a different Node/.test(msg)) {
      throw fail(`better-sqlite3 was built for another Node.js version than ${process.version}; run \`npm rebuild better-sqlite3\``);
    }
    throw fail(`cannot load better-sqlite3: ${msg.split('\n')[0]}`);
  }
}

/** One line for an SQLite error (also used by the CLI's error boundary for errors met mid-run). */
export function describeSqliteError(err: unknown): string {
  const e = err as { code?: string; message?: string };
  if (e.code === 'SQLITE_NOTADB') return 'the file is not an SQLite database';
  if (e.code === 'SQLITE_CORRUPT') return 'the database is corrupt';
  if (e.code === 'SQLITE_CANTOPEN') return 'cannot open the file';
  if (e.code?.startsWith('SQLITE_READONLY')) return 'the store is read-only (check the file and folder permissions)';
  if (e.code === 'SQLITE_BUSY') return 'the store is locked by another amnesia process';
  return (e.message ?? String(err)).split('\n')[0];
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Switch a writer to WAL. Changing the journal mode needs an exclusive lock, and SQLite answers
 * SQLITE_BUSY at once, without calling the busy handler, while another process holds the lock
 * (several processes opening a new database together): so it is tried again, with a growing
 * pause, until `timeoutMs` has passed.
 */
export function enableWal(db: Db, timeoutMs = 60_000): void {
  const end = Date.now() + timeoutMs;
  for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if (!isBusy(err) || Date.now() > end) throw err;
      Atomics.wait(pause, 0, 0, wait);
    }
  }
}

/**
 * Run `fn` in one write transaction that several processes can share a file with. It begins
 * IMMEDIATE, so the write lock is taken (waiting on busy_timeout) before anything is read: a
 * deferred transaction that read first and then wrote after another process's commit gets
 * SQLITE_BUSY at once, without the busy handler. A busy or locked answer that still comes through
 * (the timeout passed, a checkpoint) is retried with a doubling pause until `timeoutMs` has passed.
 * Inside an outer transaction it is a savepoint of that one (no retry: the outer one owns the lock).
 */
export function writeTransaction<T>(db: Db, fn: () => T, timeoutMs = 60_000): T {
  const tx = db.transaction(fn);
  if (db.inTransaction) return tx();
  const end = Date.now() + timeoutMs;
  for (let wait = 1; ; wait = Math.min(wait * 2, 100)) {
    try {
      return tx.immediate();
    } catch (err) {
      if (!isBusy(err) || db.inTransaction || Date.now() > end) throw err;
      Atomics.wait(pause, 0, 0, wait + Math.floor(Math.random() * wait));
    }
  }
}
