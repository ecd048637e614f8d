import { Text } from 'ink';
import { Frame } from '../components/Frame.js';
import { ListView } from '../components/ListView.js';
import { SessionRowText, sessionHeader } from '../components/rows.js';
import { SearchBar } from '../components/SearchBar.js';
import { useSearchLine } from '../hooks/useSearchLine.js';
import { useOverview, useSessionsPage } from '../hooks/data.js';
import { useCommands } from '../keys/useCommands.js';
import { hint, keysOf } from '../keys/keymap.js';
import { clampList, moveList, LIST_START, type ListMove } from '../list.js';
import { routes } from '../nav.js';
import { SESSION_SORTS, type SessionFilter } from '../store.js';
import { SEVERITY_CYCLE, cycle, filterLine } from './filters.js';
import { useTheme } from '../theme.js';
import { COMMON_HINTS, type ScreenProps } from './types.js';

/** Every session, worst first, page by page: sortable, filterable, searchable by id. */
export function SessionsScreen({ store, route, nav, active, width, height, crumbs, setTyping }: ScreenProps<'sessions'>) {
  const theme = useTheme();
  const analyzers = useOverview(store).analyzers;
  const f = route.filter;
  const search = useSearchLine(f.text, (text) => setFilter({ text }), setTyping);
  const searching = search.searching;
  const rowsH = Math.max(1, height - 5 - (searching ? 1 : 0));
  const { total } = useSessionsPage(store, f, 0, 0);
  const list = clampList(route.list, total, rowsH);
  const page = useSessionsPage(store, f, list.top, rowsH);
  const setFilter = (patch: Partial<SessionFilter>) => nav.update<'sessions'>({ filter: { ...f, ...patch }, list: LIST_START });
  const go = (m: ListMove) => nav.update<'sessions'>((r) => ({ list: moveList(clampList(r.list, total, rowsH), m, total, rowsH) }));
  useCommands(
    {
      'list.up': () => go('up'),
      'list.down': () => go('down'),
      'list.pageUp': () => go('pageUp'),
      'list.pageDown': () => go('pageDown'),
      'list.top': () => go('top'),
      'list.bottom': () => go('bottom'),
      'list.open': () => {
        const row = page.rows[list.cursor - list.top];
        if (row) nav.push(routes.session(row.session));
      },
      'search.open': search.open,
      'filter.cycle': () => setFilter({ analyzer: cycle([undefined, ...analyzers], f.analyzer) }),
      'filter.severity': () => setFilter({ severity: cycle(SEVERITY_CYCLE, f.severity) }),
      'filter.clear': () => setFilter({ analyzer: undefined, severity: undefined, text: undefined }),
      'sort.cycle': () => setFilter({ sort: cycle(SESSION_SORTS, f.sort)! }),
    },
    { isActive: active && !searching },
  );
  const hints = searching
    ? ['type part of a session id']
    : [
        `${keysOf('list.up', 1)}${keysOf('list.down', 1)} ${keysOf('list.pageDown', 1)} move`,
        hint('list.open', 'open'),
        hint('search.open', 'search'),
        hint('filter.cycle', 'analyzer'),
        hint('filter.severity', 'severity'),
        hint('sort.cycle', 'sort'),
        hint('filter.clear', 'clear'),
        ...COMMON_HINTS,
      ];
  return (
    <Frame width={width} height={height} crumbs={crumbs} hints={hints} right={`${total.toLocaleString('en-US')} session${total === 1 ? '' : 's'}`}>
      <Text wrap="truncate" {...theme.tone('dim')}>
        {filterLine([
          ['sort', f.sort],
          ['analyzer', f.analyzer],
          ['severity', f.severity],
          ['search', f.text],
        ])}
      </Text>
      {searching ? (
        <SearchBar
          {...search.bar}
          active={active}
          placeholder="part of a session id"
        />
      ) : null}
      <ListView
        rows={page.rows}
        total={total}
        top={list.top}
        cursor={list.cursor}
        height={rowsH}
        width={width}
        header={sessionHeader(width - 2)}
        empty={f.text || f.analyzer || f.severity ? `no sessions match (${keysOf('filter.clear', 1)} clears the filters)` : 'the store holds no sessions'}
        renderRow={(row, selected, w) => <SessionRowText row={row} selected={selected} width={w} />}
      />
    </Frame>
  );
}
