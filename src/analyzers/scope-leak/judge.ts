/** Replay's verdict on a scope-leak finding: does the reference prompt of the turn, built under the turn's own scope, carry the memory? */
import { atTurn, carriedIn } from '../judging.js';
import { notJudged, notPrevented, prevented, type FindingOf, type Judgement, type ReplayView } from '../views.js';
import type { Cause, Detail } from './types.js';

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  const at = atTurn(f.turn);
  const text = f.detail?.memory_text;
  if (!text) return notJudged('the finding names no memory text');
  const plans = r.plansAt(f.turn);
  if (!plans.length) return notJudged(`the log has no request at ${at} to build a reference prompt for`);
  if (plans.some((p) => carriedIn(p, text))) return notPrevented(`the reference prompt at ${at} carries "${text}" too`);
  return prevented(`the reference engine reads and writes every memory under its event's own scope: its prompt at ${at} carries nothing of "${text}"`);
}
