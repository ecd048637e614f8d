import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
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
        // the whole of every output: the text report's retrieval picture and the JSON document's details
        // name the memories, keys and actors by their hashes too (they were left in clear before)
        const shown = [r.stdout, r.stderr, ...Object.values(files).map((f) => fs.readFileSync(f, 'utf8'))];
        for (const s of shown) for (const w of WORDS) expect(s, `${format}: ${w}`).not.toContain(w);
      }
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});

describe('--redact hashes are keyed by AMNESIA_REDACT_KEY', () => {
  it('HMAC-SHA256 under the key: stable across runs with the same key, another key other hashes, unset plain SHA-256', () => {
    const cwd = tmpdir('amnesia-redact-key-');
    try {
      const logs = hostileLogs(cwd);
      const run = (key?: string) => {
        const r = cli(['triage', logs, '--redact', '--no-progress', '--format', 'json'], { cwd, ...(key ? { env: { AMNESIA_REDACT_KEY: key } } : {}) });
        expect(r.code, r.stderr).not.toBe(2);
        return JSON.parse(r.stdout) as { findings: { id: string; session: string; detail?: { memory_id?: string } }[] };
      };
      const hex = (s: string) => /#([0-9a-f]{8})›/.exec(s)![1];
      const hmac = (key: string, s: string) => crypto.createHmac('sha256', key).update(s).digest('hex').slice(0, 8);
      const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex').slice(0, 8);
      const plain = JSON.parse(cli(['triage', logs, '--no-progress', '--format', 'json'], { cwd }).stdout) as {
        findings: { id: string; session: string; detail?: { memory_id?: string } }[];
      };
      const lost = (d: typeof plain) => d.findings.find((f) => f.detail?.memory_id !== undefined)!;
      const [a1, a2, b, none] = [run('k-one'), run('k-one'), run('k-two'), run()];
      const raw = lost(plain);
      // finding ids (what a ci baseline keeps) never depend on the key
      expect(lost(a1).id).toBe(raw.id);
      expect([hex(lost(a1).session), hex(lost(a1).detail!.memory_id!)]).toEqual([hmac('k-one', raw.session), hmac('k-one', raw.detail!.memory_id!)]);
      expect(a2).toEqual(a1);
      expect(hex(lost(b).session)).toBe(hmac('k-two', raw.session));
      expect(hex(lost(b).session)).not.toBe(hex(lost(a1).session));
      expect([hex(lost(none).session), hex(lost(none).detail!.memory_id!)]).toEqual([sha(raw.session), sha(raw.detail!.memory_id!)]);
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});

describe('events --redact re-ingests whatever the session ids', () => {
  it('one-letter session ids (s, e, u) are hidden as whole words, never inside write, user or acknowledged: no bad line on the way back', () => {
    const cwd = tmpdir('amnesia-redact-short-');
    try {
      const log = path.join(cwd, 'short.jsonl');
      const lines = [
        { kind: 'request', ts: '2026-03-02T10:00:00Z', session: 's', turn: 0, model: 'gpt-4o', messages: [{ role: 'user', content: 'never use XML' }] },
        { kind: 'response', ts: '2026-03-02T10:00:01Z', session: 's', turn: 0, content: 'ok' },
        { kind: 'memory_write', ts: '2026-03-02T10:00:02Z', session: 'u', write_id: 'w1', phase: 'acknowledged', memory_id: 'm1' },
        { kind: 'state', ts: '2026-03-02T10:00:03Z', session: 'e', actor: 'a', key: 'k', op: 'write', value: 1, version: 2, expected_version: 1 },
      ];
      fs.writeFileSync(log, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
      const db = path.join(cwd, 'a.db');
      const first = cli(['ingest', log, '--db', db, '--no-progress', '--format', 'json'], { cwd });
      expect(first.code, first.stderr).toBe(0);
      const ev = cli(['events', '--db', db, '--redact'], { cwd });
      expect(ev.code, ev.stderr).toBe(0);
      const out = path.join(cwd, 'redacted.jsonl');
      fs.writeFileSync(out, ev.stdout);
      const back = cli(['ingest', out, '--db', path.join(cwd, 'b.db'), '--no-progress', '--format', 'json'], { cwd });
      expect(back.code, back.stderr).toBe(0);
      const counts = (r: { stdout: string }) => {
        const d = JSON.parse(r.stdout) as { bad_lines: number; sessions: number; events: number; by_kind: Record<string, number> };
        return [d.bad_lines, d.sessions, d.events, d.by_kind];
      };
      expect(counts(back)).toEqual(counts(first));
      expect(counts(back)[2]).toBe(4);
      expect(ev.stdout).toContain('"op":"write"');
      expect(ev.stdout).toContain('"role":"user"');
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});
