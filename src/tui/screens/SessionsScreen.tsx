import { SESSION_SORT_COLUMN, SessionRowText, sessionHeader } from '../components/rows.js';
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
        sortColumns: SESSION_SORT_COLUMN,
        emptyStore: 'the store holds no sessions',
        renderRow: (row, selected, w, f) => <SessionRowText row={row} selected={selected} width={w} sort={f.sort} />,
        open: (row) => props.nav.push(routes.session(row.session)),
        // the session as shown: its hash under --redact
        copyText: (row) => row.session,
        count: (store, f) => store.countSessions(f),
      }}
    />
  );
}
