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
    expect(r.stderr).toMatch(/^found 8 claude-code transcript\(s\), [\d.]+ MB, in .*\.claude[/\\]projects$/m);
    expect(r.stderr.indexOf('found 8')).toBeLessThan(r.stderr.indexOf('ingested'));
    const doc = json(r);
    expect(doc.summary).toMatchObject({ bad_lines: 0, sessions: 8 });
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
    expect(json(all).summary).toMatchObject({ bad_lines: 0, sessions: 10 });
    const one = cli(['triage', '--agent', 'claude-code', '--project', '/home/dev/app', '--format', 'json', '--no-progress'], { env });
    expect(one.stderr).toMatch(/^found 2 claude-code transcript\(s\).*\(in project \/home\/dev\/app\)$/m);
    expect(json(one).summary.sessions).toBe(2);
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
