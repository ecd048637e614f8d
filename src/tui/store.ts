import type { Db } from '../store/connection.js';
import { replaySession, type ReplayReport } from '../lab/replay/replay.js';
import { startReplay, type ReplayJob } from './replay-job.js';
import { storeStats } from '../store/queries.js';
import { analyzedAt } from '../store/findings.js';
import { StoreBrowser } from '../store/browse.js';
import { FindingsIndex, type FindingFilter, type IndexOptions, type SessionFilter } from './findings-index.js';
import { eventSource, SessionReader, type SessionData } from '../store/session.js';
import type { Finding, Severity } from '../findings/types.js';
import type { ModelOverride } from '../tokens/models.js';
import { parseStored } from '../store/rows.js';
import { maskSecrets } from '../findings/redact.js';
import { presentEvent } from '../report/replay.js';
import { presentFinding, presentRow } from '../findings/present.js';
import { presentedStore } from './presented.js';
import { buildPlan, judgedBy, planSpec, type AnalysisPlan } from '../analysis/plan.js';
import type { Config } from '../config/index.js';
import type { BadLine, FindingRow, Overview, RawEvent, SessionRow, TuiStore } from './store-types.js';
import { badLines, badLinesNotKept, countBadLines } from '../store/bad-lines.js';

export type { BadLine, FindingRow, Overview, RawEvent, SessionRow, TuiStore } from './store-types.js';
export { FINDING_SORTS, SESSION_SORTS, type FindingFilter, type FindingSort, type SessionFilter, type SessionSort } from './findings-index.js';

export interface TuiStoreOptions extends IndexOptions {
  /**
   * the command's analysis plan (src/analysis/plan.ts): its config, --redact, models, and the
   * findings the Replay pane judges; default: a plan from `config`, `redact` and `models`
   */
  plan?: AnalysisPlan;
  models?: Record<string, ModelOverride>;
  /** how many sessions the overview lists */
  worst?: number;
}

const SEV_BY_RANK = ['info', 'warning', 'error'] as const;

export function openTuiStore(db: Db, opts: TuiStoreOptions = {}): TuiStore {
  const config = opts.config ? { models: opts.models ?? {}, ...opts.config } : { models: opts.models ?? {}, analyzers: {}, ignore: [] };
  const plan = opts.plan ?? buildPlan(config as Config, { redact: opts.redact });
  const full = { ...opts, plan, config: plan.config, redact: plan.redact, models: plan.models };
  // under --redact every screen shows what the command line shows (src/tui/presented.ts)
  return presentedStore(new SqliteTuiStore(db, full), plan.redact);
}

class SqliteTuiStore implements TuiStore {
  private reader: SessionReader | null = null;
  private readonly replays = new Map<string, ReplayReport>();
  private readonly browse: StoreBrowser;
  private readonly index: FindingsIndex;

  constructor(
    private readonly db: Db,
    private readonly opts: TuiStoreOptions,
  ) {
    this.browse = new StoreBrowser(db);
    this.index = new FindingsIndex(db, opts);
  }

  countFindings(filter: FindingFilter): number {
    return this.index.select(filter).length;
  }

  findingsPage(filter: FindingFilter, offset: number, limit: number): FindingRow[] {
    const o = this.index.select(filter);
    const from = Math.max(0, Math.min(offset, o.length));
    const slice = o.subarray(from, Math.min(o.length, from + Math.max(0, limit)));
    if (slice.length === 0) return [];
    const ix = this.index.idx();
    const ids = Array.from(slice, (i) => ix.rowid[i]);
    const rows = this.browse.findingHeads(ids);
    const byId = new Map(rows.map((r) => [r.rid, r]));
    const out: FindingRow[] = [];
    slice.forEach((i, k) => {
      const r = byId.get(ids[k]);
      if (!r) return;
      const title = presentRow(
        { session: r.session, title: r.title, title_words: r.title_words ? JSON.parse(r.title_words) : undefined },
        !!this.opts.redact,
      ).title;
      out.push({ id: r.id, analyzer: r.analyzer, severity: SEV_BY_RANK[ix.sev[i]], session: r.session, turn: r.turn, ts: r.ts, title, cause: r.cause });
    });
    return out;
  }

  // ---- sessions ------------------------------------------------------------------------

  private sessionRow(i: number): SessionRow {
    const ix = this.index.idx();
    const ss = this.index.sessions();
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
    return this.index.sessionOrder(filter).length;
  }

  sessionsPage(filter: SessionFilter, offset: number, limit: number): SessionRow[] {
    const o = this.index.sessionOrder(filter);
    const from = Math.max(0, Math.min(offset, o.length));
    return Array.from(o.subarray(from, Math.min(o.length, from + Math.max(0, limit))), (i) => this.sessionRow(i));
  }

  // ---- overview ------------------------------------------------------------------------

  overview(): Overview {
    const ix = this.index.idx();
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
    const top = withFindings.sort((x, y) => cnt(y, 2) - cnt(x, 2) || cnt(y, 1) - cnt(x, 1) || cnt(y, 0) - cnt(x, 0) || x - y).slice(0, k);
    const worst = top.map((f) => {
      const s = ix.sessions[f];
      const e = this.browse.sessionSpan(s);
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
    return {
      analyzers: ix.analyzers,
      matrix,
      bySeverity,
      findings: ix.n,
      sessionsAffected: withFindings.length,
      stats: storeStats(this.db),
      worst,
      analyzedAt: analyzedAt(this.db),
    };
  }

  // ---- single items --------------------------------------------------------------------

  /**
   * A stored finding as the configuration shows it (severity, ignore rules, disabled analyzers);
   * null when left out. Redaction is applied above this store, where ids are mapped (presented.ts):
   * the title's log words go up with it, or that redaction could not find them in the title.
   */
  private view(f: Finding): Finding | null {
    // with --judge, the verdicts the store holds for its model, as analyze --judge shows them
    const shown = presentFinding(this.judged(f), { config: this.plan.config, redact: false });
    return shown && f.title_words ? { ...shown, title_words: f.title_words } : shown;
  }

  private judgedCache: ((f: Finding) => Finding) | null = null;

  private judged(f: Finding): Finding {
    this.judgedCache ??= judgedBy(this.db, this.plan);
    return this.judgedCache(f);
  }

  private get plan(): AnalysisPlan {
    return this.opts.plan!;
  }

  finding(id: string): Finding | null {
    const json = this.browse.findingJson(id);
    return json ? this.view(parseStored<Finding>(this.db, json, 'finding', id)) : null;
  }

  sessionFindings(session: string): Finding[] {
    const out: Finding[] = [];
    for (const json of this.browse.sessionFindingsJson(session)) {
      const f = this.view(parseStored<Finding>(this.db, json, 'finding of session', session));
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
      r = replaySession(this.session(id), { plan: this.plan });
      this.replays.set(id, r);
    }
    return r;
  }

  prepareSearch(text: string, progress?: (done: number, total: number) => void): { promise: Promise<void>; cancel(): void } {
    return this.index.scanText(text, progress);
  }

  replayAsync(id: string, progress?: (done: number, total: number) => void): ReplayJob {
    const done = this.replays.get(id);
    if (done) return { promise: Promise.resolve(done), cancel: () => {} };
    // a store on disk: the worker reads the session itself, off the UI thread
    const file = this.db.memory ? undefined : this.db.name;
    const source = { load: () => this.session(id), file, session: id, models: this.opts.models ?? {} };
    const job = startReplay(source, planSpec(this.plan), { progress });
    job.promise.then((r) => this.replays.set(id, r)).catch(() => {});
    return job;
  }

  rawEvent(ref: string, session?: string): RawEvent | null {
    const m = /^(.*):(\d+)$/.exec(ref);
    const path = m ? m[1] : null;
    const line = m ? Number(m[2]) : null;
    const row = this.browse.rawEvent(ref, path, line, session);
    if (!row) return null;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(row.body) as Record<string, unknown>;
    } catch {
      body = { body: row.body };
    }
    // a reader that keeps the envelope in the store's columns (a transcript's event) shows it as the native event it became
    if (!('kind' in body) || !('session' in body)) body = { kind: row.kind, session: row.session, ...body };
    if (row.kind === 'request' && !('messages' in body)) {
      const msgs = this.browse.requestMessagesJson(row.id).map((x) => JSON.parse(x) as unknown);
      if (msgs.length) body = { ...body, messages: msgs };
    }
    return {
      kind: row.kind,
      session: row.session,
      turn: row.turn,
      ts: new Date(row.ts).toISOString(),
      source: eventSource(row.path, row.line, body),
      eventId: row.event_id,
      // secrets are masked in every output; with --redact users' words and the ids a log chose too (as `events` shows it)
      json: maskSecrets(JSON.stringify(presentEvent(body, !!this.opts.redact), null, 2)),
    };
  }

  badLines(offset: number, limit: number): BadLine[] {
    if (limit <= 0) return [];
    return [...badLines(this.db, { offset: Math.max(0, offset), limit }, BAD_RAW_SHOWN)];
  }

  countBadLines(): { kept: number; notKept: number } {
    return { kept: countBadLines(this.db), notKept: badLinesNotKept(this.db) };
  }

  close(): void {
    this.db.close();
  }
}

/** Characters of a bad line's kept text the TUI reads (a row shows what fits; `amnesia bad-lines --format json` has more). */
const BAD_RAW_SHOWN = 400;
