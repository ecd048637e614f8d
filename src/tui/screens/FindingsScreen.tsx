import { FINDING_SORT_COLUMN, FindingRowText, findingHeader } from '../components/rows.js';
import { emptyFindings } from '../components/OverviewView.js';
import { useFindingsPage, useOverview } from '../hooks/data.js';
import { routes } from '../nav.js';
import { FINDING_SORTS } from '../store.js';
import { ListScreen } from './ListScreen.js';
import type { ScreenProps } from './types.js';

/** All findings (or a session's), page by page from the store: sortable, filterable, searchable. */
export function FindingsScreen(props: ScreenProps<'findings'>) {
  const { analyzedAt } = useOverview(props.store);
  return (
    <ListScreen
      {...props}
      spec={{
        usePage: useFindingsPage,
        sorts: FINDING_SORTS,
        noun: 'finding',
        searchHint: 'type to search title, session, analyzer, cause or id',
        placeholder: 'title, session, analyzer, cause or id',
        header: findingHeader,
        sortColumns: FINDING_SORT_COLUMN,
        emptyStore: emptyFindings(analyzedAt),
        renderRow: (row, selected, w, f) => <FindingRowText row={row} selected={selected} width={w} sort={f.sort} />,
        open: (row) => props.nav.push(routes.finding(row.id)),
        copyText: (row) => row.id,
        count: (store, f) => store.countFindings(f),
      }}
    />
  );
}
