import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { BIN, FIXTURES, cli, tmpdir } from './helpers.js';
import { tmuxServer } from './tmux.js';

/**
 * Issue 35, signals: SIGINT and SIGHUP sent to the TUI leave the terminal as it was found (SIGINT left
 * the alternate screen on), and closing the terminal in the middle of a long job ends the TUI at once
 * (it ran on, an orphan at 90% CPU, until `kill -9`). The real binary in tmux; every wait is on what
 * the screen or /proc shows (a hang guard, not a speed limit).
 */

const SOCKET = `amnesia-e2e-signals-${process.pid}`;
const server = tmuxServer(SOCKET);
const { tmux, waitFor, keys, kill, terminal } = server;

let dir: string;
let db: string;

beforeAll(() => {
  dir = tmpdir('amnesia-tui-signals-');
  db = path.join(dir, 'evidence.db');
  const r = cli(['triage', path.join(FIXTURES, 'incidents', 'tool-drift'), '--db', db]);
  expect(r.code, r.stderr).toBe(0);
  // 7.2 million Chinese characters in one tool result: seconds of work to open, whatever the machine
  const w = new Database(db);
  const run = '记忆丢失原因限时秒杀今天下单立减错过再等一年漢字かな交じり文'.repeat(240_000);
  const append = w.prepare(
    "UPDATE events SET body = json_set(body, '$.content', json_extract(body, '$.content') || ?) WHERE session = ? AND kind = 'tool_result'",
  );
  expect(append.run(run, 'td-incident-en').changes).toBe(1);
  w.close();
});

afterAll(() => {
  kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const crumb = (s: string) => s.split('\n')[0];
/** CPU time (clock ticks) a process has used, user and system; null once it is gone. */
const cpu = (pid: number): number | null => {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [u, k] = s
      .slice(s.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .map(Number);
    return u + k;
  } catch {
    return null;
  }
};
/** Wait until `pid` is gone (or a zombie: it has ended, its parent not told yet). */
async function gone(pid: number, what: string): Promise<void> {
  const start = Date.now();
  for (;;) {
    let state = '';
    try {
      const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      state = s.slice(s.lastIndexOf(')') + 2, s.lastIndexOf(')') + 3);
    } catch {
      return;
    }
    if (state === 'Z') return;
    if (Date.now() - start > 120_000) throw new Error(`${what}: process ${pid} still running (state ${state})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('signals sent to the TUI', () => {
  for (const [signal, status] of [
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const) {
    it(`${signal} ends it with the terminal restored: main screen, cursor shown, raw mode off`, async () => {
      const t = server.start(`sig-${signal}`, ['tui', '--db', db]);
      await waitFor(t, (s) => crumb(s).includes('Overview'), 'the overview');
      keys(t, '2');
      await waitFor(t, (s) => crumb(s).includes('Findings') && s.includes('sort: severity'), 'the findings list');
      process.kill(server.pid(t), signal);
      const end = await waitFor(t, (s) => s.includes('TTY:'), `the exit by ${signal}`);
      expect(end).toContain(`amnesia: tui stopped by ${signal}`);
      expect(end).toContain(`EXIT:${status}`);
      expect(end).toMatch(/TTY: icanon echo/);
      expect(end).not.toContain('amnesia ›');
      expect(terminal(t)).toEqual({ alternate: false, cursor: true });
    });
  }
});

describe('the terminal closed in the middle of a long job', () => {
  it('ends the TUI at once (no orphan running the job on), and says why on stderr', async () => {
    const t = 'closed';
    const err = path.join(dir, 'stderr.txt');
    const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} tui --db ${JSON.stringify(db)} 2>${JSON.stringify(err)}`;
    tmux('new-session', '-d', '-x', '100', '-y', '30', '-s', t, `env TERM=xterm-256color ${cmd}`);
    await waitFor(t, (s) => crumb(s).includes('Overview'), 'the overview');
    const pid = server.pid(t);
    // the raw tool result of td-incident-en's tool-drift finding (its fourth evidence step)
    keys(t, '2');
    await waitFor(t, (s) => s.includes('sort: severity') && !s.includes('search:'), 'the findings list');
    tmux('send-keys', '-l', '-t', t, '/td-incident-en');
    keys(t, 'Enter');
    await waitFor(t, (s) => s.includes('search: "td-incident-en"'), 'the search');
    keys(t, 'Enter');
    await waitFor(t, (s) => s.includes('Evidence  │'), 'the finding');
    keys(t, 'j', 'j', 'j');
    await waitFor(t, (s) => s.includes('▶ 4 '), 'the fourth step selected');
    const before = cpu(pid)!;
    keys(t, 'Enter');
    // the job is under way once the process has spent a second of CPU since the Enter (it shows nothing meanwhile)
    const start = Date.now();
    while ((cpu(pid) ?? Number.POSITIVE_INFINITY) - before < 100) {
      if (Date.now() - start > 120_000) throw new Error('the raw event never started opening');
      await new Promise((r) => setTimeout(r, 50));
    }
    // the window closes: tmux closes the terminal's master side (the kernel's SIGHUP, reads end)
    tmux('kill-session', '-t', t);
    await gone(pid, 'after the terminal closed');
    const said = fs.readFileSync(err, 'utf8');
    // stopped in the middle of the job, not once it was done ("tui stopped by SIGHUP")
    expect(said).toContain('amnesia: tui stopped: the terminal closed in the middle of a long job');
  });
});
