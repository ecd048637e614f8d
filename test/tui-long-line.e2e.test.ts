import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import stringWidth from 'string-width';
import { BIN, FIXTURES, ROOT, cli, tmpdir } from './helpers.js';
import { tmuxServer } from './tmux.js';

/**
 * Issue 35: the raw event of a message with one long unbroken run froze the TUI for minutes
 * (text wrapped by one call to Intl.Segmenter, quadratic), and q went unheard. Here a tool
 * result holds a 2 MB run without a space (Chinese, then base64): it opens, scrolls and quits
 * with q, in a real terminal (tmux, a private server socket). No timing assert: the waits are
 * hang guards.
 */

const SOCKET = `amnesia-e2e-long-${process.pid}`;
const COLS = 100;
const ROWS = 30;

const { tmux, waitFor, keys, kill } = tmuxServer(SOCKET);

let dir: string | undefined;

afterAll(() => {
  kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('amnesia tui on a 2 MB unbroken line', () => {
  it('opens the raw event, scrolls to its end and quits with q', async () => {
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
    const changed = w
      .prepare(
        "UPDATE events SET body = json_set(body, '$.content', json_extract(body, '$.content') || ?) WHERE session = 'td-incident-zh' AND kind = 'tool_result'",
      )
      .run(tail).changes;
    w.close();
    expect(changed).toBe(1);

    const t = 'long';
    const cmd = `cd ${JSON.stringify(ROOT)} && env TERM=xterm-256color ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} tui --db ${JSON.stringify(db)}; echo "EXIT:$?"; sleep 60`;
    tmux('new-session', '-d', '-x', String(COLS), '-y', String(ROWS), '-s', t, cmd);
    await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    keys(t, '2');
    await waitFor(t, (x) => x.includes('sort: severity'), 'the findings list');
    tmux('send-keys', '-l', '-t', t, '/td-incident-zh');
    keys(t, 'Enter');
    await waitFor(t, (x) => x.includes('search: "td-incident-zh"'), 'the search');
    keys(t, 'Enter');
    await waitFor(t, (x) => x.includes('Evidence  │'), 'the finding');
    // the tool result is the fourth step
    keys(t, 'j', 'j', 'j', 'Enter');
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
    keys(t, 'q');
    expect(await waitFor(t, (x) => x.includes('EXIT:'), 'the exit')).toContain('EXIT:0');
  });
});
