/**
 * Analysis under a plan: the findings of a store, computed (or read back from the findings cache)
 * and shown as the plan says. Every command that reports findings reads them from here.
 */
import type { Db } from '../store/connection.js';
import { hasEvents, storeStats } from '../store/queries.js';
import { FINDINGS_SCHEMA, severityRank, type Finding, type FindingsDocument, type FindingsSummary } from '../findings/types.js';
import type { Analyzer } from '../analyzers/define.js';
import { analyzeStore, storeContext } from '../analyzers/run.js';
import { analysisFingerprint, cacheIsFresh, storedFindings, storedFingerprint, throughCache, type CacheKey } from '../store/findings.js';
import { analyzeInParallel, workerCount } from '../analyzers/parallel.js';
import { Speculator } from '../analyzers/speculate.js';
import { SessionReader } from '../store/session.js';
import { judgedBy, leftOutBy, showFinding, workerSetupOf, type AnalysisPlan } from './plan.js';
import { judgeFindings } from '../judge/index.js';
import { settings } from '../settings.js';
import type { Shard } from '../events/shard.js';
import { ownedSessions, ownedStats } from '../store/shard.js';
import { findingOrder } from '../findings/merge.js';

export interface RunScope {
  /** exact session id: only its findings */
  session?: string;
  /** only the sessions this shard owns (docs/scale.md): the others are read as context, not analysed */
  shard?: Shard;
  /** a writable store: a full run saves its findings, a later full run on the same store state reuses them */
  persist?: boolean;
  /** the program version the findings cache is keyed by (default: this program's); for tests */
  programVersion?: string;
  /** where a diagnostic line goes (stderr in the CLI) */
  log?: (line: string) => void;
  /** a full run on worker threads: sessions analyzed so far, of the store's (the TUI's `analyzing` line) */
  progress?: (done: number, total: number) => void;
  /** stops a full run on worker threads between two batches: prepareAnalysis rejects, nothing is stored */
  signal?: AbortSignal;
}

export interface AnalysisResult extends FindingsDocument {
  /** how many findings the config's ignore rules left out (not in `findings`) */
  ignored: number;
  /** the analyzers whose findings are shown */
  ran: readonly Analyzer[];
}

/** The findings cache's key under a plan: a full run of the analyzers the config leaves on. */
export function cacheKey(plan: AnalysisPlan, programVersion?: string): CacheKey {
  return { analyzers: plan.enabled, config: plan.config, programVersion };
}

/** Are the stored findings those of this plan's full run (nothing to compute)? */
export function analysisIsFresh(db: Db, plan: AnalysisPlan, programVersion?: string): boolean {
  return cacheIsFresh(db, cacheKey(plan, programVersion));
}

const narrowed = (plan: AnalysisPlan) => plan.analyzers.length !== plan.enabled.length;

/** A run over every session with every enabled analyzer: its findings are stored and reused until the key changes. */
function fullRunKey(plan: AnalysisPlan, scope: RunScope): CacheKey | null {
  return scope.session === undefined && scope.shard === undefined && !narrowed(plan) ? cacheKey(plan, scope.programVersion) : null;
}

/** The raw findings (before presentation): from the cache when it holds this plan's full run, else computed. */
function rawFindings(db: Db, plan: AnalysisPlan, scope: RunScope): Iterable<Finding> {
  const owned = scope.shard ? ownedSessions(db, scope.shard) : undefined;
  const wanted = (id: string) => (owned === undefined || owned.has(id)) && (scope.session === undefined || id === scope.session);
  const run = (analyzers: readonly Analyzer[]) =>
    analyzeStore(db, {
      analyzers,
      sessionFilter: owned === undefined && scope.session === undefined ? undefined : wanted,
      models: plan.models,
      options: plan.options,
    });
  const key = fullRunKey(plan, scope);
  if (key) return throughCache(db, key, () => run(plan.enabled), !!scope.persist);
  // a narrowed or one-session run reads the stored full run when it is fresh (the plan filters it)
  if (analysisIsFresh(db, plan, scope.programVersion)) {
    const all = storedFindings(db);
    if (owned === undefined && scope.session === undefined) return all;
    return (function* () {
      for (const f of all) if (wanted(f.session)) yield f;
    })();
  }
  return [...run(plan.analyzers)];
}

/**
 * Before a report: a full analysis whose findings are not stored yet runs on worker threads, one
 * batch of sessions per core, and stores them; the report then streams them from the store. Smaller
 * or partial runs (and read-only stores) are left to the in-process path, with the same findings.
 * True when the findings of this full run are stored (they were, or the workers stored them).
 */
export async function prepareAnalysis(db: Db, plan: AnalysisPlan, scope: RunScope, early?: Speculator | null): Promise<boolean> {
  const stored = await prepareFindings(db, plan, scope, early);
  await judgeAnalysis(db, plan, scope);
  return stored;
}

/**
 * With --judge: ask the model about the open steps of the findings the plan shows (whatever their
 * confidence: a verdict may change it) that the store has no verdict for; under --redact say once
 * that the judge is off. `prepareAnalysis` does it; the TUI does it over findings already stored.
 */
export async function judgeAnalysis(db: Db, plan: AnalysisPlan, scope: RunScope): Promise<void> {
  if (plan.judgeOff) scope.log?.(plan.judgeOff);
  if (!plan.judge) return;
  const raw = rawFindings(db, plan, scope);
  const shown = (function* () {
    for (const f of raw) if (leftOutBy(plan, f) === null) yield f;
  })();
  await judgeFindings(db, plan.judge, shown, scope.log);
}

async function prepareFindings(db: Db, plan: AnalysisPlan, scope: RunScope, early?: Speculator | null): Promise<boolean> {
  const key = fullRunKey(plan, scope);
  if (!key || !scope.persist) {
    await early?.stop();
    return false;
  }
  const fingerprint = analysisFingerprint(db, key);
  if (fingerprint === storedFingerprint(db)) {
    await early?.stop();
    return true;
  }
  const t0 = performance.now();
  const done = early ? await early.finish(new SessionReader(db, plan.models), storeContext(db)) : undefined;
  if (done && settings().speculationStats) {
    const at = (performance.now() / 1000).toFixed(2);
    scope.log?.(`early analysis: ${done.stats.kept} of ${done.stats.analysed} sessions kept (ingest done at ${(t0 / 1000).toFixed(2)} s, checked at ${at} s)`);
  }
  const watch = { progress: scope.progress, signal: scope.signal, total: scope.progress ? storeStats(db).sessions : undefined };
  return analyzeInParallel(db, plan.enabled, workerSetupOf(plan), fingerprint, done, scope.log, watch);
}

/**
 * For `triage`: analyse sessions that have gone quiet while ingest goes on (speculate.ts); the
 * final pass keeps each result that still holds. Null where the run would not use worker threads
 * (one core, a partial run): the final pass then does everything, with the same findings.
 */
export function startEarlyAnalysis(db: Db, plan: AnalysisPlan, scope: RunScope): Speculator | null {
  // only into a new store (triage's temporary one, a new --db): a store that already holds
  // events may hold the findings of an earlier run, which the early analysis would discard
  if (!fullRunKey(plan, scope) || !scope.persist || workerCount() < 2 || !settings().earlyAnalysis || hasEvents(db)) return null;
  return Speculator.start(db, workerSetupOf(plan));
}

export interface StreamedAnalysis {
  summary: FindingsSummary;
  /** how many findings the config's ignore rules left out */
  ignored: number;
  /** true when a shown finding at or above the plan's fail level went by */
  failed: boolean;
}

/**
 * The findings of an analysis one at a time, in report order, shown as the plan says (severity
 * overrides, ignore rules, the analyzers asked for, --severity, --min-confidence, --redact). `done`
 * is filled in when the iteration ends. A full run on a writable store streams from the findings
 * table: memory stays flat however many findings there are.
 */
export function streamAnalysis(db: Db, plan: AnalysisPlan, scope: RunScope = {}): { findings: Generator<Finding>; done: StreamedAnalysis } {
  const stats = scope.shard ? shardStats(db, scope.shard) : storeStats(db);
  const by: Record<string, number> = {};
  for (const a of plan.analyzers) by[a.meta.id] = 0;
  const done: StreamedAnalysis = {
    summary: {
      sessions: scope.session === undefined ? stats.sessions : Math.min(1, stats.sessions),
      events: stats.events,
      bad_lines: stats.bad_lines,
      by_analyzer: by,
    },
    ignored: 0,
    failed: false,
  };
  if (scope.shard) done.summary.shard = { k: scope.shard.k, n: scope.shard.n, by: scope.shard.by };
  const raw = rawFindings(db, plan, scope);
  const sorted = Array.isArray(raw) ? [...raw].sort(findingOrder) : raw;
  // with --judge: the cached verdicts on the steps the rules left open (prepareAnalysis asked for them)
  const judged = judgedBy(db, plan);
  function* gen(): Generator<Finding> {
    for (const r of sorted) {
      const f = showFinding(plan, judged(r), () => done.ignored++);
      if (f === null) continue;
      by[f.analyzer] = (by[f.analyzer] ?? 0) + 1;
      if (plan.failOn && severityRank(f.severity) >= severityRank(plan.failOn)) done.failed = true;
      yield f;
    }
  }
  return { findings: gen(), done };
}

/**
 * A shard's counts: its own sessions and their events; the store's bad lines once, in shard 0, so
 * that the merged documents count each once (shards cut by `amnesia shard` hold none: the manifest does).
 */
function shardStats(db: Db, shard: Shard): { sessions: number; events: number; bad_lines: number } {
  const own = ownedStats(db, ownedSessions(db, shard));
  return { ...own, bad_lines: shard.k === 0 ? storeStats(db).bad_lines : 0 };
}

/**
 * Run the analyzers over the store and build the FINDINGS.md document, findings in session then
 * time order, shown as the plan says.
 */
export function analyze(db: Db, plan: AnalysisPlan, scope: RunScope = {}): AnalysisResult {
  const { findings, done } = streamAnalysis(db, plan, scope);
  const list = [...findings];
  return { schema: FINDINGS_SCHEMA, findings: list, summary: done.summary, ignored: done.ignored, ran: plan.analyzers };
}

/** The findings of a store under the plan, as a full report has them: prepared on worker threads when that pays, then read. */
export async function analyzeStored(db: Db, plan: AnalysisPlan, scope: RunScope = {}): Promise<AnalysisResult> {
  await prepareAnalysis(db, plan, scope);
  return analyze(db, plan, scope);
}
