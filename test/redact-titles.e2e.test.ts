import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, FIXTURES, tmpdir } from './helpers.js';

/**
 * Issue 26: titles are redacted by structure. The words a title quotes from the log are marked when
 * the title is built and replaced whole under --redact, whatever quotes or brackets they hold; a
 * redaction that looked for quoted spans in the finished title left the words between two inner
 * quotes readable.
 */

/** The tool-drift incident with its user's constraint holding quotes and brackets. */
function hostileLog(dir: string): string {
  const src = fs.readFileSync(path.join(FIXTURES, 'incidents', 'tool-drift', 'en.jsonl'), 'utf8');
  const out = src.replaceAll('Be concise, and no emoji please.', 'Be concise (\\"zorp 4921\\" [quux]), and no emoji please.');
  expect(out).not.toBe(src);
  const file = path.join(dir, 'quoted.jsonl');
  fs.writeFileSync(file, out);
  return file;
}

const WORDS = ['zorp', '4921', 'quux', 'Be concise', 'emoji please'];

describe('--redact replaces the quoted words of a title whole', () => {
  it('a constraint holding quotes and brackets: nothing of it in text, JSON or SARIF titles', () => {
    const cwd = tmpdir('amnesia-redact-titles-');
    try {
      const file = hostileLog(cwd);
      // without --redact the title quotes the constraint (so the check below can fail)
      const clear = cli(['ci', file, '--no-progress', '--format', 'json'], { cwd });
      const titles = (JSON.parse(clear.stdout).new as { title: string }[]).map((f) => f.title);
      expect(titles.some((t) => t.includes('"zorp 4921" [quux]'))).toBe(true);
      for (const format of ['text', 'json', 'sarif']) {
        const sarif = path.join(cwd, `${format}.sarif`);
        const r = cli(['ci', file, '--redact', '--no-progress', '--format', format, '--sarif', sarif], { cwd });
        expect(r.code, r.stderr).toBe(0);
        // the SARIF results (its rules carry the analyzers' READMEs, whose examples quote "Be concise")
        const results = (text: string) => {
          const list = (JSON.parse(text).runs as { results: unknown[] }[]).flatMap((run) => run.results);
          expect(list.length).toBeGreaterThan(0);
          return JSON.stringify(list);
        };
        const shown = [format === 'sarif' ? results(r.stdout) : r.stdout, r.stderr, results(fs.readFileSync(sarif, 'utf8'))];
        if (format === 'json') shown.push((JSON.parse(r.stdout).new as { title: string }[]).map((f) => f.title).join('\n'));
        for (const s of shown) for (const w of WORDS) expect(s, `${format}: ${w}`).not.toContain(w);
        if (format === 'text') expect(r.stdout).toMatch(/broke "‹#[0-9a-f]{8} \d+ chars/);
      }
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});
