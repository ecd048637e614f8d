import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { InputError } from '../errors.js';
import type { DatabaseReader, DatabaseTarget, IngestItem, InputFormat } from './types.js';

/**
 * Inputs that are databases: `<format>:<path or URL>[?key=value&...]` names one explicitly,
 * and an SQLite file given by name is recognised by its first bytes and its tables.
 * Everything here opens read-only: a user's database is never written or locked for writing.
 */

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

export function isSqliteHead(head: Buffer): boolean {
  return head.length >= 16 && head.subarray(0, 16).equals(SQLITE_MAGIC);
}

/** An SQLite file in WAL mode: the header's read and write versions (bytes 18, 19) are 2. */
function isWalFile(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(20);
    return fs.readSync(fd, head, 0, 20, 0) === 20 && head[18] === 2 && head[19] === 2;
  } finally {
    fs.closeSync(fd);
  }
}

/** Size and modification time of a file, '' when it does not exist: what says a copy was taken while nothing changed. */
function stamp(file: string): string {
  try {
    const st = fs.statSync(file);
    return `${st.size}:${st.mtimeMs}`;
  } catch {
    return '';
  }
}

const COPY_TRIES = 3;

/**
 * A private copy of a WAL-mode database (the file, then its -wal, never the -shm: SQLite rebuilds the
 * index from the log), taken while neither changed: the copy holds every transaction committed
 * before it and nothing half-written (a frame without its commit is not replayed). A database
 * rewritten during every try is refused in one line. `copyFile` is the copy each try makes (a test
 * gives one that changes the database while it copies, to take this path without a race).
 */
export function walSnapshot(file: string, display: string, copyFile: (from: string, to: string) => void = fs.copyFileSync): string {
  for (let i = 0; i < COPY_TRIES; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-sqlite-'));
    const before = `${stamp(file)}|${stamp(`${file}-wal`)}`;
    const copy = path.join(dir, 'db.sqlite');
    try {
      if (fs.existsSync(`${file}-wal`)) copyFile(`${file}-wal`, `${copy}-wal`);
      copyFile(file, copy);
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw new InputError(`${display}: cannot read (${(err as Error).message})`);
    }
    if (`${stamp(file)}|${stamp(`${file}-wal`)}` === before) return copy;
    fs.rmSync(dir, { recursive: true, force: true });
  }
  throw new InputError(
    `${display}: a WAL-mode database that changed while it was copied, ${COPY_TRIES} times: stop its writer or give a copy (sqlite3 ${display} ".backup copy.db")`,
  );
}

/**
 * Open an SQLite file read-only: no write lock is ever taken, a missing file is not created, and the
 * user's files are never written. SQLite's own read-only open of a WAL-mode database creates -wal and
 * -shm beside it (left there, owned by whoever ran us), so such a database is read from a private copy
 * (walSnapshot), removed when the connection closes.
 */
export function openSqliteReadOnly(file: string, display: string): Database.Database {
  let copy: string | null = null;
  try {
    if (fs.statSync(file).isFile() && isWalFile(file)) copy = walSnapshot(file, display);
  } catch (err) {
    if (err instanceof InputError) throw err;
    // a file we cannot stat or read is reported by the open below
  }
  let db: Database.Database;
  try {
    // the copy is ours: opened writable, SQLite replays its log into it
    db = copy ? new Database(copy, { fileMustExist: true, timeout: 5000 }) : new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
  } catch (err) {
    if (copy) fs.rmSync(path.dirname(copy), { recursive: true, force: true });
    throw new InputError(`${display}: cannot open as SQLite (${(err as Error).message})`);
  }
  if (copy) {
    const dir = path.dirname(copy);
    const close = db.close.bind(db);
    db.close = () => {
      try {
        return close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
  }
  return db;
}

/** Every table of an SQLite database with its column names. */
export function sqliteTables(db: Database.Database, display: string): Map<string, Set<string>> {
  const tables = new Map<string, Set<string>>();
  try {
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    for (const n of names) {
      const cols = db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(n) as string[];
      tables.set(n, new Set(cols));
    }
  } catch (err) {
    throw new InputError(`${display}: not a readable SQLite database (${(err as Error).message})`);
  }
  return tables;
}

/** amnesia's own evidence store (its marker table `amnesia_store`): not a log, whatever folder it sits in. */
export function isEvidenceStore(file: string): boolean {
  let db: Database.Database | undefined;
  try {
    // opened in place, read-only, not through a WAL copy: a store can be large, and one query of the schema is enough
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
    return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'amnesia_store'").get() !== undefined;
  } catch {
    return false;
  } finally {
    db?.close();
  }
}

/**
 * Every database format whose tables these are (a file can hold several: Mem0's history beside a
 * LangGraph checkpointer's tables is read as both), or an InputError naming what was found.
 */
export function detectSqliteFormats(file: string, display: string, formats: readonly InputFormat[]): InputFormat[] {
  const db = openSqliteReadOnly(file, display);
  let tables: Map<string, Set<string>>;
  try {
    tables = sqliteTables(db, display);
  } finally {
    db.close();
  }
  const found = formats.filter((f) => (f.database?.detectSqlite(tables) ?? 0) > 0);
  if (!found.length) {
    const names = [...tables.keys()].filter((t) => !t.startsWith('sqlite_'));
    const known = formats
      .filter((f) => f.database)
      .map((f) => f.name)
      .join(', ');
    throw new InputError(`${display}: an SQLite database that is none of ${known} (tables: ${names.length ? names.slice(0, 8).join(', ') : 'none'})`);
  }
  return found;
}

/** `path?session=s7` or `postgres://u:p@h/db?session=s7` -> a target (options we know are taken out of a URL). */
export function parseTarget(spec: string, formatName: string): DatabaseTarget {
  const OURS = ['session'];
  if (/^postgres(ql)?:\/\//i.test(spec)) {
    let url: URL;
    try {
      url = new URL(spec);
    } catch {
      throw new InputError(`${formatName}:${redact(spec)}: not a valid connection URL`);
    }
    const params: Record<string, string> = {};
    for (const k of OURS) {
      const v = url.searchParams.get(k);
      if (v !== null) {
        params[k] = v;
        url.searchParams.delete(k);
      }
    }
    return { path: null, url: url.toString(), display: redact(url.toString()), params };
  }
  let file = spec;
  const params: Record<string, string> = {};
  const q = spec.lastIndexOf('?');
  if (q > 0 && !fs.existsSync(spec)) {
    file = spec.slice(0, q);
    for (const [k, v] of new URLSearchParams(spec.slice(q + 1))) params[k] = v;
  }
  for (const k of Object.keys(params)) if (!OURS.includes(k)) throw new InputError(`${formatName}:${spec}: unknown option "${k}" (known: ${OURS.join(', ')})`);
  return { path: file, url: null, display: file, params }; // the caller names it as it names files
}

/** Connection-URL query parameters that carry a credential (libpq's `password`, `sslpassword`; tokens and keys by any name). */
const CREDENTIAL_PARAM = /pass|secret|token|key|auth|credential/i;

/**
 * A connection URL for messages and reports: never its credentials, wherever the URL puts them:
 * the password after the user, and `?password=` (or another credential-named parameter) in the query.
 */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '';
    for (const k of [...u.searchParams.keys()]) if (CREDENTIAL_PARAM.test(k)) u.searchParams.delete(k);
    return u.toString().replace(/:@/, '@');
  } catch {
    return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1@').replace(/([?&;])([^=&;]*(?:pass|secret|token|key|auth|credential)[^=&;]*)=[^&;#]*/gi, '$1$2=…');
  }
}

/** Starts a reader (opening its database, which may refuse it) before anything is written; the same items after. */
export async function opened(items: AsyncIterable<IngestItem>): Promise<AsyncIterable<IngestItem>> {
  const it = items[Symbol.asyncIterator]();
  const first = await it.next();
  return {
    async *[Symbol.asyncIterator]() {
      try {
        if (first.done) return;
        yield first.value;
        for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
      } finally {
        await it.return?.(); // closes the database when the reading stops early
      }
    },
  };
}

/** Hashes the items a database reader yields: the source's identity once it has been read through. */
export async function* hashed(items: AsyncIterable<IngestItem>, h: { update(s: string | Buffer): unknown }): AsyncIterable<IngestItem> {
  for await (const item of items) {
    h.update(item.type === 'event' ? `${item.sub}\0${item.raw}\n` : Buffer.concat([Buffer.from(`bad\0${item.line}\0`), item.raw]));
    yield item;
  }
}

/** An input format that reads a database, never a text log: detection by its tables only, and a clear error when given as a stream. */
export function databaseFormat(f: { name: string; description: string; usage: string } & DatabaseReader): InputFormat {
  return {
    name: f.name,
    description: f.description,
    detect: () => 0,
    read(): AsyncIterable<IngestItem> {
      throw new InputError(`${f.name} reads ${f.usage}`);
    },
    database: { detectSqlite: f.detectSqlite, read: f.read },
  };
}
