import { useCopy } from '../hooks/useCopy.js';
import { Frame } from '../components/Frame.js';
import { OverviewView, overviewRows, worstShown } from '../components/OverviewView.js';
import { useOverview } from '../hooks/data.js';
import { useCommands } from '../keys/useCommands.js';
import { hint, keysOf } from '../keys/keymap.js';
import { routes } from '../nav.js';
import { COMMON_HINTS, type ScreenProps } from './types.js';

/** Findings by analyzer and severity (Enter lists them), and the worst sessions (Enter opens one). */
export function OverviewScreen({ store, route, nav, active, width, height, crumbs, actions }: ScreenProps<'overview'>) {
  const o = useOverview(store);
  const rows = overviewRows(o);
  const body = height - 2;
  const nWorst = worstShown(o, body);
  const [c0, c1] = route.cursors;
  const move = (pane: number, d: number, n: number) =>
    nav.update<'overview'>((r) => {
      const next: [number, number] = [r.cursors[0], r.cursors[1]];
      next[pane] = Math.max(0, Math.min(n - 1, next[pane] + d));
      return { cursors: next };
    });
  const { flash, copy } = useCopy(actions);
  const panes = {
    'pane.next': () => nav.update<'overview'>((r) => ({ pane: (r.pane + 1) % 2 })),
    'pane.prev': () => nav.update<'overview'>((r) => ({ pane: (r.pane + 1) % 2 })),
  };
  // only the focused pane listens
  useCommands(
    {
      ...panes,
      'list.up': () => move(0, -1, rows.length),
      'list.down': () => move(0, 1, rows.length),
      'list.top': () => move(0, -rows.length, rows.length),
      'list.bottom': () => move(0, rows.length, rows.length),
      'list.open': () => {
        const a = rows[c0];
        nav.push(routes.findings(a === null || a === undefined ? {} : { analyzer: a }));
      },
      // an analyzer's id ("all analyzers" has none to copy)
      'row.copy': () => copy(rows[c0] ?? undefined),
    },
    { isActive: active && route.pane === 0 },
  );
  useCommands(
    {
      ...panes,
      'list.up': () => move(1, -1, nWorst),
      'list.down': () => move(1, 1, nWorst),
      'list.top': () => move(1, -nWorst, nWorst),
      'list.bottom': () => move(1, nWorst, nWorst),
      'list.open': () => {
        const w = o.worst[c1];
        if (w) nav.push(routes.session(w.session));
      },
      // the session as shown (its hash under --redact)
      'row.copy': () => copy(o.worst[c1]?.session),
    },
    { isActive: active && route.pane === 1 },
  );
  const hints = [
    ...(flash ? [flash] : []),
    `${keysOf('list.up', 1)}${keysOf('list.down', 1)} move`,
    hint('list.open', route.pane === 0 ? 'list findings' : 'open session'),
    hint('pane.next', route.pane === 0 ? 'worst sessions' : 'analyzers'),
    hint('go.findings', 'findings'),
    hint('go.sessions', 'sessions'),
    ...(o.stats.bad_lines > 0 ? [hint('go.badLines', 'bad lines')] : []),
    ...COMMON_HINTS.slice(1),
  ];
  return (
    <Frame width={width} height={height} crumbs={crumbs} hints={hints}>
      <OverviewView overview={o} pane={route.pane} cursors={route.cursors} width={width} height={body} />
    </Frame>
  );
}
