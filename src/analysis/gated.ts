/**
 * What `amnesia ci` gates on, gathered under the plan: from a store it read and analysed, or from
 * findings documents made elsewhere (shards' triage). Both give the same thing, so the gate, the
 * baseline and the reports (src/report/ci-outputs.ts) cannot tell the two apart.
 */
import type { Analyzer } from '../analyzers/define.js';
import type { UnreadInput } from '../ci/gate.js';
import { unreadInputs, withIgnored } from '../ci/unread.js';
import type { ShardManifest } from '../findings/merge.js';
import { presentSessionId } from '../findings/present.js';
import type { Finding, FindingsDocument, FindingsSummary } from '../findings/types.js';
import { SessionReader } from '../store/session.js';
import type { PreparedStore } from './ingest-analyze.js';
import { showFinding, type AnalysisPlan } from './plan.js';
import { analyze } from './run.js';

/** What a run gives the gate: findings as shown, and what the reports say about the run. */
export interface GatedRun {
  findings: Finding[];
  summary: FindingsSummary;
  /** findings left out by the config's ignore rules */
  ignored: number;
  analyzers: readonly Analyzer[];
  /** the sessions of the run, as shown (hashed under --redact); a document names only those with findings */
  sessions: readonly string[];
  /** inputs given and not read (for documents, what the shard manifest says `amnesia shard` did not read) */
  unread?: UnreadInput[];
}

/** The run of a store whose analysis is prepared (ingestThenAnalyze): its findings under the plan and what its ingest did not read. */
export function storeRun({ db, scope, read }: PreparedStore, plan: AnalysisPlan, ignoreUnread: readonly string[]): GatedRun {
  const result = analyze(db, plan, scope);
  return {
    findings: result.findings,
    summary: result.summary,
    ignored: result.ignored,
    analyzers: result.ran,
    sessions: [...new SessionReader(db).sessionIds()].map((id) => presentSessionId(id, plan.redact)),
    unread: unreadInputs(read, ignoreUnread),
  };
}

/**
 * The run a merged findings document describes, shown (and gated) as a run's findings are: the plan's
 * analyzers, config, --min-confidence, --redact. What `amnesia shard` could not read (the manifest's
 * `unread`) fails the gate as it fails `ci <logs>`.
 */
export function documentsRun(plan: AnalysisPlan, doc: FindingsDocument, manifest: ShardManifest | undefined, ignoreUnread: readonly string[]): GatedRun {
  const findings: Finding[] = [];
  let ignored = 0;
  for (const f of doc.findings) {
    const p = showFinding(plan, f, () => ignored++);
    if (p) findings.push(p);
  }
  const ids = new Set([...Object.keys(doc.summary.by_analyzer), ...findings.map((f) => f.analyzer)]);
  return {
    findings,
    summary: doc.summary,
    ignored,
    analyzers: plan.analyzers.filter((a) => ids.has(a.meta.id)),
    // the documents name only the sessions with findings: the others passed, unnamed
    sessions: [...new Set(findings.map((f) => f.session))].sort(),
    unread: manifest ? withIgnored(manifest.unread ?? [], ignoreUnread) : undefined,
  };
}
