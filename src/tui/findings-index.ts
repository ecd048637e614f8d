import type { Db } from '../store/connection.js';
import {
  findingCauses,
  findingKeys,
  findingsContaining,
  findingsContainingIn,
  findingsNewestFirst,
  findingsRowidSpan,
  findingsWithConfidence,
  sessionSpansList,
} from '../store/browse.js';
import { ignoredBy, shownSeverity, type PresentConfig } from '../findings/present.js';
import { CONFIDENCES, confidenceRank, type Confidence, type Severity } from '../findings/types.js';
import { redactId } from '../findings/redact.js';

export const FINDING_SORTS = ['severity', 'time', 'session', 'analyzer'] as const;
export type FindingSort = (typeof FINDING_SORTS)[number];
export const SESSION_SORTS = ['worst', 'recent', 'session', 'events'] as const;
export type SessionSort = (typeof SESSION_SORTS)[number];

export interface FindingFilter {
  analyzer?: string;
  severity?: Severity;
  /** exact session id */
  session?: string;
  /** only findings at least this sure (as --min-confidence) */
  confidence?: Confidence;
  /** case-insensitive: in the session id, the analyzer, the title, the cause or the finding id */
  text?: string;
  sort: FindingSort;
  /** the sort order reversed (`S`) */
  reverse?: boolean;
}

export interface SessionFilter {
  /** sessions with at least one finding of this analyzer */
  analyzer?: string;
  /** sessions with at least one finding of this severity */
  severity?: Severity;
  /** case-insensitive part of the session id */
  text?: string;
  sort: SessionSort;
  /** the sort order reversed (`S`) */
  reverse?: boolean;
}

/** What of the TUI's options the index reads. */
export interface IndexOptions {
  /** analyzer ids to list even without findings (the registry) */
  analyzers?: readonly string[];
  /** the configuration's view of the stored findings: the same rules `analyze` applies (findings/present.ts) */
  config?: PresentConfig;
  /** users' words replaced by hash + shape (--redact / config `redact`): titles are then not searched */
  redact?: boolean;
}

export const SEV_RANK: Record<string, number> = { info: 0, warning: 1, error: 2 };

/** Findings a search scans at a time (FindingsIndex.scanText): a few tens of milliseconds of SQLite. */
const SCAN_SLICE = 4_000;

/** Positions (into the session-ordered arrays) of the findings, in one order. */
type Order = Int32Array;

export interface Index {
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

export interface SessionsIndex {
  ids: string[];
  events: Int32Array;
  first: Float64Array;
  last: Float64Array;
  /** index into Index.sessions, -1 without findings */
  fidx: Int32Array;
}

/**
 * The view model of the stored findings: their keys held in a few typed arrays (read once from
 * the store's indexes, with the configuration's severities and ignore rules applied), sorted and
 * filtered in memory, each order cached.
 */
export class FindingsIndex {
  private index: Index | null = null;
  private sessionsIdx: SessionsIndex | null = null;
  private readonly orders = new Map<FindingSort, Order>();
  private readonly filtered = new Map<string, Order>();
  private readonly sessionOrders = new Map<string, Int32Array>();
  private readonly textHits = new Map<string, Set<number>>();

  constructor(
    private readonly db: Db,
    private readonly opts: IndexOptions,
  ) {}

  idx(): Index {
    if (this.index) return this.index;
    const keys = findingKeys(this.db);
    const { sessions, sessionCounts, rowids: rowid, groups } = keys;
    const n = rowid.length;
    const sess = new Int32Array(n);
    let p = 0;
    for (let k = 0; k < sessions.length; k++) {
      sess.fill(k, p, Math.min(n, p + sessionCounts[k]));
      p += sessionCounts[k];
    }
    const pos = positions(rowid, n);
    const cfg: PresentConfig = this.opts.config ?? { analyzers: {}, ignore: [] };
    const analyzers = [...new Set([...(this.opts.analyzers ?? []), ...groups.map((g) => g.analyzer)])]
      .filter((a) => cfg.analyzers[a]?.enabled !== false)
      .sort();
    const anOf = new Map(analyzers.map((a, i) => [a, i]));
    const sev = new Uint8Array(n);
    const an = new Uint8Array(n);
    const keep = new Uint8Array(n);
    for (const g of groups) {
      const a = anOf.get(g.analyzer);
      if (a === undefined) continue;
      const s = SEV_RANK[shownSeverity({ analyzer: g.analyzer, severity: g.severity as Severity }, cfg)] ?? 0;
      for (let j = 0; j < g.rowids.length; j++) {
        const i = pos(g.rowids[j]);
        if (i >= 0) {
          sev[i] = s;
          an[i] = a;
          keep[i] = 1;
        }
      }
    }
    this.applyIgnoreRules(cfg, keep, sess, an, sessions, analyzers, pos);
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
    return this.finishIndex(n, rowid, sess, sev, an, sessions, analyzers, pos);
  }

  /** Clear `keep` for the findings an ignore rule of the configuration leaves out (`ignoredBy`, as analyze). */
  private applyIgnoreRules(
    cfg: PresentConfig,
    keep: Uint8Array,
    sess: Int32Array,
    an: Uint8Array,
    sessions: string[],
    analyzers: string[],
    pos: (r: number) => number,
  ): void {
    if (!cfg.ignore.length) return;
    let causeOf: (i: number) => string = () => '';
    if (cfg.ignore.some((r) => r.cause !== undefined)) {
      const causes = new Map<number, string>();
      for (const c of findingCauses(this.db)) for (const r of c.rowids) causes.set(pos(r), c.cause);
      causeOf = (i) => causes.get(i) ?? '';
    }
    for (let i = 0; i < keep.length; i++) {
      if (keep[i] && ignoredBy(cfg.ignore, { analyzer: analyzers[an[i]], session: sessions[sess[i]], cause: causeOf(i) })) keep[i] = 0;
    }
  }

  /** `pos` is given when nothing was left out (the rowids are those it was built from). */
  private finishIndex(
    n: number,
    rowid: Float64Array,
    sess: Int32Array,
    sev: Uint8Array,
    an: Uint8Array,
    sessions: string[],
    analyzers: string[],
    pos = positions(rowid, n),
  ): Index {
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
      const ids = findingsNewestFirst(this.db);
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
    return this.textHits.get(text) ?? this.keepHits(text, new Set(findingsContaining(this.db, text)));
  }

  private keepHits(text: string, hits: Set<number>): Set<number> {
    if (this.textHits.size > 16) this.textHits.clear();
    this.textHits.set(text, hits);
    return hits;
  }

  /**
   * The scan select() makes for a search text, made beforehand in slices of SCAN_SLICE rows with the
   * event loop turning between two (keys are read and the search line echoes them meanwhile); its
   * hits are kept for select(). `progress`: rows scanned, of the findings'. Cancelled, it stops at
   * the next slice and keeps nothing.
   */
  scanText(text: string, progress?: (done: number, total: number) => void): { promise: Promise<void>; cancel(): void } {
    const t = text.trim().toLowerCase();
    if (!t || this.opts.redact || this.textHits.has(t)) return { promise: Promise.resolve(), cancel: () => {} };
    let cancelled = false;
    const promise = new Promise<void>((resolve, reject) => {
      const { min, max } = findingsRowidSpan(this.db);
      const hits = new Set<number>();
      let after = min - 1;
      const slice = () => {
        if (cancelled) return resolve();
        try {
          const upto = Math.min(max, after + SCAN_SLICE);
          for (const id of findingsContainingIn(this.db, t, after, upto)) hits.add(id);
          after = upto;
          if (after >= max) {
            this.keepHits(t, hits);
            return resolve();
          }
          progress?.(after - min + 1, max - min + 1);
          setImmediate(slice);
        } catch (e) {
          reject(e);
        }
      };
      setImmediate(slice);
    });
    return {
      promise,
      cancel: () => {
        cancelled = true;
      },
    };
  }

  /**
   * Does the search text match a session id as the screens show it: the stored id, or under
   * --redact only the hash in its place (a match on the stored id would tell which hash is whose).
   */
  private idMatches(id: string, text: string): boolean {
    return (this.opts.redact ? redactId(id) : id).toLowerCase().includes(text);
  }

  private readonly unsure = new Map<Confidence, Set<number>>();
  /** rowids of the findings less sure than `min` (one query per level, cached). */
  private lessSure(min: Confidence): Set<number> {
    let set = this.unsure.get(min);
    if (!set) {
      set = new Set(
        findingsWithConfidence(
          this.db,
          CONFIDENCES.filter((c) => confidenceRank(c) < confidenceRank(min)),
        ),
      );
      this.unsure.set(min, set);
    }
    return set;
  }

  /** Positions of the findings the filter keeps, in its sort order or its reverse (cached). */
  select(filter: FindingFilter): Order {
    return filter.reverse ? reversed(this.forward(filter)) : this.forward(filter);
  }

  private forward(filter: FindingFilter): Order {
    const text = filter.text?.trim().toLowerCase() || undefined;
    const key = JSON.stringify([
      filter.sort,
      filter.analyzer ?? null,
      filter.severity ?? null,
      filter.session ?? null,
      text ?? null,
      filter.confidence ?? null,
    ]);
    const cached = this.filtered.get(key);
    if (cached) return cached;
    const ix = this.idx();
    const all = this.order(filter.sort);
    if (!filter.analyzer && !filter.severity && filter.session === undefined && !text && !filter.confidence) return all;
    const unsure = filter.confidence ? this.lessSure(filter.confidence) : null;
    const a = filter.analyzer !== undefined ? ix.analyzers.indexOf(filter.analyzer) : -2;
    const s = filter.severity !== undefined ? SEV_RANK[filter.severity] : -1;
    const sid = filter.session !== undefined ? (ix.sessionIdx.get(filter.session) ?? -3) : -2;
    // with --redact titles are not searched: a hit would tell a hidden word is there
    const hits = text ? (this.opts.redact ? new Set<number>() : this.titleHits(text)) : null;
    const sessionMatch = text ? ix.sessions.map((x) => this.idMatches(x, text)) : null;
    const anMatch = text ? ix.analyzers.map((x) => x.includes(text)) : null;
    const out = new Int32Array(all.length);
    let k = 0;
    for (let j = 0; j < all.length; j++) {
      const i = all[j];
      if (a !== -2 && ix.an[i] !== a) continue;
      if (s >= 0 && ix.sev[i] !== s) continue;
      if (sid !== -2 && ix.sess[i] !== sid) continue;
      if (unsure?.has(ix.rowid[i])) continue;
      if (text && !(sessionMatch![ix.sess[i]] || anMatch![ix.an[i]] || hits!.has(ix.rowid[i]))) continue;
      out[k++] = i;
    }
    const o = out.slice(0, k);
    if (this.filtered.size > 32) this.filtered.clear();
    this.filtered.set(key, o);
    return o;
  }

  /** Every session with events or findings: events, time span, and where its findings are counted. */
  sessions(): SessionsIndex {
    if (this.sessionsIdx) return this.sessionsIdx;
    const ix = this.idx();
    const r = sessionSpansList(this.db);
    const ids = r.ids;
    const seen = new Set(ids);
    const events = Array.from(r.events);
    const first = Array.from(r.first);
    const last = Array.from(r.last);
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

  /** Positions (into sessions()) of the sessions the filter keeps, in its sort order or its reverse (cached). */
  sessionOrder(filter: SessionFilter): Int32Array {
    return filter.reverse ? reversed(this.sessionsForward(filter)) : this.sessionsForward(filter);
  }

  private sessionsForward(filter: SessionFilter): Int32Array {
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
      if (text && !this.idMatches(ss.ids[i], text)) continue;
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
}

/** An order reversed, kept as long as the forward order is (a cached order is the same array each time). */
const reversals = new WeakMap<Int32Array, Int32Array>();
function reversed(forward: Int32Array): Int32Array {
  let r = reversals.get(forward);
  if (!r) {
    r = forward.slice().reverse();
    reversals.set(forward, r);
  }
  return r;
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
