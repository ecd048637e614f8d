import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, cli, query, tmpdir } from './helpers.js';
import { tmuxServer } from './tmux.js';

/**
 * Issue 35, the habits of lazygit, k9s and lnav, in a real terminal (tmux): sort by column and
 * reverse with a time column, `f` as a picker of the analyzers with findings, `y` on any row (the
 * text reaches tmux's clipboard through OSC 52), help for the screen one is on, the bad lines screen.
 */

const SOCKET = `amnesia-e2e-habits-${process.pid}`;
const server = tmuxServer(SOCKET);
const { tmux, waitFor, keys, kill } = server;

let dir: string;
let db: string;

beforeAll(() => {
  dir = tmpdir('amnesia-tui-habits-');
  db = path.join(dir, 'evidence.db');
  const r = cli(['triage', path.join(FIXTURES, 'incidents'), '--db', db]);
  expect(r.code, r.stderr).toBe(0);
});

afterAll(() => {
  kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const header = (s: string) => s.split('\n').find((l) => /^ {2}sev/.test(l)) ?? '';
const selected = (s: string) => s.split('\n').find((l) => l.startsWith('› ')) ?? '';

describe('amnesia tui: sort, pick, copy', () => {
  it('sorts by the next column and reverses, shows times, picks an analyzer, copies a row, and still says too small at 40x12', async () => {
    const byAnalyzer = query<{ analyzer: string; n: number }>(db, 'SELECT analyzer, count(*) AS n FROM findings GROUP BY analyzer ORDER BY analyzer');
    expect(byAnalyzer.length).toBeGreaterThan(1);
    const t = server.start('habits', ['tui', '--db', db], { cols: 100, rows: 30 });
    // OSC 52 from the program becomes a tmux paste buffer: what `y` copied can be read back
    tmux('set', '-g', 'set-clipboard', 'on');
    await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    keys(t, '2');
    let s = await waitFor(t, (x) => x.includes('sort: severity ▼'), 'the findings list');
    expect(header(s)).toMatch(/^ {2}sev▼ /);
    keys(t, 'S');
    s = await waitFor(t, (x) => x.includes('sort: severity ▲'), 'the reversed list');
    expect(header(s)).toMatch(/^ {2}sev▲ /);
    // least severe first now
    expect(selected(s)).toMatch(/^› (INFO|WARN)/);
    keys(t, 's');
    s = await waitFor(t, (x) => x.includes('sort: time ▼'), 'sorted by time');
    expect(header(s)).toContain('time▼');
    const times = s.split('\n').flatMap((l) => /^[› ] (?:ERROR|WARN|INFO).*?(\d{4}-\d\d-\d\d \d\d:\d\d)/.exec(l)?.[1] ?? []);
    expect(times.length).toBeGreaterThan(1);
    expect(times).toEqual([...times].sort().reverse());

    // f: a picker of the analyzers with findings, with their counts; Esc leaves the list as it was
    keys(t, 'f');
    s = await waitFor(t, (x) => x.includes('filter by analyzer'), 'the analyzer picker');
    for (const a of byAnalyzer) expect(s).toMatch(new RegExp(`${a.analyzer}\\s+${a.n}\\b`));
    // a registered analyzer without findings is not offered
    expect(s).not.toMatch(/scope-leak\s+0/);
    keys(t, 'Escape');
    s = await waitFor(t, (x) => !x.includes('filter by analyzer'), 'the picker closed');
    expect(s).toContain('analyzer: all');
    expect(s.split('\n')[0]).toMatch(/^amnesia › Overview › Findings /);
    keys(t, 'f', 'j', 'Enter');
    s = await waitFor(t, (x) => x.includes(`analyzer: ${byAnalyzer[0].analyzer}`), 'the list of the picked analyzer');
    expect(s).toContain(`of ${byAnalyzer[0].n}`);

    // y: the selected row's id, on the clipboard through OSC 52 (tmux keeps it as a buffer)
    const id = query<{ id: string }>(db, 'SELECT id FROM findings WHERE analyzer = ? ORDER BY ts DESC, rowid LIMIT 1', byAnalyzer[0].analyzer)[0].id;
    keys(t, 'g', 'y');
    s = await waitFor(t, (x) => x.includes('copied f_'), 'the copy message');
    await waitFor(t, () => tmux('list-buffers').length > 0, 'a tmux buffer from OSC 52');
    const copied = tmux('show-buffer');
    expect(s).toContain(`copied ${copied}`);
    expect(copied).toBe(id);

    // 40x12 with the picker open: the too-small notice, then the keys work again once it grows
    keys(t, 'f');
    await waitFor(t, (x) => x.includes('filter by analyzer'), 'the picker again');
    tmux('resize-window', '-t', t, '-x', '40', '-y', '12');
    await waitFor(t, (x) => x.includes('terminal too small'), 'the too-small notice at 40x12');
    tmux('resize-window', '-t', t, '-x', '100', '-y', '30');
    await waitFor(t, (x) => x.includes('sort: time ▼'), 'the list again');
    keys(t, '3');
    s = await waitFor(t, (x) => x.includes('sort: worst ▼'), 'the sessions list');
    keys(t, 's');
    s = await waitFor(t, (x) => x.includes('sort: recent ▼'), 'sessions by last event');
    expect(s).toContain('last event▼');
    keys(t, 'q');
    await waitFor(t, (x) => x.includes('EXIT:0'), 'the exit');
  });

  it('? shows the keys of the screen it is on; b lists the bad lines, with no clear word under --redact, and 40x12 still says too small', async () => {
    const logs = path.join(dir, 'logs');
    fs.mkdirSync(logs);
    fs.copyFileSync(path.join(FIXTURES, 'incidents', 'lost-write', 'en.jsonl'), path.join(logs, 'app.jsonl'));
    // a shipper that crashed mid-line: a customer's name and street in a line that cannot be read
    const good = fs.readFileSync(path.join(FIXTURES, 'bad-input', 'mixed.jsonl'), 'utf8').split('\n')[0];
    const cut = '{"kind":"response","ts":"2026-05-01T10:01:01Z","session":"demo-bad","turn":1,"content":"import done for Erika Mustermann of Hauptstr 7';
    fs.writeFileSync(path.join(logs, 'shipper.jsonl'), `${good}\n${cut}\n`);
    const bad = path.join(dir, 'bad.db');
    expect(cli(['ingest', logs, '--db', bad]).code).toBe(0);
    // without --redact the words are there to be shown (so the check below means something)
    expect(cli(['bad-lines', '--db', bad]).stdout).toContain('Erika Mustermann');

    const t = server.start('bad', ['tui', '--redact', '--db', bad], { cols: 100, rows: 30 });
    tmux('set', '-g', 'set-clipboard', 'on');
    let s = await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    expect(s).toContain('1 bad lines (b)');
    keys(t, '?');
    s = await waitFor(t, (x) => x.includes('Overview keys'), "the overview's help");
    expect(s).toContain('Everywhere');
    expect(s).not.toContain('reverse the sort order');
    keys(t, 'Escape', 'b');
    s = await waitFor(t, (x) => /^amnesia › Overview › Bad lines/.test(x), 'the bad lines');
    expect(s).toMatch(/› .*shipper\.jsonl:2\s+not valid JSON/);
    expect(s).toMatch(/kept \(\d+ bytes\):/);
    for (const w of ['Erika', 'Mustermann', 'Hauptstr', 'import done']) expect(s).not.toContain(w);
    keys(t, '?');
    s = await waitFor(t, (x) => x.includes('Bad lines keys'), "the bad lines' help");
    expect(s).not.toContain('reverse the sort order');
    keys(t, 'Escape', 'y');
    await waitFor(t, (x) => x.includes('copied '), 'the copy message');
    await waitFor(t, () => tmux('list-buffers').length > 0, 'a tmux buffer from OSC 52');
    expect(tmux('show-buffer')).toMatch(/shipper\.jsonl:2$/);
    tmux('resize-window', '-t', t, '-x', '40', '-y', '12');
    s = await waitFor(t, (x) => x.includes('terminal too small'), 'the too-small notice at 40x12');
    expect(s).not.toContain('Erika');
    tmux('resize-window', '-t', t, '-x', '100', '-y', '30');
    await waitFor(t, (x) => /^amnesia › Overview › Bad lines/.test(x), 'the bad lines again');
    keys(t, '2', '?');
    s = await waitFor(t, (x) => x.includes('Findings list keys'), "the findings list's help");
    expect(s).toContain('reverse the sort order');
    keys(t, 'q');
    await waitFor(t, (x) => x.includes('EXIT:0'), 'the exit');
  });
});
