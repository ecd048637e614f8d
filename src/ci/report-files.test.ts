import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '../errors.js';
import { writeReportFiles } from './report-files.js';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-io-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('writeReportFiles (the report files ci and check write)', () => {
  it('renders only the formats some file asks for, and writes each to its file, folders made', () => {
    const d = tmp();
    const rendered: string[] = [];
    const render = (f: 'junit' | 'sarif' | 'markdown') => {
      rendered.push(f);
      return `<${f}>`;
    };
    writeReportFiles({ sarif: path.join(d, 'out', 's.sarif') }, render, {});
    expect(rendered).toEqual(['sarif']);
    expect(fs.readFileSync(path.join(d, 'out', 's.sarif'), 'utf8')).toBe('<sarif>');
  });

  it('appends the Markdown to $GITHUB_STEP_SUMMARY after what earlier steps wrote, and renders it once for both', () => {
    const d = tmp();
    const summary = path.join(d, 'summary.md');
    fs.writeFileSync(summary, '# earlier step\n');
    let renders = 0;
    writeReportFiles(
      { markdown: path.join(d, 'm.md') },
      () => {
        renders += 1;
        return '## verdict\n';
      },
      { GITHUB_STEP_SUMMARY: summary },
    );
    expect(renders).toBe(1);
    expect(fs.readFileSync(summary, 'utf8')).toBe('# earlier step\n## verdict\n');
    expect(fs.readFileSync(path.join(d, 'm.md'), 'utf8')).toBe('## verdict\n');
  });

  it('a step summary that cannot be written is one error naming it, not a stack trace', () => {
    const d = tmp();
    const summary = path.join(d, 'is-a-folder');
    fs.mkdirSync(summary);
    expect(() => writeReportFiles({}, () => 'md', { GITHUB_STEP_SUMMARY: summary })).toThrow(InputError);
    expect(() => writeReportFiles({}, () => 'md', { GITHUB_STEP_SUMMARY: summary })).toThrow(/GITHUB_STEP_SUMMARY \(.*is-a-folder\)/);
  });
});
