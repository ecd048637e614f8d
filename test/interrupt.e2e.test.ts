import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain .mjs generator shared with the benchmark
import { generate } from '../bench/generate.mjs';
import { BIN, cli, cliSpawn, counts, json, query, tmpdir } from './helpers.js';

function eventsSoFar(db: string): number {
  try {
    return query(db, 'SELECT count(*) AS n FROM events')[0].n as number;
  } catch {
    return 0;
  }
}

async function interruptAfterSomeBatches(signal: NodeJS.Signals, dir: string, log: string, db: string) {
  const child = cliSpawn(['ingest', log, '--db', db, '--format', 'json'], dir);
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code, sig) => resolve(code ?? (sig ? -1 : null))));
  // wait until at least one batch is committed, then interrupt mid-file
  for (let i = 0; i < 400 && eventsSoFar(db) < 2000; i++) await new Promise((r) => setTimeout(r, 25));
  child.kill(signal);
  const code = await exited;
  return { code, stdout };
}

// one 15 MB log and one uninterrupted ingest of it, for every test of this file
const dir = tmpdir();
const log = path.join(dir, 'big.jsonl');
generate(log, 15, 7);
const reference = path.join(dir, 'reference.db');
const ref = json(cli(['ingest', log, '--db', reference, '--format', 'json']));
const refSessions = cli(['sessions', '--db', reference, '--format', 'json']).stdout;

describe('an interrupted ingest leaves the store consistent and a re-run finishes without duplicates', () => {
  for (const signal of ['SIGKILL', 'SIGINT'] as const) {
    it(signal, async () => {
      const db = path.join(dir, `${signal}.db`);
      const { code, stdout } = await interruptAfterSomeBatches(signal, dir, log, db);
      const partial = eventsSoFar(db);
      expect(partial).toBeGreaterThan(0);
      expect(partial).toBeLessThan(ref.events);
      if (signal === 'SIGINT') {
        // graceful: stops after the current batch, says so, exits 130
        expect(code).toBe(130);
        expect(JSON.parse(stdout).interrupted).toBe(true);
      }
      expect(query(db, 'PRAGMA integrity_check')[0].integrity_check).toBe('ok');
      expect(query(db, 'SELECT status FROM sources')[0].status).toBe('ingesting');
      const again = json(cli(['ingest', log, '--db', db, '--format', 'json']));
      expect(again.files[0].status).toBe('resumed');
      const c = counts(db);
      const r = counts(reference);
      expect(c).toEqual(r);
      expect(query(db, 'SELECT status FROM sources')[0].status).toBe('complete');
      // same content: the same session summaries as an uninterrupted run
      expect(cli(['sessions', '--db', db, '--format', 'json']).stdout).toBe(refSessions);
      // and once complete, nothing more happens
      expect(json(cli(['ingest', log, '--db', db, '--format', 'json'])).files[0].status).toBe('unchanged');
    });
  }
});

describe('standard input killed mid-read (SIGKILL): the next run recovers its source', () => {
  it('the abandoned source is undone and the re-read keeps every event under one complete source', async () => {
    // the reference is the same log read from a file: the same events, messages, requests, bad lines, one source
    const db = path.join(dir, 'killed.db');
    const child = spawn(process.execPath, [BIN, 'ingest', '-', '--db', db, '--no-progress'], { cwd: dir, stdio: ['pipe', 'ignore', 'ignore'] });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    child.stdin.on('error', () => {}); // EPIPE once it is killed
    // all of the log but no end of input: the run stays mid-read until it is killed
    child.stdin.write(fs.readFileSync(log));
    for (let i = 0; i < 1200 && eventsSoFar(db) === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(eventsSoFar(db)).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await exited;
    expect(query(db, 'SELECT status FROM sources')).toEqual([{ status: 'ingesting' }]);
    const again = json(cli(['ingest', '-', '--db', db, '--format', 'json', '--no-progress'], { input: fs.readFileSync(log) }));
    expect(again.duplicates).toBe(0);
    expect(query(db, 'SELECT status FROM sources')).toEqual([{ status: 'complete' }]);
    expect(counts(db)).toEqual(counts(reference));
  });
});
