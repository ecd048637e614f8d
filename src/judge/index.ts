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
import { confidenceRank, type Finding, type Judgement } from '../findings/types.js';
import { JudgeClient, type JudgeEndpoint } from './client.js';
import { RELEVANCE, relevanceInputs, relevanceMessages, relevanceStep, type RelevanceInputs } from './relevance.js';

export type { JudgeEndpoint } from './client.js';

/** The cache key of a question: sha256 of (question, prompt version, model, inputs). */
export function verdictKey(question: string, version: string, model: string, inputs: RelevanceInputs): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([question, version, model, inputs.query, inputs.memory]))
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

/**
 * Ask the model about every finding that rests on a step the rules leave open and whose verdict is
 * not cached; keep each answer in the store. Never throws on the endpoint's account: an unanswered
 * question leaves its step not checkable. `log` gets one summary line.
 */
export async function judgeFindings(db: Db, endpoint: JudgeEndpoint, findings: Iterable<Finding>, log?: (line: string) => void): Promise<JudgeRunStats> {
  const client = new JudgeClient(endpoint);
  const stats: JudgeRunStats = { questions: 0, cached: 0, answered: 0, unanswered: 0, requests: 0 };
  // the open questions first: `findings` may stream from the store, which is written below
  const open = new Map<string, RelevanceInputs>();
  for (const f of findings) {
    const inputs = relevanceInputs(f);
    if (inputs) open.set(verdictKey(RELEVANCE.question, RELEVANCE.version, endpoint.model, inputs), inputs);
  }
  let down = 0;
  for (const [key, inputs] of open) {
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
    const a = await client.ask(relevanceMessages(inputs), RELEVANCE.verdicts);
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
      question: RELEVANCE.question,
      prompt: RELEVANCE.version,
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

/**
 * A finding with the cached verdicts of `model` on its open steps: the step carries the judgement,
 * and a memory judged relevant makes a `possible` finding `likely`. A finding without a cached
 * verdict (never asked, unanswered) is returned as it is: its step stays not checkable.
 */
export function withVerdicts(db: Db, model: string): (f: Finding) => Finding {
  return (f) => {
    const inputs = relevanceInputs(f);
    if (!inputs) return f;
    const v = readVerdict(db, verdictKey(RELEVANCE.question, RELEVANCE.version, model, inputs));
    const step = relevanceStep(f);
    if (!v || step === null) return f;
    const judgement: Judgement = { by: v.model, question: v.question, prompt_version: v.prompt, verdict: v.verdict, reason: v.reason, at: v.at };
    const relevant = v.verdict === 'relevant';
    return {
      ...f,
      confidence: relevant && confidenceRank(f.confidence) < confidenceRank('likely') ? 'likely' : f.confidence,
      evidence: f.evidence.map((s) => (s.step === step ? { ...s, judgement } : s)),
    };
  };
}
