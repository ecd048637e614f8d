/**
 * What the analyzers' replay judgements share (each analyzer's own is its folder's judge.ts): the
 * words for a turn, whether a reference prompt carries a text, and the opening of a pinned
 * instruction's judgement.
 */
import { contentText } from '../events/validate.js';
import type { EngineScope, Memory, PromptPlan } from '../engine/types.js';
import { normalizeText } from '../text/index.js';
import { notJudged, notPrevented, type Judgement, type ReplayView } from './views.js';

export const fmt = (n: number) => n.toLocaleString('en-US');

/** "turn 4", or "that point" for a finding without a turn */
export const atTurn = (turn: number | null) => (turn !== null ? `turn ${turn}` : 'that point');

/** Does a reference prompt carry a text (normalised, anywhere in its messages)? */
export const carriedIn = (plan: PromptPlan, text: string) => plan.messages.some((m) => normalizeText(contentText(m.content)).includes(normalizeText(text)));

/** The memory the reference engine keeps for a constraint or preference key: pinned, else any version of it. */
export function pinnedMemory(r: ReplayView, scope: EngineScope, key: string): Memory | undefined {
  return r.engine.pinned(scope).find((m) => m.key === key) ?? r.engine.memories(scope, { includeSuperseded: true }).find((m) => m.key === key);
}

/**
 * The opening of the judgement of a finding about a standing instruction (a constraint, a
 * preference): the reference engine must hold a memory for its key and carry it in every reference
 * prompt at the finding's turn. Returns the verdict when it does not, else what the caller words
 * its "prevented" from: the memory, the last reference prompt and the words for the turn.
 */
export function pinnedThroughout(r: ReplayView, turn: number | null, key: string): Judgement | { mem: Memory; last: PromptPlan; at: string } {
  const at = atTurn(turn);
  const plans = r.plansAt(turn);
  const mem = pinnedMemory(r, r.scopeAt(turn), key);
  if (!mem) return notPrevented(`the reference engine found no memory for "${key}" to pin (its extraction did not see the constraint)`);
  if (!plans.length) return notJudged(`the log has no request at ${at} to build a reference prompt for`);
  if (!plans.every((p) => carriedIn(p, mem.text))) return notPrevented(`the reference prompt at ${at} does not carry "${mem.text}"`);
  // a prompt over its window is cut by the provider or refused: carrying the rule there prevents nothing
  const over = plans.find((p) => p.tokens > p.contextLimit);
  if (over)
    return notPrevented(`the reference prompt at ${at} is ${fmt(over.tokens)} tokens in a ${fmt(over.contextLimit)}-token window: it does not fit either`);
  return { mem, last: plans[plans.length - 1], at };
}
