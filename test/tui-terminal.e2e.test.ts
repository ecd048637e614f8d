import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, FIXTURES, cli, tmpdir } from './helpers.js';
import { tmuxServer } from './tmux.js';

/**
 * Issue 35, habits of lazygit, k9s and lnav: Ctrl-Z suspends the TUI to the shell and `fg` brings it
 * back; a bracketed paste is one text (its newline does not submit), and the mode is turned off on
 * the way out. The real binary in tmux; every wait is on what the screen shows (a hang guard only).
 */

const SOCKET = `amnesia-e2e-terminal-${process.pid}`;
const server = tmuxServer(SOCKET);
const { tmux, screen, waitFor, keys, kill, terminal } = server;

let dir: string;
let db: string;

beforeAll(() => {
  dir = tmpdir('amnesia-tui-terminal-');
  db = path.join(dir, 'evidence.db');
  const r = cli(['triage', path.join(FIXTURES, 'incidents'), '--db', db]);
  expect(r.code, r.stderr).toBe(0);
});

afterAll(() => {
  kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const tui = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} tui --db ${JSON.stringify('')}`;
const command = () => tui.replace('""', JSON.stringify(db));
const crumb = (s: string) => s.split('\n')[0];
/** The state letter of /proc/<pid>/stat: T when stopped. */
const state = (pid: number) => {
  const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return s.slice(s.lastIndexOf(')') + 2, s.lastIndexOf(')') + 3);
};

describe('Ctrl-Z', () => {
  it('stops the TUI with the terminal handed back, and `fg` brings back the same screen, keys working', async () => {
    // an interactive shell with job control, as a user has; nothing of the user's own configuration
    const t = 'ctrlz';
    const sh = `env -i PATH=${JSON.stringify(process.env.PATH ?? '/usr/bin:/bin')} TERM=xterm-256color HOME=${JSON.stringify(dir)} HISTFILE=/dev/null PS1='sh$ ' bash --norc --noprofile -i`;
    tmux('new-session', '-d', '-x', '100', '-y', '30', '-s', t, sh);
    await waitFor(t, (s) => s.includes('sh$'), 'the shell prompt');
    tmux('send-keys', '-t', t, '-l', command());
    keys(t, 'Enter');
    await waitFor(t, (s) => crumb(s).includes('Overview'), 'the overview');
    keys(t, '2');
    await waitFor(t, (s) => crumb(s).includes('Findings'), 'the findings list');
    const pid = server.pid(t);
    keys(t, 'C-z');
    const stopped = await waitFor(t, (s) => /Stopped/.test(s), 'the shell saying the job stopped');
    expect(state(pid)).toBe('T');
    // the terminal is the shell's again: the main screen, the cursor shown, nothing of the frame on it
    expect(terminal(t)).toEqual({ alternate: false, cursor: true });
    expect(stopped).not.toContain('amnesia ›');
    // typing goes to the shell meanwhile
    tmux('send-keys', '-t', t, '-l', 'echo typed-$((6*7))');
    keys(t, 'Enter');
    await waitFor(t, (s) => s.includes('typed-42'), 'the shell answering');
    tmux('send-keys', '-t', t, '-l', 'fg');
    keys(t, 'Enter');
    // the same screen, drawn again in full on the alternate screen
    const back = await waitFor(t, (s) => crumb(s).includes('Findings') && /\d+ findings|ERROR|WARN/.test(s), 'the findings list again');
    expect(back).not.toContain('typed-42');
    expect(terminal(t)).toEqual({ alternate: true, cursor: false });
    expect(state(pid)).not.toBe('T');
    // the keys work again (raw mode is back: a key is read at once, no Enter needed)
    keys(t, '3');
    await waitFor(t, (s) => crumb(s).includes('Sessions'), 'the sessions list after a key');
    keys(t, 'q');
    await waitFor(t, (s) => s.includes('sh$') && !terminal(t).alternate, 'the shell after q');
  });

  it('where no shell could continue it (started by tmux, no job control) it keeps running and says so', async () => {
    const t = server.start('ctrlz-orphan', ['tui', '--db', db]);
    await waitFor(t, (s) => crumb(s).includes('Overview'), 'the overview');
    const pid = server.pid(t);
    keys(t, 'C-z');
    await waitFor(t, (s) => s.includes('no job control'), 'the breadcrumb saying why');
    expect(state(pid)).not.toBe('T');
    expect(terminal(t).alternate).toBe(true);
    keys(t, 'q');
    await waitFor(t, (s) => s.includes('EXIT:0'), 'the exit');
  });
});

describe('bracketed paste', () => {
  it('a paste into the search line is one text: its newline does not submit it', async () => {
    const t = server.start('paste', ['tui', '--db', db]);
    await waitFor(t, (s) => crumb(s).includes('Overview'), 'the overview');
    keys(t, '2');
    await waitFor(t, (s) => crumb(s).includes('Findings'), 'the findings list');
    keys(t, '/');
    await waitFor(t, (s) => s.includes('Enter apply'), 'the search line');
    // -p: as the terminal pastes, with the marks when the program asked for them
    tmux('set-buffer', '-b', 'h', 'zz\nq');
    tmux('paste-buffer', '-p', '-d', '-b', 'h', '-t', t);
    await waitFor(t, (s) => s.includes('/zz q'), 'the pasted text on the search line');
    // still typing: the newline did not submit, the q did not quit
    expect(screen(t)).toContain('Enter apply');
    keys(t, 'Escape', 'q');
    await waitFor(t, (s) => s.includes('EXIT:0'), 'the exit');
  });

  it('is turned off again when a signal ends the TUI', async () => {
    // cat -v after the TUI shows what a paste sends then: no marks once the mode is off
    const t = 'paste-off';
    tmux('new-session', '-d', '-x', '100', '-y', '30', '-s', t, `env TERM=xterm-256color ${command()}; echo EXIT:$?; cat -v`);
    await waitFor(t, (s) => crumb(s).includes('Overview'), 'the overview');
    process.kill(server.pid(t), 'SIGTERM');
    await waitFor(t, (s) => s.includes('EXIT:143'), 'the exit by SIGTERM');
    tmux('set-buffer', '-b', 'h2', 'pasted-after');
    tmux('paste-buffer', '-p', '-d', '-b', 'h2', '-t', t);
    keys(t, 'Enter');
    const after = await waitFor(t, (s) => (s.match(/pasted-after/g) ?? []).length >= 2, 'cat echoing the paste');
    expect(after).not.toContain('[200~');
  });
});

describe('live tail', () => {
  it('--follow shows what another process ingests, by itself; L stops following', async () => {
    const live = path.join(dir, 'live.db');
    expect(cli(['triage', path.join(FIXTURES, 'incidents', 'lost-write'), '--db', live]).code).toBe(0);
    const t = server.start('follow', ['tui', '--db', live, '--follow'], { env: { NO_COLOR: '1' } });
    const before = await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    expect(crumb(before)).toMatch(/^amnesia › Overview › following\s*$/);
    expect(before).not.toMatch(/concurrent-overwrite\s+\d/);
    // another process ingests while the TUI is open; no key is pressed
    const r = cli(['ingest', path.join(FIXTURES, 'incidents', 'concurrent-overwrite'), '--db', live]);
    expect(r.code, r.stderr).toBe(0);
    const after = await waitFor(t, (x) => /concurrent-overwrite\s+\d/.test(x) && !x.includes('refreshing'), 'the overview refreshed by itself');
    expect(crumb(after)).toMatch(/^amnesia › Overview › following\s*$/);
    // L: no longer following; a later ingest shows only on R
    keys(t, 'L');
    await waitFor(t, (x) => /^amnesia › Overview\s*$/.test(crumb(x)), 'the breadcrumb without following');
    const r2 = cli(['ingest', path.join(FIXTURES, 'incidents', 'recall-mismatch'), '--db', live]);
    expect(r2.code, r2.stderr).toBe(0);
    keys(t, 'R');
    await waitFor(t, (x) => /recall-mismatch\s+\d/.test(x) && !x.includes('refreshing'), 'the overview after R');
    keys(t, 'q');
    expect(await waitFor(t, (x) => x.includes('EXIT:'), 'the exit')).toContain('EXIT:0');
  });
});
