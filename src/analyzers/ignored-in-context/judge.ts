/** Replay's verdict on an ignored-in-context finding: the recorded prompt already held the constraint. */
import { atTurn, carriedIn, pinnedMemory } from '../judging.js';
import { notJudged, notPrevented, prevented, type FindingOf, type Judgement, type ReplayView } from '../views.js';
import type { Cause, Detail } from './types.js';

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  const key = String(f.detail?.constraint ?? '');
  const at = atTurn(f.turn);
  // a memory engine decides what reaches the prompt; this constraint reached it, and the model broke it
  if (f.cause === 'ignored_in_prompt')
    return notPrevented(
      `the recorded prompt at ${at} already carried "${key}" near its end; a memory design cannot make the model obey it (the fix is at generation: check the answer)`,
    );
  if (f.cause === 'competing_instruction')
    return notJudged(`the reference engine pins the user's rule, but the system or tool text that said otherwise at ${at} is not the engine's to remove`);
  const plans = r.plansAt(f.turn);
  const mem = pinnedMemory(r, r.scopeAt(f.turn), key);
  if (!mem) return notPrevented(`the reference engine found no memory for "${key}" to pin (its extraction did not see the constraint)`);
  if (!plans.length) return notJudged(`the log has no request at ${at} to build a reference prompt for`);
  if (!plans.every((p) => carriedIn(p, mem.text))) return notPrevented(`the reference prompt at ${at} does not carry "${mem.text}"`);
  return prevented(
    `"${mem.text}" is pinned above the conversation with the rule that the user's instructions outrank what follows, and long tool output of ${at} sits in a fenced reference section below the user's message (the answer itself cannot be replayed: this is the prompt the model would have had)`,
  );
}
