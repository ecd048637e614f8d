import type { ChalkInstance } from 'chalk';
import { UsageError } from '../errors.js';
import type { Finding, FindingsSummary } from '../findings/types.js';
import type { GateResult } from '../ci/gate.js';
import type { IngestSummary } from '../ingest/pipeline.js';
import type { SessionSummary } from '../store/queries.js';
import type { BadLine } from '../store/bad-lines.js';
import type { ReplayReport } from '../lab/replay/types.js';
import type { EvalReport } from '../lab/eval.js';
import type { ChaosManifest } from './chaos.js';
import { OUTPUT_FORMATS, type OutputFormatOf, type ReportKind } from './formats.js';
import { findingDocumentText, findingsDocument, findingsJsonChunks, findingsMarkdown, findingsTextChunks } from './findings.js';
import { ciJson, ciMarkdown, ciText } from './ci.js';
import { esc, junitXml } from './junit.js';
import { sarifLog, type RuleDoc } from './sarif.js';
import { replayJson, replayText } from './replay.js';
import { evalJson, evalText } from './eval.js';
import { sessionsJsonChunks, sessionsText } from './sessions.js';
import { badLinesJson, badLinesText } from './bad-lines.js';
import { ingestJson, ingestText } from './ingest.js';
import { chaosJson, chaosText } from './chaos.js';
import { inertJson } from '../util/sanitize.js';
import type { ChecksReport } from '../lab/checks/run.js';
import type { BehaviourComparison } from '../lab/behaviour/baseline.js';
import { checksJson, checksJunit, checksMarkdown, checksSarif, checksText } from './checks.js';
import { behaviourJson, behaviourJunitSuite, behaviourMarkdown, behaviourText } from './behaviour.js';
import { VERSION } from '../version.js';

/**
 * Reporters are pure: a document in, text out (in chunks, so long reports stream). They never
 * decide exit codes and never know where the text goes. Each report has one reporter per output
 * format of src/report/formats.ts; a command picks one with `reporter(kind, --format)`.
 */
export type Reporter<D> = (doc: D, c: ChalkInstance) => Iterable<string>;

/** Findings one at a time in report order; `summary` is complete once they have all gone by. */
export interface FindingsStream {
  findings: Iterable<Finding>;
  summary: () => FindingsSummary;
}

export interface CiDocument {
  gate: GateResult;
  summary: FindingsSummary;
  ignored: number;
  /** ids of the analyzers that ran */
  analyzers: readonly string[];
  /** every session of the run, as shown (hashed under --redact) */
  sessions: readonly string[];
  rules: readonly RuleDoc[];
  version: string;
  /** `--baseline-behaviour`: the answers compared with a behaviour baseline */
  behaviour?: BehaviourComparison;
}

export interface BadLinesDocument {
  rows: Iterable<BadLine>;
  /** bad lines counted past the per-source cap, not kept (null: not counted for a filtered listing) */
  more: () => number | null;
}

export interface ChaosDocument {
  manifest: ChaosManifest;
  out: string;
  /** per fault: the analyzer that must catch it */
  analyzerOf: Readonly<Record<string, string>>;
}

interface Documents {
  findings: FindingsStream;
  finding: Finding;
  ci: CiDocument;
  replay: readonly ReplayReport[];
  eval: EvalReport;
  sessions: Iterable<SessionSummary>;
  badLines: BadLinesDocument;
  ingest: IngestSummary;
  chaos: ChaosDocument;
  checks: ChecksReport;
  behaviour: BehaviourComparison;
}

type ReporterMap = { [K in ReportKind]: Record<OutputFormatOf<K>, Reporter<Documents[K]>> };

export const REPORTERS: ReporterMap = {
  findings: {
    text: (d, c) => findingsTextChunks(d.findings, c, d.summary),
    json: (d) => findingsJsonChunks(d.findings, d.summary),
    // the summary table comes first: the findings are collected
    markdown: (d) => {
      const all = [...d.findings];
      return [findingsMarkdown(findingsDocument(all, d.summary()))];
    },
  },
  finding: {
    text: (f, c) => [findingDocumentText(f, c)],
    json: (f) => [inertJson(JSON.stringify(f, null, 2)) + '\n'],
  },
  ci: {
    text: (d, c) => [ciText(d.gate, c), ...(d.behaviour ? ['\nBehaviour against the baseline:\n', behaviourText(d.behaviour, c)] : [])],
    json: (d) => [ciJson(d.gate, d.summary, d.ignored, d.behaviour)],
    markdown: (d) => [ciMarkdown(d.gate, d.summary), ...(d.behaviour ? [behaviourMarkdown(d.behaviour)] : [])],
    junit: (d) => [junitXml(d.gate, d.analyzers, d.sessions, d.behaviour ? behaviourJunitSuite(d.behaviour, esc) : undefined)],
    sarif: (d) => [sarifLog(d.gate, d.rules, d.version)],
  },
  replay: {
    text: (r, c) => [replayText(r, c)],
    json: (r) => [replayJson(r)],
  },
  eval: {
    text: (r, c) => [evalText(r, c)],
    json: (r) => [evalJson(r)],
  },
  sessions: {
    // the table is laid out from all its rows
    text: (rows, c) => [sessionsText([...rows], c)],
    json: (rows) => sessionsJsonChunks(rows),
  },
  badLines: {
    text: (d) => badLinesText(d.rows, d.more),
    json: (d) => [badLinesJson(d.rows)],
  },
  ingest: {
    text: (s, c) => [ingestText(s, c)],
    json: (s) => [ingestJson(s)],
  },
  chaos: {
    text: (d) => [chaosText(d.manifest, d.out, d.analyzerOf)],
    json: (d) => [chaosJson(d.manifest)],
  },
  checks: {
    text: (r, c) => [checksText(r, c)],
    json: (r) => [checksJson(r)],
    markdown: (r) => [checksMarkdown(r)],
    junit: (r) => [checksJunit(r)],
    sarif: (r) => [checksSarif(r, VERSION)],
  },
  behaviour: {
    text: (r, c) => [behaviourText(r, c)],
    json: (r) => [behaviourJson(r)],
    markdown: (r) => [behaviourMarkdown(r)],
  },
};

/** A report's output formats (for messages and help). */
export function formatsOf(kind: ReportKind): readonly string[] {
  return OUTPUT_FORMATS[kind];
}

/** The reporter for `--format <name>` (default text); an unknown name is a usage error listing the known ones. */
export function reporter<K extends ReportKind>(kind: K, format: string | undefined): Reporter<Documents[K]> {
  const name = format ?? 'text';
  const map = REPORTERS[kind] as Record<string, Reporter<Documents[K]>>;
  if (!Object.hasOwn(map, name)) throw new UsageError(`unknown output format "${name}"; use one of: ${formatsOf(kind).join(', ')}`);
  return map[name];
}
