import type { Db } from '../store/connection.js';
import { storeStats } from '../store/queries.js';
import { severityRank, type Finding, type FindingsDocument, type Severity } from '../findings/types.js';
import { findingsDocument } from '../report/findings.js';
import type { ModelOverride } from '../tokens/models.js';
import type { Analyzer } from './define.js';
import { analyzeStore } from './run.js';
import { ANALYZERS } from './registry.js';
import { analysisFingerprint, saveFindings, storedFingerprint } from '../store/findings.js';

export interface AnalyzeOptions {
  analyzers: readonly Analyzer[];
  /** exact session id */
  session?: string;
  /** drop findings below this severity */
  minSeverity?: Severity;
  models?: Record<string, ModelOverride>;
  options?: Record<string, Record<string, number | string | boolean>>;
}

/** A run over every session with every analyzer: its findings are stored and reused until the store changes. */
function isFullRun(opts: AnalyzeOptions): boolean {
  return opts.session === undefined && opts.analyzers.length === ANALYZERS.length;
}

/**
 * Run the analyzers over the store and build the FINDINGS.md document (findings in session, then time order).
 * With `persist` (a writable store) a full run saves its findings, and a later full run on an unchanged
 * store reads them back instead of analyzing again.
 */
export function analyze(db: Db, opts: AnalyzeOptions & { persist?: boolean }): FindingsDocument {
  let all: Iterable<Finding>;
  const full = isFullRun(opts);
  const fingerprint = full ? analysisFingerprint(db, opts.analyzers.map((a) => a.meta.id), [opts.models ?? {}, opts.options ?? {}]) : null;
  if (full && fingerprint === storedFingerprint(db)) {
    all = (db.prepare('SELECT json FROM findings').all() as { json: string }[]).map((r) => JSON.parse(r.json) as Finding);
  } else {
    const run = [
      ...analyzeStore(db, {
        analyzers: opts.analyzers,
        sessionFilter: opts.session === undefined ? undefined : (id) => id === opts.session,
        models: opts.models,
        options: opts.options,
      }),
    ];
    if (full && opts.persist && fingerprint) saveFindings(db, run, fingerprint);
    all = run;
  }
  const findings: Finding[] = [];
  const min = opts.minSeverity ? severityRank(opts.minSeverity) : 0;
  for (const f of all) if (severityRank(f.severity) >= min) findings.push(f);
  findings.sort((a, b) => (a.session < b.session ? -1 : a.session > b.session ? 1 : a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : a.id < b.id ? -1 : 1));
  const stats = storeStats(db);
  const by: Record<string, number> = {};
  for (const a of opts.analyzers) by[a.meta.id] = 0;
  for (const f of findings) by[f.analyzer] = (by[f.analyzer] ?? 0) + 1;
  return findingsDocument(findings, {
    sessions: opts.session === undefined ? stats.sessions : Math.min(1, stats.sessions),
    events: stats.events,
    bad_lines: stats.bad_lines,
    by_analyzer: by,
  });
}

/** Exit status of FINDINGS.md: 1 when a finding is at or above the fail level. */
export function failed(doc: FindingsDocument, failOn: Severity | undefined): boolean {
  if (!failOn) return false;
  return doc.findings.some((f) => severityRank(f.severity) >= severityRank(failOn));
}
