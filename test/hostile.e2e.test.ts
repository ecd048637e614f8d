// Logs are untrusted input: what they say must never act on the reader's terminal or pipeline.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain .mjs generator shared with the benchmark
import { generate } from '../bench/generate.mjs';
import { BIN, cli, counts, FIXTURES, json, nativeLine, query, ROOT, tmpdir } from './helpers.js';

const ESC = '\x1b';
const hostileUser = `Never use XML.${ESC}]0;pwned${ESC}\\${ESC}[2J\n::add-mask::x\n::error file=a::forged <img src=x onerror=alert(1)> [click](https://evil.example)`;

/** A lost write whose user text, memory text and response are hostile. */
function hostileLog(dir: string): string {
  const s = `evil${ESC}[31m::set-output name=x::1`;
  const lines = [
    nativeLine({
      kind: 'request',
      session: s,
      turn: 0,
      ts: '2026-03-02T10:00:00Z',
      model: 'gpt-4o',
      messages: [{ role: 'user', content: hostileUser + ' mail jane@example.com key sk-proj-AbCdEf0123456789xyzXYZ0123' }],
    }),
    nativeLine({
      kind: 'memory_write',
      session: s,
      turn: 0,
      ts: '2026-03-02T10:00:01Z',
      write_id: 'w1',
      phase: 'enqueued',
      memory_id: 'm1',
      memory_type: 'preference',
      text: hostileUser,
    }),
    nativeLine({ kind: 'memory_write', session: s, turn: 0, ts: '2026-03-02T10:00:01.500Z', write_id: 'w1', phase: 'acknowledged' }),
    nativeLine({ kind: 'response', session: s, turn: 0, ts: '2026-03-02T10:00:02Z', content: `Saved to memory! ${ESC}[2J` }),
    nativeLine({ kind: 'lifecycle', session: s, ts: '2026-03-02T10:00:05Z', event: 'restart', process: 'memory-worker' }),
    `{"kind":"lifecycle" ${ESC}]8;;https://evil.example${ESC}\\ bad line`,
  ];
  const file = path.join(dir, 'hostile.jsonl');
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

describe('terminal and pipeline safety', () => {
  it('text reports show escape sequences visibly instead of emitting them', () => {
    const dir = tmpdir();
    const file = hostileLog(dir);
    const db = path.join(dir, 'e.db');
    const r = cli(['triage', file, '--db', db], { env: { FORCE_COLOR: '0' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('lost-write');
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).toContain('\\x1b]0;pwned');
    for (const args of [['bad-lines'], ['sessions'], ['ingest', file]]) {
      const o = cli([...args, '--db', db]);
      expect(o.stdout, args.join(' ')).not.toContain(ESC);
    }
    expect(r.stdout.split('\n').some((l) => l.trimStart().startsWith('::'))).toBe(false);
  });

  it('under GitHub Actions only our own annotations are workflow commands; Markdown carries no HTML or links', () => {
    const dir = tmpdir();
    const file = hostileLog(dir);
    const summary = path.join(dir, 'summary.md');
    const r = cli(['ci', file, '--markdown', path.join(dir, 'r.md'), '--sarif', path.join(dir, 'r.sarif')], {
      cwd: dir,
      env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
    });
    expect(r.code).toBe(1);
    const commands = r.stdout.split('\n').filter((l) => /^\s*::/.test(l));
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatch(/^::error file=hostile\.jsonl,line=\d+,title=amnesia lost-write/);
    expect(commands[0]).not.toMatch(/::add-mask::|::set-output|::error file=a/);
    expect(r.stdout).not.toContain(ESC);
    for (const md of [fs.readFileSync(path.join(dir, 'r.md'), 'utf8'), fs.readFileSync(summary, 'utf8')]) {
      expect(md).not.toMatch(/<img|\]\(https|\x1b/);
      expect(md.split('\n').some((l) => l.startsWith('::'))).toBe(false);
    }
    const sarif = fs.readFileSync(path.join(dir, 'r.sarif'), 'utf8');
    expect(sarif).not.toContain('\\u001b');
    expect(sarif).toContain('\\\\x1b]0;pwned');
  });

  it('secrets are masked in every output without --redact; --redact leaves no user words at all', () => {
    const dir = tmpdir();
    const file = hostileLog(dir);
    const plain = cli(['triage', file, '--format', 'json']);
    expect(plain.stdout).not.toContain('jane@example.com');
    expect(plain.stdout).not.toContain('sk-proj-AbCdEf0123456789xyzXYZ0123');
    expect(plain.stdout).toMatch(/\[email #[0-9a-f]{8}\]/);
    const redacted = cli(['triage', file, '--format', 'json', '--redact']);
    const doc = json(redacted);
    expect(doc.findings.length).toBeGreaterThan(0);
    expect(redacted.stdout).not.toMatch(/Never use XML|Saved to memory|pwned/);
    expect(doc.findings[0].evidence[0].text).toMatch(/^‹#[0-9a-f]{8} \d+ chars en/);
    expect(doc.findings[0].evidence[0].source).toMatch(/hostile\.jsonl:1$/);
  });
});

describe('resource limits: hostile sizes are refused line by line, never a crash', () => {
  it('a gzip bomb (one endless 256 MB line) is one bad line with its real length, never held in memory', () => {
    const dir = tmpdir();
    const bomb = path.join(dir, 'bomb.jsonl.gz');
    const size = 256 * 1024 * 1024;
    fs.writeFileSync(bomb, zlib.gzipSync(Buffer.alloc(size, 0x41), { level: 9 }));
    expect(fs.statSync(bomb).size).toBeLessThan(400_000);
    const db = path.join(dir, 'e.db');
    // bench/measure.mjs runs the CLI in-process and reports its peak RSS: holding the line
    // (or the file) needs over 1 GB (measured: 1.4 GB); reading it streamed needs 130-270 MB
    const m = spawnSync(
      process.execPath,
      [path.join(ROOT, 'bench', 'measure.mjs'), 'cli', 'ingest', bomb, '--db', db, '--input-format', 'native', '--max-line-bytes', '1000000'],
      { encoding: 'utf8' },
    );
    const measured = JSON.parse(m.stderr.trim().split('\n').pop()!);
    expect(measured.code).toBe(0);
    expect(measured.maxRssMB).toBeLessThan(600);
    expect(query(db, 'SELECT count(*) AS n FROM events')[0].n).toBe(0);
    expect(query(db, 'SELECT line, raw_bytes FROM bad_lines')).toEqual([{ line: 1, raw_bytes: size }]);
  });

  it('JSON nested 100k levels deep is a bad line, the next line is read', () => {
    const dir = tmpdir();
    const deep = `{"kind":"tool_result","ts":"2026-03-02T10:00:00Z","session":"s","content":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    fs.writeFileSync(path.join(dir, 'deep.jsonl'), deep + '\n' + nativeLine({ kind: 'lifecycle', event: 'stop' }) + '\n');
    const r = cli(['ingest', path.join(dir, 'deep.jsonl'), '--db', path.join(dir, 'e.db'), '--format', 'json']);
    expect(r.code).toBe(0);
    expect([json(r).events, json(r).bad_lines]).toEqual([1, 1]);
    expect(json(r).bad_samples[0].reason).toBe('nested deeper than 256 levels');
  });

  it('a 16 MB message is ingested and its tokens counted', () => {
    const dir = tmpdir();
    const content = 'lorem ipsum dolor sit amet '.repeat(620_000);
    fs.writeFileSync(path.join(dir, 'big.jsonl'), nativeLine({ kind: 'request', model: 'gpt-4o', messages: [{ role: 'tool', content }] }) + '\n');
    const db = path.join(dir, 'e.db');
    const r = cli(['ingest', path.join(dir, 'big.jsonl'), '--db', db, '--format', 'json']);
    expect(r.code).toBe(0);
    expect(json(r).events).toBe(1);
    const t = query(db, 'SELECT prompt_tokens FROM requests')[0].prompt_tokens as number;
    expect(t).toBeGreaterThan(3_000_000);
    expect(t).toBeLessThan(3_200_000);
  });

  it('millions of one-event sessions: past the in-memory bound sessions are counted by the store, exactly', () => {
    // the bound is lowered so the path runs on a small file; the default is 200,000
    const dir = tmpdir();
    const lines = Array.from({ length: 3000 }, (_, i) => nativeLine({ kind: 'lifecycle', session: `one-${i}`, event: 'start' }));
    fs.writeFileSync(path.join(dir, 'many.jsonl'), lines.join('\n') + '\n');
    const r = cli(['ingest', path.join(dir, 'many.jsonl'), '--db', path.join(dir, 'e.db'), '--format', 'json'], {
      env: { AMNESIA_MAX_SESSIONS_IN_MEMORY: '100' },
    });
    expect(r.code).toBe(0);
    expect([json(r).events, json(r).sessions]).toEqual([3000, 3000]);
    // analysis pages through sessions (1,000 at a time): an incident in a session sorting after
    // 3,000 others is still found
    fs.copyFileSync(path.join(FIXTURES, 'incidents', 'lost-write', 'zh.jsonl'), path.join(dir, 'zz.jsonl'));
    expect(cli(['ingest', path.join(dir, 'zz.jsonl'), '--db', path.join(dir, 'e.db')]).code).toBe(0);
    const doc = json(cli(['analyze', '--db', path.join(dir, 'e.db'), '--format', 'json']));
    expect(doc.summary.sessions).toBe(3001);
    expect(doc.findings.map((f: any) => [f.session, f.analyzer])).toEqual([['s7', 'lost-write']]);
  });
});

describe('store safety', () => {
  it('two ingests of the same logs into one store at once both finish, every event stored once', async () => {
    const dir = tmpdir();
    const log = path.join(dir, 'log.jsonl');
    generate(log, 6, 3);
    const reference = path.join(dir, 'ref.db');
    expect(cli(['ingest', log, '--db', reference]).code).toBe(0);
    const db = path.join(dir, 'shared.db');
    expect(cli(['ingest', path.join(dir, 'nothing-yet.jsonl'), '--db', db]).code).toBe(2); // store not created by a bad call
    const run = () =>
      new Promise<number | null>((resolve) => {
        const p = spawn(process.execPath, [BIN, 'ingest', log, '--db', db], { env: { ...process.env, CI: '1' }, stdio: 'ignore' });
        p.on('exit', (code) => resolve(code));
      });
    const codes = await Promise.all([run(), run()]);
    expect(codes).toEqual([0, 0]);
    expect(counts(db)).toEqual(counts(reference));
    expect(query(db, 'PRAGMA integrity_check')[0].integrity_check).toBe('ok');
    expect(query(db, "SELECT count(*) AS n FROM sources WHERE status = 'complete'")[0].n).toBe(1);
  });

  it('a truncated store file is refused with a clear error and not overwritten', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    fs.writeFileSync(path.join(dir, 'a.jsonl'), nativeLine({ kind: 'lifecycle', event: 'start' }) + '\n');
    expect(cli(['ingest', path.join(dir, 'a.jsonl'), '--db', db]).code).toBe(0);
    cli(['sessions', '--db', db]); // checkpoint via a clean close
    const whole = fs.readFileSync(db);
    const cut = whole.subarray(0, 1000);
    fs.writeFileSync(db, cut);
    for (const f of ['-wal', '-shm']) fs.rmSync(db + f, { force: true });
    const r = cli(['ingest', path.join(dir, 'a.jsonl'), '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/e\.db: (the database is corrupt|the file is not an SQLite database|cannot open)/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(Buffer.compare(fs.readFileSync(db), cut)).toBe(0);
  });
});
