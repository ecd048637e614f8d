import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { StoreError } from '../errors.js';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations/index.js';

export type Db = BetterSqlite3.Database;

export const DEFAULT_DB = path.join('.amnesia', 'evidence.db');

const require = createRequire(import.meta.url);

function loadDriver(): typeof BetterSqlite3 {
  try {
    return require('better-sqlite3') as typeof BetterSqlite3;
  } catch (err) {
    const msg = (err as Error).message ?? String(err);
    if (/NODE_MODULE_VERSION|was compiled against a different Node/.test(msg)) {
      throw new StoreError(
        `better-sqlite3 was built for another Node.js version than ${process.version}; run \`npm rebuild better-sqlite3\``,
      );
    }
    throw new StoreError(`cannot load better-sqlite3: ${msg.split('\n')[0]}`);
  }
}

function describe(err: unknown): string {
  const e = err as { code?: string; message?: string };
  if (e.code === 'SQLITE_NOTADB') return 'the file is not an SQLite database';
  if (e.code === 'SQLITE_CORRUPT') return 'the database is corrupt';
  if (e.code === 'SQLITE_CANTOPEN') return 'cannot open the file';
  if (e.code === 'SQLITE_READONLY') return 'the file is read-only';
  if (e.code === 'SQLITE_BUSY') return 'the store is locked by another amnesia process';
  return (e.message ?? String(err)).split('\n')[0];
}

function refuseNewer(current: number, file: string): void {
  if (current > SCHEMA_VERSION) {
    throw new StoreError(
      `${file} was written by a newer amnesia (schema ${current}, this version reads up to ${SCHEMA_VERSION}); upgrade amnesia-forensics or use another --db`,
    );
  }
}

/**
 * Apply pending migrations in one IMMEDIATE transaction (the version is read again under the
 * write lock, so two processes opening a new store at once migrate it once); refuse a store
 * newer than this code.
 */
export function migrate(db: Db, file: string): void {
  refuseNewer(db.pragma('user_version', { simple: true }) as number, file);
  for (let i = 1; i < MIGRATIONS.length; i++) {
    if (MIGRATIONS[i].version <= MIGRATIONS[i - 1].version) throw new Error('migrations are not in increasing order');
  }
  if (!MIGRATIONS.some((m) => m.version > (db.pragma('user_version', { simple: true }) as number))) return;
  db.transaction(() => {
    const current = db.pragma('user_version', { simple: true }) as number;
    refuseNewer(current, file);
    for (const m of MIGRATIONS.filter((x) => x.version > current)) {
      db.exec(m.up);
      db.pragma(`user_version = ${m.version}`);
    }
  }).immediate();
}

export interface OpenOptions {
  /** read-only: the store must exist and is never modified. */
  readonly?: boolean;
  /** a writer that must not create a new store */
  mustExist?: boolean;
}

/**
 * Open (and for writers create and migrate) the evidence store.
 * Every failure is a StoreError naming the file, and a corrupt or newer store is left untouched.
 */
export function openStore(file: string, opts: OpenOptions = {}): Db {
  const Database = loadDriver();
  const exists = fs.existsSync(file);
  if ((opts.readonly || opts.mustExist) && !exists) {
    throw new StoreError(`no evidence store at ${file}; run \`amnesia ingest <paths>\` first, or pass --db`);
  }
  if (exists && fs.statSync(file).isDirectory()) throw new StoreError(`cannot open store ${file}: it is a directory`);
  if (!exists) {
    try {
      fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    } catch (err) {
      throw new StoreError(`cannot create store ${file}: ${(err as Error).message}`);
    }
  }
  let db: Db;
  try {
    db = new Database(file, { readonly: !!opts.readonly, fileMustExist: !!opts.readonly });
  } catch (err) {
    throw new StoreError(`cannot open store ${file}: ${describe(err)}`);
  }
  try {
    // another ingest may hold the write lock for one batch at a time: wait for it
    db.pragma('busy_timeout = 60000');
    // Reading the schema first makes a non-database file fail before anything is written to it.
    db.pragma('schema_version', { simple: true });
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version === 0 && exists && fs.statSync(file).size > 0) {
      const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
      if (tables.n > 0) throw new StoreError(`${file} is an SQLite database but not an amnesia evidence store`);
    }
    if (opts.readonly) {
      if (version > SCHEMA_VERSION) migrate(db, file); // throws the "newer" message
      if (version < SCHEMA_VERSION) {
        throw new StoreError(`${file} has an older schema (${version}); run \`amnesia ingest\` once to upgrade it`);
      }
    } else {
      if (version > SCHEMA_VERSION) migrate(db, file);
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      migrate(db, file);
    }
    db.pragma('cache_size = -32768');
    db.pragma('temp_store = MEMORY');
  } catch (err) {
    db.close();
    if (err instanceof StoreError) throw err;
    throw new StoreError(`cannot open store ${file}: ${describe(err)}`);
  }
  return db;
}
