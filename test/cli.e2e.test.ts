import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliProcess, FIXTURES, ingestedOnce, json, tmpdir } from './helpers.js';

const FORMATS = path.join(FIXTURES, 'formats');

/** fixtures/formats ingested by the binary once for this file: the tests that only read a store share it */
const formatsDb = ingestedOnce([FORMATS], 'formats.db');

describe('the command line', () => {
  it('--help lists the commands and touches no store', () => {
    const dir = tmpdir();
    const r = cli(['--help'], { cwd: dir });
    expect(r.code).toBe(0);
    for (const c of ['ingest', 'sessions', 'bad-lines', 'analyze', 'triage', 'show']) expect(r.stdout).toContain(c);
    expect(fs.existsSync(path.join(dir, '.amnesia'))).toBe(false);
  });

  it('triage --help names every coding agent --agent can read (it named two of six)', () => {
    const r = cli(['triage', '--help']);
    expect(r.code).toBe(0);
    const line = r.stdout.replace(/\s+/g, ' ');
    const agent = line.slice(line.indexOf('--agent <name>'), line.indexOf('--project <path>'));
    for (const a of ['claude-code', 'codex', 'copilot', 'gemini', 'openhands', 'cline', 'all']) expect(agent.split(/[ ,:]+/)).toContain(a);
  });

  it('--version prints the package version', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
    expect(cli(['--version']).stdout.trim()).toBe(pkg.version);
  });

  it('an unknown command is a usage error', () => {
    const r = cli(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown command 'frobnicate'/);
  });

  // one ingest without --db, of a copy of fixtures/formats under the working directory, for the next two tests
  let cwdIngest: { dir: string; r: ReturnType<typeof cli> } | undefined;
  const ingestInCwd = () => {
    if (!cwdIngest) {
      const dir = tmpdir();
      fs.cpSync(FORMATS, path.join(dir, 'logs'), { recursive: true });
      cwdIngest = { dir, r: cli(['ingest', 'logs', '--format', 'json'], { cwd: dir }) };
    }
    return cwdIngest;
  };

  it('uses .amnesia/evidence.db in the working directory by default', () => {
    const { dir, r } = ingestInCwd();
    expect(r.code, r.stderr).toBe(0);
    expect(fs.existsSync(path.join(dir, '.amnesia', 'evidence.db'))).toBe(true);
    const s = json(cli(['sessions', '--format', 'json'], { cwd: dir }));
    expect(s.sessions.map((x: any) => x.session)).toContain('demo-native');
  });

  it('provenance paths are relative to the working directory', () => {
    const s = json(ingestInCwd().r);
    // the files at the top of the folder (format subfolders hold more)
    expect(
      s.files
        .map((f: any) => f.path)
        .filter((p: string) => p.split('/').length === 2)
        .sort(),
    ).toEqual(['logs/native-basic.jsonl', 'logs/openai-proxy-rotated.jsonl.gz', 'logs/openai-proxy.jsonl', 'logs/retrieval-trace.csv']);
  });

  it('sessions reports the peak prompt against the window, using provider usage when present', () => {
    const db = formatsDb();
    const s = json(cli(['sessions', '--db', db, '--format', 'json']));
    const byId = Object.fromEntries(s.sessions.map((x: any) => [x.session, x]));
    expect(byId['demo-native']).toMatchObject({ requests: 2, turns: 2, peak_prompt_tokens: 58, context_limit: 128000, model: 'gpt-4o' });
    expect(byId['demo-openai-2']).toMatchObject({ peak_prompt_tokens: 14, context_limit: 200000, model: 'claude-sonnet-4' });
    expect(byId['demo-csv']).toMatchObject({ requests: 0, peak_prompt_tokens: null, by_kind: { retrieval: 2 } });
    const text = cli(['sessions', '--db', db, '--session', 'openai', '--limit', '2']);
    expect(text.stdout.trim().split('\n')).toHaveLength(3);
    expect(text.stdout).toMatch(/demo-openai\s+2\s+2\s+70 \/ 128,000 0%/);
  });

  it('config overrides a model window and names a bad key', () => {
    const dir = tmpdir();
    const db = formatsDb();
    fs.writeFileSync(path.join(dir, 'amnesia.config.json'), JSON.stringify({ models: { 'gpt-4o': { context_limit: 100 } } }));
    const s = json(cli(['sessions', '--db', db, '--format', 'json', '--session', 'demo-native'], { cwd: dir }));
    expect(s.sessions[0]).toMatchObject({ context_limit: 100, peak_fill: 0.58 });
    fs.writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ models: { 'gpt-4o': { contextLimit: 100 } } }));
    const r = cli(['sessions', '--db', db, '--config', path.join(dir, 'bad.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.json: models\.gpt-4o\.contextLimit: unknown key/);
  });

  it('colour only when asked for, never with NO_COLOR, never when piped', () => {
    // the binary's own stdout, a pipe: about the process, so not in-process (test/helpers.ts cli())
    const dir = tmpdir();
    // one small log with findings (a lost write), so the findings' lines are coloured too
    const log = path.join(FIXTURES, 'incidents', 'lost-write', 'en.jsonl');
    const forced = cliProcess(['triage', log], { cwd: dir, env: { FORCE_COLOR: '1', NO_COLOR: '' } });
    expect(forced.stdout).toContain('lost-write');
    expect(forced.stdout).toMatch(/\x1b\[/);
    const no = cliProcess(['triage', log], { cwd: dir, env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(no.stdout).toContain('lost-write');
    expect(no.stdout).not.toMatch(/\x1b\[/);
    const piped = cliProcess(['triage', log], { cwd: dir, env: { NO_COLOR: '' } });
    expect(piped.stdout).not.toMatch(/\x1b\[/);
  });

  it('triage keeps no store unless --db is given, and reports ingest on stderr only', () => {
    const dir = tmpdir();
    const r = cli(['triage', path.join(FIXTURES, 'bad-input'), '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    const doc = json(r);
    expect(doc.schema).toBe('amnesia.findings/v1');
    expect(doc.summary).toMatchObject({ sessions: 1, events: 3, bad_lines: 4 });
    expect(r.stderr).toMatch(/ingested 3 events from 1 file\(s\) into a temporary store, 4 bad line\(s\)/);
    expect(fs.existsSync(path.join(dir, '.amnesia'))).toBe(false);
    const kept = path.join(dir, 'kept.db');
    expect(cli(['triage', path.join(FIXTURES, 'bad-input'), '--db', kept]).code).toBe(0);
    expect(fs.existsSync(kept)).toBe(true);
  });

  it('analyze flags are checked: an unknown analyzer or severity is a usage error', () => {
    const db = formatsDb();
    const a = cli(['analyze', '--db', db, '--analyzer', 'nope']);
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/unknown analyzer "nope"; known: /);
    const s = cli(['analyze', '--db', db, '--fail-on', 'fatal']);
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/--fail-on: "fatal" is not one of info, warning, error/);
    const f = cli(['analyze', '--db', db, '--format', 'xml']);
    expect(f.code).toBe(2);
  });

  it('show: an unknown finding id is exit 2 with a hint', () => {
    const db = formatsDb();
    const r = cli(['show', 'f_doesnotexist', '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no finding f_doesnotexist .* `amnesia analyze` lists the findings/);
  });
});

describe('analyze streams its report and reuses stored findings', () => {
  it('JSON is one findings document, in session order, with counts that match; a second run is identical', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    expect(cli(['ingest', path.join(FIXTURES, 'incidents'), '--db', db]).code).toBe(0);
    const first = cli(['analyze', '--db', db, '--format', 'json']);
    const doc = json(first);
    expect(doc.schema).toBe('amnesia.findings/v1');
    expect(doc.findings.length).toBeGreaterThan(10);
    const keys = doc.findings.map((f: any) => `${f.session}\u0000${f.ts}`);
    expect(keys).toEqual([...keys].sort());
    const counted: Record<string, number> = {};
    for (const f of doc.findings) counted[f.analyzer] = (counted[f.analyzer] ?? 0) + 1;
    for (const [a, n] of Object.entries(doc.summary.by_analyzer)) expect(n).toBe(counted[a] ?? 0);
    expect(cli(['analyze', '--db', db, '--format', 'json']).stdout).toBe(first.stdout);
    // a session filter runs the analyzers afresh and finds the same findings for that session
    const one = json(cli(['analyze', '--db', db, '--format', 'json', '--session', doc.findings[0].session]));
    expect(one.findings).toEqual(doc.findings.filter((f: any) => f.session === doc.findings[0].session));
    // the text report, gated: the incidents hold errors
    const gated = cli(['analyze', '--db', db, '--fail-on', 'error']);
    expect(gated.code).toBe(1);
    const text = gated.stdout;
    expect(text.match(/^session /gm)?.length).toBe(new Set(doc.findings.map((f: any) => f.session)).size);
    expect(text).toMatch(new RegExp(`${doc.findings.length} finding\\(s\\)`));
    expect(cli(['analyze', '--db', db, '--fail-on', 'error', '--analyzer', 'tool-drift']).code).toBe(0);
  });
});
