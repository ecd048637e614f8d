import type { FindingFilter, SessionFilter } from './store.js';
import type { PictureKind } from './charts/model.js';
import { LIST_START, type ListState } from './list.js';

/**
 * Where the user is: a stack of screens, each with its own view state (cursor, filter, pane),
 * so going back returns to the row you left. Pure; App.tsx holds it in a reducer.
 */
export type Route =
  | { screen: 'overview'; pane: number; cursors: [number, number] }
  | { screen: 'findings'; filter: FindingFilter; list: ListState; opened?: Narrowing }
  | { screen: 'sessions'; filter: SessionFilter; list: ListState; opened?: Narrowing }
  | { screen: 'finding'; id: string; pane: number; list: ListState; item: number | null; scroll: number }
  | { screen: 'session'; session: string; kind: PictureKind | null; item: number | null; findingId: string | null }
  | { screen: 'raw'; session: string | null; ref: string; source: string | null; scroll: number; find: string | null }
  | { screen: 'bad'; list: ListState };

export type ScreenName = Route['screen'];

/** What of a list's filter keeps rows out (the sort only orders them): a list remembers the one it was opened with. */
const NARROWING = ['analyzer', 'severity', 'session', 'confidence', 'text'] as const;
type Narrowing = Partial<Pick<FindingFilter, (typeof NARROWING)[number]>>;
const narrowing = (f: Partial<FindingFilter | SessionFilter>): Narrowing =>
  Object.fromEntries(NARROWING.flatMap((k) => (k in f && (f as Narrowing)[k] !== undefined ? [[k, (f as Narrowing)[k]]] : [])));

/**
 * A list narrowed since it was opened (a search, `f`, `F`, `c`): Esc first puts back the filter it was
 * opened with (lazygit's, k9s' and lnav's habit), keeping its sort; the next Esc leaves it.
 */
function unnarrowed(r: Route): Route | null {
  if (r.screen !== 'findings' && r.screen !== 'sessions') return null;
  const now = narrowing(r.filter);
  const opened = r.opened ?? {};
  if (NARROWING.every((k) => now[k] === opened[k])) return null;
  const cleared = Object.fromEntries(NARROWING.map((k) => [k, opened[k]]));
  return { ...r, filter: { ...r.filter, ...cleared }, list: LIST_START } as Route;
}
export type RouteOf<S extends ScreenName> = Extract<Route, { screen: S }>;

export const routes = {
  overview: (): RouteOf<'overview'> => ({ screen: 'overview', pane: 0, cursors: [0, 0] }),
  findings: (filter: Partial<FindingFilter> = {}): RouteOf<'findings'> => ({
    screen: 'findings',
    filter: { sort: 'severity', ...filter },
    list: LIST_START,
    opened: narrowing(filter),
  }),
  sessions: (filter: Partial<SessionFilter> = {}): RouteOf<'sessions'> => ({
    screen: 'sessions',
    filter: { sort: 'worst', ...filter },
    list: LIST_START,
    opened: narrowing(filter),
  }),
  finding: (id: string): RouteOf<'finding'> => ({ screen: 'finding', id, pane: 0, list: LIST_START, item: null, scroll: 0 }),
  session: (session: string, opts: { kind?: PictureKind | null; findingId?: string | null; item?: number | null } = {}): RouteOf<'session'> => ({
    screen: 'session',
    session,
    kind: opts.kind ?? null,
    item: opts.item ?? null,
    findingId: opts.findingId ?? null,
  }),
  bad: (): RouteOf<'bad'> => ({ screen: 'bad', list: LIST_START }),
  /** find: the evidence step's excerpt, jumped to and highlighted in the event */
  raw: (ref: string, session: string | null, source: string | null = null, find: string | null = null): RouteOf<'raw'> => ({
    screen: 'raw',
    session,
    ref,
    source,
    scroll: 0,
    find,
  }),
};

export type NavAction =
  | { type: 'push'; route: Route }
  | { type: 'back' }
  | { type: 'root'; route?: Route }
  | { type: 'update'; patch: Partial<Route> | ((top: Route) => Partial<Route>) };

export function navReducer(stack: Route[], a: NavAction): Route[] {
  switch (a.type) {
    case 'push':
      return [...stack, a.route];
    case 'back': {
      const cleared = unnarrowed(stack[stack.length - 1]);
      if (cleared) return [...stack.slice(0, -1), cleared];
      return stack.length > 1 ? stack.slice(0, -1) : stack;
    }
    case 'root':
      return a.route ? [stack[0], a.route] : [stack[0]];
    case 'update': {
      const top = stack[stack.length - 1];
      const patch = typeof a.patch === 'function' ? a.patch(top) : a.patch;
      return [...stack.slice(0, -1), { ...top, ...patch } as Route];
    }
  }
}

/** What screens get to move around. */
export interface Navigator {
  push(route: Route): void;
  back(): void;
  /** change the current screen's view state (a function sees the latest state: keys typed in one burst add up) */
  update<S extends ScreenName>(patch: Partial<RouteOf<S>> | ((top: RouteOf<S>) => Partial<RouteOf<S>>)): void;
}

/** "Overview › Findings › f_3c9a…": the breadcrumb of a stack. */
export function breadcrumb(stack: Route[]): string[] {
  return stack.map((r) => {
    switch (r.screen) {
      case 'overview':
        return 'Overview';
      case 'findings':
        return r.filter.session !== undefined ? `Findings of ${r.filter.session}` : 'Findings';
      case 'sessions':
        return 'Sessions';
      case 'finding':
        return r.id;
      case 'session':
        return `Session ${r.session}`;
      case 'raw':
        return 'Raw event';
      case 'bad':
        return 'Bad lines';
    }
  });
}
