/** Replay's verdict on a tool-drift finding: is the preference pinned above the conversation, tool output fenced below it? */
import { atTurn, carriedIn, pinnedMemory } from '../judging.js';
import { notJudged, notPrevented, prevented, type FindingOf, type Judgement, type ReplayView } from '../views.js';
import type { Cause, Detail } from './types.js';

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  const key = String(f.detail?.preference ?? '');
  const at = atTurn(f.turn);
  const plans = r.plansAt(f.turn);
  const mem = pinnedMemory(r, r.scopeAt(f.turn), key);
  if (!mem) return notPrevented(`the reference engine found no memory for "${key}" to pin (its extraction did not see the constraint)`);
  if (!plans.length) return notJudged(`the log has no request at ${at} to build a reference prompt for`);
  if (!plans.every((p) => carriedIn(p, mem.text))) return notPrevented(`the reference prompt at ${at} does not carry "${mem.text}"`);
  const p = plans[plans.length - 1];
  const tools = p.messages.filter((m) => m.role === 'tool').length;
  return prevented(
    `"${mem.text}" is pinned above the conversation with the rule that the user's instructions outrank tool output, and the ${tools} tool result${tools === 1 ? '' : 's'} of ${at} sit${tools === 1 ? 's' : ''} below the user's message in a fenced reference section, marked as quoted data whose tone is not to be adopted (the answer itself cannot be replayed: this is the prompt the model would have had)`,
  );
}
