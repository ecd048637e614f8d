import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, tmpdir } from './helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A home folder holding real transcripts of each agent with a reader, where each keeps them (gzip fixtures unpacked). */
function fakeHome(): string {
  const home = tmpdir('amnesia-home-');
  dirs.push(home);
  const copy = (from: string, to: string) => {
    for (const e of fs.readdirSync(from, { withFileTypes: true })) {
      const src = path.join(from, e.name);
      if (e.isDirectory()) copy(src, path.join(to, e.name));
      else {
        fs.mkdirSync(to, { recursive: true });
        if (e.name.endsWith('.gz')) fs.writeFileSync(path.join(to, e.name.slice(0, -3)), zlib.gunzipSync(fs.readFileSync(src)));
        else fs.copyFileSync(src, path.join(to, e.name));
      }
    }
  };
  copy(path.join(FIXTURES, 'real', 'claude-code', 'projects'), path.join(home, '.claude', 'projects'));
  copy(path.join(FIXTURES, 'real', 'codex', 'sessions'), path.join(home, '.codex', 'sessions'));
  copy(path.join(FIXTURES, 'incidents', 'compaction'), path.join(home, '.claude', 'projects', '-home-dev-app'));
  fs.rmSync(path.join(home, '.claude', 'projects', '-home-dev-app', 'README.md'));
  return home;
}

describe('amnesia triage --agent (a fake home folder)', () => {
  it('claude-code: says what it found before reading, reads every file without a bad line, reports the instruction compacted away and broken, and nothing else', () => {
    const home = fakeHome();
    const r = cli(['triage', '--agent', 'claude-code', '--format', 'json', '--no-progress'], { env: { HOME: home, USERPROFILE: home, CLAUDE_CONFIG_DIR: '' } });
    expect(r.code).toBe(0); // findings, and no --fail-on
    expect(r.stderr).toMatch(/^found 9 claude-code transcript\(s\), [\d.]+ MB, in .*\.claude[/\\]projects$/m);
    expect(r.stderr.indexOf('found 9')).toBeLessThan(r.stderr.indexOf('ingested'));
    const doc = json(r);
    expect(doc.summary).toMatchObject({ bad_lines: 0, sessions: 9 });
    // the edited prompt (claude-code-edited-prompt.jsonl: a branch by parentUuid) stays quiet
    expect(doc.findings.map((f: any) => [f.session, f.cause, f.severity])).toEqual([
      ['7b0c2d1e-5f4a-4e8b-9c3d-2a1b0c9d8e7f', 'compacted_away', 'error'],
      ['7b0c2d1e-5f4a-4e8b-9c3d-2a1b0c9d8e7f', 'compacted_away', 'warning'],
    ]);
    const roles = doc.findings[0].evidence.map((e: any) => e.role);
    expect(roles).toEqual(['user_input', 'context', 'context', 'context', 'tool']);
    expect(doc.findings[0].evidence[2].text).toMatch(/^The auto compaction/);
    expect(doc.findings[0].evidence[4].text).toBe('git push origin main');
  });

  it('all: Codex rollouts too, and --project narrows to one project', () => {
    const home = fakeHome();
    const env = { HOME: home, USERPROFILE: home, CLAUDE_CONFIG_DIR: '', CODEX_HOME: '' };
    const all = cli(['triage', '--agent', 'all', '--format', 'json', '--no-progress'], { env });
    expect(all.stderr).toMatch(/^found 2 codex transcript\(s\)/m);
    expect(json(all).summary).toMatchObject({ bad_lines: 0, sessions: 11 });
    const one = cli(['triage', '--agent', 'claude-code', '--project', '/home/dev/app', '--format', 'json', '--no-progress'], { env });
    expect(one.stderr).toMatch(/^found 3 claude-code transcript\(s\).*\(in project \/home\/dev\/app\)$/m);
    expect(json(one).summary.sessions).toBe(3);
  });

  it('copilot, gemini, cline, openhands: real transcripts read where each agent keeps them, without a bad line; the instructions compacted away and broken are reported, the kept ones stay quiet', () => {
    const home = tmpdir('amnesia-home-');
    dirs.push(home);
    const copy = (from: string, to: string) => fs.cpSync(from, to, { recursive: true });
    copy(path.join(FIXTURES, 'real', 'gemini-cli', 'forgot', 'tmp'), path.join(home, '.gemini', 'tmp'));
    for (const s of ['forgot', 'kept']) copy(path.join(FIXTURES, 'real', 'copilot-cli', s, 'session-state'), path.join(home, '.copilot', 'session-state'));
    copy(path.join(FIXTURES, 'real', 'gemini-cli', 'kept', 'tmp', 'proj'), path.join(home, '.gemini', 'tmp', 'proj2'));
    for (const f of ['session.messages.json', 'basic.compaction.json', 'agentic.compaction.json', 'success.messages.json']) {
      const id = f.replace(/\.(messages|compaction)?\.?json$/, '').replace('.', '-');
      copy(path.join(FIXTURES, 'real', 'cline', 'sdk', f), path.join(home, '.cline', 'data', 'sessions', id, `${id}.messages.json`));
    }
    const tasks = path.join(home, '.config', 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'tasks');
    copy(path.join(FIXTURES, 'incidents', 'compaction', 'cline-tasks'), tasks);
    for (const f of ['openhands-condensed-push.json', 'openhands-rules-kept.json'])
      copy(path.join(FIXTURES, 'incidents', 'compaction', f), path.join(home, '.openhands', 'sessions', f.replace('.json', ''), 'events', '0.json'));
    const env = {
      HOME: home,
      USERPROFILE: home,
      CLAUDE_CONFIG_DIR: '',
      CODEX_HOME: '',
      GEMINI_CLI_HOME: '',
      CLINE_DATA_DIR: '',
      CLINE_DIR: '',
      FILE_STORE_PATH: '',
      XDG_CONFIG_HOME: '',
      APPDATA: '',
    };
    const r = cli(['triage', '--agent', 'all', '--format', 'json', '--no-progress'], { env });
    expect(r.stderr).toMatch(/^found 6 gemini transcript\(s\), [\d.]+ MB, in .*\.gemini[/\\]tmp$/m);
    expect(r.stderr).toMatch(/^found 4 cline transcript\(s\).*\.cline[/\\]data[/\\]sessions$/m);
    expect(r.stderr).toMatch(/^found 2 cline transcript\(s\).*saoudrizwan\.claude-dev[/\\]tasks$/m);
    expect(r.stderr).toMatch(/^found 2 openhands transcript\(s\)/m);
    expect(r.stderr).toMatch(/^found 2 copilot transcript\(s\).*\.copilot[/\\]session-state$/m);
    const doc = json(r);
    expect(doc.summary.bad_lines).toBe(0);
    const errors = doc.findings.filter((f: any) => f.cause === 'compacted_away' && f.severity === 'error').map((f: any) => f.session);
    expect(errors.sort()).toEqual([
      '1764662400000',
      '5f96d41a-b3ee-4433-8cc4-809db47a8613',
      'c3c109dd-fe3f-40fa-9d94-af55ddb04729',
      'openhands-condensed-push',
    ]);
    const quiet = ['1764662499000', 'b50a40a5', 'de90d242', 'openhands-rules-kept'];
    expect(doc.findings.filter((f: any) => quiet.some((q) => String(f.session).startsWith(q)))).toEqual([]);
    const gemini = doc.findings.find((f: any) => f.session.startsWith('c3c109dd') && f.severity === 'error');
    expect(gemini.evidence.at(-1).text).toBe('git push origin main');
  });

  it('nothing found is exit 2 naming where it looked; no paths and no --agent is a usage error', () => {
    const home = tmpdir('amnesia-empty-home-');
    dirs.push(home);
    const r = cli(['triage', '--agent', 'codex'], { env: { HOME: home, USERPROFILE: home, CODEX_HOME: '' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--agent codex: no transcripts found \(looked in .*\.codex[/\\]sessions, .*\.codex[/\\]archived_sessions\)/);
    const u = cli(['triage']);
    expect(u.code).toBe(2);
    expect(u.stderr).toMatch(/give paths to read, or --agent <name>/);
  });
});
