import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { latestVersion, migrate, type Migration } from './migrate.js';

const M: Migration[] = [
  { version: 1, name: 'a', up: 'CREATE TABLE a (x INTEGER) STRICT;' },
  { version: 2, name: 'b', up: 'CREATE TABLE b (y INTEGER) STRICT; INSERT INTO a VALUES (2);' },
];
const refuse = (current: number, latest: number) => {
  throw new Error(`newer: ${current} > ${latest}`);
};

function tables(db: Database.Database): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
}

describe('migrate (one runner for the evidence store and the engine)', () => {
  it('runs the pending migrations in order and records the version; a second run does nothing', () => {
    const db = new Database(':memory:');
    migrate(db, M.slice(0, 1), refuse);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    migrate(db, M, refuse);
    migrate(db, M, refuse);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(tables(db)).toEqual(['a', 'b']);
    expect(db.prepare('SELECT count(*) AS n FROM a').get()).toEqual({ n: 1 });
    expect(latestVersion(M)).toBe(2);
  });

  it('refuses a database newer than the code, through the caller’s own error, and leaves it untouched', () => {
    const db = new Database(':memory:');
    db.pragma('user_version = 7');
    expect(() => migrate(db, M, refuse)).toThrow('newer: 7 > 2');
    expect(tables(db)).toEqual([]);
  });

  it('refuses migrations that are not in increasing order', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, [M[1], M[0]], refuse)).toThrow(/increasing order/);
    expect(() => migrate(db, [M[0], M[0]], refuse)).toThrow(/increasing order/);
  });

  it('a failing migration leaves nothing half done', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, [...M, { version: 3, name: 'bad', up: 'CREATE TABLE c (z INTEGER); NOT SQL' }], refuse)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(tables(db)).toEqual([]);
  });

  it('a second connection to a file another one migrated finds nothing pending (the race itself: test/db-race.e2e.test.ts)', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-migrate-')), 'm.db');
    const a = new Database(file);
    const b = new Database(file);
    expect(b.pragma('user_version', { simple: true })).toBe(0);
    migrate(a, M, refuse);
    expect(() => migrate(b, M, refuse)).not.toThrow();
    expect(b.prepare('SELECT count(*) AS n FROM a').get()).toEqual({ n: 1 });
    a.close();
    b.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
