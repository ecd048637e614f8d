import type { Db } from '../store/connection.js';
import { replaySession, type ReplayReport } from '../lab/replay/replay.js';
import { startReplay, type ReplayJob } from './replay-job.js';
import { storeStats, type StoreStats } from '../store/queries.js';
import { eventSource, SessionReader, type SessionData } from '../store/session.js';
import type { Finding, Severity } from '../findings/types.js';
import type { ModelOverride } from '../tokens/models.js';
import { globToRegExp } from '../config/index.js';
import { maskSecrets, scrub } from '../findings/redact.js';
import { presentFinding, presentRow, type PresentConfig } from '../findings/present.js';
import { presentedStore } from './presented.js';

/**
 * The TUI's one window on the evidence store. Screens and hooks know this interface only;
 * `openTuiStore` implements it on better-sqlite3.
 *
 * Paging on 100k findings: the findings table holds each finding's whole JSON, so scanning it
 * reads every page. The store instead reads the two covering indexes (session, ts) and
 * (analyzer, severity) once, into a few typed arrays of row ids, and sorts and filters those in
 * memory; a page is then `LIMIT`ed to the visible rows, fetched by rowid with one prepared statement.
 */
export interface TuiStore {
  overview(): Overview;
  findingsPage(filter: FindingFilter, offset: number, limit: number): FindingRow[];
  countFindings(filter: FindingFilter): number;
  sessionsPage(filter: SessionFilter, offset: number, limit: number): SessionRow[];
  countSessions(filter: SessionFilter): number;
  /** a stored finding by id, null if there is none */
  finding(id: string): Finding | null;
  /** every event of a session, with request prompts */
  session(id: string): SessionData;
  /** the stored findings of a session, oldest first */
  sessionFindings(session: string): Finding[];
  /** an event by its id or its "file:line" (`EvidenceStep.event` or `.source`), within a session when given */
  rawEvent(ref: string, session?: string): RawEvent | null;
  /** the session replayed through the reference memory engine (src/engine), computed once per session */
  replay(session: string): ReplayReport;
  /** the same, off the input path (a worker thread), cancellable; kept once done */
  replayAsync(session: string): ReplayJob;
  close(): void;
}

export const FINDING_SORTS = ['severity', 'time', 'session', 'analyzer'] as const;
export type FindingSort = (typeof FINDING_SORTS)[number];
export const SESSION_SORTS = ['worst', 'recent', 'session', 'events'] as const;
export type SessionSort = (typeof SESSION_SORTS)[number];

export interface FindingFilter {
  analyzer?: string;
  severity?: Severity;
  /** exact session id */
  session?: string;
  /** case-insensitive: in the session id, the analyzer, the title, the cause or the finding id */
  text?: string;
  sort: FindingSort;
}

export interface SessionFilter {
  /** sessions with at least one finding of this analyzer */
  analyzer?: string;
  /** sessions with at least one finding of this severity */
  severity?: Severity;
  /** case-insensitive part of the session id */
  text?: string;
  sort: SessionSort;
}

export interface FindingRow {
  id: string;
  analyzer: string;
  severity: Severity;
  session: string;
  turn: number | null;
  ts: string;
  title: string;
  cause: string;
}

export interface SessionRow {
  session: string;
  events: number;
  first_ts: string | null;
  last_ts: string | null;
  findings: number;
  errors: number;
  warnings: number;
  infos: number;
  analyzers: string[];
}

export interface Overview {
  /** analyzers to show: the known ones and any with stored findings, sorted */
  analyzers: string[];
  /** findings per analyzer and severity */
  matrix: Record<string, Record<Severity, number>>;
  bySeverity: Record<Severity, number>;
  findings: number;
  sessionsAffected: number;
  stats: StoreStats;
  /** sessions with findings, worst first (errors, then warnings, then count) */
  worst: SessionRow[];
  analyzedAt: string | null;
}

export interface RawEvent {
  kind: string;
  session: string;
  turn: number | null;
  ts: string;
  source: string;
  eventId: string | null;
  /** the event as logged (a request with its messages), pretty-printed */
  json: string;
}

export interface TuiStoreOptions {
  /** analyzer ids to list even without findings (the registry) */
  analyzers?: readonly string[];
  models?: Record<string, ModelOverride>;
  /** how many sessions the overview lists */
  worst?: number;
  /** the configuration's view of the stored findings, as `analyze` applies it */
  config?: {
    /** analyzers turned off: their findings are not shown */
    disabled?: readonly string[];
    /** a severity for all findings of an analyzer */
    severity?: Record<string, Severity>;
    /** findings left out */
    ignore?: readonly { analyzer?: string; session?: string; cause?: string }[];
  };
  /** users' words replaced by hash + shape (--redact / config `redact`) */
  redact?: boolean;
}

const SEV_RANK: Record<string, number> = { info: 0, warning: 1, error: 2 };
const SEV_BY_RANK = ['info', 'warning', 'error'] as const;

/** Positions (into the session-ordered arrays) of the findings, in one order. */
type Order = Int32Array;

interface Index {
  n: number;
  /** rowid per position; positions are in (session, ts, rowid) order */
  rowid: Float64Array;
  sess: Int32Array;
  sev: Uint8Array;
  an: Uint8Array;
  /** distinct sessions with findings, in store order */
  sessions: string[];
  sessionIdx: Map<string, number>;
  analyzers: string[];
  pos: (rowid: number) => number;
  /** per finding-session: counts by severity rank, and bitmasks of analyzers and severities */
  sevCount: Int32Array;
  anMask: Uint32Array;
  sevMask: Uint8Array;
}

interface SessionsIndex {
  ids: string[];
  events: Int32Array;
  first: Float64Array;
  last: Float64Array;
  /** index into Index.sessions, -1 without findings */
  fidx: Int32Array;
}

interface EventRow {
  id: number;
  kind: string;
  session: string;
  turn: number | null;
  ts: number;
  event_id: string | null;
  path: string;
  line: number;
  body: string;
}

/** "3,17,-42" -> [3, 17, -42] (integers): rowid lists come from SQLite as one string (one row, not 100k). */
function parseIds(s: string | null): Float64Array {
  if (!s) return new Float64Array(0);
  let n = 1;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 44) n++;
  const out = new Float64Array(n);
  let k = 0;
  let v = 0;
  let sign = 1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 44) {
      out[k++] = sign * v;
      v = 0;
      sign = 1;
    } else if (c === 45) sign = -1;
    else v = v * 10 + (c - 48);
  }
  out[k] = sign * v;
  return out;
}
const splitIds = (s: string | null): number[] => Array.from(parseIds(s));
/** The unit separator between strings that SQLite concatenates (not in session ids in practice). */
const US = '\u001f';

export function openTuiStore(db: Db, opts: TuiStoreOptions = {}): TuiStore {
  // under --redact every screen shows what the command line shows (src/tui/presented.ts)
  return presentedStore(new SqliteTuiStore(db, opts), !!opts.redact);
}

class SqliteTuiStore implements TuiStore {
  private index: Index | null = null;
  private sessionsIdx: SessionsIndex | null = null;
  private readonly orders = new Map<FindingSort, Order>();
  private readonly filtered = new Map<string, Order>();
  private readonly sessionOrders = new Map<string, Int32Array>();
  private readonly textHits = new Map<string, Set<number>>();
  private reader: SessionReader | null = null;
  private readonly replays = new Map<string, ReplayReport>();
  private readonly st;

  constructor(
    private readonly db: Db,
    private readonly opts: TuiStoreOptions,
  ) {
    this.st = {
      page: db.prepare(
        `SELECT rowid AS rid, id, analyzer, severity, session, turn, ts, title, cause
         FROM findings WHERE rowid IN (SELECT value FROM json_each(?))`,
      ),
      finding: db.prepare('SELECT json FROM findings WHERE id = ?'),
      sessionFindings: db.prepare('SELECT json FROM findings WHERE session = ? ORDER BY ts, id'),
      sessionEvents: db.prepare('SELECT count(*) AS n, min(ts) AS first, max(ts) AS last FROM events WHERE session = ?'),
      eventsIn: db.prepare(
        `SELECT e.id, e.kind, e.session, e.turn, e.ts, e.event_id, s.path, e.line, e.body
         FROM events e JOIN sources s ON s.id = e.source_id WHERE e.session = ? AND (e.event_id = ? OR (s.path = ? AND e.line = ?))
         ORDER BY (e.event_id = ?) DESC, e.ts, e.id LIMIT 1`,
      ),
      eventsAny: db.prepare(
        `SELECT e.id, e.kind, e.session, e.turn, e.ts, e.event_id, s.path, e.line, e.body
         FROM events e JOIN sources s ON s.id = e.source_id WHERE e.event_id = ? OR (s.path = ? AND e.line = ?)
         ORDER BY (e.event_id = ?) DESC, e.ts, e.id LIMIT 1`,
      ),
      messages: db.prepare(
        'SELECT m.json FROM requests r, json_each(r.messages) j JOIN messages m ON m.id = j.value WHERE r.event = ? ORDER BY j.key',
      ),
    };
  }

  // ---- the in-memory index of the findings' keys ----------------------------------------

  private idx(): Index {
    if (this.index) return this.index;
    const db = this.db;
    const ps = db
      .prepare(`SELECT group_concat(session, char(31)) AS s, group_concat(n) AS c FROM (SELECT session, count(*) AS n FROM findings GROUP BY session ORDER BY session)`)
      .get() as { s: string | null; c: string | null };
    const sessionIds = ps.s === null ? [] : ps.s.split(US);
    const sessionCounts = parseIds(ps.c);
    const ordered = db.prepare('SELECT group_concat(rowid) AS r FROM (SELECT rowid FROM findings ORDER BY session, ts, rowid)').get() as { r: string | null };
    const groups = db
      .prepare('SELECT analyzer, severity, group_concat(rowid) AS r FROM findings GROUP BY analyzer, severity ORDER BY analyzer')
      .all() as { analyzer: string; severity: string; r: string }[];
    const rowid = parseIds(ordered.r);
    const n = rowid.length;
    const sess = new Int32Array(n);
    const sessions: string[] = sessionIds;
    let p = 0;
    for (let k = 0; k < sessions.length; k++) {
      sess.fill(k, p, Math.min(n, p + sessionCounts[k]));
      p += sessionCounts[k];
    }
    const pos = positions(rowid, n);
    const cfg = this.opts.config ?? {};
    const disabled = new Set(cfg.disabled ?? []);
    const analyzers = [...new Set([...(this.opts.analyzers ?? []), ...groups.map((g) => g.analyzer)])].filter((a) => !disabled.has(a)).sort();
    const anOf = new Map(analyzers.map((a, i) => [a, i]));
    const sev = new Uint8Array(n);
    const an = new Uint8Array(n);
    const keep = new Uint8Array(n);
    for (const g of groups) {
      const a = anOf.get(g.analyzer);
      if (a === undefined) continue;
      const s = SEV_RANK[cfg.severity?.[g.analyzer] ?? g.severity] ?? 0;
      const ids = parseIds(g.r);
      for (let j = 0; j < ids.length; j++) {
        const i = pos(ids[j]);
        if (i >= 0) {
          sev[i] = s;
          an[i] = a;
          keep[i] = 1;
        }
      }
    }
    const rules = (cfg.ignore ?? []).map((r) => ({ ...r, re: r.session !== undefined ? globToRegExp(r.session) : null }));
    if (rules.length) {
      let causeOf: ((i: number) => string) | null = null;
      if (rules.some((r) => r.cause !== undefined)) {
        // the cause is in no index: one scan, only when a rule needs it
        const causes = new Map<number, string>();
        for (const c of this.db.prepare('SELECT cause, group_concat(rowid) AS r FROM findings GROUP BY cause').all() as { cause: string; r: string }[]) {
          for (const r of splitIds(c.r)) causes.set(pos(r), c.cause);
        }
        causeOf = (i) => causes.get(i) ?? '';
      }
      const sessionHit = rules.map((r) => (r.re ? sessions.map((x) => r.re!.test(x)) : null));
      for (let i = 0; i < n; i++) {
        if (!keep[i]) continue;
        for (let k = 0; k < rules.length; k++) {
          const r = rules[k];
          if (r.analyzer !== undefined && r.analyzer !== analyzers[an[i]]) continue;
          if (sessionHit[k] && !sessionHit[k]![sess[i]]) continue;
          if (r.cause !== undefined && causeOf!(i) !== r.cause) continue;
          keep[i] = 0;
          break;
        }
      }
    }
    let kept = 0;
    for (let i = 0; i < n; i++) kept += keep[i];
    if (kept < n) {
      // leave out what the configuration leaves out: compact the arrays
      const r2 = new Float64Array(kept);
      const s2 = new Int32Array(kept);
      const sv2 = new Uint8Array(kept);
      const an2 = new Uint8Array(kept);
      let k = 0;
      for (let i = 0; i < n; i++) {
        if (!keep[i]) continue;
        r2[k] = rowid[i];
        s2[k] = sess[i];
        sv2[k] = sev[i];
        an2[k] = an[i];
        k++;
      }
      return this.finishIndex(kept, r2, s2, sv2, an2, sessions, analyzers);
    }
    return this.finishIndex(n, rowid, sess, sev, an, sessions, analyzers);
  }

  private finishIndex(n: number, rowid: Float64Array, sess: Int32Array, sev: Uint8Array, an: Uint8Array, sessions: string[], analyzers: string[]): Index {
    const pos = positions(rowid, n);
    const sevCount = new Int32Array(sessions.length * 3);
    const anMask = new Uint32Array(sessions.length);
    const sevMask = new Uint8Array(sessions.length);
    for (let i = 0; i < n; i++) {
      const s = sess[i];
      sevCount[s * 3 + sev[i]]++;
      if (an[i] < 32) anMask[s] |= 1 << an[i];
      sevMask[s] |= 1 << sev[i];
    }
    this.index = {
      n,
      rowid,
      sess,
      sev,
      an,
      sessions,
      sessionIdx: new Map(sessions.map((s, i) => [s, i])),
      analyzers,
      pos,
      sevCount,
      anMask,
      sevMask,
    };
    return this.index;
  }

  /** All findings in one sort order (cached). */
  private order(sort: FindingSort): Order {
    const cached = this.orders.get(sort);
    if (cached) return cached;
    const ix = this.idx();
    let o: Order;
    if (sort === 'session') {
      o = new Int32Array(ix.n);
      for (let i = 0; i < ix.n; i++) o[i] = i;
    } else if (sort === 'severity') {
      o = bucket(this.order('session'), ix.sev, 3, true);
    } else if (sort === 'analyzer') {
      o = bucket(this.order('severity'), ix.an, ix.analyzers.length, false);
    } else {
      const r = this.db.prepare('SELECT group_concat(rowid) AS r FROM (SELECT rowid FROM findings ORDER BY ts DESC, rowid)').get() as { r: string | null };
      const ids = splitIds(r.r);
      o = new Int32Array(ids.length);
      let k = 0;
      for (const id of ids) {
        const i = ix.pos(id);
        if (i >= 0) o[k++] = i;
      }
      o = o.subarray(0, k);
    }
    this.orders.set(sort, o);
    return o;
  }

  /** rowids of the findings whose title, cause or id contain the text (one scan per text, cached). */
  private titleHits(text: string): Set<number> {
    let hits = this.textHits.get(text);
    if (!hits) {
      const r = this.db
        .prepare(
          `SELECT group_concat(rowid) AS r FROM findings
           WHERE instr(lower(title), @t) > 0 OR instr(lower(cause), @t) > 0 OR instr(lower(id), @t) > 0`,
        )
        .get({ t: text }) as { r: string | null };
      hits = new Set(splitIds(r.r));
      if (this.textHits.size > 16) this.textHits.clear();
      this.textHits.set(text, hits);
    }
    return hits;
  }

  private select(filter: FindingFilter): Order {
    const text = filter.text?.trim().toLowerCase() || undefined;
    const key = JSON.stringify([filter.sort, filter.analyzer ?? null, filter.severity ?? null, filter.session ?? null, text ?? null]);
    const cached = this.filtered.get(key);
    if (cached) return cached;
    const ix = this.idx();
    const all = this.order(filter.sort);
    if (!filter.analyzer && !filter.severity && filter.session === undefined && !text) return all;
    const a = filter.analyzer !== undefined ? ix.analyzers.indexOf(filter.analyzer) : -2;
    const s = filter.severity !== undefined ? SEV_RANK[filter.severity] : -1;
    const sid = filter.session !== undefined ? (ix.sessionIdx.get(filter.session) ?? -3) : -2;
    // with --redact titles are not searched: a hit would tell a hidden word is there
    const hits = text ? (this.opts.redact ? new Set<number>() : this.titleHits(text)) : null;
    const sessionMatch = text ? ix.sessions.map((x) => x.toLowerCase().includes(text)) : null;
    const anMatch = text ? ix.analyzers.map((x) => x.includes(text)) : null;
    const out = new Int32Array(all.length);
    let k = 0;
    for (let j = 0; j < all.length; j++) {
      const i = all[j];
      if (a !== -2 && ix.an[i] !== a) continue;
      if (s >= 0 && ix.sev[i] !== s) continue;
      if (sid !== -2 && ix.sess[i] !== sid) continue;
      if (text && !(sessionMatch![ix.sess[i]] || anMatch![ix.an[i]] || hits!.has(ix.rowid[i]))) continue;
      out[k++] = i;
    }
    const o = out.slice(0, k);
    if (this.filtered.size > 32) this.filtered.clear();
    this.filtered.set(key, o);
    return o;
  }

  countFindings(filter: FindingFilter): number {
    return this.select(filter).length;
  }

  findingsPage(filter: FindingFilter, offset: number, limit: number): FindingRow[] {
    const o = this.select(filter);
    const from = Math.max(0, Math.min(offset, o.length));
    const slice = o.subarray(from, Math.min(o.length, from + Math.max(0, limit)));
    if (slice.length === 0) return [];
    const ix = this.idx();
    const ids = Array.from(slice, (i) => ix.rowid[i]);
    const rows = this.st.page.all(JSON.stringify(ids)) as (FindingRow & { rid: number })[];
    const byId = new Map(rows.map((r) => [r.rid, r]));
    const out: FindingRow[] = [];
    slice.forEach((i, k) => {
      const r = byId.get(ids[k]);
      if (!r) return;
      const title = presentRow(r, !!this.opts.redact).title;
      out.push({ id: r.id, analyzer: r.analyzer, severity: SEV_BY_RANK[ix.sev[i]], session: r.session, turn: r.turn, ts: r.ts, title, cause: r.cause });
    });
    return out;
  }

  // ---- sessions ------------------------------------------------------------------------

  private sessions(): SessionsIndex {
    if (this.sessionsIdx) return this.sessionsIdx;
    const ix = this.idx();
    const r = this.db
      .prepare(
        `SELECT group_concat(session, char(31)) AS s, group_concat(n) AS n, group_concat(first) AS f, group_concat(last) AS l
         FROM (SELECT session, count(*) AS n, min(ts) AS first, max(ts) AS last FROM events GROUP BY session ORDER BY session)`,
      )
      .get() as { s: string | null; n: string | null; f: string | null; l: string | null };
    const ids: string[] = r.s === null ? [] : r.s.split(US);
    const seen = new Set(ids);
    const events = Array.from(parseIds(r.n));
    const first = Array.from(parseIds(r.f));
    const last = Array.from(parseIds(r.l));
    for (const s of ix.sessions) {
      if (!seen.has(s)) {
        ids.push(s);
        events.push(0);
        first.push(NaN);
        last.push(NaN);
      }
    }
    const fidx = Int32Array.from(ids, (s) => ix.sessionIdx.get(s) ?? -1);
    this.sessionsIdx = { ids, events: Int32Array.from(events), first: Float64Array.from(first), last: Float64Array.from(last), fidx };
    return this.sessionsIdx;
  }

  private sessionOrder(filter: SessionFilter): Int32Array {
    const text = filter.text?.trim().toLowerCase() || undefined;
    const key = JSON.stringify([filter.sort, filter.analyzer ?? null, filter.severity ?? null, text ?? null]);
    const cached = this.sessionOrders.get(key);
    if (cached) return cached;
    const ix = this.idx();
    const ss = this.sessions();
    const a = filter.analyzer !== undefined ? ix.analyzers.indexOf(filter.analyzer) : -2;
    const s = filter.severity !== undefined ? SEV_RANK[filter.severity] : -1;
    const keep: number[] = [];
    for (let i = 0; i < ss.ids.length; i++) {
      const f = ss.fidx[i];
      if (a !== -2 && (f < 0 || a < 0 || a >= 32 || !(ix.anMask[f] & (1 << a)))) continue;
      if (s >= 0 && (f < 0 || !(ix.sevMask[f] & (1 << s)))) continue;
      if (text && !ss.ids[i].toLowerCase().includes(text)) continue;
      keep.push(i);
    }
    const cnt = (i: number, r: number) => (ss.fidx[i] < 0 ? 0 : ix.sevCount[ss.fidx[i] * 3 + r]);
    const total = (i: number) => cnt(i, 0) + cnt(i, 1) + cnt(i, 2);
    if (filter.sort === 'worst') keep.sort((x, y) => cnt(y, 2) - cnt(x, 2) || cnt(y, 1) - cnt(x, 1) || total(y) - total(x) || x - y);
    else if (filter.sort === 'recent') keep.sort((x, y) => (ss.last[y] || 0) - (ss.last[x] || 0) || x - y);
    else if (filter.sort === 'events') keep.sort((x, y) => ss.events[y] - ss.events[x] || x - y);
    const o = Int32Array.from(keep);
    if (this.sessionOrders.size > 32) this.sessionOrders.clear();
    this.sessionOrders.set(key, o);
    return o;
  }

  private sessionRow(i: number): SessionRow {
    const ix = this.idx();
    const ss = this.sessions();
    const f = ss.fidx[i];
    const c = (r: number) => (f < 0 ? 0 : ix.sevCount[f * 3 + r]);
    const iso = (t: number) => (Number.isFinite(t) ? new Date(t).toISOString() : null);
    return {
      session: ss.ids[i],
      events: ss.events[i],
      first_ts: iso(ss.first[i]),
      last_ts: iso(ss.last[i]),
      findings: c(0) + c(1) + c(2),
      errors: c(2),
      warnings: c(1),
      infos: c(0),
      analyzers: f < 0 ? [] : ix.analyzers.filter((_, k) => k < 32 && ix.anMask[f] & (1 << k)),
    };
  }

  countSessions(filter: SessionFilter): number {
    return this.sessionOrder(filter).length;
  }

  sessionsPage(filter: SessionFilter, offset: number, limit: number): SessionRow[] {
    const o = this.sessionOrder(filter);
    const from = Math.max(0, Math.min(offset, o.length));
    return Array.from(o.subarray(from, Math.min(o.length, from + Math.max(0, limit))), (i) => this.sessionRow(i));
  }

  // ---- overview ------------------------------------------------------------------------

  overview(): Overview {
    const ix = this.idx();
    const matrix: Record<string, Record<Severity, number>> = {};
    for (const a of ix.analyzers) matrix[a] = { error: 0, warning: 0, info: 0 };
    const bySeverity: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
    for (let i = 0; i < ix.n; i++) {
      const s = SEV_BY_RANK[ix.sev[i]];
      matrix[ix.analyzers[ix.an[i]]][s]++;
      bySeverity[s]++;
    }
    // the worst sessions, from the per-session counts: no scan of the events
    const k = Math.max(1, this.opts.worst ?? 10);
    const cnt = (f: number, r: number) => ix.sevCount[f * 3 + r];
    const withFindings = Array.from({ length: ix.sessions.length }, (_, f) => f).filter((f) => cnt(f, 0) + cnt(f, 1) + cnt(f, 2) > 0);
    const top = withFindings
      .sort((x, y) => cnt(y, 2) - cnt(x, 2) || cnt(y, 1) - cnt(x, 1) || cnt(y, 0) - cnt(x, 0) || x - y)
      .slice(0, k);
    const worst = top.map((f) => {
      const s = ix.sessions[f];
      const e = this.st.sessionEvents.get(s) as { n: number; first: number | null; last: number | null };
      return {
        session: s,
        events: e.n,
        first_ts: e.first !== null ? new Date(e.first).toISOString() : null,
        last_ts: e.last !== null ? new Date(e.last).toISOString() : null,
        findings: cnt(f, 0) + cnt(f, 1) + cnt(f, 2),
        errors: cnt(f, 2),
        warnings: cnt(f, 1),
        infos: cnt(f, 0),
        analyzers: ix.analyzers.filter((_, a) => a < 32 && ix.anMask[f] & (1 << a)),
      };
    });
    const state = this.db.prepare('SELECT finished_at FROM analysis_state WHERE id = 1').get() as { finished_at: string } | undefined;
    return {
      analyzers: ix.analyzers,
      matrix,
      bySeverity,
      findings: ix.n,
      sessionsAffected: withFindings.length,
      stats: storeStats(this.db),
      worst,
      analyzedAt: state?.finished_at ?? null,
    };
  }

  // ---- single items --------------------------------------------------------------------

  /**
   * A stored finding as the configuration shows it (severity, ignore rules, disabled analyzers);
   * null when left out. Redaction is applied above this store, where ids are mapped (presented.ts).
   */
  private view(f: Finding): Finding | null {
    const cfg = this.opts.config ?? {};
    const analyzers: PresentConfig['analyzers'] = Object.fromEntries([
      ...Object.entries(cfg.severity ?? {}).map(([id, severity]) => [id, { severity }]),
      ...(cfg.disabled ?? []).map((id) => [id, { enabled: false }]),
    ]);
    return presentFinding(f, { config: { analyzers, ignore: (cfg.ignore ?? []).map((r) => ({ ...r, reason: '' })) }, redact: false });
  }

  finding(id: string): Finding | null {
    const r = this.st.finding.get(id) as { json: string } | undefined;
    return r ? this.view(JSON.parse(r.json) as Finding) : null;
  }

  sessionFindings(session: string): Finding[] {
    const out: Finding[] = [];
    for (const r of this.st.sessionFindings.all(session) as { json: string }[]) {
      const f = this.view(JSON.parse(r.json) as Finding);
      if (f) out.push(f);
    }
    return out;
  }

  session(id: string): SessionData {
    this.reader ??= new SessionReader(this.db, this.opts.models ?? {});
    return this.reader.load(id);
  }

  replay(id: string): ReplayReport {
    let r = this.replays.get(id);
    if (!r) {
      r = replaySession(this.session(id), { models: this.opts.models ?? {} });
      this.replays.set(id, r);
    }
    return r;
  }

  replayAsync(id: string): ReplayJob {
    const done = this.replays.get(id);
    if (done) return { promise: Promise.resolve(done), cancel: () => {} };
    const job = startReplay(() => this.session(id), this.opts.models ?? {});
    job.promise.then((r) => this.replays.set(id, r)).catch(() => {});
    return job;
  }

  rawEvent(ref: string, session?: string): RawEvent | null {
    const m = /^(.*):(\d+)$/.exec(ref);
    const path = m ? m[1] : null;
    const line = m ? Number(m[2]) : null;
    const row = (
      session !== undefined ? this.st.eventsIn.get(session, ref, path, line, ref) : this.st.eventsAny.get(ref, path, line, ref)
    ) as EventRow | undefined;
    if (!row) return null;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(row.body) as Record<string, unknown>;
    } catch {
      body = { body: row.body };
    }
    if (row.kind === 'request' && !('messages' in body)) {
      const msgs = (this.st.messages.all(row.id) as { json: string }[]).map((x) => JSON.parse(x.json) as unknown);
      if (msgs.length) body = { ...body, messages: msgs };
    }
    return {
      kind: row.kind,
      session: row.session,
      turn: row.turn,
      ts: new Date(row.ts).toISOString(),
      source: eventSource(row.path, row.line, body),
      eventId: row.event_id,
      // secrets are masked in every output; with --redact users' words too
      json: maskSecrets(JSON.stringify(scrub(body, { redact: !!this.opts.redact, other: 'prose' }), null, 2)),
    };
  }

  close(): void {
    this.db.close();
  }
}

/** rowid -> position in the arrays: a typed array when rowids are dense, else a map. */
function positions(rowid: Float64Array, n: number): (r: number) => number {
  let max = 0;
  for (let i = 0; i < n; i++) if (rowid[i] > max) max = rowid[i];
  if (max <= 8 * n + 4096) {
    const a = new Int32Array(max + 1).fill(-1);
    for (let i = 0; i < n; i++) a[rowid[i]] = i;
    return (r) => (r >= 0 && r < a.length ? a[r] : -1);
  }
  const m = new Map<number, number>();
  for (let i = 0; i < n; i++) m.set(rowid[i], i);
  return (r) => m.get(r) ?? -1;
}

/** A stable counting sort of `order` by `key` (descending when asked). */
function bucket(order: Order, key: Uint8Array, buckets: number, desc: boolean): Order {
  const counts = new Int32Array(buckets + 1);
  for (let j = 0; j < order.length; j++) counts[key[order[j]]]++;
  const start = new Int32Array(buckets);
  let acc = 0;
  for (let b = 0; b < buckets; b++) {
    const k = desc ? buckets - 1 - b : b;
    start[k] = acc;
    acc += counts[k];
  }
  const out = new Int32Array(order.length);
  for (let j = 0; j < order.length; j++) out[start[key[order[j]]]++] = order[j];
  return out;
}

