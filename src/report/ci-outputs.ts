/**
 * Everything `amnesia ci` says about a gated run, as data: the report on stdout, GitHub's workflow
 * annotations, the report files' texts, the lines for stderr and the verdict. The command only
 * writes them, so a run over logs and a run over findings documents are reported by one function.
 */
import type { ChalkInstance } from 'chalk';
import type { GatedRun } from '../analysis/gated.js';
import { analyzerReadme } from '../analyzers/docs.js';
import type { Baseline } from '../ci/baseline.js';
import { gate } from '../ci/gate.js';
import type { Config } from '../config/index.js';
import { presentRow } from '../findings/present.js';
import type { Severity } from '../findings/types.js';
import type { BehaviourComparison } from '../lab/behaviour/baseline.js';
import { VERSION } from '../version.js';
import { githubAnnotations } from './annotations.js';
import { verdictLine } from './ci.js';
import { reporter, type CiDocument } from './reporters.js';

export interface CiHow {
  /** --format of stdout (text, json, markdown, junit, sarif) */
  format?: string;
  baseline: Baseline | null;
  failOn: Severity;
  redact: boolean;
  config: Config;
  /** the answers compared with --baseline-behaviour, and that file's name */
  behaviour?: BehaviourComparison;
  behaviourFile?: string;
  /** under GitHub Actions: annotations on stdout before the report */
  githubActions: boolean;
  color: ChalkInstance;
}

export interface CiOutputs {
  /** workflow annotations of the new findings (GitHub Actions only), written before the report */
  annotations: string | null;
  /** the report in --format */
  report: Iterable<string>;
  /** a report file's text (--junit, --sarif, --markdown, the step summary) */
  render: (format: 'junit' | 'sarif' | 'markdown') => string;
  /** lines for stderr after the report */
  notes: string[];
  /** a new finding at or above --fail-on, an input not read, or answers that shifted: exit 1 */
  failed: boolean;
}

/** Compare with the baseline and say everything the gate found: the same for a store and for findings documents. */
export function ciOutputs(run: GatedRun, how: CiHow): CiOutputs {
  const g = gate(run.findings, how.baseline, how.failOn, { unread: run.unread, config: how.config.source ?? null });
  const behaviour = how.behaviour;
  const doc: CiDocument = {
    // a baseline written without --redact is shown as the findings are
    // a baseline written without --redact is shown hashed (its titles' words were never marked: hashed whole)
    gate: { ...g, fixed: g.fixed.map((b) => presentRow(b, how.redact, false)) },
    summary: run.summary,
    ignored: run.ignored,
    analyzers: run.analyzers.map((a) => a.meta.id),
    sessions: run.sessions,
    rules: run.analyzers.map((a) => ({ analyzer: a, readme: analyzerReadme(a.meta.id) })),
    version: VERSION,
    behaviour,
  };
  const notes: string[] = [];
  // the verdict goes to stderr when stdout is a document
  if ((how.format ?? 'text') !== 'text') notes.push(verdictLine(g));
  if (behaviour?.shifted) notes.push(`behaviour shifted against ${how.behaviourFile}: ${behaviour.tests.filter((t) => t.shifted).length} feature test(s)`);
  return {
    annotations: how.githubActions ? githubAnnotations(g.new) : null,
    report: reporter('ci', how.format)(doc, how.color),
    render: (format) => [...reporter('ci', format)(doc, how.color)].join(''),
    notes,
    failed: g.verdict === 'fail' || !!behaviour?.shifted,
  };
}
