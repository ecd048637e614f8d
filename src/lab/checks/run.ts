/**
 * Runs a check set against an agent: every session of every check, turn by turn, then the probe's
 * answer scored against the check's expectations with the same checkers the analyzers use. Can write
 * the conversations as native events (`amnesia triage` and `amnesia baseline record` read them).
 */
import { measureStyle } from '../../text/style.js';
import type { Agent, ChatTurnMessage } from './agents.js';
import { AgentError } from './agents.js';
import { fillerMessages } from './filler.js';
import type { Check, CheckLayer, CheckSet, Expectation } from './set.js';

export const CHECKS_SCHEMA = 'amnesia.checks/v1';

export type CheckStatus = 'pass' | 'fail' | 'error';

export interface CheckRun {
  status: CheckStatus;
  /** why it failed (each expectation the answer missed), or the agent's error */
  reasons: string[];
  answer: string;
}

export interface CheckResult {
  id: string;
  memory: string;
  layer: CheckLayer;
  about: string;
  /** file:line of the check */
  source: string;
  /** the worst of its runs */
  status: CheckStatus;
  /** one per repeat */
  runs: CheckRun[];
}

export interface ChecksReport {
  schema: typeof CHECKS_SCHEMA;
  set: string;
  agent: string;
  repeat: number;
  results: CheckResult[];
  summary: {
    checks: number;
    passed: number;
    failed: number;
    errors: number;
    /** per layer and per memory type: checks, and how many failed (errors included) */
    by_layer: Record<string, { checks: number; failed: number }>;
    by_memory: Record<string, { checks: number; failed: number }>;
  };
}

/** A native event the run wrote (amnesia.events/v1). */
export type EventSink = (event: Record<string, unknown>) => void;

const norm = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
const q = (s: string) => JSON.stringify(s);

/** Why an answer misses the expectation, one reason per part missed (empty: it passes). */
export function judgeAnswer(answer: string, e: Expectation): string[] {
  const a = norm(answer);
  const why: string[] = [];
  for (const c of e.contains) if (!a.includes(norm(c))) why.push(`does not contain ${q(c)}`);
  if (e.containsAny.length && !e.containsAny.some((c) => a.includes(norm(c)))) why.push(`contains none of ${e.containsAny.map(q).join(', ')}`);
  for (const c of e.notContains) if (a.includes(norm(c))) why.push(`contains ${q(c)}`);
  if (e.honours.length) {
    const style = measureStyle(answer);
    for (const h of e.honours)
      for (const p of h.preferences) {
        const broke = p.check(style, answer);
        if (broke) why.push(`breaks ${q(h.text)} (${p.label}): ${broke}`);
      }
  }
  return why;
}

const RANK: Record<CheckStatus, number> = { pass: 0, fail: 1, error: 2 };

async function runOnce(check: Check, agent: Agent, run: number, opts: { emit?: EventSink; model: string; clock: () => number }): Promise<CheckRun> {
  agent.begin?.(check.id);
  let turn = 0;
  let answer = '';
  for (const [si, s] of check.sessions.entries()) {
    const session = `${check.id}${run ? `~${run + 1}` : ''}#${si + 1}`;
    const messages: ChatTurnMessage[] = [];
    for (const step of s.steps) {
      const said = 'filler' in step ? fillerMessages(`${check.id}/${si}/${turn}`, step.filler) : ['say' in step ? step.say : step.probe];
      for (const text of said) {
        const probe = 'probe' in step;
        messages.push({ role: 'user', content: text });
        const rid = `${session}/r${turn}`;
        const tag = probe ? { tag: check.id } : {};
        const base = { session, turn, scope: { user: s.user }, actor: agent.name };
        opts.emit?.({ kind: 'request', ts: opts.clock(), ...base, request_id: rid, model: opts.model, messages: messages.map((m) => ({ ...m })), ...tag });
        try {
          answer = await agent.answer({ check: check.id, session, user: s.user, messages: messages.map((m) => ({ ...m })), probe });
        } catch (e) {
          if (!(e instanceof AgentError)) throw e;
          return { status: 'error', reasons: [`the agent failed: ${e.message}`], answer: '' };
        }
        opts.emit?.({ kind: 'response', ts: opts.clock(), ...base, request_id: rid, content: answer, ...tag });
        messages.push({ role: 'assistant', content: answer });
        turn++;
      }
    }
  }
  const reasons = judgeAnswer(answer, check.expect);
  return { status: reasons.length ? 'fail' : 'pass', reasons, answer };
}

export interface RunOptions {
  /** ask every check this many times (a distribution for `amnesia baseline record`) */
  repeat?: number;
  emit?: EventSink;
  /** the model name written on request events */
  model?: string;
  /** epoch ms of each event; default Date.now */
  clock?: () => number;
  /** after each check */
  onResult?: (r: CheckResult) => void;
  /** only these check ids */
  only?: readonly string[];
}

export async function runChecks(set: CheckSet, agent: Agent, opts: RunOptions = {}): Promise<ChecksReport> {
  const repeat = opts.repeat ?? 1;
  const results: CheckResult[] = [];
  const model = opts.model ?? set.model ?? 'unknown';
  const clock = opts.clock ?? Date.now;
  try {
    for (const check of set.checks) {
      if (opts.only && !opts.only.includes(check.id)) continue;
      const runs: CheckRun[] = [];
      for (let r = 0; r < repeat; r++) runs.push(await runOnce(check, agent, r, { emit: opts.emit, model, clock }));
      const status = runs.reduce<CheckStatus>((w, x) => (RANK[x.status] > RANK[w] ? x.status : w), 'pass');
      const res: CheckResult = { id: check.id, memory: check.memory, layer: check.layer, about: check.about, source: check.source, status, runs };
      results.push(res);
      opts.onResult?.(res);
    }
  } finally {
    await agent.close?.();
  }
  const by = (k: 'layer' | 'memory') => {
    const out: Record<string, { checks: number; failed: number }> = {};
    for (const r of results) {
      const x = (out[r[k]] ??= { checks: 0, failed: 0 });
      x.checks++;
      if (r.status !== 'pass') x.failed++;
    }
    return out;
  };
  return {
    schema: CHECKS_SCHEMA,
    set: set.file,
    agent: agent.name,
    repeat,
    results,
    summary: {
      checks: results.length,
      passed: results.filter((r) => r.status === 'pass').length,
      failed: results.filter((r) => r.status === 'fail').length,
      errors: results.filter((r) => r.status === 'error').length,
      by_layer: by('layer'),
      by_memory: by('memory'),
    },
  };
}
