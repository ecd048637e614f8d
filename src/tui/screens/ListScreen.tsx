import type { ReactNode } from 'react';
import { useCopy } from '../hooks/useCopy.js';
import { Text } from 'ink';
import { Frame } from '../components/Frame.js';
import { ListView } from '../components/ListView.js';
import { SearchBar } from '../components/SearchBar.js';
import { useSearchLine } from '../hooks/useSearchLine.js';
import { useOverview, type Page } from '../hooks/data.js';
import { listMoves, useCommands } from '../keys/useCommands.js';
import { hint, keysOf } from '../keys/keymap.js';
import { clampList, moveList, LIST_START, type ListMove, type ListState } from '../list.js';
import type { FindingFilter, SessionFilter, TuiStore } from '../store.js';
import { CONFIDENCE_CYCLE, SEVERITY_CYCLE, cycle, filterLine } from './filters.js';
import { PickerView, useAnalyzerPicker } from './AnalyzerPicker.js';
import { sortArrow } from '../components/rows.js';
import { useTheme } from '../theme.js';
import { COMMON_HINTS, type ScreenProps } from './types.js';

type ListScreenName = 'findings' | 'sessions';
type Filter = FindingFilter | SessionFilter;

/** What a list screen says and reads; the keys, the paging, the search and the filters are the same for all. */
export interface ListScreenSpec<F extends Filter, R> {
  /** the store's page hook for this list (the same one on every render) */
  usePage: (store: TuiStore, filter: F, offset: number, limit: number) => Page<R>;
  sorts: readonly F['sort'][];
  /** "finding": the count reads "3 findings", an empty filter "no findings match" */
  noun: string;
  /** the hint while the search line is open, and its placeholder */
  searchHint: string;
  placeholder: string;
  header: (width: number, filter: F) => string;
  /** per sort order: the column it sorts and whether it runs high to low (rows.tsx) */
  sortColumns: Record<F['sort'], [column: string, desc: boolean]>;
  /** what an empty list says when no filter is set */
  emptyStore: string;
  renderRow: (row: R, selected: boolean, width: number, filter: F) => ReactNode;
  open: (row: R) => void;
  /** what `y` copies of a row (its id) */
  copyText: (row: R) => string;
  /** how many rows a filter keeps (the analyzer picker's counts) */
  count: (store: TuiStore, filter: F) => number;
}

/** The view state of a list screen's route (findings and sessions). */
interface ListRoute<F> {
  filter: F;
  list: ListState;
}

export type ListScreenProps<F extends Filter, R> = Omit<ScreenProps<ListScreenName>, 'route'> & { route: ListRoute<F>; spec: ListScreenSpec<F, R> };

/** One list screen, page by page from the store: sortable, filterable by analyzer and severity, searchable. */
export function ListScreen<F extends Filter, R>({ store, route, nav, active, width, height, crumbs, setTyping, actions, spec }: ListScreenProps<F, R>) {
  const theme = useTheme();
  const analyzers = useOverview(store).analyzers;
  const f = route.filter;
  // the findings list scans titles for a text: in slices, the line echoing every key meanwhile
  const prepare = spec.noun === 'finding' && store.prepareSearch ? store.prepareSearch.bind(store) : undefined;
  const search = useSearchLine(f.text, (text) => setFilter({ text } as Partial<F>), setTyping, prepare);
  const { flash, copy, clear: clearFlash } = useCopy(actions);
  const picker = useAnalyzerPicker({
    store,
    analyzers,
    filter: f,
    count: spec.count,
    choose: (analyzer) => setFilter({ analyzer } as Partial<F>),
    setTyping,
    active,
    noun: spec.noun,
    height: Math.max(1, height - 6),
  });
  const searching = search.searching || picker.open;
  // frame (2) + filter line (1) + list header and footer (2) + search line when open (1)
  const rowsH = Math.max(1, height - 5 - (searching ? 1 : 0));
  const { total } = spec.usePage(store, f, 0, 0);
  const list = clampList(route.list, total, rowsH);
  const page = spec.usePage(store, f, list.top, rowsH);
  const session = 'session' in f ? f.session : undefined;
  // the route is this screen's own (findings or sessions): the patch only sets its filter and list
  const update = nav.update as (patch: Partial<ListRoute<F>> | ((r: ListRoute<F>) => Partial<ListRoute<F>>)) => void;
  const setFilter = (patch: Partial<F>) => {
    clearFlash();
    update({ filter: { ...f, ...patch }, list: LIST_START });
  };
  const go = (m: ListMove) => update((r) => ({ list: moveList(clampList(r.list, total, rowsH), m, total, rowsH) }));
  useCommands(
    {
      ...listMoves(go),
      'list.open': () => {
        const row = page.rows[list.cursor - list.top];
        if (row) spec.open(row);
      },
      'search.open': search.open,
      'filter.cycle': picker.show,
      'filter.severity': () => setFilter({ severity: cycle(SEVERITY_CYCLE, f.severity) } as Partial<F>),
      // the findings list only: a session has findings of several confidences
      'filter.confidence': () => {
        if (spec.noun === 'finding') setFilter({ confidence: cycle(CONFIDENCE_CYCLE, (f as FindingFilter).confidence) } as unknown as Partial<F>);
      },
      'filter.clear': () =>
        setFilter({
          analyzer: undefined,
          severity: undefined,
          text: undefined,
          ...('session' in f ? { session: undefined } : {}),
          ...(spec.noun === 'finding' ? { confidence: undefined } : {}),
        } as Partial<F>),
      'sort.cycle': () => setFilter({ sort: cycle(spec.sorts, f.sort), reverse: undefined } as Partial<F>),
      'sort.reverse': () => setFilter({ reverse: f.reverse ? undefined : true } as Partial<F>),
      'row.copy': () => {
        const row = page.rows[list.cursor - list.top];
        if (row) copy(spec.copyText(row));
      },
    },
    { isActive: active && !searching },
  );
  const hints = picker.open
    ? picker.hints
    : search.searching
      ? [spec.searchHint]
      : [
          ...(flash ? [flash] : []),
          `${keysOf('list.up', 1)}${keysOf('list.down', 1)} ${keysOf('list.pageDown', 1)} move`,
          hint('list.open', 'open'),
          hint('search.open', 'search'),
          hint('filter.cycle', 'analyzer'),
          hint('filter.severity', 'severity'),
          ...(spec.noun === 'finding' ? [hint('filter.confidence', 'confidence')] : []),
          hint('sort.cycle', 'sort'),
          hint('sort.reverse', 'reverse'),
          hint('row.copy', 'copy'),
          hint('filter.clear', 'clear'),
          ...COMMON_HINTS,
        ];
  return (
    <Frame width={width} height={height} crumbs={crumbs} hints={hints} right={`${total.toLocaleString('en-US')} ${spec.noun}${total === 1 ? '' : 's'}`}>
      <Text wrap="truncate" {...theme.tone('dim')}>
        {filterLine([
          ['sort', `${f.sort} ${sortArrow(spec.sortColumns[f.sort as F['sort']][1], f.reverse)}`],
          ['analyzer', f.analyzer],
          ['severity', f.severity],
          ['confidence', spec.noun === 'finding' ? (f as FindingFilter).confidence && `≥ ${(f as FindingFilter).confidence}` : undefined],
          ['session', session],
          ['search', f.text],
        ])}
      </Text>
      {search.searching ? <SearchBar {...search.bar} active={active} placeholder={spec.placeholder} /> : null}
      {picker.open ? (
        <PickerView picker={picker} width={width} height={Math.max(1, height - 6)} />
      ) : (
        <ListView
          rows={page.rows}
          total={total}
          top={list.top}
          cursor={list.cursor}
          height={rowsH}
          width={width}
          header={spec.header(width - 2, f)}
          empty={f.text || f.analyzer || f.severity || session ? `no ${spec.noun}s match (${keysOf('filter.clear', 1)} clears the filters)` : spec.emptyStore}
          renderRow={(row, selected, w) => spec.renderRow(row, selected, w, f)}
        />
      )}
    </Frame>
  );
}
