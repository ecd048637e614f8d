// Every command through the real binary (bin/amnesia.js, in its own process), and the same run through
// cli(), which most e2e tests use: the CLI kept loaded in one process (test/helpers.ts). The two must
// print the same and exit the same, so a test run in-process says what the binary would do; and each
// command is started from its binary at least once, where a run that keeps the process alive, or
// an error only the bin's own start-up meets, shows.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CliOptions, type CliResult, FIXTURES, ROOT, cli, cliProcess, json, tmpdir } from './helpers.js';

const LOST_WRITE = path.join(FIXTURES, 'incidents', 'lost-write', 'en.jsonl');
const BAD = path.join(FIXTURES, 'bad-input', 'mixed.jsonl');

let store: string;
let dir: string;

beforeAll(() => {
  dir = tmpdir();
  store = path.join(dir, 'store.db');
  const r = cliProcess(['ingest', LOST_WRITE, BAD, '--db', store, '--no-progress']);
  expect(r.code, r.stderr).toBe(0);
});

/** Both runs, each with its own folder `out` for what it writes (its path printed as <out>, a time of making as <when>). */
function both(args: (out: string) => string[], opts: CliOptions = {}): { binary: CliResult; inProcess: CliResult } {
  const run = (how: typeof cli, name: string) => {
    const out = path.join(dir, name);
    fs.mkdirSync(out, { recursive: true });
    const r = how(args(out), opts);
    // a baseline says when it was made
    const mask = (s: string) =>
      s
        .split(out)
        .join('<out>')
        .replace(/"at": "[^"]+"/g, '"at": "<when>"');
    return { code: r.code, stdout: mask(r.stdout), stderr: mask(r.stderr) };
  };
  const name = `run-${fs.readdirSync(dir).length}`;
  return { binary: run(cliProcess, `${name}-bin`), inProcess: run(cli, `${name}-in`) };
}

/** The two runs print the same and exit `code`. */
function same(args: (out: string) => string[], code: number, opts: CliOptions = {}): CliResult {
  const { binary, inProcess } = both(args, opts);
  expect(binary.code, binary.stderr).toBe(code);
  expect(inProcess).toEqual(binary);
  return binary;
}

describe('every command, from bin/amnesia.js and in-process, prints the same and exits the same', () => {
  it('--help, --version, an unknown command (exit 2 with the usage hint)', () => {
    expect(same(() => ['--help'], 0).stdout).toMatch(/^Usage: amnesia/);
    expect(same(() => ['--version'], 0).stdout.trim()).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
    expect(same(() => ['no-such-command'], 2).stderr).toContain('unknown command');
  });

  it('ingest (of a file, and of standard input), sessions, bad-lines, events', () => {
    const ingest = same((out) => ['ingest', LOST_WRITE, '--db', path.join(out, 's.db'), '--format', 'json', '--no-progress'], 0);
    expect(json(ingest).events).toBeGreaterThan(0);
    const log = fs.readFileSync(LOST_WRITE);
    expect(json(same((out) => ['ingest', '-', '--db', path.join(out, 's.db'), '--format', 'json', '--no-progress'], 0, { input: log })).events).toBe(
      json(ingest).events,
    );
    expect(json(same(() => ['sessions', '--db', store, '--format', 'json'], 0)).sessions.length).toBeGreaterThan(1);
    expect(json(same(() => ['bad-lines', '--db', store, '--format', 'json'], 0)).bad_lines.length).toBeGreaterThan(0);
    expect(same(() => ['events', '--db', store], 0).stdout.split('\n').length).toBeGreaterThan(5);
  });

  it('analyze, show, triage, ci (exit 1: a new finding), merge', () => {
    const analyzed = json(same(() => ['analyze', '--db', store, '--format', 'json'], 0));
    const id: string = analyzed.findings[0].id;
    expect(json(same(() => ['show', id, '--db', store, '--format', 'json'], 0)).id).toBe(id);
    const triage = same(() => ['triage', LOST_WRITE, '--format', 'json', '--no-progress'], 0);
    expect(json(triage).findings.map((f: { id: string }) => f.id)).toContain(id);
    expect(same(() => ['ci', LOST_WRITE, '--no-progress'], 1, { cwd: dir }).stdout).toContain(id.slice(0, 8));
    const doc = path.join(dir, 'triage.json');
    fs.writeFileSync(doc, triage.stdout);
    expect(json(same(() => ['merge', doc], 0)).findings).toEqual(json(triage).findings);
  });

  it('shard, replay, tui (which refuses a stdout that is not a terminal: exit 2)', () => {
    const shard = same((out) => ['shard', LOST_WRITE, BAD, '--out', path.join(out, 'shards'), '--shards', '2', '--no-progress'], 0);
    expect(shard.stderr + shard.stdout).toContain('<out>');
    expect(same(() => ['replay', LOST_WRITE, '--format', 'json'], 0).stdout.length).toBeGreaterThan(0);
    expect(same(() => ['tui', '--db', store], 2).stderr).toMatch(/terminal/);
  });

  it('chaos, eval, check, baseline record', () => {
    const chaos = both((out) => ['chaos', '--out', path.join(out, 'c'), '--sessions', '3', '--seed', '7']);
    expect(chaos.binary.code, chaos.binary.stderr).toBe(0);
    expect(chaos.inProcess).toEqual(chaos.binary);
    const corpus = fs.readdirSync(dir).find((d) => d.endsWith('-bin') && fs.existsSync(path.join(dir, d, 'c', 'labels.jsonl')))!;
    const c = path.join(dir, corpus, 'c');
    same(() => ['eval', path.join(c, 'logs'), '--labels', path.join(c, 'labels.jsonl'), '--format', 'json'], 0);
    const checks = path.join(ROOT, 'examples', 'checks', 'checks.yaml');
    const check = same(
      (out) => ['check', '--set', checks, '--agent', 'reference', '--only', 'constraint-survives-long-chat', '--events', path.join(out, 'ev.jsonl')],
      0,
    );
    expect(check.stdout).toContain('constraint-survives-long-chat');
    const written = fs.readdirSync(dir).filter((d) => fs.existsSync(path.join(dir, d, 'ev.jsonl')));
    expect(written).toHaveLength(2);
    // the same conversations, each event stamped when it was made
    const conversation = (d: string) => fs.readFileSync(path.join(dir, d, 'ev.jsonl'), 'utf8').replace(/"ts":"[^"]+"/g, '"ts":"<when>"');
    expect(conversation(written[0])).toBe(conversation(written[1]));
    const events = path.join(dir, written[0], 'ev.jsonl');
    expect(json(same(() => ['baseline', 'record', events, '--out', '-', '--no-progress'], 0))).toBeTruthy();
  });
});
