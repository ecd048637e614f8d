import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { longSession, manySessions } from '../bench/long-jobs-data.mjs';
import { cli, tmpdir } from './helpers.js';
import { tmuxServer } from './tmux.js';

/**
 * Issue 35: long work never freezes the TUI, shows how far it is, and stops when asked. A store of
 * 10,000 sessions showed 24 s of `analyzing...` that nothing could stop but Ctrl-C. The stores are
 * generated here (bench/long-jobs-data.mjs), never committed. No timing assert: the waits are hang
 * guards, and each test waits for the job to show its progress before it presses a key.
 */

const SOCKET = `amnesia-e2e-jobs-${process.pid}`;
const { tmux, waitFor, keys, kill, start, terminal } = tmuxServer(SOCKET);

let dir: string;

/** Sessions analyzed so far, of the store's, as the analyzing line says it last (null: no such line). */
function analyzed(screen: string): { done: number; total: number } | null {
  const all = [...screen.matchAll(/analyzing\.\.\. ([\d,]+) of ([\d,]+) sessions/g)];
  const m = all[all.length - 1];
  return m ? { done: Number(m[1].replace(/,/g, '')), total: Number(m[2].replace(/,/g, '')) } : null;
}

const stored = (db: string) => {
  const r = new Database(db, { readonly: true });
  try {
    return (r.prepare('SELECT count(*) AS n FROM analysis_state').get() as { n: number }).n;
  } finally {
    r.close();
  }
};

beforeAll(() => {
  dir = tmpdir('amnesia-tui-jobs-');
});

afterAll(() => {
  kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('amnesia tui: the analysis before the first frame', () => {
  let db: string;
  beforeAll(() => {
    const log = path.join(dir, 'many.jsonl');
    fs.writeFileSync(log, `${[...manySessions(10_000)].join('\n')}\n`);
    db = path.join(dir, 'many.db');
    const r = cli(['ingest', log, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  // two threads, as on a machine of two cores: the analysis runs on worker threads, the keys are read meanwhile
  const env = { AMNESIA_WORKERS: '2' };

  it('on 10,000 sessions shows sessions done of total, and q stops it there: nothing stored, the terminal restored', async () => {
    const t = start('many-q', ['tui', '--db', db], { env });
    const s = await waitFor(t, (x) => (analyzed(x)?.done ?? 0) > 0, 'the analysis progress');
    const first = analyzed(s)!;
    expect(first.total).toBe(10_000);
    expect(first.done).toBeLessThan(10_000);
    keys(t, 'q');
    const end = await waitFor(t, (x) => x.includes('TTY:'), 'the exit after q');
    expect(end).toContain('amnesia: tui stopped during the analysis');
    expect(end).toContain('EXIT:0');
    // stopped where it was: the last count is short of the total, no frame was drawn
    expect(analyzed(end)!.done).toBeLessThan(10_000);
    expect(end).not.toContain('amnesia ›');
    expect(end).toMatch(/TTY: icanon echo/);
    expect(terminal(t)).toEqual({ alternate: false, cursor: true });
    expect(stored(db)).toBe(0);
  });

  it('Ctrl-C during it ends the TUI (status 130), nothing stored, the terminal restored', async () => {
    const t = start('many-c', ['tui', '--db', db], { env });
    await waitFor(t, (x) => (analyzed(x)?.done ?? 0) > 0, 'the analysis progress');
    keys(t, 'C-c');
    const end = await waitFor(t, (x) => x.includes('TTY:'), 'the exit after Ctrl-C');
    expect(end).toContain('EXIT:130');
    expect(end).not.toContain('amnesia ›');
    expect(end).toMatch(/TTY: icanon echo/);
    expect(terminal(t)).toEqual({ alternate: false, cursor: true });
    expect(stored(db)).toBe(0);
  });
});

describe('amnesia tui: the Replay pane of a 5,000-turn session', () => {
  let db: string;
  beforeAll(() => {
    const log = path.join(dir, 'long.jsonl');
    fs.writeFileSync(log, `${[...longSession(5_000)].join('\n')}\n`);
    db = path.join(dir, 'long.db');
    // analyzed here: the instruction of turn 0 falls out of the window (window-overflow), a finding to open
    const r = cli(['triage', log, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  /** Open the session's first finding and its Replay pane. */
  const toReplay = async (t: string) => {
    await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    keys(t, '2');
    await waitFor(t, (x) => x.includes('sort: severity'), 'the findings list');
    keys(t, 'Enter');
    await waitFor(t, (x) => x.includes('Evidence  │'), 'the finding');
    keys(t, 'Tab', 'Tab', 'Tab');
  };
  const replayed = (x: string) => /replaying… [\d,]+ of 5,000 requests/.test(x);

  it("shows the requests replayed of the session's; Esc leaves while it runs and cancels it", async () => {
    const t = start('long-esc', ['tui', '--db', db]);
    await toReplay(t);
    await waitFor(t, replayed, 'the replay progress');
    keys(t, 'Escape');
    // answered while the worker computes: back on the list
    let s = await waitFor(t, (x) => x.includes('sort: severity') && !x.includes('replaying'), 'the list after Esc');
    expect(s).toContain('amnesia › Overview › Findings');
    // cancelled, not kept: the pane starts again
    keys(t, 'Enter');
    await waitFor(t, (x) => x.includes('Evidence  │'), 'the finding again');
    keys(t, 'Tab', 'Tab', 'Tab');
    s = await waitFor(t, (x) => x.includes('replaying…'), 'the replay started again');
    expect(s).not.toContain('reference design:');
    keys(t, 'q');
    s = await waitFor(t, (x) => x.includes('TTY:'), 'the exit');
    expect(s).toContain('EXIT:0');
  });

  it('Ctrl-C while it replays quits, the terminal restored', async () => {
    const t = start('long-c', ['tui', '--db', db]);
    await toReplay(t);
    await waitFor(t, replayed, 'the replay progress');
    keys(t, 'C-c');
    const s = await waitFor(t, (x) => x.includes('TTY:'), 'the exit after Ctrl-C');
    // a normal quit (0), or cut short (130) when the UI thread was drawing a frame of this large
    // session for longer than the key reader's grace period: either way at once, the terminal restored
    expect(s).toMatch(/EXIT:(0|130)\b/);
    expect(s).toMatch(/TTY: icanon echo/);
    expect(terminal(t)).toEqual({ alternate: false, cursor: true });
  });
});

describe('amnesia tui: a search over 100,000 findings', () => {
  let db: string;
  const WORDS = ['deploy', 'failed', 'because', 'database', 'migration', 'timed', 'out', 'check', 'logs', 'latency', 'cache', 'query'];
  /** How many stored titles hold the text (as the list counts them). */
  const matching = (text: string) => {
    const r = new Database(db, { readonly: true });
    try {
      return (r.prepare('SELECT count(*) AS n FROM findings WHERE instr(lower(title), ?) > 0').get(text) as { n: number }).n;
    } finally {
      r.close();
    }
  };
  beforeAll(() => {
    const log = path.join(dir, 'few.jsonl');
    fs.writeFileSync(log, `${[...manySessions(1_000)].join('\n')}\n`);
    db = path.join(dir, 'findings.db');
    // analyzed: the stored fingerprint holds; findings written after it keep it (it is of the events, not the findings)
    const r = cli(['triage', log, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    const w = new Database(db);
    const insert = w.prepare('INSERT INTO findings (id, analyzer, severity, session, turn, ts, title, cause, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    w.transaction(() => {
      for (let i = 0; i < 100_000; i++) {
        const session = `many-${String(i % 1_000).padStart(6, '0')}`;
        const title = `Constraint ${i} dropped: ${Array.from({ length: 8 }, (_, k) => WORDS[(i * 7 + k * ((i % 5) + 1)) % WORDS.length]).join(' ')}`;
        const f = {
          id: `f_${String(i).padStart(16, '0')}`,
          analyzer: 'window-overflow',
          severity: 'warning',
          session,
          turn: 0,
          ts: '2026-03-01T00:00:00.000Z',
          title,
          cause: 'constraint_evicted',
          evidence: [],
          fix: 'pin it',
        };
        insert.run(f.id, f.analyzer, f.severity, f.session, f.turn, f.ts, f.title, f.cause, JSON.stringify(f));
      }
    })();
    w.close();
    expect(matching('deploy tim')).toBeGreaterThan(0);
    expect(matching('deploy tim')).toBeLessThan(matching('deploy'));
  });

  it('echoes each key while the scan runs, a new key cancels it, the list follows the last text; Ctrl-C during a scan quits', async () => {
    const t = start('search', ['tui', '--db', db]);
    await waitFor(t, (x) => x.includes('worst sessions first'), 'the overview');
    keys(t, '2');
    await waitFor(t, (x) => x.includes('100,000 findings'), 'the findings list');
    tmux('send-keys', '-l', '-t', t, '/deploy');
    // the scan for "deploy" under way, the line showing the text
    await waitFor(t, (x) => x.includes('/deploy') && x.includes('searching…'), 'the scan of "deploy"');
    // typed during it: echoed while a scan (now of the new text) still runs
    tmux('send-keys', '-l', '-t', t, ' tim');
    await waitFor(t, (x) => x.includes('/deploy tim') && x.includes('searching…'), 'the text echoed during a scan');
    const want = matching('deploy tim');
    let s = await waitFor(t, (x) => !x.includes('searching…') && x.includes(`${want.toLocaleString('en-US')} findings`), 'the list filtered');
    expect(s).toContain('/deploy tim');
    keys(t, 'Enter');
    s = await waitFor(t, (x) => x.includes('search: "deploy tim"'), 'the search kept');
    // another scan, and Ctrl-C while it runs: a normal quit, the terminal restored
    // the line opens on the search there is: Ctrl-U empties it
    keys(t, '/', 'C-u');
    tmux('send-keys', '-l', '-t', t, 'latency');
    await waitFor(t, (x) => x.includes('/latency') && x.includes('searching…'), 'the scan of "latency"');
    keys(t, 'C-c');
    s = await waitFor(t, (x) => x.includes('TTY:'), 'the exit after Ctrl-C');
    expect(s).toContain('EXIT:0');
    expect(s).toMatch(/TTY: icanon echo/);
    expect(terminal(t)).toEqual({ alternate: false, cursor: true });
  });
});
