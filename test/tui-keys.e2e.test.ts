import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, cli, query, tmpdir } from './helpers.js';
import { tmuxServer } from './tmux.js';

/**
 * Issue 35, the habits of lazygit, k9s and lnav that had no test in a terminal: the `:` command line,
 * Esc clearing a filter before leaving, `y` on every kind of row, g / G / PgDn in a picture, Esc read
 * with the Space typed right after it, and the too-small notice at 100x15. The real binary in tmux;
 * every wait is on what the screen shows (a hang guard, not a speed limit).
 */

const SOCKET = `amnesia-e2e-keys-${process.pid}`;
const server = tmuxServer(SOCKET);
const { tmux, waitFor, keys, kill } = server;

let dir: string;
let db: string;

beforeAll(() => {
  dir = tmpdir('amnesia-tui-keys-');
  db = path.join(dir, 'evidence.db');
  const r = cli(['triage', path.join(FIXTURES, 'incidents'), '--db', db]);
  expect(r.code, r.stderr).toBe(0);
});

afterAll(() => {
  kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const lines = (s: string) => s.replace(/\n$/, '').split('\n');
/** The breadcrumb, without the header's right side. */
const crumb = (s: string) => lines(s)[0].split(/ {2,}/)[0].trimEnd();
const right = (s: string) => lines(s)[0].split(/ {2,}/).at(-1) ?? '';
const selected = (s: string) => lines(s).find((l) => l.startsWith('› ')) ?? '';
const type = (t: string, text: string) => tmux('send-keys', '-l', '-t', t, text);
/** What `y` copied: OSC 52 reaches tmux's clipboard as its newest buffer. */
async function copied(t: string, n: number): Promise<string> {
  await waitFor(t, () => tmux('list-buffers').trim().split('\n').filter(Boolean).length >= n, `copy ${n} on the clipboard`);
  return tmux('show-buffer');
}

describe('the `:` command line', () => {
  it('opens an analyzer, a severity, a session, a finding by the start of its id, says why a line fails, and quits', async () => {
    const analyzer = query<{ analyzer: string; n: number }>(
      db,
      'SELECT analyzer, count(*) AS n FROM findings GROUP BY analyzer ORDER BY n DESC, analyzer LIMIT 1',
    )[0];
    const errors = query<{ n: number }>(db, "SELECT count(*) AS n FROM findings WHERE severity = 'error'")[0].n;
    const one = query<{ id: string; title: string }>(db, 'SELECT id, title FROM findings ORDER BY id LIMIT 1')[0];
    const t = server.start('colon', ['tui', '--db', db]);
    await waitFor(t, (s) => s.includes('worst sessions first'), 'the overview');
    keys(t, ':');
    let s = await waitFor(t, (x) => lines(x).some((l) => l.startsWith(':') && l.includes('finding id')), 'the command line on the last row');
    // the line takes the keys: "a" there is text, not a command of the overview
    type(t, `a ${analyzer.analyzer.slice(0, 6)}`);
    keys(t, 'Enter');
    s = await waitFor(t, (x) => crumb(x).endsWith('Findings') && x.includes(`analyzer: ${analyzer.analyzer}`), "the analyzer's findings");
    expect(s).toContain(`of ${analyzer.n}`);
    keys(t, ':');
    await waitFor(t, (x) => lines(x).some((l) => l.startsWith(':')), 'the command line');
    type(t, 'sev err');
    keys(t, 'Enter');
    s = await waitFor(t, (x) => x.includes('severity: error'), 'the errors');
    expect(s).toContain(`of ${errors}`);
    expect(s).toContain('analyzer: all');
    // a line that cannot run leaves the screen as it was and says why
    keys(t, ':');
    await waitFor(t, (x) => lines(x).some((l) => l.startsWith(':')), 'the command line');
    type(t, 'sev loud');
    keys(t, 'Enter');
    s = await waitFor(t, (x) => x.includes('no severity "loud"'), 'the error in the breadcrumb');
    expect(s).toContain('severity: error');
    keys(t, ':');
    await waitFor(t, (x) => lines(x).some((l) => l.startsWith(':')), 'the command line');
    type(t, 's wo-incident-e');
    keys(t, 'Enter');
    s = await waitFor(t, (x) => crumb(x).endsWith('Session wo-incident-en'), 'the session');
    keys(t, ':');
    await waitFor(t, (x) => lines(x).some((l) => l.startsWith(':')), 'the command line');
    type(t, one.id.slice(0, 12));
    keys(t, 'Enter');
    s = await waitFor(t, (x) => crumb(x).endsWith(one.id) && x.includes('Evidence  │'), 'the finding by the start of its id');
    keys(t, ':');
    await waitFor(t, (x) => lines(x).some((l) => l.startsWith(':')), 'the command line');
    keys(t, 'q', 'Enter');
    expect(await waitFor(t, (x) => x.includes('EXIT:'), 'the exit')).toContain('EXIT:0');
  });
});

describe('Esc on a filtered list', () => {
  it('first clears the filter set since the list opened, keeping the sort; the next Esc leaves; an analyzer opened from the overview stays', async () => {
    const total = query<{ n: number }>(db, 'SELECT count(*) AS n FROM findings')[0].n;
    const t = server.start('esc-filter', ['tui', '--db', db]);
    await waitFor(t, (s) => s.includes('worst sessions first'), 'the overview');
    keys(t, '2', 's');
    await waitFor(t, (s) => s.includes('sort: time ▼'), 'the findings by time');
    // a search and a severity, typed in one burst with Enter
    type(t, '/zh\r');
    await waitFor(t, (s) => s.includes('search: "zh"') && !s.includes('Enter apply'), 'the search');
    keys(t, 'F');
    let s = await waitFor(t, (x) => x.includes('severity: error') && x.includes('search: "zh"'), 'the severity filter');
    expect(s).not.toContain(`of ${total}`);
    keys(t, 'Escape');
    s = await waitFor(t, (x) => !x.includes('search:') && x.includes('severity: all'), 'the filter cleared');
    expect(crumb(s)).toBe('amnesia › Overview › Findings');
    expect(s).toContain('sort: time ▼');
    expect(s).toContain(`of ${total}`);
    keys(t, 'Escape');
    await waitFor(t, (x) => crumb(x) === 'amnesia › Overview' && x.includes('worst sessions first'), 'the overview');
    // Enter on an analyzer row opens its findings: that filter is the list's own, Esc leaves at once
    keys(t, 'j', 'Enter');
    s = await waitFor(t, (x) => crumb(x).endsWith('Findings') && x.includes('analyzer: '), "an analyzer's findings");
    const opened = /analyzer: (\S+)/.exec(s)![1];
    keys(t, 'F');
    await waitFor(t, (x) => x.includes('severity: error'), 'narrowed by severity');
    keys(t, 'Escape');
    s = await waitFor(t, (x) => x.includes('severity: all'), 'the severity cleared');
    expect(s).toContain(`analyzer: ${opened}`);
    keys(t, 'Escape');
    await waitFor(t, (x) => crumb(x) === 'amnesia › Overview', 'the overview again');
    keys(t, 'q');
    expect(await waitFor(t, (x) => x.includes('EXIT:'), 'the exit')).toContain('EXIT:0');
  });
});

describe('y on any row', () => {
  it("copies a session row's id, an overview analyzer, a finding's id on its screen and a raw event's file:line", async () => {
    const t = server.start('copy', ['tui', '--db', db]);
    tmux('set', '-g', 'set-clipboard', 'on');
    await waitFor(t, (s) => s.includes('worst sessions first'), 'the overview');
    // the overview: the first analyzer row (the cursor starts on "all analyzers")
    keys(t, 'j');
    let s = await waitFor(t, (x) => /^› (?!all analyzers)\S/m.test(x), 'an analyzer row selected');
    const analyzer = /^› (\S+)/m.exec(s)![1];
    keys(t, 'y');
    await waitFor(t, (x) => x.includes(`copied ${analyzer}`), 'the copy message');
    expect(await copied(t, 1)).toBe(analyzer);
    // a sessions row: its id
    keys(t, '3');
    s = await waitFor(t, (x) => x.includes('sort: worst'), 'the sessions list');
    const session = query<{ session: string }>(db, 'SELECT DISTINCT session FROM events ORDER BY session').map((r) => r.session);
    keys(t, 'y');
    await waitFor(t, (x) => x.includes('copied '), 'the copy message');
    const id = await copied(t, 2);
    expect(session).toContain(id);
    expect(selected(s)).toContain(id.slice(0, 6));
    // a finding, on its own screen: its id
    keys(t, '2', 'Enter');
    s = await waitFor(t, (x) => x.includes('Evidence  │'), 'a finding');
    const finding = /› (f_[0-9a-f]+)/.exec(crumb(s))![1];
    keys(t, 'y');
    await waitFor(t, (x) => x.includes('copied f_'), 'the copy message');
    expect(await copied(t, 3)).toBe(finding);
    // its first step's raw event: the source file:line
    keys(t, 'Enter');
    s = await waitFor(t, (x) => x.includes('Raw event') && x.includes('source '), 'the raw event');
    keys(t, 'y');
    await waitFor(t, (x) => x.includes('copied ') && x.includes('Raw event'), 'the copy message');
    const source = await copied(t, 4);
    expect(source).toMatch(/\.jsonl?:\d+$/);
    expect(s.replace(/\n/g, '')).toContain(`source ${source}`);
    keys(t, 'q');
    expect(await waitFor(t, (x) => x.includes('EXIT:'), 'the exit')).toContain('EXIT:0');
  });
});

describe('a picture of 50 requests', () => {
  it('goes to its last item with G, its first with g, ten on with PgDn (it moved one item at a time)', async () => {
    const t = server.start('picture', ['tui', '--db', db], { cols: 120, rows: 40 });
    await waitFor(t, (s) => s.includes('worst sessions first'), 'the overview');
    keys(t, ':');
    await waitFor(t, (x) => lines(x).some((l) => l.startsWith(':')), 'the command line');
    type(t, 's wo-incident-en');
    keys(t, 'Enter');
    let s = await waitFor(t, (x) => crumb(x).endsWith('Session wo-incident-en') && /\d+\/50$/.test(right(x)), 'the prompt fill picture');
    keys(t, 'G');
    s = await waitFor(t, (x) => /\b50\/50$/.test(right(x)), 'the last request');
    keys(t, 'g');
    s = await waitFor(t, (x) => /\b1\/50$/.test(right(x)), 'the first request');
    keys(t, 'PageDown');
    s = await waitFor(t, (x) => /\b11\/50$/.test(right(x)), 'ten requests on');
    keys(t, 'l');
    s = await waitFor(t, (x) => /\b12\/50$/.test(right(x)), 'the next request');
    expect(crumb(s)).toMatch(/Session wo-incident-en$/);
    keys(t, 'q');
    expect(await waitFor(t, (x) => x.includes('EXIT:'), 'the exit')).toContain('EXIT:0');
  });
});

describe('Esc read together with Space, and 100x15', () => {
  it('Esc then Space in one write is Esc, then a page down where Esc went; 100x15 says too small', async () => {
    const t = server.start('esc-space', ['tui', '--db', db], { cols: 100, rows: 20 });
    await waitFor(t, (s) => s.includes('worst sessions first'), 'the overview');
    keys(t, '2', 'Enter');
    await waitFor(t, (s) => s.includes('Evidence  │'), 'a finding');
    // Esc and Space in one read: back on the list, then a page down there (Space was lost with the Esc)
    type(t, '\u001b ');
    // the list's footer, "12–23 of 23": its first row shown is no longer the first
    const firstShown = (x: string) => Number(/(\d+)–\d+ of \d+/.exec(x)?.[1] ?? 0);
    const s = await waitFor(t, (x) => crumb(x) === 'amnesia › Overview › Findings' && firstShown(x) > 1, 'the list a page down');
    expect(selected(s)).toMatch(/^› (ERROR|WARN|INFO)/);
    tmux('resize-window', '-t', t, '-x', '100', '-y', '15');
    const small = await waitFor(t, (x) => x.includes('terminal too small'), 'the too-small notice at 100x15');
    expect(small).toContain('100x15, needs 60x17');
    tmux('resize-window', '-t', t, '-x', '100', '-y', '20');
    await waitFor(t, (x) => crumb(x) === 'amnesia › Overview › Findings', 'the list again');
    keys(t, 'q');
    expect(await waitFor(t, (x) => x.includes('EXIT:'), 'the exit')).toContain('EXIT:0');
  });
});

describe('the mouse', () => {
  it('scrolls a list with the wheel, a click types nothing, and mouse reports are off again once the TUI ends (by q or by SIGTERM)', async () => {
    const flags = (t: string) => tmux('display', '-p', '-t', t, '#{mouse_standard_flag} #{mouse_sgr_flag}').trim();
    const rows = (s: string) => lines(s).filter((l) => /^[› ] (ERROR|WARN|INFO) /.test(l));
    for (const end of ['q', 'SIGTERM'] as const) {
      const t = server.start(`mouse-${end}`, ['tui', '--db', db]);
      await waitFor(t, (s) => s.includes('worst sessions first'), 'the overview');
      expect(flags(t)).toBe('1 1');
      keys(t, '2');
      await waitFor(t, (s) => s.includes('sort: severity') && rows(s)[0]?.startsWith('› '), 'the findings list');
      // two notches of the wheel down over the list, one up: as the terminal reports them (SGR)
      type(t, '\u001b[<65;20;8M');
      type(t, '\u001b[<65;20;8M');
      await waitFor(t, (s) => rows(s)[2]?.startsWith('› '), 'the cursor two rows down');
      type(t, '\u001b[<64;20;8M');
      await waitFor(t, (s) => rows(s)[1]?.startsWith('› '), 'the cursor one row up');
      // a click and its release on the search line: no key, no text
      keys(t, '/');
      await waitFor(t, (s) => s.includes('Enter apply'), 'the search line');
      type(t, '\u001b[<0;3;3M\u001b[<0;3;3m');
      type(t, 'zz');
      const s = await waitFor(t, (x) => /^\/zz {2,}Enter apply/m.test(x), 'the typed text alone on the search line');
      expect(s).not.toContain('[<');
      keys(t, 'Escape');
      await waitFor(t, (x) => !x.includes('Enter apply'), 'the search line closed');
      if (end === 'q') keys(t, 'q');
      else process.kill(server.pid(t), 'SIGTERM');
      expect(await waitFor(t, (x) => x.includes('TTY:'), 'the exit')).toContain(end === 'q' ? 'EXIT:0' : 'EXIT:143');
      expect(flags(t)).toBe('0 0');
    }
  });
});
