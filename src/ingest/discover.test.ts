import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { agentsNamed, claudeProjectDir, discoverTranscripts } from './discover.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function home(files: Record<string, string>, mtime?: Record<string, number>): string {
  const h = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-home-'));
  dirs.push(h);
  for (const [rel, text] of Object.entries(files)) {
    const f = path.join(h, rel);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, text);
    if (mtime?.[rel] !== undefined) fs.utimesSync(f, mtime[rel] / 1000, mtime[rel] / 1000);
  }
  return h;
}
const rels = (h: string, found: { file: string }[]) => found.map((f) => path.relative(h, f.file).split(path.sep).join('/'));
const meta = (cwd: string) => `{"timestamp":"2026-01-01T00:00:00Z","type":"session_meta","payload":{"id":"x","cwd":"${cwd}"}}\n`;

describe('discovery of coding agents’ transcripts', () => {
  it('finds Claude Code sessions and sub-agents under ~/.claude/projects and ~/.config/claude/projects, and Codex rollouts; nothing else', () => {
    const h = home({
      '.claude/projects/-work-app/s1.jsonl': '{}',
      '.claude/projects/-work-app/s1/subagents/agent-a1.jsonl': '{}',
      '.claude/projects/-work-app/s1/subagents/agent-a1.meta.json': '{}',
      '.claude/settings.json': '{}',
      '.config/claude/projects/-work-lib/s2.jsonl': '{}',
      '.codex/sessions/2026/01/02/rollout-2026-01-02T03-04-05-abc.jsonl': meta('/work/app'),
      '.codex/archived_sessions/rollout-2025-12-01T00-00-00-old.jsonl': meta('/work/lib'),
      '.codex/history.jsonl': '{}',
    });
    const found = discoverTranscripts(agentsNamed('all'), { env: {}, home: h });
    expect(rels(h, found)).toEqual([
      '.claude/projects/-work-app/s1.jsonl',
      '.claude/projects/-work-app/s1/subagents/agent-a1.jsonl',
      '.config/claude/projects/-work-lib/s2.jsonl',
      '.codex/sessions/2026/01/02/rollout-2026-01-02T03-04-05-abc.jsonl',
      '.codex/archived_sessions/rollout-2025-12-01T00-00-00-old.jsonl',
    ]);
    expect(found.map((f) => f.agent)).toEqual(['claude-code', 'claude-code', 'claude-code', 'codex', 'codex']);
  });

  it('honours CLAUDE_CONFIG_DIR (one or several, comma-separated) and CODEX_HOME instead of the home folder', () => {
    const h = home({
      '.claude/projects/-a/home.jsonl': '{}',
      'cc1/projects/-a/one.jsonl': '{}',
      'cc2/projects/-b/two.jsonl': '{}',
      '.codex/sessions/rollout-home.jsonl': meta('/a'),
      'cx/sessions/rollout-moved.jsonl': meta('/a'),
    });
    const env = { CLAUDE_CONFIG_DIR: `${path.join(h, 'cc1')},${path.join(h, 'cc2')}`, CODEX_HOME: path.join(h, 'cx') };
    expect(rels(h, discoverTranscripts(agentsNamed('all'), { env, home: h }))).toEqual([
      'cc1/projects/-a/one.jsonl',
      'cc2/projects/-b/two.jsonl',
      'cx/sessions/rollout-moved.jsonl',
    ]);
  });

  it('--project keeps the transcripts recorded in that folder (Claude Code by its folder name, Codex by the cwd it recorded); --since by the time last written', () => {
    const app = path.resolve('/work/my.app');
    const h = home(
      {
        [`.claude/projects/${claudeProjectDir(app)}/new.jsonl`]: '{}',
        [`.claude/projects/${claudeProjectDir(app)}/old.jsonl`]: '{}',
        [`.claude/projects/${claudeProjectDir('/work/other')}/x.jsonl`]: '{}',
        '.codex/sessions/rollout-in.jsonl': meta(path.join(app, 'src')),
        '.codex/sessions/rollout-out.jsonl': meta('/work/my.application'),
      },
      { [`.claude/projects/${claudeProjectDir(app)}/old.jsonl`]: Date.parse('2025-01-01') },
    );
    expect(claudeProjectDir('/work/my.app')).toBe('-work-my-app');
    const inApp = discoverTranscripts(agentsNamed('all'), { env: {}, home: h, project: app });
    expect(rels(h, inApp)).toEqual(['.claude/projects/-work-my-app/new.jsonl', '.claude/projects/-work-my-app/old.jsonl', '.codex/sessions/rollout-in.jsonl']);
    const recent = discoverTranscripts(agentsNamed('claude-code'), { env: {}, home: h, project: app, since: Date.parse('2026-01-01') });
    expect(rels(h, recent)).toEqual(['.claude/projects/-work-my-app/new.jsonl']);
  });

  it('an unknown agent is a usage error naming the agents with a reader', () => {
    expect(() => agentsNamed('vim')).toThrow(/unknown agent "vim" \(known: claude-code, codex, copilot, gemini, openhands, cline, all\)/);
  });

  it('finds Gemini CLI chats, OpenHands events and Cline sessions and tasks in their usual places (Linux, macOS, Windows folders), and nothing beside them', () => {
    const h = home({
      '.copilot/session-state/5f96/events.jsonl': '{"type":"session.start","data":{"sessionId":"5f96","context":{"cwd":"/work/app"}}}\n',
      '.copilot/session-state/5f96/workspace.yaml': 'id: 5f96',
      '.copilot/config.json': '{}',
      '.gemini/tmp/proj/chats/session-2026-01-01T10-00-abc.jsonl': '{}',
      '.gemini/tmp/proj/chats/abc/sub1.jsonl': '{}',
      '.gemini/tmp/proj/.project_root': '/work/app',
      '.gemini/tmp/proj/logs.json': '[]',
      '.gemini/settings.json': '{}',
      '.openhands/sessions/5f2e/events/0.json': '{}',
      '.openhands/sessions/5f2e/metadata.json': '{}',
      '.openhands/conversations/9a1b/events/event-00000-x.json': '{}',
      '.cline/data/sessions/1784_a/1784_a.messages.json': '{}',
      '.cline/data/sessions/1784_a/1784_a.json': '{"cwd":"/work/app"}',
      '.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/17000/api_conversation_history.json': '[]',
      '.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/17000/ui_messages.json': '[]',
      'Library/Application Support/Cursor/User/globalStorage/saoudrizwan.claude-dev/tasks/17001/api_conversation_history.json': '[]',
      'AppData/Roaming/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/17002/api_conversation_history.json': '[]',
    });
    const found = discoverTranscripts(agentsNamed('all'), { env: {}, home: h });
    expect(rels(h, found)).toEqual([
      '.copilot/session-state/5f96/events.jsonl',
      '.gemini/tmp/proj/chats/abc/sub1.jsonl',
      '.gemini/tmp/proj/chats/session-2026-01-01T10-00-abc.jsonl',
      '.openhands/sessions/5f2e/events/0.json',
      '.openhands/conversations/9a1b/events/event-00000-x.json',
      '.cline/data/sessions/1784_a/1784_a.messages.json',
      '.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/17000/api_conversation_history.json',
      'Library/Application Support/Cursor/User/globalStorage/saoudrizwan.claude-dev/tasks/17001/api_conversation_history.json',
      'AppData/Roaming/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/17002/api_conversation_history.json',
    ]);
    const inApp = discoverTranscripts(agentsNamed('all'), { env: {}, home: h, project: '/work/app' });
    expect(rels(h, inApp)).toEqual([
      '.copilot/session-state/5f96/events.jsonl',
      '.gemini/tmp/proj/chats/abc/sub1.jsonl',
      '.gemini/tmp/proj/chats/session-2026-01-01T10-00-abc.jsonl',
      '.cline/data/sessions/1784_a/1784_a.messages.json',
    ]);
  });

  it('honours COPILOT_HOME, GEMINI_CLI_HOME, FILE_STORE_PATH, CLINE_DATA_DIR / CLINE_DIR and APPDATA', () => {
    const h = home({
      'cp/session-state/s/events.jsonl': '{}',
      'g/.gemini/tmp/p/chats/session-x.json': '{}',
      'oh/sessions/s/events/1.json': '{}',
      'cd/sessions/a/a.messages.json': '{}',
      'cl/data/sessions/b/b.messages.json': '{}',
      'roam/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/1/api_conversation_history.json': '[]',
    });
    const env = {
      COPILOT_HOME: path.join(h, 'cp'),
      GEMINI_CLI_HOME: path.join(h, 'g'),
      FILE_STORE_PATH: path.join(h, 'oh'),
      CLINE_DATA_DIR: path.join(h, 'cd'),
      APPDATA: path.join(h, 'roam'),
    };
    expect(rels(h, discoverTranscripts(agentsNamed('all'), { env, home: h }))).toEqual([
      'cp/session-state/s/events.jsonl',
      'g/.gemini/tmp/p/chats/session-x.json',
      'oh/sessions/s/events/1.json',
      'cd/sessions/a/a.messages.json',
      'roam/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/1/api_conversation_history.json',
    ]);
    expect(rels(h, discoverTranscripts(agentsNamed('cline'), { env: { CLINE_DIR: path.join(h, 'cl') }, home: h }))).toEqual([
      'cl/data/sessions/b/b.messages.json',
    ]);
  });
});
