/**
 * The long-term memories a session could see: the committed writes of earlier sessions for its
 * users and for the memory ids its retrievals name, asked of the store per session.
 */
import type { StoreContext } from '../define.js';
import type { StoredWriteEvent } from '../../store/memories.js';
import type { SessionEvent } from '../../store/session.js';
import { chunkBase } from '../../events/retrieval.js';
import { str, type Ledger } from './ledger.js';
import { isObject } from '../../util/values.js';

/** Every step of one write of another session. */
interface WriteGroup {
  session: string;
  steps: StoredWriteEvent[];
  commitTs: number | null;
}

interface Index {
  byUser: Map<string, WriteGroup[]>;
  byMemory: Map<string, WriteGroup[]>;
}

function indexOf(all: readonly StoredWriteEvent[]): Index {
  const groups = new Map<string, WriteGroup>();
  for (const e of all) {
    const k = `${e.session}\u0000${String(e.body.write_id)}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { session: e.session, steps: [], commitTs: null }));
    g.steps.push(e);
    if (e.body.phase === 'committed' && g.commitTs === null) g.commitTs = e.ts;
  }
  const ix: Index = { byUser: new Map(), byMemory: new Map() };
  const add = (m: Map<string, WriteGroup[]>, k: string, g: WriteGroup) => {
    const l = m.get(k);
    if (l) {
      if (l[l.length - 1] !== g) l.push(g);
    } else m.set(k, [g]);
  };
  for (const g of groups.values()) {
    if (g.commitTs === null) continue;
    for (const e of g.steps) {
      const user = str(e.scope?.user);
      if (user) add(ix.byUser, user, g);
      const mid = str(e.body.memory_id);
      if (mid) add(ix.byMemory, mid, g);
    }
  }
  return ix;
}

/** Which of a session's events name the users whose long-term memory it could see. */
export interface LongTermReach {
  /**
   * Also the users its requests, answers and writes are scoped to, not only its searches': a prompt's
   * memory block may come from a cached profile with no search in the session (stale-memory, scope-leak)
   */
  scopes?: boolean;
  /** other users whose memories are read too (scope-leak: the other owners of the session's tenant) */
  others?: Iterable<string>;
}

/**
 * The steps, in time order, of the committed writes of sessions that ended before `start`, that
 * belong to a user this session's retrievals name (with `reach.scopes`, any of its events' scopes)
 * or whose memory a retrieval names as candidate.
 */
export function longTermWrites(
  store: StoreContext,
  session: string,
  events: readonly SessionEvent[],
  start: number,
  reach: LongTermReach = {},
): StoredWriteEvent[] {
  const users = new Set<string>(reach.others ?? []);
  const ids = new Set<string>();
  for (const e of events) {
    if (reach.scopes && (e.kind === 'request' || e.kind === 'response' || e.kind === 'memory_write')) {
      const u = str(e.scope?.user);
      if (u) users.add(u);
    }
    if (e.kind !== 'retrieval') continue;
    const u = str(e.scope?.user);
    if (u) users.add(u);
    const f = isObject(e.body.filters) ? e.body.filters : {};
    for (const x of [f.user, f.user_id, isObject(f.scope) ? f.scope.user : undefined]) if (str(x)) users.add(str(x)!);
    const lists = [e.body.candidates, isObject(e.body.rerank) ? e.body.rerank.candidates : e.body.rerank];
    for (const l of lists)
      if (Array.isArray(l))
        for (const c of l) {
          if (!isObject(c)) continue;
          for (const id of [str(c.id), str(c.memory_id), isObject(c.metadata) ? (str(c.metadata.memory_id) ?? str(c.metadata.parent_id)) : undefined]) {
            if (id) {
              ids.add(id);
              ids.add(chunkBase(id));
            }
          }
        }
  }
  if (users.size === 0 && ids.size === 0) return [];
  const ix = indexOf(store.memoryWritesNaming(users, ids));
  const chosen = new Set<WriteGroup>();
  for (const u of users) for (const g of ix.byUser.get(u) ?? []) chosen.add(g);
  for (const id of ids) for (const g of ix.byMemory.get(id) ?? []) chosen.add(g);
  const ended = new Map<string, boolean>();
  const out: StoredWriteEvent[] = [];
  for (const g of chosen) {
    if (g.session === session || g.commitTs! >= start) continue;
    let ok = ended.get(g.session);
    if (ok === undefined) ended.set(g.session, (ok = (store.sessionSpan(g.session)?.last ?? Infinity) < start));
    if (ok) out.push(...g.steps);
  }
  return out.sort((a, b) => a.ts - b.ts || a.rowid - b.rowid);
}

/**
 * A session's events in time order with the long-term writes folded into the ledger: every external step
 * merged first, each external commit committed when the session's clock reaches it, the session's own
 * commits as they come; `visit` sees every session event after the ledger has taken it. Shared by every
 * analyzer that reads what long-term memory held at a moment (recall-mismatch, stale-memory, scope-leak).
 */
export function walkWithLongTerm(
  ledger: Ledger,
  session: string,
  events: readonly SessionEvent[],
  external: readonly StoredWriteEvent[],
  visit: (ev: SessionEvent) => void,
): void {
  for (const e of external) ledger.merge(e, e.session, true);
  const commits = external.filter((e) => e.body.phase === 'committed');
  let x = 0;
  for (const ev of events) {
    while (x < commits.length && commits[x].ts <= ev.ts) {
      const e = commits[x++];
      ledger.commit(e, e.session);
    }
    if (ev.kind === 'memory_write' && ev.body.phase === 'committed') ledger.commit(ev, session);
    visit(ev);
  }
}
