/**
 * What the analyzers' replay judgements share (each analyzer's own is its folder's judge.ts): the
 * words for a turn, and whether a reference prompt carries a text.
 */
import { contentText } from '../events/validate.js';
import type { EngineScope, Memory, PromptPlan } from '../engine/types.js';
import { normalizeText } from '../text/index.js';
import type { ReplayView } from './views.js';

export const fmt = (n: number) => n.toLocaleString('en-US');

/** "turn 4", or "that point" for a finding without a turn */
export const atTurn = (turn: number | null) => (turn !== null ? `turn ${turn}` : 'that point');

/** Does a reference prompt carry a text (normalised, anywhere in its messages)? */
export const carriedIn = (plan: PromptPlan, text: string) => plan.messages.some((m) => normalizeText(contentText(m.content)).includes(normalizeText(text)));

/** The memory the reference engine keeps for a constraint or preference key: pinned, else any version of it. */
export function pinnedMemory(r: ReplayView, scope: EngineScope, key: string): Memory | undefined {
  return r.engine.pinned(scope).find((m) => m.key === key) ?? r.engine.memories(scope, { includeSuperseded: true }).find((m) => m.key === key);
}
