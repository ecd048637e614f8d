import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';

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
