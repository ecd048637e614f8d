/**
 * `amnesia eval`: run the analyzers over logs with known faults and score them against a labels
 * file (analyzer, session, turn per injected fault; `analyzer: null` for a session that must stay
 * clean). A finding is a true positive when a label has its analyzer, session and turn; every
 * other finding is a false positive. Precision and recall per analyzer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPlan, type AnalysisPlan } from '../analysis/plan.js';
import { analyzeStore } from '../analyzers/run.js';
import type { Finding } from '../findings/types.js';
import { resolveInputs } from '../ingest/inputs.js';
import { ingest } from '../ingest/pipeline.js';
import type { IngestSink } from '../ingest/progress.js';
import { openStore } from '../store/connection.js';

export interface Label {
  session: string;
  analyzer: string | null;
  turn: number | null;
  fault?: string;
  [k: string]: unknown;
}

export interface AnalyzerScore {
  analyzer: string;
  labels: number;
  findings: number;
  true_positives: number;
  false_positives: number;
  /** labels no finding matched */
  false_negatives: number;
  /** null when the analyzer reported nothing */
  precision: number | null;
  /** null when nothing was labelled for it */
  recall: number | null;
}

export interface FindingRef {
  analyzer: string;
  session: string;
  turn: number | null;
  cause: string;
  title: string;
}

export interface EvalReport {
  schema: 'amnesia.eval/v1';
  sessions: number;
  analyzers: AnalyzerScore[];
  /** sessions labelled clean (analyzer null) and those of them with any finding */
  clean: { sessions: number; flagged: string[] };
  missed: Label[];
  false_positives: FindingRef[];
  /** labels for analyzers that did not run */
  not_evaluated: { analyzer: string; labels: number }[];
}

/** A labels file: JSON Lines (as `amnesia chaos` writes) or a JSON array. */
export function readLabels(file: string): Label[] {
  const text = fs.readFileSync(file, 'utf8');
  const trimmed = text.trim();
  const rows: unknown[] = trimmed.startsWith('[')
    ? (JSON.parse(trimmed) as unknown[])
    : trimmed
        .split('\n')
        .filter((l) => l.trim())
        .map((l, i) => {
          try {
            return JSON.parse(l) as unknown;
          } catch {
            throw new Error(`${file}:${i + 1}: not JSON`);
          }
        });
  return rows.map((r, i) => {
    const o = r as Record<string, unknown>;
    if (typeof o !== 'object' || o === null || typeof o.session !== 'string') throw new Error(`${file}: label ${i + 1} has no "session"`);
    if (o.analyzer !== null && o.analyzer !== undefined && typeof o.analyzer !== 'string')
      throw new Error(`${file}: label ${i + 1}: "analyzer" must be a string or null`);
    if (o.turn !== null && o.turn !== undefined && !Number.isInteger(o.turn)) throw new Error(`${file}: label ${i + 1}: "turn" must be an integer or null`);
    return { ...o, session: o.session, analyzer: (o.analyzer as string | undefined) ?? null, turn: (o.turn as number | undefined) ?? null } as Label;
  });
}

const key = (analyzer: string, session: string, turn: number | null) => `${analyzer}\u0000${session}\u0000${turn ?? ''}`;

/** Score findings against labels for the analyzers that ran. Pure. */
export function evaluate(findings: readonly Finding[], labels: readonly Label[], ran: readonly string[]): EvalReport {
  const ranSet = new Set(ran);
  const labelled = new Set(labels.filter((l) => l.analyzer).map((l) => key(l.analyzer!, l.session, l.turn)));
  const matched = new Set<string>();
  const fps: FindingRef[] = [];
  const perAnalyzer = new Map<string, { findings: number; tp: number }>();
  for (const id of ran) perAnalyzer.set(id, { findings: 0, tp: 0 });
  for (const f of findings) {
    const s = perAnalyzer.get(f.analyzer) ?? { findings: 0, tp: 0 };
    perAnalyzer.set(f.analyzer, s);
    s.findings++;
    const k = key(f.analyzer, f.session, f.turn);
    if (labelled.has(k)) {
      s.tp++;
      matched.add(k);
    } else fps.push({ analyzer: f.analyzer, session: f.session, turn: f.turn, cause: f.cause, title: f.title });
  }
  const scores: AnalyzerScore[] = [];
  for (const [analyzer, s] of [...perAnalyzer].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const mine = labels.filter((l) => l.analyzer === analyzer);
    const found = mine.filter((l) => matched.has(key(analyzer, l.session, l.turn))).length;
    scores.push({
      analyzer,
      labels: mine.length,
      findings: s.findings,
      true_positives: s.tp,
      false_positives: s.findings - s.tp,
      false_negatives: mine.length - found,
      precision: s.findings ? s.tp / s.findings : null,
      recall: mine.length ? found / mine.length : null,
    });
  }
  const missed = labels.filter((l) => l.analyzer && ranSet.has(l.analyzer) && !matched.has(key(l.analyzer, l.session, l.turn)));
  const notEvaluated = new Map<string, number>();
  for (const l of labels) if (l.analyzer && !ranSet.has(l.analyzer)) notEvaluated.set(l.analyzer, (notEvaluated.get(l.analyzer) ?? 0) + 1);
  const cleanSessions = new Set(labels.filter((l) => l.analyzer === null).map((l) => l.session));
  const flagged = [...new Set(findings.filter((f) => cleanSessions.has(f.session)).map((f) => f.session))].sort();
  return {
    schema: 'amnesia.eval/v1',
    sessions: new Set(labels.map((l) => l.session)).size,
    analyzers: scores,
    clean: { sessions: cleanSessions.size, flagged },
    missed,
    false_positives: fps,
    not_evaluated: [...notEvaluated].map(([analyzer, n]) => ({ analyzer, labels: n })),
  };
}

/** Ingest the logs into a temporary store (its notes to `sink`), run the plan's analyzers (with its options and models), score them. */
export async function evaluateLogs(
  paths: string[],
  labels: Label[],
  plan: AnalysisPlan = buildPlan(),
  sink?: IngestSink,
): Promise<{ report: EvalReport; findings: Finding[] }> {
  const { analyzers } = plan;
  const inputs = await resolveInputs(paths);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-eval-'));
  try {
    const db = openStore(path.join(dir, 'evidence.db'));
    try {
      await ingest(db, { inputs, progress: false, models: plan.models, sink });
      const findings = [...analyzeStore(db, { analyzers, options: plan.options, models: plan.models })];
      return {
        report: evaluate(
          findings,
          labels,
          analyzers.map((a) => a.meta.id),
        ),
        findings,
      };
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
