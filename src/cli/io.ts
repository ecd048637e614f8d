import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';
import type { Readable, Writable } from 'node:stream';

/** Where a command writes: data to `out`, progress and diagnostics to `err`. */
export interface Io {
  out: Writable & { isTTY?: boolean };
  err: Writable & { isTTY?: boolean };
  in: Readable;
  env: NodeJS.ProcessEnv;
}

export const processIo = (): Io => ({ out: process.stdout, err: process.stderr, in: process.stdin, env: process.env });

/** Colour only on a terminal, never with NO_COLOR (https://no-color.org), forced by FORCE_COLOR. */
export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return !!stream.isTTY && env.TERM !== 'dumb';
}

/** Write and wait until the data is handed off, so large outputs survive piping into `head`. */
export function write(stream: Writable, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (stream.write(text)) resolve();
    else stream.once('drain', () => resolve());
  });
}

/** Write a report's chunks in order, each handed off before the next is made. */
export async function writeAll(stream: Writable, chunks: Iterable<string>): Promise<void> {
  for (const chunk of chunks) await write(stream, chunk);
}

/** A report written to a file (`--junit`, `--sarif`, `--markdown`...), its folder made; a failure is one line naming the file. */
export function writeOutput(file: string, text: string, what: string): void {
  try {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(file, text);
  } catch (err) {
    throw new InputError(`cannot write the ${what} to ${file}: ${(err as Error).message}`);
  }
}

/** The report files a gate writes: `--junit`, `--sarif`, `--markdown`, and the Markdown appended to GitHub's step summary. */
export interface ReportFiles {
  junit?: string;
  sarif?: string;
  markdown?: string;
}

/**
 * Write every report file asked for, rendering each format only when some file wants it. `ci` and `check`
 * both gate a pipeline, so they write the same files the same way (the step summary is appended to, as
 * GitHub expects several steps to add to it).
 */
export function writeReportFiles(files: ReportFiles, render: (format: 'junit' | 'sarif' | 'markdown') => string, env: NodeJS.ProcessEnv): void {
  if (files.junit) writeOutput(files.junit, render('junit'), 'JUnit report');
  if (files.sarif) writeOutput(files.sarif, render('sarif'), 'SARIF log');
  const summary = env.GITHUB_STEP_SUMMARY;
  if (!files.markdown && !summary) return;
  const md = render('markdown');
  if (files.markdown) writeOutput(files.markdown, md, 'Markdown summary');
  if (summary) {
    try {
      fs.appendFileSync(summary, md);
    } catch (err) {
      throw new InputError(`cannot append the Markdown summary to GITHUB_STEP_SUMMARY (${summary}): ${(err as Error).message}`);
    }
  }
}
