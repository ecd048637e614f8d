import { describe, expect, it, vi } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from '../App.js';
import { routes } from '../nav.js';
import { tuiFixture } from '../__tests__/fixture-store.js';
import { KEY, linesOf, press, ready } from '../__tests__/ink.js';
import type { Actions } from '../actions.js';
import { pickerItems } from './AnalyzerPicker.js';
import { findingColumns, findingHeader, listTime, sessionHeader, sortArrow } from '../components/rows.js';

/** Issue 35: sort by column and reverse, a time column, `f` as a picker, `y` on any row. */

const fixture = tuiFixture();

async function start(initial: Parameters<typeof App>[0]['initial'], size = { columns: 100, rows: 30 }, actions?: Actions) {
  const r = render(<App store={fixture.store} color={false} size={size} initial={initial} actions={actions} />);
  await ready(r);
  return { ...r, frame: () => r.lastFrame() ?? '', lines: () => linesOf(r.lastFrame()) };
}

const rowsOf = (lines: string[]) => lines.filter((l) => /^(›| ) (ERROR|WARN|INFO)/.test(l));
const header = (lines: string[]) => lines.find((l) => /^ {2}sev/.test(l) || /^ {2}session/.test(l)) ?? '';

describe('sort by column, reversed (s, S)', () => {
  it('marks the sorted column in the header and reverses the rows with S; no time column unless sorted by it', async () => {
    const app = await start([routes.overview(), routes.findings()]);
    expect(header(app.lines())).toMatch(/^ {2}sev▼ /);
    expect(header(app.lines())).not.toContain('time');
    const forward = rowsOf(app.lines()).map((l) => l.slice(2).trim());
    await press(app.stdin, 'S');
    expect(app.frame()).toContain('sort: severity ▲');
    expect(header(app.lines())).toMatch(/^ {2}sev▲ /);
    expect(rowsOf(app.lines()).map((l) => l.slice(2).trim())).toEqual([...forward].reverse());
    // the next column starts forward again
    await press(app.stdin, 's');
    expect(app.frame()).toContain('sort: time ▼');
    expect(header(app.lines())).toMatch(/ time▼ /);
    app.unmount();
  });

  it('shows a time column, newest first, oldest first once reversed', async () => {
    const app = await start([routes.overview(), routes.findings({ sort: 'time' })]);
    const times = () => rowsOf(app.lines()).map((l) => /\d{4}-\d\d-\d\d \d\d:\d\d/.exec(l)?.[0] ?? '');
    const t = times();
    expect(t.every((x) => x !== '')).toBe(true);
    expect(t).toEqual([...t].sort().reverse());
    await press(app.stdin, 'S');
    expect(times()).toEqual([...t].reverse());
    app.unmount();
  });

  it('keeps the time column when sorted by time at 60 columns, every row within the width', async () => {
    const size = { columns: 60, rows: 17 };
    const app = await start([routes.overview(), routes.findings({ sort: 'time' })], size);
    const lines = app.lines();
    expect(header(lines)).toContain('time▼');
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(60);
    expect(rowsOf(lines).every((l) => /\d{4}-\d\d-\d\d \d\d:\d\d/.test(l))).toBe(true);
    app.unmount();
  });

  it('sorts the sessions list by last event with its time column, and reverses it', async () => {
    const app = await start([routes.overview(), routes.sessions({ sort: 'recent' })], { columns: 80, rows: 24 });
    expect(header(app.lines())).toContain('last event▼');
    const times = () => app.lines().flatMap((l) => /^[› ] .*?(\d{4}-\d\d-\d\d \d\d:\d\d)/.exec(l)?.[1] ?? []);
    const t = times();
    expect(t.length).toBeGreaterThan(2);
    expect(t).toEqual([...t].sort().reverse());
    await press(app.stdin, 'S');
    expect(header(app.lines())).toContain('last event▲');
    expect(times()).toEqual([...t].sort());
    app.unmount();
  });

  it('column layout: a time column when sorted by time (always from 140 cells); arrows by direction', () => {
    expect(findingColumns(70).time).toBe(0);
    expect(findingColumns(98).time).toBe(0);
    expect(findingColumns(70, 'time').time).toBe(16);
    expect(findingColumns(70, 'time').turn).toBe(0);
    expect(findingColumns(98, 'time').turn).toBe(5);
    expect(findingColumns(150).time).toBe(19);
    expect(findingHeader(98, { sort: 'session', reverse: true })).toMatch(/session▼/);
    expect(findingHeader(98, { sort: 'analyzer' })).toMatch(/analyzer▲/);
    expect(sessionHeader(98, { sort: 'events' })).toMatch(/events▼/);
    expect(sessionHeader(70, { sort: 'worst' })).not.toContain('last event');
    expect(sortArrow(true, undefined)).toBe('▼');
    expect(sortArrow(true, true)).toBe('▲');
    expect(listTime('2026-03-02T10:15:42.000Z', 16)).toBe('2026-03-02 10:15');
    expect(listTime('2026-03-02T10:15:42.000Z', 19)).toBe('2026-03-02 10:15:42');
    expect(listTime('2026-03-02T10:15:42.000Z', 10)).toBe('2026-03-02');
    expect(listTime(null, 16)).toBe('–');
  });
});

describe('f: a picker of the analyzers with findings', () => {
  it('lists only analyzers that keep a row under the other filters, with counts', () => {
    const counts: Record<string, number> = { a: 3, b: 0, c: 1 };
    const count = (f: { analyzer?: string }) => (f.analyzer === undefined ? 4 : counts[f.analyzer]);
    expect(pickerItems(['a', 'b', 'c'], {}, count)).toEqual([
      { analyzer: undefined, count: 4 },
      { analyzer: 'a', count: 3 },
      { analyzer: 'c', count: 1 },
    ]);
    // the analyzer filtered by stays listed, even at 0
    expect(pickerItems(['a', 'b', 'c'], { analyzer: 'b' }, count).map((i) => i.analyzer)).toEqual([undefined, 'a', 'b', 'c']);
  });

  it('opens with counts, Esc closes it and stays on the list, Enter filters', async () => {
    const app = await start([routes.overview(), routes.findings({ severity: 'error' })]);
    await press(app.stdin, 'f');
    const frame = app.frame();
    expect(frame).toContain('filter by analyzer');
    // three errors: one each of concurrent-overwrite, lost-write, recall-mismatch; tool-drift has none
    expect(frame).toMatch(/› all analyzers\s+3/);
    expect(frame).toMatch(/lost-write\s+1/);
    expect(frame).not.toContain('tool-drift');
    expect(frame).not.toContain('scope-leak');
    await press(app.stdin, KEY.esc);
    expect(app.frame()).not.toContain('filter by analyzer');
    expect(app.frame()).toContain('› Findings');
    expect(app.frame()).toContain('analyzer: all');
    await press(app.stdin, 'f', 'j', 'j', KEY.enter);
    expect(app.frame()).toContain('analyzer: lost-write');
    expect(rowsOf(app.lines())).toHaveLength(1);
    app.unmount();
  });

  it('fits 60x17 with the picker open', async () => {
    const app = await start([routes.overview(), routes.findings()], { columns: 60, rows: 17 });
    await press(app.stdin, 'f');
    const lines = app.lines();
    expect(lines.join('\n')).toContain('filter by analyzer');
    expect(lines.length).toBeLessThanOrEqual(16);
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(60);
    app.unmount();
  });

  it('on the sessions list counts sessions', async () => {
    const app = await start([routes.overview(), routes.sessions()]);
    await press(app.stdin, 'f');
    expect(app.frame()).toMatch(/tool-drift\s+2/);
    expect(app.frame()).toMatch(/all analyzers\s+6/);
    await press(app.stdin, 'G', KEY.enter);
    expect(app.frame()).toContain('analyzer: window-overflow');
    app.unmount();
  });
});

describe('y copies the selected row', () => {
  it("a finding row's id, a session row's id, and says so", async () => {
    const actions = { copy: vi.fn(), edit: vi.fn(() => null) };
    const app = await start([routes.overview(), routes.findings()], undefined, actions);
    await press(app.stdin, 'j', 'y');
    expect(actions.copy).toHaveBeenLastCalledWith('f_lost');
    expect(app.frame()).toContain('copied f_lost (OSC 52)');
    await press(app.stdin, '3', 'y');
    expect(actions.copy).toHaveBeenLastCalledWith('s7-en');
    expect(app.frame()).toContain('copied s7-en (OSC 52)');
    app.unmount();
  });
});

describe('y on the overview', () => {
  it("copies the analyzer of a row, and a worst session's id", async () => {
    const actions = { copy: vi.fn(), edit: vi.fn(() => null) };
    const app = await start([routes.overview()], undefined, actions);
    // "all analyzers" names none: nothing copied
    await press(app.stdin, 'y');
    expect(actions.copy).not.toHaveBeenCalled();
    await press(app.stdin, 'j', 'y');
    expect(actions.copy).toHaveBeenLastCalledWith(fixture.store.overview().analyzers[0]);
    await press(app.stdin, KEY.tab, 'y');
    expect(actions.copy).toHaveBeenLastCalledWith('s7-en');
    expect(app.frame()).toContain('copied s7-en (OSC 52)');
    app.unmount();
  });
});

describe('y on a session and a raw event', () => {
  it("copies the session's id, and the raw event's source file:line", async () => {
    const actions = { copy: vi.fn(), edit: vi.fn(() => null) };
    const app = await start([routes.overview(), routes.session('s7-en')], undefined, actions);
    await press(app.stdin, 'y');
    expect(actions.copy).toHaveBeenLastCalledWith('s7-en');
    expect(app.frame()).toContain('copied s7-en (OSC 52)');
    app.unmount();
    const step = fixture.store.finding('f_lost')!.evidence[0];
    const raw = await start([routes.overview(), routes.finding('f_lost'), routes.raw(step.source, 's7-en', step.source)], undefined, actions);
    await press(raw.stdin, 'y');
    expect(actions.copy).toHaveBeenLastCalledWith(step.source);
    // cut in the middle when long: its end (the line) stays
    expect(raw.frame()).toMatch(new RegExp(`copied \\S*${step.source.slice(-12).replace(/[.]/g, '\\.')} \\(OSC 52\\)`));
    raw.unmount();
  });
});
