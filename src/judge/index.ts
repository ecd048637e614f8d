/**
 * The optional model judge (issue 33): asked only at a step the rules leave open, only when the
 * user says so (`--judge <url>`, config `judge`), never under --redact. Its verdicts are cached in
 * the store by the sha256 of (question, prompt version, model, inputs): a second run asks nothing.
 * Asking is async and happens once before a report (`judgeFindings`); showing a finding reads the
 * cache only (`withVerdicts`), so every report of the run shows the same verdicts.
 */
import crypto from 'node:crypto';
import type { Db } from '../store/connection.js';
import { readVerdict, writeVerdict, type StoredVerdict } from '../store/verdicts.js';
import { confidenceRank, severityFor, type Confidence, type Finding, type Judgement } from '../findings/types.js';
import { JudgeClient, type JudgeEndpoint } from './client.js';
import { messagesOf, type Effect, type Question } from './question.js';
import { RELEVANCE } from './relevance.js';
import { SURVIVAL } from './survival.js';
import { STYLE } from './style.js';
import { STANDING } from './standing.js';

export type { JudgeEndpoint } from './client.js';

/** Every question the judge asks, each where one rule says it cannot tell (docs/config.md lists them). */
export const QUESTIONS: readonly Question[] = [RELEVANCE, STANDING, SURVIVAL, STYLE] as readonly Question[];

/** The cache key of a question: sha256 of (question, prompt version, model, inputs in their order). */
export function verdictKey(question: string, version: string, model: string, inputs: Record<string, string>): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([question, version, model, ...Object.values(inputs)]))
    .digest('hex');
}

/** questions in a row the endpoint did not answer at all, after which the run asks it nothing more */
export const DOWN_AFTER = 2;

export interface JudgeRunStats {
  /** unsettled steps met (distinct questions) */
  questions: number;
  /** answered from the store's cache */
  cached: number;
  /** answered by the model in this run */
  answered: number;
  /** left not checkable: with the first reason */
  unanswered: number;
  firstWhy?: string;
  /** HTTP requests sent (retries included) */
  requests: number;
}

/** The open questions of a finding: each question whose rule cannot tell, with its inputs. */
function openQuestions(f: Finding): { q: Question; inputs: Record<string, string> }[] {
  const out: { q: Question; inputs: Record<string, string> }[] = [];
  for (const q of QUESTIONS) {
    const inputs = q.inputs(f);
    if (inputs) out.push({ q, inputs });
  }
  return out;
}

/**
 * Ask the model about every finding that rests on a step the rules leave open and whose verdict is
 * not cached; keep each answer in the store. Never throws on the endpoint's account: an unanswered
 * question leaves its step not checkable. `log` gets one summary line.
 */
export async function judgeFindings(db: Db, endpoint: JudgeEndpoint, findings: Iterable<Finding>, log?: (line: string) => void): Promise<JudgeRunStats> {
  const client = new JudgeClient(endpoint);
  const stats: JudgeRunStats = { questions: 0, cached: 0, answered: 0, unanswered: 0, requests: 0 };
  // the open questions first: `findings` may stream from the store, which is written below
  const open = new Map<string, { q: Question; inputs: Record<string, string> }>();
  for (const f of findings) for (const o of openQuestions(f)) open.set(verdictKey(o.q.id, o.q.version, endpoint.model, o.inputs), o);
  let down = 0;
  for (const [key, { q, inputs }] of open) {
    stats.questions++;
    if (readVerdict(db, key)) {
      stats.cached++;
      continue;
    }
    if (down >= DOWN_AFTER) {
      // an endpoint that is not there would cost every question its timeout and retries
      stats.unanswered++;
      continue;
    }
    const a = await client.ask(messagesOf(q, inputs), q.verdicts);
    if (!a.ok) {
      stats.unanswered++;
      stats.firstWhy ??= a.why;
      down = a.down ? down + 1 : 0;
      continue;
    }
    down = 0;
    stats.answered++;
    const row: StoredVerdict = {
      key,
      question: q.id,
      prompt: q.version,
      model: endpoint.model,
      verdict: a.verdict,
      reason: a.reason,
      at: new Date().toISOString(),
    };
    writeVerdict(db, row);
  }
  stats.requests = client.requests;
  if (stats.questions) {
    const left = stats.unanswered ? `, ${stats.unanswered} left not checkable (${stats.firstWhy})` : '';
    log?.(
      `judge: ${stats.questions} open question(s): ${stats.cached} from the store's cache, ${stats.answered} answered by ${endpoint.model} in ${stats.requests} request(s)${left}`,
    );
  }
  return stats;
}

/** A confidence after a verdict's effect. */
function affected(c: Confidence, e: Effect): Confidence {
  if (e === 'lower') return 'possible';
  if (e === 'raise' && confidenceRank(c) < confidenceRank('likely')) return 'likely';
  return c;
}

/**
 * A finding with the cached verdicts of `model` on its open steps: each step carries its judgement,
 * the confidence follows the verdicts (a verdict that the finding may be false lowers it to
 * `possible`, one that confirms a `possible` guess raises it to `likely`; a lowering wins), and
 * `confidence_judged` says the confidence rests on a verdict. A finding without a cached verdict
 * (never asked, unanswered) is returned as it is: its steps stay not checkable.
 */
export function withVerdicts(db: Db, model: string): (f: Finding) => Finding {
  return (f) => {
    const found: { step: number; j: Judgement; effect: Effect }[] = [];
    for (const { q, inputs } of openQuestions(f)) {
      const v = readVerdict(db, verdictKey(q.id, q.version, model, inputs));
      const step = q.step(f);
      if (!v || step === null) continue;
      const j: Judgement = { by: v.model, question: v.question, prompt_version: v.prompt, verdict: v.verdict, reason: v.reason, at: v.at };
      found.push({ step, j, effect: q.effect[v.verdict] ?? 'keep' });
    }
    if (found.length === 0) return f;
    const effects = found.map((x) => x.effect);
    const effect: Effect = effects.includes('lower') ? 'lower' : effects.includes('raise') ? 'raise' : 'keep';
    const confidence = affected(f.confidence, effect);
    return {
      ...f,
      confidence,
      // a possible finding is never an error
      severity: severityFor(f.severity, confidence),
      confidence_judged: { by: model, rules: f.confidence },
      // each question shows its verdict on its own step (retrieval, statement, compaction, answer)
      evidence: f.evidence.map((s) => {
        const here = found.find((x) => x.step === s.step);
        return here ? { ...s, judgement: here.j } : s;
      }),
    };
  };
}
