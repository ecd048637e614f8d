import { describe, expect, it } from 'vitest';
import { clampList, moveList } from './list.js';
import { navReducer, routes, type Route } from './nav.js';

describe('moveList', () => {
  it('moves the cursor and scrolls the window to keep it visible', () => {
    let s = { cursor: 0, top: 0 };
    for (let i = 0; i < 12; i++) s = moveList(s, 'down', 100, 10);
    expect(s).toEqual({ cursor: 12, top: 3 });
    s = moveList(s, 'pageDown', 100, 10);
    expect(s).toEqual({ cursor: 22, top: 13 });
    s = moveList(s, 'bottom', 100, 10);
    expect(s).toEqual({ cursor: 99, top: 90 });
    s = moveList(s, 'pageDown', 100, 10);
    expect(s).toEqual({ cursor: 99, top: 90 });
    s = moveList(s, 'pageUp', 100, 10);
    expect(s).toEqual({ cursor: 89, top: 80 });
    expect(moveList(s, 'top', 100, 10)).toEqual({ cursor: 0, top: 0 });
    expect(moveList({ cursor: 0, top: 0 }, 'up', 100, 10)).toEqual({ cursor: 0, top: 0 });
  });

  it('clamps after the list shrank (a filter) or the window grew (a resize)', () => {
    expect(clampList({ cursor: 50, top: 45 }, 7, 10)).toEqual({ cursor: 6, top: 0 });
    expect(clampList({ cursor: 50, top: 45 }, 100, 30)).toEqual({ cursor: 50, top: 45 });
    expect(clampList({ cursor: 95, top: 90 }, 100, 30)).toEqual({ cursor: 95, top: 70 });
    expect(clampList({ cursor: 3, top: 0 }, 0, 10)).toEqual({ cursor: 0, top: 0 });
  });
});

describe('navReducer', () => {
  it('pushes, updates the top screen (a function sees the latest state) and goes back', () => {
    let s: Route[] = [routes.overview()];
    s = navReducer(s, { type: 'push', route: routes.findings() });
    s = navReducer(s, { type: 'update', patch: (r) => ({ list: { cursor: (r as ReturnType<typeof routes.findings>).list.cursor + 1, top: 0 } }) });
    s = navReducer(s, { type: 'update', patch: (r) => ({ list: { cursor: (r as ReturnType<typeof routes.findings>).list.cursor + 1, top: 0 } }) });
    expect(s[1]).toMatchObject({ screen: 'findings', list: { cursor: 2 } });
    s = navReducer(s, { type: 'push', route: routes.finding('f1') });
    expect(navReducer(s, { type: 'back' })[1]).toMatchObject({ list: { cursor: 2 } });
    expect(navReducer(s, { type: 'root', route: routes.sessions() }).map((r) => r.screen)).toEqual(['overview', 'sessions']);
    expect(navReducer([routes.overview()], { type: 'back' })).toHaveLength(1);
  });
});

describe('Esc on a narrowed list (issue 35: lazygit, k9s and lnav clear a filter before leaving)', () => {
  const top = (s: Route[]) => s[s.length - 1];
  const narrow = (s: Route[], filter: object): Route[] =>
    navReducer(s, { type: 'update', patch: (r) => ({ filter: { ...(r as { filter: object }).filter, ...filter } }) as Partial<Route> });

  it('first puts back the filter the list was opened with, keeping its sort; the next Esc leaves', () => {
    let s: Route[] = [routes.overview(), routes.findings()];
    s = narrow(s, { text: 'zh', severity: 'error', confidence: 'likely', sort: 'time', reverse: true });
    s = navReducer(s, { type: 'update', patch: { list: { cursor: 3, top: 0 } } });
    s = navReducer(s, { type: 'back' });
    expect(s.map((r) => r.screen)).toEqual(['overview', 'findings']);
    expect(top(s)).toMatchObject({ filter: { sort: 'time', reverse: true, text: undefined, severity: undefined, confidence: undefined }, list: { cursor: 0 } });
    s = navReducer(s, { type: 'back' });
    expect(s.map((r) => r.screen)).toEqual(['overview']);
  });

  it("keeps what it was opened with (an analyzer's findings, a session's): Esc leaves unless narrowed further", () => {
    const opened: Route[] = [routes.overview(), routes.findings({ analyzer: 'lost-write', session: 's7-en' })];
    expect(navReducer(opened, { type: 'back' }).map((r) => r.screen)).toEqual(['overview']);
    // sorting is not narrowing
    expect(navReducer(narrow(opened, { sort: 'time' }), { type: 'back' })).toHaveLength(1);
    let s = narrow(opened, { analyzer: 'tool-drift', text: 'deploy' });
    s = navReducer(s, { type: 'back' });
    expect(top(s)).toMatchObject({ screen: 'findings', filter: { analyzer: 'lost-write', session: 's7-en', text: undefined } });
    expect(navReducer(s, { type: 'back' })).toHaveLength(1);
  });

  it('does the same on the sessions list; other screens just go back', () => {
    let s: Route[] = [routes.overview(), routes.sessions()];
    s = narrow(s, { analyzer: 'lost-write' });
    s = navReducer(s, { type: 'back' });
    expect(top(s)).toMatchObject({ screen: 'sessions', filter: { analyzer: undefined, sort: 'worst' } });
    expect(navReducer([...s, routes.finding('f1')], { type: 'back' }).map((r) => r.screen)).toEqual(['overview', 'sessions']);
  });
});
