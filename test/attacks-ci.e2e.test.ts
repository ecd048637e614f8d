// Issue 26, first group: nothing in a log may make `ci` pass over a regression. Each attack replayed on the built binary.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, query, ROOT, sarifErrors, tmpdir } from './helpers.js';

const WINDOW = path.join(FIXTURES, 'incidents', 'window-overflow', 'en.jsonl.gz');

/** The window-overflow incident as a model whose tokenizer is only approximated (no usage reported in it). */
function claudeIncident(dir: string): string {
  const text = zlib
    .gunzipSync(fs.readFileSync(WINDOW))
    .toString('utf8')
    .replace(/"model":"gpt-4o"/g, '"model":"claude-sonnet-4-5"');
  const file = path.join(dir, 'incident.jsonl');
  fs.writeFileSync(file, text);
  return file;
}

/** Unrelated sessions, each one request with a large message and a provider usage of 1 input token. */
function lyingSessions(dir: string, n: number): string {
  const big = 'word '.repeat(50_000);
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      kind: 'request',
      ts: '2026-03-01T00:00:00Z',
      session: `z-other-${i}`,
      model: 'claude-sonnet-4-5',
      messages: [{ role: 'user', content: big }],
      usage: { input_tokens: 1 },
    }),
  );
  const file = path.join(dir, 'other.jsonl');
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

describe('1. calibration cannot be pulled down by another session', () => {
  it('one (or three) sessions reporting 1 input token do not hide a window overflow elsewhere', () => {
    const dir = tmpdir();
    const incident = claudeIncident(dir);
    for (const n of [1, 3]) {
      const other = lyingSessions(dir, n);
      const r = cli(['ci', incident, other, '--no-progress', '--format', 'json'], { cwd: dir });
      expect(r.code, r.stderr).toBe(1);
      const f = json(r).new.find((x: { analyzer: string }) => x.analyzer === 'window-overflow');
      expect(f).toBeDefined();
      // the factor used is in the evidence chain: borrowed from other sessions, never below 1
      const step = f.evidence.find((e: { text: string }) => e.text.startsWith('Prompt without the constraint'));
      expect(step.text).toMatch(/x1 \(other sessions' reported usage\)/);
      expect(step.detail.calibration).toMatchObject({ basis: 'store', factor: 1 });
    }
  });
});

const CLEAN = path.join(ROOT, 'src', 'analyzers', 'window-overflow', 'fixtures', 'valid', 'no-overflow-en.jsonl');
const LOST = path.join(FIXTURES, 'incidents', 'lost-write', 'en.jsonl');
const LANGGRAPH = path.join(FIXTURES, 'real', 'generated-memsys', 'langgraph', 'checkpoints.sqlite');
const MEM0 = path.join(FIXTURES, 'real', 'generated-memsys', 'mem0', 'history.db');

/** A folder with a clean log and two logs whose format cannot be told: a long first message before "session", a log gzipped twice. */
function unreadableFolder(): { dir: string; logs: string } {
  const dir = tmpdir();
  const logs = path.join(dir, 'logs');
  fs.mkdirSync(logs);
  fs.copyFileSync(CLEAN, path.join(logs, 'clean.jsonl'));
  const hidden = JSON.stringify({
    kind: 'request',
    ts: '2026-03-02T10:00:00Z',
    model: 'gpt-4o',
    messages: [{ role: 'user', content: 'x '.repeat(40_000) }],
    session: 'late',
  });
  fs.writeFileSync(path.join(logs, 'late-session.jsonl'), hidden + '\n');
  fs.writeFileSync(path.join(logs, 'twice.jsonl.gz'), zlib.gzipSync(zlib.gzipSync(fs.readFileSync(LOST))));
  return { dir, logs };
}

describe('2. ci never passes over input it did not read', () => {
  it('files whose format cannot be told fail the gate, listed in every format; --ignore-unread accepts them by name or glob', () => {
    const { dir, logs } = unreadableFolder();
    const out = (f: string) => path.join(dir, f);
    const r = cli(['ci', logs, '--no-progress', '--format', 'json', '--junit', out('j.xml'), '--sarif', out('s.sarif'), '--markdown', out('m.md')], {
      cwd: dir,
    });
    expect(r.code, r.stderr).toBe(1);
    const doc = json(r);
    expect(doc.verdict).toBe('fail');
    expect(doc.new).toHaveLength(0);
    const paths = doc.unread.map((u: { path: string }) => u.path).sort();
    expect(paths).toEqual(['logs/late-session.jsonl', 'logs/twice.jsonl.gz']);
    expect(r.stderr).toMatch(/FAIL: 0 new finding\(s\) at or above error, 2 input\(s\) not read/);
    const junit = fs.readFileSync(out('j.xml'), 'utf8');
    expect(junit).toMatch(/<testsuite name="inputs" tests="2" failures="2"/);
    expect(junit).toContain('name="logs/twice.jsonl.gz"');
    const sarif = JSON.parse(fs.readFileSync(out('s.sarif'), 'utf8'));
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].invocations[0].executionSuccessful).toBe(false);
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications.map((n: any) => n.locations[0].physicalLocation.artifactLocation.uri).sort()).toEqual(paths);
    const md = fs.readFileSync(out('m.md'), 'utf8');
    expect(md).toContain('### Inputs not read (2)');
    expect(md).toContain('`logs/late-session.jsonl`');
    const text = cli(['ci', logs, '--no-progress'], { cwd: dir });
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/Inputs not read \(2\):\n.*logs\/late-session\.jsonl/);

    const ok = cli(['ci', logs, '--no-progress', '--format', 'json', '--ignore-unread', 'logs/late-session.jsonl', '--ignore-unread', 'logs/*.gz'], {
      cwd: dir,
    });
    expect(ok.code, ok.stderr).toBe(0);
    // still listed, marked as accepted
    expect(json(ok).unread.map((u: { ignored: boolean }) => u.ignored)).toEqual([true, true]);
  });

  it('a file that gave no event fails the gate', () => {
    const { dir, logs } = unreadableFolder();
    fs.rmSync(path.join(logs, 'late-session.jsonl'));
    fs.rmSync(path.join(logs, 'twice.jsonl.gz'));
    fs.writeFileSync(path.join(logs, 'broken.jsonl'), '{"kind":"request","session":"s","ts":"2026-03-02T10:00:00Z","messages":[\n');
    const r = cli(['ci', logs, '--no-progress', '--format', 'json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(1);
    expect(json(r).unread).toEqual([expect.objectContaining({ path: 'logs/broken.jsonl', ignored: false })]);
  });
});

describe('3. an SQLite file with both Mem0 and LangGraph tables is read as both', () => {
  it('ingest reads the checkpoints and the memory history of one file', () => {
    const dir = tmpdir();
    const both = path.join(dir, 'both.db');
    fs.copyFileSync(LANGGRAPH, both);
    const db = new Database(both);
    db.exec(`ATTACH '${MEM0}' AS m; CREATE TABLE memory_history AS SELECT * FROM m.memory_history; DETACH m;`);
    db.close();
    const r = cli(['ingest', both, '--db', path.join(dir, 'e.db'), '--no-progress', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const files = json(r).files.map((f: { format: string; events: number }) => [f.format, f.events > 0]);
    expect(files.sort()).toEqual([
      ['langgraph', true],
      ['mem0', true],
    ]);
  });
});

describe('4. a repository config cannot quietly weaken the gate', () => {
  function workspace(config: object): string {
    const dir = tmpdir();
    fs.copyFileSync(LOST, path.join(dir, 'log.jsonl'));
    fs.writeFileSync(path.join(dir, 'amnesia.config.json'), JSON.stringify(config));
    return dir;
  }

  it('a config switching an analyzer off or lowering it below --fail-on is refused without --trust-config', () => {
    for (const config of [{ analyzers: { 'lost-write': false } }, { analyzers: { 'lost-write': { severity: 'warning' } } }]) {
      const dir = workspace(config);
      const r = cli(['ci', 'log.jsonl', '--no-progress'], { cwd: dir });
      expect(r.code, JSON.stringify(config)).toBe(2);
      expect(r.stderr).toMatch(/amnesia\.config\.json weakens the gate \(analyzers\.lost-write[ .].*\): pass --trust-config/);
      expect(cli(['ci', 'log.jsonl', '--no-progress', '--no-config'], { cwd: dir }).code).toBe(1);
      expect(cli(['ci', 'log.jsonl', '--no-progress', '--trust-config'], { cwd: dir }).code).toBe(0);
    }
  });

  it('the config used is named with its sha256 in every report format', () => {
    const dir = workspace({ models: { 'gpt-4o': { context_limit: 64000 } } });
    const sha = crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(dir, 'amnesia.config.json')))
      .digest('hex');
    const out = (f: string) => path.join(dir, f);
    const r = cli(['ci', 'log.jsonl', '--no-progress', '--format', 'json', '--junit', out('j.xml'), '--sarif', out('s.sarif'), '--markdown', out('m.md')], {
      cwd: dir,
    });
    expect(r.code).toBe(1);
    expect(json(r).config).toEqual({ path: 'amnesia.config.json', sha256: sha });
    expect(fs.readFileSync(out('j.xml'), 'utf8')).toContain(`<property name="amnesia.config.sha256" value="${sha}"/>`);
    const sarif = JSON.parse(fs.readFileSync(out('s.sarif'), 'utf8'));
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].properties.config).toEqual({ path: 'amnesia.config.json', sha256: sha });
    expect(fs.readFileSync(out('m.md'), 'utf8')).toContain(`Config: \`amnesia.config.json\` (sha256 \`${sha}\`)`);
    expect(cli(['ci', 'log.jsonl', '--no-progress'], { cwd: dir }).stdout).toContain(`config amnesia.config.json (sha256 ${sha})`);
    // --no-config: no config, none named
    expect(json(cli(['ci', 'log.jsonl', '--no-progress', '--format', 'json', '--no-config'], { cwd: dir })).config).toBeNull();
  });
});

describe('5. a LangGraph thread with an empty id is read', () => {
  it('its events are stored under a session that says so', () => {
    const dir = tmpdir();
    const file = path.join(dir, 'cp.sqlite');
    fs.copyFileSync(LANGGRAPH, file);
    const db = new Database(file);
    db.exec(
      `UPDATE checkpoints SET thread_id = '' WHERE thread_id = 'parallel-overwrite'; UPDATE writes SET thread_id = '' WHERE thread_id = 'parallel-overwrite';`,
    );
    db.close();
    const store = path.join(dir, 'e.db');
    const r = cli(['ingest', file, '--db', store, '--no-progress']);
    expect(r.code, r.stderr).toBe(0);
    const sessions = query<{ session: string; n: number }>(store, 'SELECT session, count(*) AS n FROM events GROUP BY session').map((x) => x.session);
    expect(sessions).toContain(`langgraph:${file}#(empty thread_id)`);
    expect(sessions).not.toContain(`langgraph:${file}#parallel-overwrite`);
  });
});
