/**
 * One numbered-migration runner for every database we own (the evidence store and the engine's):
 * the schema version lives in PRAGMA user_version; versions must increase; a database newer than
 * the code is refused; pending migrations run in one IMMEDIATE transaction.
 *
 * The race: several processes opening a new database at once all read user_version 0. The
 * version is therefore read again under the write lock (IMMEDIATE takes it before the first
 * statement, and busy_timeout makes the others wait for it), so the migrations run once and the
 * late processes find nothing pending instead of failing on "table already exists".
 */
import type { Db } from './sqlite.js';

/** One numbered schema change. `up` runs inside the runner's transaction. */
export interface Migration {
  version: number;
  name: string;
  up: string;
}

/** The version the last migration brings a database to. */
export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.length ? migrations[migrations.length - 1].version : 0;
}

function userVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function newer(refuse: (current: number, latest: number) => void, current: number, latest: number): never {
  refuse(current, latest);
  throw new Error(`the database has schema ${current}; this code reads up to ${latest}`);
}

/**
 * Bring `db` up to the last of `migrations`. `refuseNewer(current, latest)` is called with the
 * version found (before and again under the lock) and must throw when `current > latest`; the
 * caller words the error for its own users. The connection needs a busy_timeout.
 */
export function migrate(db: Db, migrations: readonly Migration[], refuseNewer: (current: number, latest: number) => void): void {
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i].version <= migrations[i - 1].version) throw new Error('migrations are not in increasing order');
  }
  const latest = latestVersion(migrations);
  const seen = userVersion(db);
  if (seen > latest) newer(refuseNewer, seen, latest);
  if (seen >= latest) return;
  db.transaction(() => {
    const current = userVersion(db);
    if (current > latest) newer(refuseNewer, current, latest);
    for (const m of migrations) {
      if (m.version <= current) continue;
      db.exec(m.up);
      db.pragma(`user_version = ${m.version}`);
    }
  }).immediate();
}
