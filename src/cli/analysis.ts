import type { Db } from '../store/connection.js';
import { hasEvents, storeStats } from '../store/queries.js';
import { severityRank, type Finding, type FindingsDocument, type FindingsSummary, type Severity } from '../findings/types.js';
import { findingsDocument } from '../report/findings.js';
import { EMPTY_CONFIG, type Config } from '../config/index.js';
import { leftOut, presentation, presentFinding } from '../findings/present.js';
import type { Analyzer } from '../analyzers/define.js';
import { analyzeStore } from '../analyzers/run.js';
import { ANALYZERS } from '../analyzers/registry.js';
import { analysisFingerprint, configuredOptions, storedFingerprint, throughCache, type CacheKey } from '../store/findings.js';
import { analyzeInParallel, workerCount } from '../analyzers/parallel.js';
import { Speculator } from '../analyzers/speculate.js';
import { SessionReader } from '../store/session.js';
import { storeContext } from '../analyzers/run.js';
import type { Shard } from '../events/shard.js';
import { ownedSessions, ownedStats } from '../store/shard.js';
import { findingOrder } from '../findings/merge.js';

export interface AnalyzeOptions {
  /** the analyzers asked for (--analyzer); default: every analyzer the config leaves enabled */
  analyzers?: readonly Analyzer[];
  /** exact session id */
  session?: string;
  /** only the sessions this shard owns (docs/scale.md): the others are read as context, not analysed */
  shard?: Shard;
  /** drop findings below this severity */
  minSeverity?: Severity;
  config?: Config;
  /** a writable store: a full run saves its findings, a later full run on the same store state reuses them */
  persist?: boolean;
  /** replace users' words by hash + shape in every finding (also config `redact`) */
  redact?: boolean;
  /** the program version the findings cache is keyed by (default: this program's); for tests */
  programVersion?: string;
}

export interface AnalysisResult extends FindingsDocument {
  /** how many findings the config's ignore rules left out (not in `findings`) */
  ignored: number;
  /** the analyzers that ran */
  ran: readonly Analyzer[];
}

export function enabledAnalyzers(config: Config): Analyzer[] {
  return ANALYZERS.filter((a) => config.analyzers[a.meta.id]?.enabled !== false);
}

export function analyzerOptions(config: Config): Record<string, Record<string, number | string | boolean>> {
  return configuredOptions(config.analyzers);
}

/** A run over every session with every analyzer: its findings are stored and reused until the key changes. */
function fullRunKey(analyzers: readonly Analyzer[], opts: AnalyzeOptions, config: Config): CacheKey | null {
  const full = opts.session === undefined && opts.shard === undefined && analyzers.length === ANALYZERS.length;
  return full ? { analyzers, config, programVersion: opts.programVersion } : null;
}

function runAnalyzers(db: Db, analyzers: readonly Analyzer[], opts: AnalyzeOptions, config: Config) {
  const owned = opts.shard ? ownedSessions(db, opts.shard) : undefined;
  return analyzeStore(db, {
    analyzers,
    sessionFilter: owned
      ? (id) => owned.has(id) && (opts.session === undefined || id === opts.session)
      : opts.session === undefined
        ? undefined
        : (id) => id === opts.session,
    models: config.models,
    options: analyzerOptions(config),
  });
}

/** A full run goes through the findings cache; a partial one (a session, some analyzers) runs as it is. */
function rawFindings(db: Db, analyzers: readonly Analyzer[], opts: AnalyzeOptions, config: Config): Iterable<Finding> {
  const key = fullRunKey(analyzers, opts, config);
  const run = () => runAnalyzers(db, analyzers, opts, config);
  return key ? throughCache(db, key, run, !!opts.persist) : [...run()];
}

/**
 * Before a report: a full analysis whose findings are not stored yet runs on worker threads, one
 * batch of sessions per core, and stores them; the report then streams them from the store. Smaller
 * or partial runs (and read-only stores) are left to the in-process path, with the same findings.
 * True when the findings of this full run are stored (they were, or the workers stored them).
 */
export async function prepareAnalysis(db: Db, opts: AnalyzeOptions, early?: Speculator | null): Promise<boolean> {
  const config = opts.config ?? EMPTY_CONFIG;
  const analyzers = opts.analyzers ?? enabledAnalyzers(config);
  const key = fullRunKey(analyzers, opts, config);
  if (!key || !opts.persist) {
    await early?.stop();
    return false;
  }
  const fingerprint = analysisFingerprint(db, key);
  if (fingerprint === storedFingerprint(db)) {
    await early?.stop();
    return true;
  }
  const t0 = performance.now();
  const done = early ? await early.finish(new SessionReader(db, config.models), storeContext(db)) : undefined;
  if (done && process.env.AMNESIA_SPECULATION_STATS) {
    const at = (performance.now() / 1000).toFixed(2);
    process.stderr.write(
      `early analysis: ${done.stats.kept} of ${done.stats.analysed} sessions kept (ingest done at ${(t0 / 1000).toFixed(2)} s, checked at ${at} s)\n`,
    );
  }
  return analyzeInParallel(db, analyzers, { models: config.models, options: analyzerOptions(config) }, fingerprint, done);
}

/**
 * For `triage`: analyse sessions that have gone quiet while ingest goes on (speculate.ts); the
 * final pass keeps each result that still holds. Null where the run would not use worker threads
 * (one core, a partial run): the final pass then does everything, with the same findings.
 */
export function startEarlyAnalysis(db: Db, opts: AnalyzeOptions): Speculator | null {
  const config = opts.config ?? EMPTY_CONFIG;
  const analyzers = opts.analyzers ?? enabledAnalyzers(config);
  // only into a new store (triage's temporary one, a new --db): a store that already holds
  // events may hold the findings of an earlier run, which the early analysis would discard
  if (!fullRunKey(analyzers, opts, config) || !opts.persist || workerCount() < 2 || process.env.AMNESIA_EARLY_ANALYSIS === '0' || hasEvents(db)) return null;
  return Speculator.start(db, { analyzers: analyzers.map((a) => a.meta.id), models: config.models, options: analyzerOptions(config) });
}

export interface StreamedAnalysis {
  summary: FindingsSummary;
  /** how many findings the config's ignore rules left out */
  ignored: number;
  /** true when a finding at or above the fail level went by */
  failed: boolean;
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
 * The findings of an analysis one at a time, in report order, with the config's severity
 * overrides, ignore rules, minimum severity and redaction applied. `done` is filled in when the
 * iteration ends. A full run on a writable store streams from the findings table: memory stays
 * flat however many findings there are.
 */
export function streamAnalysis(db: Db, opts: AnalyzeOptions & { failOn?: Severity }): { findings: Generator<Finding>; done: StreamedAnalysis } {
  const config = opts.config ?? EMPTY_CONFIG;
  const analyzers = opts.analyzers ?? enabledAnalyzers(config);
  const min = opts.minSeverity ? severityRank(opts.minSeverity) : 0;
  const shown = presentation(config, opts.redact);
  const stats = opts.shard ? shardStats(db, opts.shard) : storeStats(db);
  const by: Record<string, number> = {};
  for (const a of analyzers) by[a.meta.id] = 0;
  const done: StreamedAnalysis = {
    summary: {
      sessions: opts.session === undefined ? stats.sessions : Math.min(1, stats.sessions),
      events: stats.events,
      bad_lines: stats.bad_lines,
      by_analyzer: by,
    },
    ignored: 0,
    failed: false,
  };
  if (opts.shard) done.summary.shard = { k: opts.shard.k, n: opts.shard.n, by: opts.shard.by };
  const raw = rawFindings(db, analyzers, opts, config);
  const sorted = Array.isArray(raw) ? [...raw].sort(findingOrder) : raw;
  function* gen(): Generator<Finding> {
    for (const r of sorted) {
      const f = presentFinding(r, shown);
      if (f === null) {
        if (leftOut(r, config) === 'ignored') done.ignored++;
        continue;
      }
      if (severityRank(f.severity) < min) continue;
      by[f.analyzer] = (by[f.analyzer] ?? 0) + 1;
      if (opts.failOn && severityRank(f.severity) >= severityRank(opts.failOn)) done.failed = true;
      yield f;
    }
  }
  return { findings: gen(), done };
}

/**
 * Run the analyzers over the store and build the FINDINGS.md document, findings in session then
 * time order. The config's severity overrides and ignore rules apply after the analyzers ran.
 */
export function analyze(db: Db, opts: AnalyzeOptions = {}): AnalysisResult {
  const config = opts.config ?? EMPTY_CONFIG;
  const { findings, done } = streamAnalysis(db, opts);
  const doc = findingsDocument([...findings], done.summary);
  return { ...doc, ignored: done.ignored, ran: opts.analyzers ?? enabledAnalyzers(config) };
}
