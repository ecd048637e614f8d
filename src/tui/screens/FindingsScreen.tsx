import { FindingRowText, findingHeader } from '../components/rows.js';
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
        emptyStore: emptyFindings(analyzedAt),
        renderRow: (row, selected, w) => <FindingRowText row={row} selected={selected} width={w} />,
        open: (row) => props.nav.push(routes.finding(row.id)),
      }}
    />
  );
}
