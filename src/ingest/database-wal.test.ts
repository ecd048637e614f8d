// Issue 26: reading a user's SQLite database in WAL mode never writes, creates or deletes its side
// files (-wal, -shm), and a database a writer holds open is read as of its last commit.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { detectSqliteFormats, walSnapshot } from './database.js';
import { InputError } from '../errors.js';
import { FORMATS } from './formats.js';
import { mem0Format } from './mem0/index.js';
import type { IngestItem } from './types.js';

const MEM0 = path.join(import.meta.dirname, '..', '..', 'fixtures', 'formats', 'mem0', 'js-sequential.db');

function walCopy(): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-'));
  const file = path.join(dir, 'history.db');
  fs.copyFileSync(MEM0, file);
  const w = new Database(file);
  w.pragma('journal_mode = WAL');
  w.close();
  return { dir, file };
}

/** Every file in the folder with its size, mtime and hash. */
function listing(dir: string) {
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .sort()
      .map((f) => {
        const p = path.join(dir, f);
        const st = fs.statSync(p);
        return [f, { size: st.size, mtime: st.mtimeMs, mode: st.mode, sha: crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex') }];
      }),
  );
}

async function memoryIds(file: string): Promise<string[]> {
  const items: IngestItem[] = [];
  for await (const it of mem0Format.database!.read(
    { path: file, url: null, display: 'history.db', params: {} },
    { display: 'history.db', maxLineBytes: 1 << 20 },
  ))
    items.push(it);
  return items.flatMap((i) => (i.type === 'event' && i.event.kind === 'memory_write' ? [i.event.body.memory_id as string] : []));
}

describe('a WAL-mode SQLite input: its side files are never written, created or deleted', () => {
  it('no writer: detection and reading leave the folder as it was (no -wal or -shm appear)', async () => {
    const { dir, file } = walCopy();
    const before = listing(dir);
    expect(Object.keys(before)).toEqual(['history.db']);
    expect(detectSqliteFormats(file, 'history.db', FORMATS).map((f) => f.name)).toEqual(['mem0']);
    expect((await memoryIds(file)).length).toBeGreaterThan(0);
    expect(listing(dir)).toEqual(before);
  });

  it('a writer holds it open with commits still in the -wal: they are read, and -wal and -shm are byte for byte as the writer left them', async () => {
    const { dir, file } = walCopy();
    const w = new Database(file);
    try {
      w.pragma('wal_autocheckpoint = 0');
      w.prepare(
        "INSERT INTO memory_history (memory_id, previous_value, new_value, action, created_at) VALUES ('m-in-wal', NULL, 'written, not checkpointed', 'ADD', '2026-03-02T12:00:00Z')",
      ).run();
      const before = listing(dir);
      expect(Object.keys(before)).toEqual(['history.db', 'history.db-shm', 'history.db-wal']);
      expect(await memoryIds(file)).toContain('m-in-wal');
      expect(listing(dir)).toEqual(before);
      // the writer goes on as if nobody had read
      w.prepare("INSERT INTO memory_history (memory_id, new_value, action, created_at) VALUES ('m2', 'x', 'ADD', '2026-03-02T12:01:00Z')").run();
    } finally {
      w.close();
    }
  });

  // the database changed while it was copied: a copy that commits to it between its two reads (the
  // -wal, then the file), so the path is taken every run, not when a writer happens to race the copy
  const ADD = "INSERT INTO memory_history (memory_id, new_value, action, created_at) VALUES (?, 'x', 'ADD', '2026-03-02T12:00:00Z')";
  const ids = (copy: string) => {
    const db = new Database(copy, { readonly: true });
    try {
      return (db.prepare('SELECT memory_id FROM memory_history').all() as { memory_id: string }[]).map((r) => r.memory_id);
    } finally {
      db.close();
    }
  };

  it('changed during one copy: that copy is thrown away and the next one, taken while nothing changed, holds the commit', () => {
    const { dir, file } = walCopy();
    const w = new Database(file);
    try {
      w.pragma('wal_autocheckpoint = 0');
      w.prepare(ADD).run('m-before');
      let copies = 0;
      const folders = new Set<string>();
      const copy = walSnapshot(file, 'history.db', (from, to) => {
        folders.add(path.dirname(to));
        fs.copyFileSync(from, to);
        if (++copies === 1) w.prepare(ADD).run('m-during'); // after the -wal was read, before the file is
      });
      try {
        expect(copies).toBe(4); // two tries of two files
        expect(ids(copy)).toEqual(expect.arrayContaining(['m-before', 'm-during']));
        // the first try's folder removed, the second's returned
        expect([...folders].map((f) => fs.existsSync(f))).toEqual([false, true]);
        expect(path.dirname(copy)).toBe([...folders][1]);
      } finally {
        fs.rmSync(path.dirname(copy), { recursive: true, force: true });
      }
    } finally {
      w.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('changed during every copy: refused in one line naming the file, and no copy left behind', () => {
    const { dir, file } = walCopy();
    const w = new Database(file);
    try {
      w.pragma('wal_autocheckpoint = 0');
      w.prepare(ADD).run('m-before');
      const folders = new Set<string>();
      let n = 0;
      const changing = (from: string, to: string) => {
        folders.add(path.dirname(to));
        fs.copyFileSync(from, to);
        w.prepare(ADD).run(`m-${n++}`);
      };
      expect(() => walSnapshot(file, 'history.db', changing)).toThrow(InputError);
      expect(() => walSnapshot(file, 'history.db', changing)).toThrow(/^history\.db: a WAL-mode database that changed while it was copied, 3 times/);
      expect(folders.size).toBe(6);
      expect([...folders].filter((f) => fs.existsSync(f))).toEqual([]);
    } finally {
      w.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
