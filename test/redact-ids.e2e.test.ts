import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, FIXTURES, tmpdir } from './helpers.js';

/**
 * Issue 26: the titles of recall-mismatch, concurrent-overwrite and lost-write name the log's
 * words (a memory id, a state key, an actor, a process), not only quote its values. Those names are
 * marked where the titles are built and replaced whole under --redact, whatever they hold: quotes, a
 * "…" that looks like a cut, escape sequences. Before, only the quoted values were hashed, so a
 * memory id or a key holding a name or a number reached every report.
 */

/** In a JSON string of the log: a quote, an ellipsis and an escape sequence inside each name. */
const RENAMES: [string, string][] = [
  ['m77', 'zorp\\"…\\u001b[31m4921'],
  ['current_task', 'quux\\" task…\\u001b]8;;x\\u00077351'],
  ['executor', 'blarg\\"…'],
  ['memory-worker', 'wimble\\"'],
];
const WORDS = ['zorp', '4921', 'quux', '7351', 'blarg', 'wimble'];

function hostileLogs(dir: string): string {
  const out = path.join(dir, 'logs');
  fs.mkdirSync(out);
  for (const d of ['lost-write', 'concurrent-overwrite', 'recall-mismatch']) {
    let src = fs.readFileSync(path.join(FIXTURES, 'incidents', d, 'en.jsonl'), 'utf8');
    for (const [from, to] of RENAMES) src = src.replaceAll(from, to);
    fs.writeFileSync(path.join(out, `${d}.jsonl`), src);
  }
  return out;
}

describe('--redact replaces the names a title takes from the log whole', () => {
  it('memory ids, state keys, actors and processes: nothing of them in text, JSON, Markdown, JUnit or SARIF', () => {
    const cwd = tmpdir('amnesia-redact-ids-');
    try {
      const logs = hostileLogs(cwd);
      // without --redact the titles name them (so the check below can fail)
      const clear = cli(['ci', logs, '--no-progress', '--format', 'json'], { cwd });
      const titles = (JSON.parse(clear.stdout).new as { analyzer: string; title: string }[]).map((f) => `${f.analyzer}: ${f.title}`);
      for (const w of WORDS) expect(titles.join('\n'), w).toContain(w);
      for (const a of ['lost-write', 'concurrent-overwrite', 'recall-mismatch']) expect(titles.some((t) => t.startsWith(a))).toBe(true);
      for (const format of ['text', 'json', 'markdown', 'junit', 'sarif']) {
        const files = { sarif: path.join(cwd, `${format}.sarif`), junit: path.join(cwd, `${format}.xml`), markdown: path.join(cwd, `${format}.md`) };
        const r = cli(
          ['ci', logs, '--redact', '--no-progress', '--format', format, '--sarif', files.sarif, '--junit', files.junit, '--markdown', files.markdown],
          {
            cwd,
          },
        );
        expect(r.code, r.stderr).toBe(1);
        // the text report's retrieval picture lists the candidates by id, as every report's evidence does
        // (ids stay under --redact: SECURITY.md, what it does not defend against)
        // and the JSON document's details name them by id too: there, the titles and fixes are checked
        const json = () => (JSON.parse(r.stdout).new as { title: string; fix: string }[]).map((f) => `${f.title}\n${f.fix}`).join('\n');
        const stdout = format === 'text' ? r.stdout.replace(/^.*ranked: .*$/gm, '') : format === 'json' ? json() : r.stdout;
        const shown = [stdout, r.stderr, ...Object.values(files).map((f) => fs.readFileSync(f, 'utf8'))];
        for (const s of shown) for (const w of WORDS) expect(s, `${format}: ${w}`).not.toContain(w);
      }
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});
