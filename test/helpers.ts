import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import AjvDraft04 from 'ajv-draft-04';
import { HANG_GUARD_MS } from './tier.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'bin', 'amnesia.js');
export const FIXTURES = path.join(ROOT, 'fixtures');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd?: string;
  input?: string | Buffer;
  env?: Record<string, string>;
}

/** The environment a run gets: the test process's, without colour, as on CI, and the test's own variables. */
const cliEnv = (env?: Record<string, string>) => ({ ...process.env, NO_COLOR: '1', CI: '1', ...env });

/**
 * Run the built CLI (npm test builds first): `main(argv, io)` of dist/cli/main.js, in a process that
 * keeps it loaded (test/cli-runner/), with the run's own working folder, environment and standard
 * input, its stdout, stderr and exit status returned as from the binary. Starting Node and loading
 * the CLI's modules took 0.2-0.4 s of CPU per run, most of the e2e tests' time. What is about the
 * process itself (signals, a closed pipe, the exit of bin/amnesia.js, a terminal) uses
 * cliProcess(), cliSpawn() or cliAsync(), which start the binary; test/bin.e2e.test.ts runs every
 * command both ways and compares them.
 */
export function cli(args: string[], opts: CliOptions = {}): CliResult {
  const input = opts.input ?? '';
  return runInProcess({
    args,
    cwd: opts.cwd ?? ROOT,
    env: cliEnv(opts.env),
    input: typeof input === 'string' ? Buffer.from(input, 'utf8') : input,
  });
}

/** Run the real built binary, bin/amnesia.js, in its own process: for what is about the process (see cli()). */
export function cliProcess(args: string[], opts: CliOptions = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    input: opts.input ?? '',
    env: cliEnv(opts.env),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The thread that carries cli()'s runs to the CLI's process (test/cli-runner/proxy.mjs), started on first use. */
let runner: { port: MessagePort; flag: Int32Array } | undefined;

function runInProcess(req: { args: string[]; cwd: string; env: NodeJS.ProcessEnv; input: Buffer }): CliResult {
  if (!runner) {
    const { port1, port2 } = new MessageChannel();
    const flag = new SharedArrayBuffer(4);
    const worker = new Worker(path.join(ROOT, 'test', 'cli-runner', 'proxy.mjs'), { workerData: { port: port2, flag }, transferList: [port2] });
    // neither keeps the test process alive; the CLI's process ends with it
    worker.unref();
    port1.unref();
    runner = { port: port1, flag: new Int32Array(flag) };
  }
  const { port, flag } = runner;
  Atomics.store(flag, 0, 0);
  port.postMessage(req);
  // the test waits, as it did on spawnSync; the guard only turns a lost reply into an error
  if (Atomics.wait(flag, 0, 0, HANG_GUARD_MS) === 'timed-out') throw new Error(`cli ${req.args.join(' ')}: no reply in ${HANG_GUARD_MS / 1000} s`);
  const reply = receiveMessageOnPort(port);
  if (!reply) throw new Error(`cli ${req.args.join(' ')}: woken without a reply`);
  return reply.message as CliResult;
}

/** Start the binary without waiting (for interrupt tests). */
export function cliSpawn(args: string[], cwd: string) {
  return spawn(process.execPath, [BIN, ...args], { cwd, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
}

export function tmpdir(prefix = 'amnesia-e2e-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A store of `paths` ingested by the binary on the first call, the same store on every later call:
 * for the tests of one file that only read it. Call it at a file's top level (each file its own
 * store, in its own temporary folder, test/file-tmpdir.ts).
 */
export function ingestedOnce(paths: string[], name = 'store.db'): () => string {
  let db: string | undefined;
  return () => {
    if (!db) {
      const file = path.join(tmpdir(), name);
      const r = cli(['ingest', ...paths, '--db', file]);
      if (r.code !== 0) throw new Error(`ingest of ${paths.join(' ')} exited ${r.code}: ${r.stderr}`);
      db = file;
    }
    return db;
  };
}

export function json<T = any>(r: CliResult): T {
  try {
    return JSON.parse(r.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${r.code}):\n${r.stdout.slice(0, 500)}\nstderr:\n${r.stderr.slice(0, 500)}`);
  }
}

/** Read-only look at a store, for asserting on what was written. */
export function query<T = any>(dbFile: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function counts(dbFile: string) {
  return query<{ events: number; messages: number; requests: number; bad: number; sources: number }>(
    dbFile,
    `SELECT (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM messages) AS messages,
            (SELECT count(*) FROM requests) AS requests, (SELECT count(*) FROM bad_lines) AS bad,
            (SELECT count(*) FROM sources) AS sources`,
  )[0];
}

export function nativeLine(o: Record<string, unknown>): string {
  return JSON.stringify({ ts: '2026-03-02T10:00:00Z', session: 's1', ...o });
}

/** The prompt of one request (events.id), in order: the message objects as stored (schema 3: requests.messages). */
export function promptOf<T = any>(dbFile: string, request: number): T[] {
  return query<{ json: string }>(
    dbFile,
    'SELECT m.json FROM requests r, json_each(r.messages) j JOIN messages m ON m.id = j.value WHERE r.event = ? ORDER BY j.key',
    request,
  ).map((r) => JSON.parse(r.json) as T);
}

/** Run the real built binary without blocking the test's event loop (for a server the test itself runs). */
export function cliAsync(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: opts.cwd ?? ROOT,
      env: cliEnv(opts.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

type Validator = ((d: unknown) => boolean) & { errors?: unknown[] | null };
let sarifValidator: Validator | undefined;

/** What makes a SARIF log invalid against the 2.1.0 schema (test/schemas), the first three problems; [] when valid. */
export function sarifErrors(log: unknown): unknown[] {
  if (!sarifValidator) {
    const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'schemas', 'sarif-2.1.0.json'), 'utf8'));
    // ajv-draft-04 is CommonJS: its class is the default export's default under NodeNext
    type AjvClass = new (o: object) => { compile(s: object): Validator };
    const mod = AjvDraft04 as unknown as { default?: AjvClass };
    const Ajv = (mod.default ?? mod) as AjvClass;
    sarifValidator = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }).compile(schema);
  }
  return sarifValidator(log) ? [] : (sarifValidator.errors ?? []).slice(0, 3);
}
