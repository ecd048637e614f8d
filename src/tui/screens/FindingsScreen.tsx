import { Box, Text } from 'ink';
import { Frame } from '../components/Frame.js';
import { ListView } from '../components/ListView.js';
import { FindingRowText, findingHeader } from '../components/rows.js';
import { emptyFindings } from '../components/OverviewView.js';
import { SearchBar } from '../components/SearchBar.js';
import { useSearchLine } from '../hooks/useSearchLine.js';
import { useFindingsPage, useOverview } from '../hooks/data.js';
import { useCommands } from '../keys/useCommands.js';
import { hint, keysOf } from '../keys/keymap.js';
import { clampList, moveList, LIST_START, type ListMove } from '../list.js';
import { routes } from '../nav.js';
import { FINDING_SORTS, type FindingFilter } from '../store.js';
import { SEVERITY_CYCLE, cycle, filterLine } from './filters.js';
import { useTheme } from '../theme.js';
import { COMMON_HINTS, type ScreenProps } from './types.js';

/** All findings (or a session's), page by page from the store: sortable, filterable, searchable. */
export function FindingsScreen({ store, route, nav, active, width, height, crumbs, setTyping }: ScreenProps<'findings'>) {
  const theme = useTheme();
  const { analyzers, analyzedAt } = useOverview(store);
  const f = route.filter;
  const search = useSearchLine(f.text, (text) => setFilter({ text }), setTyping);
  const searching = search.searching;
  // frame (2) + filter line (1) + list header and footer (2) + search line when open (1)
  const rowsH = Math.max(1, height - 5 - (searching ? 1 : 0));
  const { total } = useFindingsPage(store, f, 0, 0);
  const list = clampList(route.list, total, rowsH);
  const page = useFindingsPage(store, f, list.top, rowsH);
  const setFilter = (patch: Partial<FindingFilter>) => nav.update<'findings'>({ filter: { ...f, ...patch }, list: LIST_START });
  const go = (m: ListMove) => nav.update<'findings'>((r) => ({ list: moveList(clampList(r.list, total, rowsH), m, total, rowsH) }));
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
        if (row) nav.push(routes.finding(row.id));
      },
      'search.open': search.open,
      'filter.cycle': () => setFilter({ analyzer: cycle([undefined, ...analyzers], f.analyzer) }),
      'filter.severity': () => setFilter({ severity: cycle(SEVERITY_CYCLE, f.severity) }),
      'filter.clear': () => setFilter({ analyzer: undefined, severity: undefined, text: undefined, session: undefined }),
      'sort.cycle': () => setFilter({ sort: cycle(FINDING_SORTS, f.sort)! }),
    },
    { isActive: active && !searching },
  );
  const hints = searching
    ? ['type to search title, session, analyzer, cause or id']
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
    <Frame width={width} height={height} crumbs={crumbs} hints={hints} right={`${total.toLocaleString('en-US')} finding${total === 1 ? '' : 's'}`}>
      <Text wrap="truncate" {...theme.tone('dim')}>
        {filterLine([
          ['sort', f.sort],
          ['analyzer', f.analyzer],
          ['severity', f.severity],
          ['session', f.session],
          ['search', f.text],
        ])}
      </Text>
      {searching ? (
        <SearchBar
          {...search.bar}
          active={active}
          placeholder="title, session, analyzer, cause or id"
        />
      ) : null}
      <Box>
        <ListView
          rows={page.rows}
          total={total}
          top={list.top}
          cursor={list.cursor}
          height={rowsH}
          width={width}
          header={findingHeader(width - 2)}
          empty={f.text || f.analyzer || f.severity || f.session ? `no findings match (${keysOf('filter.clear', 1)} clears the filters)` : emptyFindings(analyzedAt)}
          renderRow={(row, selected, w) => <FindingRowText row={row} selected={selected} width={w} />}
        />
      </Box>
    </Frame>
  );
}
