/**
 * Several processes opening a new database at once (issue 17: three processes opening a new engine
 * DB failed 6 times in 20, because the engine's migration runner was a copy without the evidence
 * store's fix). Both databases now use src/db/migrate.ts; this runs the built code (dist/) in real
 * processes, released together on each round so their opens overlap.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { ROOT, tmpdir } from './helpers.js';

const PROCESSES = 4;
const ROUNDS = 20;

/** A child that loads the built module once, then opens (and closes) each file named on stdin, answering "ok" or "err <message>". */
function child(module: string, open: string): string {
  return `
import readline from 'node:readline';
const m = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'dist', module)).href)});
process.stdout.write('ready\\n');
for await (const file of readline.createInterface({ input: process.stdin })) {
  try { const db = m.${open}(file); db.close(); process.stdout.write('ok\\n'); }
  catch (e) { process.stdout.write('err ' + String(e.message).split('\\n')[0] + '\\n'); }
}`;
}

class Pool {
  private readonly procs: ChildProcessWithoutNullStreams[] = [];
  private readonly lines: string[][] = [];

  constructor(n: number, source: string) {
    for (let i = 0; i < n; i++) {
      const p = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['pipe', 'pipe', 'pipe'] });
      const got: string[] = [];
      let buf = '';
      p.stdout.on('data', (d: Buffer) => {
        buf += d.toString('utf8');
        let nl: number;
        while ((nl = buf.indexOf('\n')) !== -1) {
          got.push(buf.slice(0, nl));
          buf = buf.slice(nl + 1);
        }
      });
      this.procs.push(p);
      this.lines.push(got);
    }
  }

  /** Wait until every child has written `count` lines (a condition with a deadline, not a delay). */
  async until(count: number, deadlineMs = 120_000): Promise<void> {
    const end = Date.now() + deadlineMs;
    while (this.lines.some((l) => l.length < count)) {
      if (Date.now() > end) throw new Error(`children answered ${this.lines.map((l) => l.length).join(', ')} of ${count} lines`);
      await new Promise((r) => setImmediate(r));
    }
  }

  /** Every child opens `file` at the same moment; their answers. */
  async round(file: string, k: number): Promise<string[]> {
    for (const p of this.procs) p.stdin.write(`${file}\n`);
    await this.until(k + 1);
    return this.lines.map((l) => l[k]);
  }

  close(): void {
    for (const p of this.procs) p.stdin.end();
  }
}

let dir: string;
beforeAll(() => {
  dir = tmpdir('amnesia-db-race-');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.each([
  ['the engine database', 'engine/schema.js', 'openEngineDb', ['raw_log', 'memories', 'share_grants', 'team_members'], 4],
  ['the evidence store', 'store/connection.js', 'openStore', ['sources', 'events', 'findings'], 4],
] as const)('%s', (_name, module, open, tables, minVersion) => {
  it(`${PROCESSES} processes opening a new file at once all succeed, ${ROUNDS} rounds, and it is migrated once`, async () => {
    const pool = new Pool(PROCESSES, child(module, open));
    try {
      await pool.until(1);
      const failures: string[] = [];
      for (let k = 1; k <= ROUNDS; k++) {
        const file = path.join(dir, `${open}-${k}.db`);
        const answers = await pool.round(file, k);
        failures.push(...answers.filter((a) => a !== 'ok').map((a) => `round ${k}: ${a}`));
        const db = new Database(file, { readonly: true });
        const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name);
        expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(minVersion);
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        db.close();
        for (const t of tables) expect(names).toContain(t);
      }
      expect(failures).toEqual([]);
    } finally {
      pool.close();
    }
  });
});
