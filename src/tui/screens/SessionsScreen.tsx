import { SessionRowText, sessionHeader } from '../components/rows.js';
import { useSessionsPage } from '../hooks/data.js';
import { routes } from '../nav.js';
import { SESSION_SORTS } from '../store.js';
import { ListScreen } from './ListScreen.js';
import type { ScreenProps } from './types.js';

/** Every session, worst first, page by page: sortable, filterable, searchable by id. */
export function SessionsScreen(props: ScreenProps<'sessions'>) {
  return (
    <ListScreen
      {...props}
      spec={{
        usePage: useSessionsPage,
        sorts: SESSION_SORTS,
        noun: 'session',
        searchHint: 'type part of a session id',
        placeholder: 'part of a session id',
        header: sessionHeader,
        emptyStore: 'the store holds no sessions',
        renderRow: (row, selected, w) => <SessionRowText row={row} selected={selected} width={w} />,
        open: (row) => props.nav.push(routes.session(row.session)),
      }}
    />
  );
}
