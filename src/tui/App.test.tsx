import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from './App.js';
import { openTuiStore } from './store.js';
import { routes } from './nav.js';
import { openStore } from '../store/connection.js';
import { fixtureFindings, fixtureStore, removeStore, tuiFixture } from './__tests__/fixture-store.js';
import { KEY, linesOf, press, ready, settle, until } from './__tests__/ink.js';
import { MIN_SIZE } from './components/TooSmall.js';
import { EXHAUSTIVE, SLOW } from '../../test/tier.js';

const fixture = tuiFixture();

const SMALL = { columns: 80, rows: 24 };

async function start(initial?: Parameters<typeof App>[0]['initial'], size = SMALL) {
  const r = render(<App store={fixture.store} color={false} size={size} initial={initial} />);
  await ready(r);
  return { ...r, frame: () => r.lastFrame() ?? '', lines: () => linesOf(r.lastFrame()) };
}

/** The breadcrumb: the header line without its right side. */
const crumb = (lines: string[]) => lines[0].split(/ {2,}/)[0];

/** Every frame fits the terminal: no line wider, no more lines than it has. */
function fits(lines: string[], size = SMALL) {
  expect(lines.length).toBeLessThanOrEqual(size.rows - 1);
  for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(size.columns);
}

describe('overview', () => {
  it('shows findings by analyzer and severity, the store and the worst sessions first, at 80x24', async () => {
    const app = await start();
    const lines = app.lines();
    fits(lines);
    expect(crumb(lines)).toBe('amnesia › Overview');
    expect(app.frame()).toContain('Findings 6 in 5 sessions · 3 error · 1 warning · 2 info');
    expect(app.frame()).toMatch(/Store \d+ events · 6 sessions · 6 sources · 0 bad lines/);
    expect(lines.find((l) => l.includes('› all analyzers'))).toMatch(/all analyzers\s+3\s+1\s+2\s+6$/);
    expect(lines.find((l) => l.trim().startsWith('tool-drift'))).toMatch(/tool-drift\s+·\s+1\s+1\s+2$/);
    const worst = lines.findIndex((l) => l.includes('worst sessions first'));
    expect(lines[worst + 1]).toMatch(/^ {2}s7-en\s+1\s+·\s+1/);
    app.unmount();
  });

  it('opens the findings of an analyzer, and a worst session from the second pane', async () => {
    const app = await start();
    await press(app.stdin, 'j', 'j', KEY.enter);
    expect(crumb(app.lines())).toBe('amnesia › Overview › Findings');
    expect(app.frame()).toContain('analyzer: lost-write');
    expect(app.frame()).toContain('1–1 of 1');
    await press(app.stdin, KEY.esc, KEY.tab, KEY.enter);
    expect(crumb(app.lines())).toBe('amnesia › Overview › Session s7-en');
    app.unmount();
  });
});

describe('drilling down: overview -> findings -> finding -> raw event', () => {
  it('walks down and back up with the cursor kept', async () => {
    const app = await start();
    await press(app.stdin, KEY.enter);
    let lines = app.lines();
    fits(lines);
    expect(lines[1]).toBe('sort: severity · analyzer: all · severity: all');
    const rows = lines.filter((l) => /^(›| ) (ERROR|WARN|INFO)/.test(l));
    expect(rows.map((l) => l.slice(2, 8).trim())).toEqual(['ERROR', 'ERROR', 'ERROR', 'WARN', 'INFO', 'INFO']);
    expect(rows[0]).toMatch(/^› ERROR\s+recall-mismatch/);
    await press(app.stdin, 'j', KEY.down);
    expect(app.lines().find((l) => l.startsWith('›'))).toMatch(/concurrent-over.*team-run-en/);
    await press(app.stdin, KEY.enter);
    lines = app.lines();
    fits(lines);
    expect(crumb(lines)).toBe('amnesia › Overview › Findings › f_state');
    expect(lines[1]).toMatch(/^ERROR · concurrent-overwrite · same_base_version · session team-run-en · turn 1/);
    expect(app.frame()).toContain("current_task: executor's write replaced planner's");
    expect(app.frame()).toMatch(/▶ 1 {2}state/);
    expect(app.frame()).toContain('concurrent-overwrite/en.jsonl:3');
    await press(app.stdin, 'j', 'j', KEY.enter);
    lines = app.lines();
    fits(lines);
    expect(lines[0]).toMatch(/Raw event/);
    expect(lines[1]).toMatch(/^state · session team-run-en · turn 1 · 2026-04-20T09:05:03.000Z/);
    expect(lines[2]).toMatch(/^source fixtures\/incidents\/concurrent-overwrite\/en.jsonl:7/);
    expect(app.frame()).toContain('"value": "task_a_done"');
    expect(app.frame()).toContain('"expected_version": 3');
    await press(app.stdin, KEY.esc);
    expect(app.frame()).toMatch(/▶ 3 {2}state/);
    await press(app.stdin, KEY.backspace);
    expect(app.lines().find((l) => l.startsWith('›'))).toMatch(/team-run-en/);
    await press(app.stdin, KEY.esc);
    expect(crumb(app.lines())).toBe('amnesia › Overview');
    app.unmount();
  });

  it('answers a burst of keys that arrive in one read, one key after the other', async () => {
    const app = await start([routes.overview(), routes.findings()]);
    app.stdin.write('jj\r');
    await settle();
    expect(crumb(app.lines())).toBe('amnesia › Overview › Findings › f_state');
    app.unmount();
  });

  it('jumps to the findings, sessions and overview with 2, 3 and 1', async () => {
    const app = await start([routes.overview(), routes.finding('f_lost')]);
    await press(app.stdin, '3');
    expect(crumb(app.lines())).toBe('amnesia › Overview › Sessions');
    expect(app.frame()).toContain('6 sessions');
    await press(app.stdin, '2');
    expect(crumb(app.lines())).toBe('amnesia › Overview › Findings');
    await press(app.stdin, '1');
    expect(crumb(app.lines())).toBe('amnesia › Overview');
    app.unmount();
  });
});

describe('findings list: filter, sort, search, page', () => {
  const rowsOf = (lines: string[]) => lines.filter((l) => /^(›| ) (ERROR|WARN|INFO) /.test(l));

  it('cycles the analyzer and severity filters and clears them', async () => {
    const app = await start([routes.overview(), routes.findings()]);
    await press(app.stdin, 'f');
    expect(app.frame()).toContain('analyzer: concurrent-overwrite');
    expect(rowsOf(app.lines())).toHaveLength(1);
    await press(app.stdin, 'f', 'f', 'f');
    expect(app.frame()).toContain('analyzer: tool-drift');
    expect(rowsOf(app.lines()).map((l) => l.slice(2, 8).trim())).toEqual(['WARN', 'INFO']);
    await press(app.stdin, 'F', 'F');
    expect(app.frame()).toContain('severity: warning');
    expect(rowsOf(app.lines())).toHaveLength(1);
    await press(app.stdin, 'F');
    expect(app.frame()).toContain('severity: info');
    expect(rowsOf(app.lines())[0]).toContain('hostile-1');
    await press(app.stdin, 'x');
    expect(app.frame()).toContain('analyzer: all · severity: all');
    expect(rowsOf(app.lines())).toHaveLength(6);
    app.unmount();
  });

  it('sorts by time, session and analyzer', async () => {
    const app = await start([routes.overview(), routes.findings()]);
    await press(app.stdin, 's');
    expect(app.frame()).toContain('sort: time');
    await press(app.stdin, 's');
    expect(app.frame()).toContain('sort: session');
    const sessions = rowsOf(app.lines()).map((l) => l.split(/\s+/)[3]);
    expect(sessions).toEqual([...sessions].sort());
    await press(app.stdin, 's');
    expect(app.frame()).toContain('sort: analyzer');
    expect(rowsOf(app.lines())[0]).toMatch(/concurrent-over/);
    app.unmount();
  });

  it('searches with /: keys go to the search line, Enter applies, Esc cancels', async () => {
    const app = await start([routes.overview(), routes.findings()]);
    await press(app.stdin, '/', 'q', 'x');
    // q and x were typed, not obeyed
    expect(app.frame()).toContain('/qx');
    await press(app.stdin, KEY.esc);
    expect(app.frame()).not.toContain('/qx');
    expect(rowsOf(app.lines())).toHaveLength(6);
    await press(app.stdin, '/', 't', 'e', 'a', 'm', KEY.enter);
    expect(app.frame()).toContain('search: "team"');
    expect(rowsOf(app.lines())).toHaveLength(1);
    expect(rowsOf(app.lines())[0]).toContain('team-run-en');
    await press(app.stdin, '/', KEY.backspace, KEY.backspace, KEY.backspace, KEY.backspace, 'm', '7', '7', KEY.enter);
    expect(app.frame()).toContain('search: "m77"');
    expect(rowsOf(app.lines())).toHaveLength(2);
    app.unmount();
  });

  it('pages through a long list, a window at a time', async () => {
    const db = openStore(fixture.fx.file);
    const ins = db.prepare('INSERT INTO findings (id, analyzer, severity, session, turn, ts, title, cause, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (let i = 0; i < 500; i++) {
        const id = `f_page${String(i).padStart(4, '0')}`;
        ins.run(id, 'lost-write', 'info', 'paging', i, new Date(Date.UTC(2027, 0, 1) + i * 1000).toISOString(), `page row ${i}`, 'c', '{}');
      }
    })();
    const big = openTuiStore(openStore(fixture.fx.file, { readonly: true }));
    try {
      const r = render(<App store={big} color={false} size={SMALL} initial={[routes.overview(), routes.findings({ session: 'paging', sort: 'session' })]} />);
      await ready(r);
      const frame = () => r.lastFrame() ?? '';
      fits(linesOf(frame()));
      // 24 rows: header, filter line, column header, 18 rows, footer, status
      expect(frame()).toContain('1–18 of 500');
      await press(r.stdin, KEY.pageDown);
      expect(frame()).toContain('19–36 of 500');
      expect(linesOf(frame()).find((l) => l.startsWith('›'))).toContain('page row 18');
      await press(r.stdin, 'G');
      expect(frame()).toContain('483–500 of 500');
      expect(linesOf(frame()).find((l) => l.startsWith('›'))).toContain('page row 499');
      await press(r.stdin, 'g');
      expect(frame()).toContain('1–18 of 500');
      await press(r.stdin, 'j', 'j', 'j');
      expect(linesOf(frame()).find((l) => l.startsWith('›'))).toContain('page row 3');
      r.unmount();
    } finally {
      big.close();
      db.prepare("DELETE FROM findings WHERE id LIKE 'f_page%'").run();
      db.close();
    }
  });
});

describe('finding panes and session pictures', () => {
  it("shows a retrieval finding's picture and its fix, one pane at a time", async () => {
    const app = await start([routes.overview(), routes.finding('f_recall')]);
    expect(app.frame()).toContain('Evidence  │  Picture  │  Fix & detail  │  Replay');
    await press(app.stdin, KEY.tab);
    const lines = app.lines();
    fits(lines);
    expect(app.frame()).toContain('Retrieval of session recall-incident-csv-en');
    expect(app.frame()).toContain('top_k = 2: ranks below are cut');
    expect(lines.find((l) => /^ +3 m77 /.test(l))).toContain('✗ missed');
    expect(lines.find((l) => /^ +1 kb-pricing /.test(l))).toContain('✓ injected');
    await press(app.stdin, KEY.tab);
    expect(app.frame()).toContain('fix: fix for rank_beyond_top_k');
    expect(app.frame()).toContain('"top_k": 2');
    await press(app.stdin, KEY.shiftTab, KEY.shiftTab);
    expect(app.frame()).toMatch(/▶ 1 {2}retrieval/);
    app.unmount();
  });

  it('shows what the reference memory engine does with the same session, beside the finding', async () => {
    const app = await start([routes.overview(), routes.finding('f_lost')]);
    await press(app.stdin, KEY.tab, KEY.tab, KEY.tab);
    await until(() => expect(app.frame()).toContain('reference design: PREVENTED'));
    const frame = app.frame();
    fits(app.lines());
    expect(frame).toMatch(/how: .*commit/i);
    expect(frame).toMatch(/recorded prompt : [\d,]+ tokens/);
    expect(frame).toMatch(/reference prompt: [\d,]+ tokens/);
    await press(app.stdin, KEY.shiftTab);
    expect(app.frame()).toContain('fix:');
    app.unmount();
  });

  it("opens the finding's session timeline with t, on the failure mode's picture", async () => {
    const app = await start([routes.overview(), routes.finding('f_lost')]);
    await press(app.stdin, 't');
    const lines = app.lines();
    fits(lines);
    expect(crumb(lines)).toBe('amnesia › Overview › f_lost › Session s7-en');
    expect(app.frame()).toMatch(/Write lifecycle !/);
    expect(app.frame()).toContain('Write w1 · memory m77 (preference)');
    expect(lines.find((l) => l.startsWith('restart'))).toContain('✖ memory-worker');
    expect(lines.find((l) => l.startsWith('committed'))).toContain('never');
    expect(lines.find((l) => l.startsWith('gap'))).toMatch(/┣━+┫/);
    app.unmount();
  });

  it('cycles the pictures with Tab and steps through items with ← →', async () => {
    const app = await start([routes.overview(), routes.session('s7-en')]);
    // the worst finding of s7-en is the lost write: its picture first
    expect(app.frame()).toContain('Write w1');
    await press(app.stdin, KEY.right);
    expect(app.frame()).toContain('Write w1');
    await press(app.stdin, KEY.left);
    expect(app.frame()).toMatch(/Write w0?0? /);
    await press(app.stdin, KEY.tab);
    expect(app.frame()).toContain('Response style');
    await press(app.stdin, KEY.tab);
    expect(app.frame()).toContain('Prompt fill per request');
    expect(app.frame()).toContain('▲ turn');
    await press(app.stdin, KEY.enter);
    expect(crumb(app.lines())).toBe('amnesia › Overview › Session s7-en › Findings of s7-en');
    expect(app.frame()).toContain('session: s7-en');
    expect(app.frame()).toContain('1–2 of 2');
    app.unmount();
  });

  it('jumps to the first and last item of a picture with g / G, and ten items at a time with PgUp / PgDn', async () => {
    const app = await start([routes.overview(), routes.session('td-incident-en')]);
    const at = () => app.lines()[0].match(/Response style (\d+\/\d+)/)?.[1];
    expect(at()).toBe('5/6');
    await press(app.stdin, 'g');
    expect(at()).toBe('1/6');
    await press(app.stdin, KEY.pageDown);
    expect(at()).toBe('6/6');
    await press(app.stdin, KEY.pageUp);
    expect(at()).toBe('1/6');
    await press(app.stdin, 'G');
    expect(at()).toBe('6/6');
    await press(app.stdin, KEY.left);
    expect(at()).toBe('5/6');
    app.unmount();
  });

  it('draws the state lanes and the style sparklines of their sessions', async () => {
    let app = await start([routes.overview(), routes.session('team-run-en')]);
    expect(app.frame()).toContain('State versions !');
    expect(app.lines().find((l) => l.startsWith('planner'))).toContain('✖v4');
    expect(app.lines().find((l) => l.startsWith('executor'))).toContain('▲v5');
    app.unmount();
    app = await start([routes.overview(), routes.session('td-incident-en')]);
    expect(app.frame()).toContain('Response style !');
    const turn = app.lines().find((l) => l.startsWith('turn'))!;
    const tool = app.lines().find((l) => l.startsWith('tool '))!;
    const drift = app.lines().find((l) => l.startsWith('drift'))!;
    expect([...tool].indexOf('◆')).toBe([...drift].indexOf('▲'));
    expect(turn.length).toBeGreaterThan(10);
    app.unmount();
  });
});

describe('refresh (R)', () => {
  it('shows the findings of a store analyzed again, on the screen the user is on, and says when it cannot', async () => {
    // the store a refresh answers with: the same logs, two findings left
    const later = await fixtureStore({ findings: (db) => fixtureFindings(db).slice(0, 2) });
    later.db.close();
    const next = openTuiStore(openStore(later.file, { readonly: true }));
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const r = render(
      <App
        store={fixture.store}
        color={false}
        size={SMALL}
        reload={async () => {
          await gate;
          return next;
        }}
      />,
    );
    await ready(r);
    const frame = () => r.lastFrame() ?? '';
    expect(frame()).toContain('Findings 6 in 5 sessions');
    await press(r.stdin, 'R');
    expect(linesOf(frame())[0]).toContain('refreshing: analyzing again…');
    // the screen answers keys while the analysis runs
    await press(r.stdin, '2');
    expect(linesOf(frame())[0]).toMatch(/^amnesia › Overview › Findings › refreshing/);
    release();
    await until(() => expect(frame()).toContain('1–2 of 2'));
    expect(linesOf(frame())[0]).not.toContain('refreshing');
    r.unmount();
    next.close();
    removeStore(later);

    // a refresh that fails leaves the store shown and says why; without a way to refresh, R says so
    const failing = render(<App store={fixture.store} color={false} size={SMALL} reload={() => Promise.reject(new Error('database is locked\nat ...'))} />);
    await ready(failing);
    await press(failing.stdin, 'R');
    await until(() => expect(linesOf(failing.lastFrame())[0]).toContain('refresh failed: database is locked'));
    expect(failing.lastFrame()).toContain('Findings 6 in 5 sessions');
    failing.unmount();
    const none = render(<App store={fixture.store} color={false} size={SMALL} />);
    await ready(none);
    await press(none.stdin, 'R');
    expect(linesOf(none.lastFrame())[0]).toContain('nothing to refresh from');
    none.unmount();
  });
});

describe('the : command line', () => {
  it('opens on the last row within the frame, runs a line on Enter, cancels on Esc, and says why a line failed', async () => {
    const app = await start();
    await press(app.stdin, ':');
    let lines = app.lines();
    fits(lines);
    expect(lines.at(-1)).toMatch(/^:\s+finding id · s <session>/);
    // keys go to the line, not to the screen: "q" and "s" are typed, not obeyed
    await press(app.stdin, 's', ' ', 's', '7', '-', 'e', 'n', KEY.enter);
    lines = app.lines();
    fits(lines);
    expect(crumb(lines)).toBe('amnesia › Overview › Session s7-en');
    await press(app.stdin, ':', 'q', KEY.esc);
    expect(crumb(app.lines())).toBe('amnesia › Overview › Session s7-en');
    expect(app.lines().at(-1)).not.toMatch(/^:/);
    await press(app.stdin, ':', 'f', '_', 's', 't', KEY.enter);
    expect(crumb(app.lines())).toBe('amnesia › Overview › Session s7-en › f_state');
    await press(app.stdin, ':', 'a', ' ', 'n', 'o', 'p', 'e', KEY.enter);
    expect(app.lines()[0]).toContain('no analyzer "nope"');
    expect(crumb(app.lines())).toMatch(/^amnesia › Overview › Session s7-en › f_state › no analyzer/);
    await press(app.stdin, ':', 's', 'e', 'v', ' ', 'e', 'r', 'r', KEY.enter);
    expect(crumb(app.lines())).toBe('amnesia › Overview › Findings');
    expect(app.frame()).toContain('severity: error');
    await press(app.stdin, ':', 'q', KEY.enter);
    await until(() => expect(app.stdin.listenerCount('readable')).toBe(0));
  });
});

describe('help, size and safety', () => {
  // npm test: the default size and the smallest, where a line or a row too many shows first; test:slow: all four
  it(
    'fits every screen, pane and picture into 80x24, 100x30, 60x20 and the smallest size it draws (60x17) (npm test: 80x24 and 60x17)',
    EXHAUSTIVE,
    async () => {
      const findings = ['f_lost', 'f_state', 'f_drift', 'f_recall', 'f_window', 'f_hostile'];
      const sessions = ['s7-en', 'team-run-en', 'td-incident-en', 'recall-incident-csv-en'];
      const sizes = SLOW ? [SMALL, { columns: 100, rows: 30 }, { columns: 60, rows: 20 }, MIN_SIZE] : [SMALL, MIN_SIZE];
      for (const size of sizes) {
        const check = async (initial: Parameters<typeof App>[0]['initial'], presses: string[][]) => {
          const r = render(<App store={fixture.store} color={false} size={size} initial={initial} />);
          await ready(r);
          for (const keys of [[], ...presses]) {
            await press(r.stdin, ...keys);
            const lines = linesOf(r.lastFrame());
            expect(lines.length, `${JSON.stringify(initial?.at(-1))} ${keys} at ${size.columns}x${size.rows}`).toBeLessThanOrEqual(size.rows - 1);
            for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(size.columns);
            // the key hints are the last line: nothing overflowed past the body
            expect(lines.at(-1)).toMatch(/^(↑↓|←→|Tab |\? |type )/);
          }
          r.unmount();
        };
        await check([routes.overview()], [[KEY.tab]]);
        await check([routes.overview(), routes.findings()], [['/']]);
        await check([routes.overview(), routes.sessions()], []);
        for (const id of findings) await check([routes.overview(), routes.finding(id)], [[KEY.tab], [KEY.tab], [KEY.tab, KEY.enter]]);
        for (const s of sessions) await check([routes.overview(), routes.session(s)], [[KEY.tab], [KEY.tab], [KEY.tab], [KEY.right]]);
      }
    },
  );

  it('shows the help generated from the keymap with ?, scrolls it and closes it', async () => {
    const app = await start();
    await press(app.stdin, '?');
    expect(crumb(app.lines())).toBe('amnesia › Overview › Help');
    expect(app.frame()).toContain('Esc, Backspace       back to the previous screen');
    expect(app.frame()).toContain('Ctrl+Z               suspend to the shell');
    fits(app.lines());
    await press(app.stdin, ...Array(30).fill('j'));
    expect(app.frame()).toContain('←, h                 previous item of the picture');
    await press(app.stdin, '?');
    expect(crumb(app.lines())).toBe('amnesia › Overview');
    app.unmount();
  });

  it('says the terminal is too small below 60x17, and draws the screen again when it grows', async () => {
    for (const size of [
      { columns: 40, rows: 12 },
      { columns: 59, rows: 30 },
      { columns: 100, rows: 16 },
    ]) {
      const app = await start([routes.overview(), routes.findings()], size);
      expect(app.frame()).toContain('terminal too small');
      expect(app.frame()).toContain(`${size.columns}x${size.rows}, needs 60x17`);
      expect(app.frame()).not.toContain('sort:');
      fits(app.lines(), size);
      app.rerender(<App store={fixture.store} color={false} size={SMALL} initial={[routes.overview(), routes.findings()]} />);
      await until(() => expect(app.frame()).toContain('sort: severity'));
      expect(app.frame()).not.toContain('too small');
      app.unmount();
    }
  });

  it('lays out again for a larger terminal', async () => {
    const app = await start([routes.overview(), routes.findings()]);
    const narrow = app.lines();
    app.rerender(<App store={fixture.store} color={false} size={{ columns: 130, rows: 40 }} initial={[routes.overview(), routes.findings()]} />);
    await until(() => expect(app.lines().length).toBeGreaterThan(narrow.length));
    const wide = app.lines();
    fits(wide, { columns: 130, rows: 40 });
    expect(Math.max(...wide.map((l) => [...l].length))).toBeGreaterThan(Math.max(...narrow.map((l) => [...l].length)));
    expect(wide.length).toBeGreaterThan(narrow.length);
    app.unmount();
  });

  it('shows escape sequences from the logs as text', async () => {
    const app = await start([routes.overview(), routes.finding('f_hostile')]);
    expect(app.frame()).toContain('hostile \\x1b[2J title');
    await press(app.stdin, 'j', KEY.enter);
    expect(app.frame()).toContain('"content": "noted \\u001b[2J cleared?"');
    expect(app.frame()).not.toContain('\u001b[');
    app.unmount();
  });
});
