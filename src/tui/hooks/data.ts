import { useEffect, useMemo, useState } from 'react';
import { ReplayCancelled } from '../replay-job.js';
import type { ReplayReport } from '../../lab/replay/replay.js';
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is compared by its JSON key, not by identity
  const total = useMemo(() => store.countFindings(filter), [store, key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is compared by its JSON key, not by identity
  const rows = useMemo(() => store.findingsPage(filter, offset, limit), [store, key, offset, limit]);
  return { rows, total };
}

export function useSessionsPage(store: TuiStore, filter: SessionFilter, offset: number, limit: number): Page<SessionRow> {
  const key = filterKey(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is compared by its JSON key, not by identity
  const total = useMemo(() => store.countSessions(filter), [store, key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is compared by its JSON key, not by identity
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

export type ReplayState =
  | { status: 'idle' }
  | { status: 'running'; since: number; done?: number; total?: number }
  | { status: 'done'; report: ReplayReport }
  | { status: 'error'; message: string };

/**
 * The session replayed through the reference engine, off the input path (a worker thread): the
 * state goes running -> done or error; leaving the screen cancels it. null skips it.
 */
export function useReplay(store: TuiStore, session: string | null): ReplayState {
  const [state, setState] = useState<ReplayState>({ status: 'idle' });
  useEffect(() => {
    if (session === null) return;
    const since = Date.now();
    setState({ status: 'running', since });
    let live = true;
    const job = store.replayAsync(session, (done, total) => live && setState({ status: 'running', since, done, total }));
    job.promise.then(
      (report) => live && setState({ status: 'done', report }),
      (e: unknown) => live && !(e instanceof ReplayCancelled) && setState({ status: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
      job.cancel();
    };
  }, [store, session]);
  return session === null ? { status: 'idle' } : state;
}

export function useRawEvent(store: TuiStore, ref: string, session: string | null, source: string | null): RawEvent | null {
  return useMemo(() => {
    const s = session ?? undefined;
    return store.rawEvent(ref, s) ?? (source && source !== ref ? store.rawEvent(source, s) : null);
  }, [store, ref, session, source]);
}
