import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore } from './connection.js';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations/index.js';
import { STORE_FORMAT } from './migrations/005-store-marker.js';
import { VERSION } from '../version.js';

function tmpFile(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-conn-')), 'e.db');
}

/** A store as amnesia wrote it before the marker existed: migrations 1 to `upTo`, one source row. */
function storeAtSchema(file: string, upTo: number): void {
  const db = new Database(file);
  for (const m of MIGRATIONS.filter((x) => x.version <= upTo)) {
    db.exec(m.up);
    db.pragma(`user_version = ${m.version}`);
  }
  db.prepare("INSERT INTO sources (sha256, path, size, format, status, started_at) VALUES ('abc', 'a.jsonl', 1, 'native', 'complete', 'now')").run();
  db.close();
}

/** Everything a refusal must leave as it was: the file's bytes, its header pragmas, the folder. */
function snapshot(file: string) {
  const raw = new Database(file, { readonly: true });
  const pragmas = { user_version: raw.pragma('user_version', { simple: true }), journal_mode: raw.pragma('journal_mode', { simple: true }) };
  raw.close();
  return { sha: crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex'), pragmas, dir: fs.readdirSync(path.dirname(file)).sort() };
}

describe('our marker table (schema 5)', () => {
  it('a new store carries the marker: our format id and the version that created it', () => {
    const file = tmpFile();
    const db = openStore(file);
    expect(db.prepare('SELECT format, created_by FROM amnesia_store').all()).toEqual([{ format: STORE_FORMAT, created_by: VERSION }]);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('a store kept is flushed at checkpoints (synchronous NORMAL); a disposable one (a temporary store) never is (OFF)', () => {
    const kept = openStore(tmpFile());
    expect(kept.pragma('synchronous', { simple: true })).toBe(1);
    kept.close();
    const temp = openStore(tmpFile(), { disposable: true });
    expect(temp.pragma('synchronous', { simple: true })).toBe(0);
    expect(temp.pragma('journal_mode', { simple: true })).toBe('wal'); // analysis threads still read it while it is written
    temp.close();
  });

  it('a store of ours from before the marker (schema 4, schema 2) gets it on migrate, its rows kept', () => {
    for (const v of [4, 2]) {
      const file = tmpFile();
      storeAtSchema(file, v);
      const db = openStore(file);
      expect((db.prepare('SELECT format FROM amnesia_store').get() as { format: string }).format).toBe(STORE_FORMAT);
      expect(db.prepare('SELECT path FROM sources').all()).toEqual([{ path: 'a.jsonl' }]);
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      db.close();
    }
  });

  it('schema 7: a schema-6 store is migrated to events unique by (session, dedupe), its rows kept and still unique', () => {
    const file = tmpFile();
    storeAtSchema(file, 6);
    const raw = new Database(file);
    const insert = raw.prepare(`INSERT INTO events (dedupe, kind, session, ts, source_id, line, body) VALUES (?, 'response', ?, 0, 1, ?, '{}')`);
    insert.run(Buffer.from('aa'), 's1', 1);
    insert.run(Buffer.from('bb'), 's2', 2);
    raw.close();
    const db = openStore(file);
    const indexes = (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'events'").pluck().all() as string[]).sort();
    expect(indexes).toContain('events_session_dedupe');
    expect(indexes).not.toContain('events_dedupe');
    expect(db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(2);
    expect(() =>
      db.prepare(`INSERT INTO events (dedupe, kind, session, ts, source_id, line, body) VALUES (?, 'response', 's1', 0, 1, 3, '{}')`).run(Buffer.from('aa')),
    ).toThrow(/UNIQUE/);
    db.close();
  });

  it('a schema-4 store is still read by read-only commands before any ingest upgrades it', () => {
    const file = tmpFile();
    storeAtSchema(file, 4);
    const before = snapshot(file);
    const db = openStore(file, { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM sources').get()).toEqual({ n: 1 });
    db.close();
    expect(snapshot(file)).toEqual(before);
  });

  const foreign: [string, (db: Database.Database) => void][] = [
    [
      'another program, user_version 4',
      (db) => {
        db.exec('CREATE TABLE notes (x TEXT)');
        db.pragma('user_version = 4');
      },
    ],
    [
      'our core tables, user_version 5 but no marker',
      (db) => {
        for (const m of MIGRATIONS.slice(0, 4)) db.exec(m.up);
        db.pragma('user_version = 5');
      },
    ],
    [
      'our core tables, user_version 0',
      (db) => {
        for (const m of MIGRATIONS.slice(0, 4)) db.exec(m.up);
      },
    ],
    [
      'our core tables, negative user_version',
      (db) => {
        for (const m of MIGRATIONS.slice(0, 4)) db.exec(m.up);
        db.pragma('user_version = -4');
      },
    ],
    [
      'a marker table of another shape',
      (db) => {
        for (const m of MIGRATIONS.slice(0, 4)) db.exec(m.up);
        db.exec('CREATE TABLE amnesia_store (x TEXT)');
        db.pragma('user_version = 5');
      },
    ],
    [
      'a marker with another format id',
      (db) => {
        for (const m of MIGRATIONS) db.exec(m.up);
        db.exec("UPDATE amnesia_store SET format = 'someone-else'");
        db.pragma('user_version = 5');
      },
    ],
    [
      'negative user_version, no tables',
      (db) => {
        db.pragma('user_version = -1');
      },
    ],
  ];
  it.each(foreign)('refused untouched: %s (no table added, no user_version bump, no WAL switch)', (_name, make) => {
    const file = tmpFile();
    const d = new Database(file);
    make(d);
    d.close();
    const before = snapshot(file);
    expect(before.pragmas.journal_mode).toBe('delete');
    for (const opts of [{}, { mustExist: true }, { readonly: true }]) {
      expect(() => openStore(file, opts)).toThrow(/not an amnesia evidence store; it was left untouched/);
    }
    expect(snapshot(file)).toEqual(before);
  });
});
