import { useMemo } from 'react';
import type { ReplayReport } from '../../engine/replay/replay.js';
import type { FindingFilter, FindingRow, Overview, RawEvent, SessionFilter, SessionRow, TuiStore } from '../store.js';
import type { Finding } from '../../findings/types.js';
import type { SessionData } from '../../store/session.js';
import { buildPictures, type Pictures } from '../charts/model.js';

/**
 * Data loading sits here, behind the TuiStore interface. better-sqlite3 answers synchronously and
 * pages are small, so a hook is a memo over the store call: a screen renders with its data, no
 * loading state; a list asks only for its visible rows.
 */

export function useOverview(store: TuiStore): Overview {
  return useMemo(() => store.overview(), [store]);
}

export interface Page<T> {
  rows: T[];
  total: number;
}

const filterKey = (f: object) => JSON.stringify(f);

export function useFindingsPage(store: TuiStore, filter: FindingFilter, offset: number, limit: number): Page<FindingRow> {
  const key = filterKey(filter);
  const total = useMemo(() => store.countFindings(filter), [store, key]);
  const rows = useMemo(() => store.findingsPage(filter, offset, limit), [store, key, offset, limit]);
  return { rows, total };
}

export function useSessionsPage(store: TuiStore, filter: SessionFilter, offset: number, limit: number): Page<SessionRow> {
  const key = filterKey(filter);
  const total = useMemo(() => store.countSessions(filter), [store, key]);
  const rows = useMemo(() => store.sessionsPage(filter, offset, limit), [store, key, offset, limit]);
  return { rows, total };
}

export function useFinding(store: TuiStore, id: string): Finding | null {
  return useMemo(() => store.finding(id), [store, id]);
}

export interface SessionView {
  data: SessionData;
  findings: Finding[];
  pictures: Pictures;
}

/** A session's events, its findings and the pictures drawn from them; null skips loading. */
export function useSession(store: TuiStore, session: string | null): SessionView | null {
  return useMemo(() => {
    if (session === null) return null;
    const data = store.session(session);
    const findings = store.sessionFindings(session);
    return { data, findings, pictures: buildPictures(data, findings) };
  }, [store, session]);
}

/** The session replayed through the reference engine; null skips it (replaying costs a session's worth of work). */
export function useReplay(store: TuiStore, session: string | null): ReplayReport | null {
  return useMemo(() => (session === null ? null : store.replay(session)), [store, session]);
}

export function useRawEvent(store: TuiStore, ref: string, session: string | null, source: string | null): RawEvent | null {
  return useMemo(() => {
    const s = session ?? undefined;
    return store.rawEvent(ref, s) ?? (source && source !== ref ? store.rawEvent(source, s) : null);
  }, [store, ref, session, source]);
}
