import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import stringWidth from 'string-width';
import { FIXTURES, cli, tmpdir } from './helpers.js';
import { tmuxServer } from './tmux.js';

/**
 * Issue 35: the raw event of a message with one long unbroken run froze the TUI for minutes
 * (text wrapped by one call to Intl.Segmenter, quadratic), and q went unheard. Here a tool
 * result holds a 2 MB run without a space (Chinese, then base64): it opens and scrolls, in a real
 * terminal (tmux, a private server socket). Another holds 7.2 million characters (21 MB of UTF-8):
 * opening it is a long job on the UI
 * thread (15.7 s at load 22), and Ctrl-C pressed during it ends the TUI at once, the terminal
 * restored. No timing assert: the waits are hang guards.
 */

const SOCKET = `amnesia-e2e-long-${process.pid}`;
const COLS = 100;
const ROWS = 30;

const { tmux, waitFor, keys, kill, start, terminal } = tmuxServer(SOCKET);

let dir: string | undefined;

afterAll(() => {
  kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('amnesia tui on a 2 MB unbroken line', () => {
  it('opens the raw event and scrolls to its end; Ctrl-C while a larger one opens ends the TUI at once', async () => {
    dir = tmpdir('amnesia-tui-long-');
    const db = path.join(dir, 'long.db');
    const r = cli(['triage', path.join(FIXTURES, 'incidents', 'tool-drift'), '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    // the tool result as stored, its content followed by 2 MB without a space
    const cjk = '记忆丢失原因限时秒杀今天下单立减错过再等一年漢字かな交じり文'.repeat(24_000);
    const b64 = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0123456789abcdefghijklmnopqrstuvwxyz'.repeat(10_000);
    const tail = `${cjk}${b64}END-OF-RUN`;
    expect(Buffer.byteLength(tail)).toBeGreaterThan(2_000_000);
    const w = new Database(db);
    const append = w.prepare(
      "UPDATE events SET body = json_set(body, '$.content', json_extract(body, '$.content') || ?) WHERE session = ? AND kind = 'tool_result'",
    );
    expect(append.run(tail, 'td-incident-zh').changes).toBe(1);
    // 7.2 million Chinese characters in the other session's tool result: seconds of work to open, whatever the machine
    expect(append.run(cjk.repeat(10), 'td-incident-en').changes).toBe(1);
    w.close();

    const t = start('long', ['tui', '--db', db], { cols: COLS, rows: ROWS });
    await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    /** The raw tool result of a session's tool-drift finding (its fourth evidence step): Enter is left to the caller. */
    const toToolResult = async (session: string) => {
      keys(t, '2');
      await waitFor(t, (x) => x.includes('sort: severity') && !x.includes('search:'), 'the findings list');
      tmux('send-keys', '-l', '-t', t, `/${session}`);
      keys(t, 'Enter');
      await waitFor(t, (x) => x.includes(`search: "${session}"`), 'the search');
      keys(t, 'Enter');
      await waitFor(t, (x) => x.includes('Evidence  │'), 'the finding');
      keys(t, 'j', 'j', 'j');
    };
    await toToolResult('td-incident-zh');
    keys(t, 'Enter');
    let s = await waitFor(t, (x) => x.includes('tool_result · session') && /of \d{5,}\)/.test(x), 'the raw tool result, wrapped');
    const whole = (x: string) => {
      for (const l of x.replace(/\n$/, '').split('\n')) expect(stringWidth(l.trimEnd()), l).toBeLessThanOrEqual(COLS);
    };
    whole(s);
    // tens of thousands of lines: the run was wrapped, not cut
    const total = Number(/of (\d+)\)/.exec(s)![1]);
    expect(total).toBeGreaterThan(2_000_000 / COLS);
    keys(t, 'PageDown');
    s = await waitFor(t, (x) => x.includes('记忆丢失') && !x.includes(' "kind"'), 'a page of the run');
    whole(s);
    keys(t, 'G');
    s = await waitFor(t, (x) => x.includes('END-OF-RUN'), 'the end of the run');
    whole(s);
    expect(s).toContain(`of ${total})`);

    // Ctrl-C while that event is being opened: the job is cut short (status 130, as for any
    // Ctrl-C that interrupts), not waited for (that would be a normal quit, 0, seconds later)
    await toToolResult('td-incident-en');
    keys(t, 'Enter');
    // the job shows nothing while it runs: a second for the Enter to start it (a Ctrl-C read with the
    // Enter quits before the job starts, a normal quit)
    await new Promise((r) => setTimeout(r, 1000));
    keys(t, 'C-c');
    const sent = Date.now();
    s = await waitFor(t, (x) => x.includes('TTY:'), 'the exit after Ctrl-C');
    const took = Date.now() - sent;
    expect(s).toContain('amnesia: tui stopped by Ctrl-C in the middle of a long job');
    expect(s, `exit ${took} ms after Ctrl-C`).toContain('EXIT:130');
    expect(s).toMatch(/TTY: icanon echo/);
    expect(terminal(t)).toEqual({ alternate: false, cursor: true });
  });
});
