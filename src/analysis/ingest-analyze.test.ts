import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandPlan } from './flags.js';
import { InputError } from '../errors.js';
import { resolveInputs } from '../ingest/inputs.js';
import { hasEvents } from '../store/queries.js';
import { ingestThenAnalyze } from './ingest-analyze.js';
import type { RunIo } from './ingest-analyze.js';

const FIXTURE = path.join(import.meta.dirname, '../../fixtures/incidents/lost-write/en.jsonl');

// the temporary store goes under os.tmpdir(): point it at a folder of the test's own to see it come and go
let tmp: string;
let inputs: string;
let saved: string | undefined;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-ia-'));
  inputs = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-ia-in-'));
  saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
});
afterEach(() => {
  if (saved === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = saved;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(inputs, { recursive: true, force: true });
});

const io = (): RunIo & { said: () => string } => {
  const err = new PassThrough();
  const chunks: string[] = [];
  err.on('data', (c) => chunks.push(String(c)));
  return { err, in: Readable.from([]), env: {}, said: () => chunks.join('') };
};

describe('ingestThenAnalyze hands the prepared store back to the command, which closes it', () => {
  it('the store is open and read until close(), and its temporary folder is gone after it', async () => {
    const plan = commandPlan({ config: false });
    const i = io();
    const run = await ingestThenAnalyze('triage', await resolveInputs([FIXTURE]), { progress: false }, plan, i);
    expect(fs.readdirSync(tmp)).toHaveLength(1);
    expect(hasEvents(run.db)).toBe(true);
    expect(run.read.events).toBeGreaterThan(0);
    expect(i.said()).toMatch(/^ingested \d+ events from 1 file\(s\) into a temporary store/);
    await run.close();
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('an input that gives no event is an InputError, and the temporary store is removed before it is thrown', async () => {
    const bad = path.join(inputs, 'bad.jsonl');
    fs.writeFileSync(bad, '{not json\n{"kind": 3}\n');
    await expect(
      ingestThenAnalyze('ci', await resolveInputs([bad], 'native'), { progress: false }, commandPlan({ config: false }), io()),
    ).rejects.toBeInstanceOf(InputError);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('with --db the store is the file given, kept after close()', async () => {
    const db = path.join(tmp, 'kept.db');
    const run = await ingestThenAnalyze('triage', await resolveInputs([FIXTURE]), { db, progress: false }, commandPlan({ config: false }), io());
    await run.close();
    expect(fs.existsSync(db)).toBe(true);
    expect(fs.readdirSync(tmp)).toEqual(['kept.db']);
  });
});
