import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../store/connection.js';
import { resolveInputs } from './inputs.js';
import { ingest } from './pipeline.js';
import type { IngestSink } from './progress.js';

const FIXTURE = path.join(import.meta.dirname, '../../fixtures/formats/otlp-genai/clean.json');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Ingest the fixture into a new store with this sink; what the sink's stderr received. */
async function said(sink: IngestSink | undefined, progress?: boolean): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-sink-'));
  dirs.push(dir);
  const db = openStore(path.join(dir, 'e.db'));
  try {
    await ingest(db, { inputs: await resolveInputs([FIXTURE]), sink, progress });
  } finally {
    db.close();
  }
  return sink ? String((sink.err as PassThrough).read() ?? '') : '';
}

const sink = (tty: boolean, env: Record<string, string> = {}): IngestSink => {
  const err = Object.assign(new PassThrough(), { isTTY: tty, columns: 80 });
  return { err, env };
};

describe("ingest speaks only through its sink (the command's Io), so a caller captures it", () => {
  it('notes go to the sink: which key each source took its sessions from', async () => {
    const text = await said(sink(false));
    expect(text).toMatch(/clean\.json: session from /);
    expect(text).not.toContain('\x1b[2K'); // not a terminal: no bar
  });

  it('a terminal gets the progress bar, cleared at the end', async () => {
    const text = await said(sink(true));
    expect(text).toMatch(/\r\x1b\[2K[█░]{20} +\d+%/);
    expect(text.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('no bar under CI or with --no-progress, even on a terminal; the notes stay', async () => {
    for (const text of [await said(sink(true, { CI: 'true' })), await said(sink(true), false)]) {
      expect(text).not.toContain('\x1b[2K');
      expect(text).toMatch(/session from /);
    }
  });

  it('without a sink nothing is written to the process stderr', async () => {
    const write = process.stderr.write;
    const seen: string[] = [];
    process.stderr.write = ((c: string) => seen.push(String(c)) > 0) as typeof process.stderr.write;
    try {
      await said(undefined);
    } finally {
      process.stderr.write = write;
    }
    expect(seen.join('')).not.toMatch(/session from /);
  });
});
