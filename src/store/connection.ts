import fs from 'node:fs';
import path from 'node:path';
import { StoreError } from '../errors.js';
import { describeSqliteError as describe, enableWal, loadDriver, type Db, type Driver } from '../db/sqlite.js';
import { migrate } from '../db/migrate.js';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations/index.js';
import { STORE_FORMAT } from './migrations/005-store-marker.js';

export type { Db };
/** One line for an SQLite error: the CLI's error boundary reads it from here. */
export { describe };

export const DEFAULT_DB = path.join('.amnesia', 'evidence.db');

function refuseNewer(current: number, file: string): void {
  if (current > SCHEMA_VERSION) {
    throw new StoreError(
      `${file} was written by a newer amnesia (schema ${current}, this version reads up to ${SCHEMA_VERSION}); upgrade amnesia-forensics or use another --db`,
    );
  }
}

export interface OpenOptions {
  /** read-only: the store must exist and is never modified. */
  readonly?: boolean;
  /** a writer that must not create a new store */
  mustExist?: boolean;
  /** page cache in MB (default 8); an analysis worker, which reads each session once, keeps 2 */
  cacheMb?: number;
  /**
   * a store removed when the command ends (triage's, replay's and ci's temporary one): nothing is
   * flushed to disk (synchronous = OFF), as a crash loses it whatever was flushed. On the 500 MB
   * bench the flushes at each checkpoint cost ingest 0.5-1.5 s.
   */
  disposable?: boolean;
}

/** Tables every amnesia store has had since schema 1: together they marked a database as ours until schema 5. */
const OUR_TABLES = ['sources', 'events', 'messages', 'requests', 'bad_lines'];
/** ...and the per-message prompt table, until schema 3 packed it into requests.messages */
const OUR_TABLES_BEFORE_3 = [...OUR_TABLES, 'request_messages'];
/** The schema that added our marker table (amnesia_store). */
const MARKER_SCHEMA = 5;
/** Read-only commands read a store from this schema on (5 only added the marker). */
const READABLE_FROM = 4;

/**
 * Whether a database is an amnesia evidence store: from schema 5 by our marker row; before it
 * (1 to 4, a store we wrote before the marker existed) by our core tables. A user_version we
 * never wrote (0 with tables, negative, 5+ without the marker) is not ours.
 */
function isOurs(db: Db, version: number, tables: Set<string>): boolean {
  if (version < 1) return false;
  if (version < MARKER_SCHEMA) return (version < 3 ? OUR_TABLES_BEFORE_3 : OUR_TABLES).every((t) => tables.has(t));
  if (!tables.has('amnesia_store')) return false;
  try {
    const r = db.prepare('SELECT format FROM amnesia_store WHERE id = 1').get() as { format?: unknown } | undefined;
    return r?.format === STORE_FORMAT && OUR_TABLES.every((t) => tables.has(t));
  } catch {
    return false; // a table of that name with other columns
  }
}

/**
 * `--db` must name a file we can own: not "" or ":memory:" (nothing would be kept), not a device,
 * FIFO or other special file (SQLite would write `/dev/null-journal` beside it).
 */
function checkPath(file: string): void {
  if (file.trim() === '' || file === ':memory:' || /^file:/i.test(file)) {
    throw new StoreError(`--db "${file}": name a store file (the evidence must be kept somewhere)`);
  }
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return;
  }
  if (st.isDirectory()) throw new StoreError(`cannot open store ${file}: it is a directory`);
  if (!st.isFile()) throw new StoreError(`--db ${file}: not a regular file (a device, FIFO or socket cannot hold a store)`);
}

/**
 * Look at an existing database read-only, before anything can write to it: refuse one that is not
 * ours (another program's tables, a user_version we never wrote, negative included) or newer.
 * Returns its user_version (0 for an empty file).
 */
function inspect(Database: Driver, file: string): number {
  if (fs.statSync(file).size === 0) return 0;
  let db: Db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new StoreError(`cannot open store ${file}: ${describe(err)}`);
  }
  try {
    db.pragma('schema_version', { simple: true }); // a non-database file fails here
    // version and tables read in one snapshot: another process may commit the migrations between two reads
    const [version, tables] = db.transaction((): [number, Set<string>] => [
      db.pragma('user_version', { simple: true }) as number,
      new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name)),
    ])();
    if (version === 0 && tables.size === 0) return 0;
    if (!isOurs(db, version, tables)) throw new StoreError(`${file} is an SQLite database but not an amnesia evidence store; it was left untouched`);
    refuseNewer(version, file);
    return version;
  } catch (err) {
    if (err instanceof StoreError) throw err;
    throw new StoreError(`cannot open store ${file}: ${describe(err)}`);
  } finally {
    db.close();
  }
}

/** A store about to be written is checked first: writing into a damaged file spreads the damage. */
function quickCheck(db: Db, file: string): void {
  const rows = db.pragma('quick_check(1)') as { quick_check: string }[];
  const r = rows[0]?.quick_check ?? 'ok';
  if (r !== 'ok') throw new StoreError(`${file} is damaged (quick_check: ${r.split('\n')[0].slice(0, 200)}); restore it or use another --db`);
}

/**
 * Open (and for writers create and migrate) the evidence store.
 * Every failure is a StoreError naming the file; a store that is corrupt, newer, or not ours is
 * refused before anything is written to it. A new store is created readable by its owner only
 * (SQLite gives its -wal and -shm the same mode).
 */
export function openStore(file: string, opts: OpenOptions = {}): Db {
  const Database = loadDriver((m) => new StoreError(m));
  checkPath(file);
  const exists = fs.existsSync(file);
  if ((opts.readonly || opts.mustExist) && !exists) {
    throw new StoreError(`no evidence store at ${file}; run \`amnesia ingest <paths>\` first, or pass --db`);
  }
  const version = exists ? inspect(Database, file) : 0;
  if (exists && !opts.readonly) {
    try {
      fs.accessSync(file, fs.constants.W_OK);
    } catch {
      throw new StoreError(`cannot write to store ${file}: the store is read-only (check the file and folder permissions)`);
    }
  }
  if (!exists) {
    try {
      fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    } catch (err) {
      throw new StoreError(`cannot create store ${file}: ${(err as Error).message}`);
    }
    try {
      fs.closeSync(fs.openSync(file, 'wx', 0o600)); // owner only: the store holds the raw logs
    } catch (err) {
      // EEXIST: another process created it a moment ago; it is opened as it is
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new StoreError(`cannot create store ${file}: ${(err as Error).message}`);
    }
  }
  let db: Db;
  try {
    db = new Database(file, { readonly: !!opts.readonly, fileMustExist: true });
  } catch (err) {
    throw new StoreError(`cannot open store ${file}: ${describe(err)}`);
  }
  try {
    // another ingest may hold the write lock for one batch at a time: wait for it
    db.pragma('busy_timeout = 60000');
    if (opts.readonly) {
      if (version < READABLE_FROM) {
        throw new StoreError(`${file} has an older schema (${version}); run \`amnesia ingest\` once to upgrade it`);
      }
    } else {
      if (version > 0) quickCheck(db, file);
      enableWal(db);
      db.pragma(opts.disposable ? 'synchronous = OFF' : 'synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      migrate(db, MIGRATIONS, (v) => refuseNewer(v, file));
    }
    // 8 MB of page cache, writer or reader: ingest's index pages and a worker walking sessions once
    // each are as fast with it as with 32 MB on the 500 MB bench (the OS keeps the file's pages),
    // and each connection's cache is resident memory
    db.pragma(`cache_size = ${-1024 * Math.max(1, Math.floor(opts.cacheMb ?? 8))}`);
    db.pragma('temp_store = MEMORY');
  } catch (err) {
    db.close();
    if (err instanceof StoreError) throw err;
    throw new StoreError(`cannot open store ${file}: ${describe(err)}`);
  }
  return db;
}
