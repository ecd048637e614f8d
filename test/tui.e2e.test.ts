import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import stringWidth from 'string-width';
import { FIXTURES, cli, cliProcess, query, tmpdir } from './helpers.js';
import { tmuxServer } from './tmux.js';

/**
 * `amnesia tui` as a user runs it: the real built binary in a real terminal (tmux, a private
 * server socket), driven with send-keys and read back with capture-pane.
 */

const SOCKET = `amnesia-e2e-${process.pid}`;
const COLS = 100;
const ROWS = 30;

const server = tmuxServer(SOCKET);
const { tmux, screen, waitFor, keys, kill, terminal } = server;

/** Start `amnesia tui --db <db>` in a new tmux session; the shell then prints the exit status. */
function start(name: string, db: string, env: Record<string, string>, cols = COLS, rows = ROWS): string {
  return server.start(name, ['tui', '--db', db], { env, cols, rows });
}

// SGR colour parameters (foreground / background, 16, 256 or true colour)
const COLOUR = /\u001b\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|4[0-7]|10[0-7]|38;[25]|48;[25])[0-9;]*m/;

let dir: string;
let db: string;

interface Row {
  id: string;
  analyzer: string;
  session: string;
  title: string;
  json: string;
}

beforeAll(() => {
  dir = tmpdir('amnesia-tui-e2e-');
  db = path.join(dir, 'evidence.db');
  const r = cli(['triage', path.join(FIXTURES, 'incidents'), '--db', db]);
  expect(r.code, r.stderr).toBe(0);
  const n = query<{ n: number }>(db, 'SELECT count(*) AS n FROM findings')[0].n;
  if (n === 0) {
    // no analyzer registered yet: a finding written directly, its evidence on a real event
    const ev = query<{ path: string; line: number; turn: number; ts: number }>(
      db,
      "SELECT s.path, e.line, e.turn, e.ts FROM events e JOIN sources s ON s.id = e.source_id WHERE e.session = 's7-en' AND e.kind = 'memory_write' ORDER BY e.ts, e.line LIMIT 1",
    )[0];
    const source = `${ev.path}:${ev.line}`;
    const ts = new Date(ev.ts).toISOString();
    const f = {
      id: 'f_e2e0000000000001',
      analyzer: 'lost-write',
      severity: 'error',
      session: 's7-en',
      turn: ev.turn,
      ts,
      title: 'Preference m77 (write w1) was acknowledged but never committed',
      cause: 'lost_in_restart',
      evidence: [{ step: 1, role: 'write', turn: ev.turn, ts, event: source, source, text: 'enqueued m77', detail: {} }],
      fix: 'commit before acknowledging',
    };
    const w = new Database(db);
    w.prepare('INSERT INTO findings (id, analyzer, severity, session, turn, ts, title, cause, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
      f.id,
      f.analyzer,
      f.severity,
      f.session,
      f.turn,
      f.ts,
      f.title,
      f.cause,
      JSON.stringify(f),
    );
    w.close();
  }
});

afterAll(() => {
  kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('amnesia tui in a terminal', () => {
  it('drills down from the overview to a finding, its evidence and the raw event, in colour, and resizes', async () => {
    // the findings list opens worst first, then by session and time: the first row is this one
    const first = query<Row>(
      db,
      `SELECT id, analyzer, session, title, json FROM findings
       ORDER BY CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, session, ts, rowid LIMIT 1`,
    )[0];
    const step = (JSON.parse(first.json) as { evidence: { source: string; role: string }[] }).evidence[0];
    const total = query<{ n: number }>(db, 'SELECT count(*) AS n FROM findings')[0].n;

    // CI=1 as on CI: the TUI is still interactive on a terminal
    const t = start('drill', db, { CI: '1', TERM: 'xterm-256color' });
    let s = await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    expect(s).toContain('amnesia › Overview');
    expect(s).toMatch(new RegExp(`Findings ${total} in \\d+ sessions?`));
    expect(s).toContain(first.analyzer);
    // the worst session leads the overview; a long id is cut in the middle, its start and end kept
    expect(s).toContain(first.session.slice(0, 7));
    expect(s).toContain(first.session.slice(-7));
    expect(COLOUR.test(screen(t, true))).toBe(true);

    keys(t, '2');
    s = await waitFor(t, (x) => x.includes('sort: severity'), 'the findings list');
    expect(s).toContain(`1–${Math.min(total, ROWS - 6)} of ${total}`);
    const selected = s.split('\n').find((l) => l.startsWith('›'))!;
    expect(selected).toContain(first.analyzer.slice(0, 12));
    // a long session id is cut in the middle: its start and its end stay readable
    expect(selected).toContain(first.session.slice(0, 7));
    expect(selected).toContain(first.session.slice(-5));

    keys(t, 'Enter');
    s = await waitFor(t, (x) => x.includes(`› ${first.id}`), 'the finding');
    expect(s).toContain('Evidence  │  Picture  │  Fix & detail');
    expect(s.replace(/\s+/g, ' ')).toContain(first.title.slice(0, 40));
    const sourceEnd = step.source.slice(-30);
    expect(s).toContain(sourceEnd);
    expect(s).toMatch(new RegExp(`▶ 1 {2}${step.role}`));

    keys(t, 'Enter');
    s = await waitFor(t, (x) => x.includes('Raw event'), 'the raw event');
    expect(s).toContain(`source ${step.source}`);
    // the header names the event; the body opens where the evidence is (for a long event, past its top)
    expect(s).toMatch(new RegExp(`^\\w+ · session ${first.session.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `, 'm'));
    expect(s).toMatch(/"\w+": /);

    tmux('resize-window', '-t', t, '-x', '80', '-y', '24');
    const rows = (x: string) => x.replace(/\n$/, '').split('\n');
    // a whole new frame (while tmux reflows the old one, the screen is briefly half old, half new)
    const redrawn = (x: string) =>
      rows(x).length <= 24 && rows(x)[0].startsWith('amnesia › ') && x.includes(`source ${step.source.slice(0, 40)}`) && x.includes('Esc back');
    s = await waitFor(t, redrawn, 'the raw event at 80x24');
    const lines = rows(s);
    for (const l of lines) expect([...l.trimEnd()].length).toBeLessThanOrEqual(80);
    expect(s).toContain('source ');
    expect(s).toMatch(/^\w+ · session /m);
    expect(s).toMatch(/"\w+": /);

    // issue 35: at 40x12 no screen fits; it says so, in lines that fit, and the screen comes back when the terminal grows
    tmux('resize-window', '-t', t, '-x', '40', '-y', '12');
    s = await waitFor(t, (x) => x.includes('terminal too small'), 'the too-small notice at 40x12');
    expect(s).toContain('40x12, needs 60x17');
    expect(s).not.toContain('Raw event');
    for (const l of rows(s)) expect(stringWidth(l.trimEnd()), l).toBeLessThanOrEqual(40);
    tmux('resize-window', '-t', t, '-x', String(COLS), '-y', String(ROWS));
    s = await waitFor(t, (x) => rows(x)[0].startsWith('amnesia › ') && x.includes('Raw event') && x.includes('Esc back'), 'the raw event again');
    expect(s).not.toContain('too small');
    expect(s).toContain(`source ${step.source}`);

    keys(t, 'Escape');
    await waitFor(t, (x) => x.includes(`› ${first.id}`) && x.includes('Evidence'), 'back on the finding');
    keys(t, 'Tab');
    await waitFor(t, (x) => /Prompt fill|Retrieval|Write|State versions|Response style|no picture/.test(x), 'the picture');
    keys(t, 'q');
    s = await waitFor(t, (x) => x.includes('EXIT:'), 'the exit');
    expect(s).toContain('EXIT:0');
  });

  it('analyzes a store whose findings are missing first, and honours NO_COLOR', async () => {
    const fresh = path.join(dir, 'ingested-only.db');
    const r = cli(['ingest', path.join(FIXTURES, 'incidents', 'lost-write'), '--db', fresh]);
    expect(r.code, r.stderr).toBe(0);
    expect(query(fresh, 'SELECT * FROM analysis_state')).toHaveLength(0);
    const t = start('fresh', fresh, { NO_COLOR: '1', TERM: 'xterm-256color' });
    const s = await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    expect(s).toContain('amnesia › Overview');
    expect(COLOUR.test(screen(t, true))).toBe(false);
    keys(t, '?');
    await waitFor(t, (x) => x.includes('› Help') && x.includes('Esc, Backspace'), 'the help screen');
    keys(t, 'q');
    const end = await waitFor(t, (x) => x.includes('EXIT:'), 'the exit');
    expect(end).toContain('analyzing...');
    expect(end).toContain('EXIT:0');
    expect(query(fresh, 'SELECT * FROM analysis_state')).toHaveLength(1);
  });

  it('shows what another process ingested while the TUI was open once R is pressed (issue 35: counts moved, findings never did)', async () => {
    const live = path.join(dir, 'live.db');
    expect(cli(['triage', path.join(FIXTURES, 'incidents', 'lost-write'), '--db', live]).code).toBe(0);
    const t = start('refresh', live, { NO_COLOR: '1', TERM: 'xterm-256color' });
    const before = await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    expect(before).not.toMatch(/concurrent-overwrite\s+\d/);
    // another process ingests while the TUI is open
    const r = cli(['ingest', path.join(FIXTURES, 'incidents', 'concurrent-overwrite'), '--db', live]);
    expect(r.code, r.stderr).toBe(0);
    keys(t, 'R');
    const after = await waitFor(t, (x) => /concurrent-overwrite\s+\d/.test(x) && !x.includes('refreshing'), 'the refreshed overview');
    expect(after.split('\n')[0]).toMatch(/^amnesia › Overview\s*$/);
    // the analysis was stored, as at start: the next TUI starts without analyzing
    keys(t, 'q');
    expect(await waitFor(t, (x) => x.includes('EXIT:'), 'the exit')).toContain('EXIT:0');
    const again = start('refresh-again', live, { NO_COLOR: '1', TERM: 'xterm-256color' });
    await waitFor(again, (x) => x.includes('worst sessions first'), 'the overview');
    keys(again, 'q');
    expect(await waitFor(again, (x) => x.includes('EXIT:'), 'the exit')).not.toContain('analyzing...');
  });

  it("draws a coding agent's compaction as a cliff in the prompt fill picture, with the instruction that fell off it", async () => {
    const session = '7b0c2d1e-5f4a-4e8b-9c3d-2a1b0c9d8e7f';
    const t = start('cliff', db, { TERM: 'xterm-256color', VISUAL: 'false', EDITOR: 'false' }, 120, 40);
    await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    keys(t, '2');
    await waitFor(t, (x) => x.includes('sort: severity'), 'the findings list');
    tmux('send-keys', '-l', '-t', t, `/${session}`);
    keys(t, 'Enter');
    await waitFor(t, (x) => x.includes(`search: "${session}"`), 'the search');
    keys(t, 'Enter');
    await waitFor(t, (x) => x.includes('Evidence  │'), 'the finding');
    keys(t, 'Tab');
    const s = await waitFor(t, (x) => x.includes('Prompt fill per request'), 'the picture');
    expect(s).toMatch(/^\s+.*▼/m);
    expect(s).toMatch(/▼ turn \d+: auto compaction, 168,012 tokens before: fell off: "/);
    // issue 35: an editor that fails says so, and the frame comes back with the cursor hidden again
    keys(t, 'e');
    await waitFor(t, (x) => x.replace(/\n/g, '').includes('false exited with status 1'), 'the failing editor said');
    expect(terminal(t)).toEqual({ alternate: true, cursor: false });
    // issue 35: SIGQUIT leaves the alternate screen and raw mode as SIGTERM does (it left the alternate screen on)
    process.kill(server.pid(t), 'SIGQUIT');
    const end = await waitFor(t, (x) => x.includes('TTY:'), 'the exit');
    expect(end).toContain('amnesia: tui stopped by SIGQUIT');
    expect(end).toContain('EXIT:131');
    expect(end).toMatch(/TTY: icanon echo/);
    expect(terminal(t)).toEqual({ alternate: false, cursor: true });
  });

  it("opens a finding's source file from another folder than the one ingest ran in (issue 35: it opened a path that did not exist there)", async () => {
    const project = tmpdir('amnesia-tui-project-');
    fs.mkdirSync(path.join(project, 'logs'));
    fs.copyFileSync(path.join(FIXTURES, 'incidents', 'lost-write', 'en.jsonl'), path.join(project, 'logs', 'app.jsonl'));
    // the user's usual way: ingest and analyze in the project, into the default store .amnesia/evidence.db
    expect(cli(['ingest', 'logs'], { cwd: project }).code).toBe(0);
    expect(cli(['analyze'], { cwd: project }).code).toBe(0);
    expect(query<{ n: number }>(path.join(project, '.amnesia', 'evidence.db'), 'SELECT count(*) AS n FROM findings')[0].n).toBeGreaterThan(0);
    const elsewhere = tmpdir('amnesia-tui-elsewhere-');
    const editor = path.join(elsewhere, 'record-editor');
    const args = path.join(elsewhere, 'args.txt');
    fs.writeFileSync(editor, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > '${args}'\n`, { mode: 0o755 });
    const t = server.start('edit-elsewhere', ['tui', '--db', path.join(project, '.amnesia', 'evidence.db')], {
      env: { VISUAL: editor, EDITOR: '' },
      cwd: elsewhere,
    });
    await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    keys(t, '2');
    await waitFor(t, (x) => x.includes('sort: severity'), 'the findings list');
    keys(t, 'Enter');
    await waitFor(t, (x) => x.includes('Evidence  │'), 'the finding');
    keys(t, 'e');
    await waitFor(t, (x) => x.replace(/\n/g, '').includes('opened logs/app.jsonl:'), 'the editor ran');
    const given = fs.readFileSync(args, 'utf8').trim().split('\n');
    expect(given[given.length - 1]).toBe(path.join(project, 'logs', 'app.jsonl'));
    expect(given[0]).toMatch(/^\+\d+$/);
    keys(t, 'q');
    await waitFor(t, (x) => x.includes('EXIT:0'), 'the exit');
  });

  it('refuses a stdout that is not a terminal, and a terminal that says it cannot draw (TERM=dumb), pointing to amnesia analyze', async () => {
    // the binary's own stdout, a pipe
    const r = cliProcess(['tui', '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('amnesia analyze');
    // issue 35: under TERM=dumb it drew its frames anyway, escape sequences and all
    const t = start('dumb', db, { TERM: 'dumb' });
    const s = await waitFor(t, (x) => x.includes('TTY:'), 'the exit');
    expect(s.replace(/\n/g, '')).toContain('TERM=dumb says this one cannot; use `amnesia analyze`');
    expect(s).toContain('EXIT:2');
    expect(s).not.toContain('amnesia ›');
    expect(screen(t, true)).not.toMatch(/\u001b\[[0-9;]*[A-HJKfm]/);
    expect(terminal(t)).toEqual({ alternate: false, cursor: true });
  });
});

describe('amnesia tui: no crash, no lost character, no lost key (issue 16)', () => {
  let d: string;
  beforeAll(() => {
    d = tmpdir('amnesia-tui16-');
  });
  afterAll(() => fs.rmSync(d, { recursive: true, force: true }));

  /** The whole frame is on screen: the breadcrumb on the first row, no line wider than the terminal. */
  function whole(s: string, cols: number, rows: number): void {
    const lines = s.replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(rows);
    expect(lines[0]).toMatch(/^amnesia › /);
    for (const l of lines) expect(stringWidth(l.trimEnd()), l).toBeLessThanOrEqual(cols);
  }

  it('keeps every row in its place when session ids hold emoji whose width terminals disagree on (skin tones, VS16, ZWJ, keycaps)', async () => {
    // the lost-write incident under a session id of emoji that string-width (Ink) and tmux measure apart:
    // 👍🏽 is 2 cells to Ink and 4 to tmux 3.3a, ❤️ and 1️⃣ 2 and 1, 🏳️‍🌈 2 and 1
    const id = `${'👍🏽'.repeat(12)}👨‍👩‍👧1️⃣🏳️‍🌈${'❤️'.repeat(4)}-team`;
    const log = path.join(d, 'emoji-session.jsonl');
    fs.writeFileSync(
      log,
      fs.readFileSync(path.join(FIXTURES, 'incidents', 'lost-write', 'en.jsonl'), 'utf8').replaceAll('"session":"s7-en"', `"session":${JSON.stringify(id)}`),
    );
    const edb = path.join(d, 'emoji-session.db');
    expect(cli(['triage', log, '--db', edb]).code).toBe(0);
    const t = start('emoji-ids', edb, { TERM: 'xterm-256color' }, 80, 24);
    for (const [key, what] of [
      ['2', 'sort: severity'],
      ['3', 'sort: worst'],
    ] as const) {
      keys(t, key);
      const s = await waitFor(t, (x) => x.includes(what), `the list (${key})`);
      // a row wider in the terminal than Ink thought wraps: the header scrolls off the top, rows move down
      const lines = s.replace(/\n$/, '').split('\n');
      expect(lines[0], s).toMatch(/^amnesia › (Overview › )?(Findings|Sessions)\s+\d+ (finding|session)/);
      expect(lines[1], s).toContain(what);
      expect(lines.length, s).toBeLessThanOrEqual(24);
      expect(s).toContain('👍👍👍');
      expect(s).not.toContain('🏽');
    }
    keys(t, 'Enter');
    const session = await waitFor(t, (x) => x.includes('Write lifecycle'), 'the session');
    expect(session.split('\n')[0]).toMatch(/^amnesia › .*Session /);
    keys(t, 'q');
    expect(await waitFor(t, (x) => x.includes('EXIT:'), 'the exit')).toContain('EXIT:0');
  });

  it('replays a request with no user message, in `amnesia replay` and in the Replay pane', async () => {
    const log = path.join(FIXTURES, 'tui', 'system-only.jsonl');
    const r = cli(['replay', log]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('internal error');
    expect(r.stdout).toContain('would have prevented: 1 of 1');
    const sdb = path.join(d, 'system-only.db');
    expect(cli(['triage', log, '--db', sdb]).code).toBe(0);
    const t = start('nouser', sdb, { TERM: 'xterm-256color' }, 80, 24);
    await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    keys(t, '2');
    await waitFor(t, (x) => x.includes('1–1 of 1'), 'the findings list');
    keys(t, 'Enter');
    await waitFor(t, (x) => x.includes('Evidence  │'), 'the finding');
    keys(t, 'Tab', 'Tab', 'Tab');
    const s = await waitFor(t, (x) => x.includes('reference design:') || x.includes('EXIT:') || x.includes('replay failed'), 'the replay');
    expect(s).toContain('reference design: PREVENTED');
    expect(s).toContain("the finding's request");
    whole(s, 80, 24);
    keys(t, 'q');
    expect(await waitFor(t, (x) => x.includes('EXIT:'), 'the exit')).toContain('EXIT:0');
  });

  for (const [cols, rows] of [
    [80, 24],
    [160, 45],
  ] as const) {
    it(`shows emoji-heavy and Chinese tool output whole at ${cols}x${rows}: no lost character, frame in place`, async () => {
      const tdb = path.join(d, `drift-${cols}.db`);
      expect(cli(['triage', path.join(FIXTURES, 'incidents', 'tool-drift'), '--db', tdb]).code).toBe(0);
      const t = start(`emoji${cols}`, tdb, { TERM: 'xterm-256color' }, cols, rows);
      await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
      const seen: string[] = [];
      for (const [session, want] of [
        ['td-incident-zh', ['限时秒杀', '🚀', '🛒', '🪶', '⚡', '⭐', '✨']],
        ['td-incident-en', ['🚀', '🛒', '🪶', '⚡', '⭐', '✨', 'AMAZING DEAL ALERT']],
      ] as const) {
        keys(t, '2');
        await waitFor(t, (x) => x.includes('sort: severity'), 'the findings list');
        // typed in one burst: the search line reads every character
        tmux('send-keys', '-l', '-t', t, `/${session}`);
        keys(t, 'Enter');
        await waitFor(t, (x) => x.includes(`search: "${session}"`), `the search for ${session}`);
        keys(t, 'Enter');
        let s = await waitFor(t, (x) => x.includes('Evidence  │'), 'the finding');
        whole(s, cols, rows);
        // the tool result is the fourth step
        keys(t, 'j', 'j', 'j', 'Enter');
        // it opens on the step's own message (marked); g goes to the top of the event
        s = await waitFor(t, (x) => x.includes('Raw event') && x.includes('tool_result · session'), 'the raw tool result');
        whole(s, cols, rows);
        expect(s).toMatch(/match 1\//);
        keys(t, 'g');
        s = await waitFor(t, (x) => x.includes('"kind": "tool_result"'), 'the top of the raw tool result');
        const text: string[] = [s];
        const joined = () => text.join('\n').replace(/\n {2,}/g, '');
        const seenAll = () => want.every((w) => joined().includes(w));
        for (let i = 0; i < 4 && !seenAll(); i++) {
          const before = s;
          keys(t, 'PageDown');
          // wait for the page to move (a condition, not a sleep); it moves while the text looked for is below,
          // so a screen that stays for the whole wait is the event's end before every character was seen
          const moved = await waitFor(t, (x) => x !== before, 'the next page of the raw tool result').catch(() => null);
          if (moved === null) break;
          s = moved;
          whole(s, cols, rows);
          text.push(s);
        }
        const all = joined();
        for (const w of want) expect(all, w).toContain(w);
        seen.push(session);
        keys(t, 'Escape', 'Escape', 'Escape');
      }
      expect(seen).toHaveLength(2);
      keys(t, 'q');
      expect(await waitFor(t, (x) => x.includes('EXIT:'), 'the exit')).toContain('EXIT:0');
    });
  }

  it('reads every character typed fast into the search line, a lone Esc followed by a key, and Ctrl-C in the search line', async () => {
    const t = start('typing', db, { TERM: 'xterm-256color' }, 100, 30);
    await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    keys(t, '2');
    await waitFor(t, (x) => x.includes('sort: severity'), 'the findings list');
    // "/zh" and Enter reach the terminal in one write
    tmux('send-keys', '-l', '-t', t, '/zh\r');
    await waitFor(t, (x) => x.includes('search: "zh"'), 'the search "zh"');
    // Esc then j in one write (not Alt+j): Esc clears the search (issue 35: a filtered list is not left at
    // once), then j moves down one row of the whole list
    tmux('send-keys', '-l', '-t', t, '\u001bj');
    const rows = (x: string) => x.split('\n').filter((l) => /^[› ] (ERROR|WARN|INFO)/.test(l));
    const down = await waitFor(t, (x) => !x.includes('search:') && rows(x)[1]?.startsWith('› '), 'the whole list, its cursor one row down');
    expect(down.split('\n')[0]).toMatch(/^amnesia › Overview › Findings/);
    // Esc then j again: back to the overview, then down one row there
    tmux('send-keys', '-l', '-t', t, '\u001bj');
    const moved = (x: string) => /^amnesia › Overview\s*$/.test(x.split('\n')[0]) && /^› (?!all analyzers)/m.test(x);
    const s = await waitFor(t, moved, 'the overview again, its cursor one row down');
    expect(s.split('\n').find((l) => l.startsWith('› '))).toMatch(/^› concurrent-overwrite/);
    // issue 35: Esc then ? or / in one write: back, then help / search where Esc went (the Esc was lost)
    keys(t, '2');
    await waitFor(t, (x) => x.includes('sort: severity'), 'the findings list');
    keys(t, 'Enter');
    await waitFor(t, (x) => x.includes('Evidence  │'), 'a finding');
    tmux('send-keys', '-l', '-t', t, '\u001b?');
    await waitFor(t, (x) => /^amnesia › Overview › Findings › Help\s*$/.test(x.split('\n')[0]), 'the help of the findings list');
    keys(t, 'Escape', 'Enter');
    await waitFor(t, (x) => x.includes('Evidence  │'), 'the finding again');
    tmux('send-keys', '-l', '-t', t, '\u001b/');
    await waitFor(t, (x) => x.includes('sort: severity') && x.includes('Enter apply'), 'the search line of the findings list');
    // Ctrl-C quits with the search line open (it was read as a character of the search)
    keys(t, 'C-c');
    const end = await waitFor(t, (x) => x.includes('TTY:'), 'the exit');
    expect(end).toContain('EXIT:0');
    expect(end).toMatch(/TTY: icanon echo/);
    expect(terminal(t)).toEqual({ alternate: false, cursor: true });
  });
});
