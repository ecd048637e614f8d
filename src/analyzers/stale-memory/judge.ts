/** Replay's verdict on a stale-memory finding: does the reference prompt of the turn carry the old memory, or its replacement? */
import { atTurn, carriedIn } from '../judging.js';
import { notJudged, notPrevented, prevented, type FindingOf, type Judgement, type ReplayView } from '../views.js';
import type { Cause, Detail } from './types.js';

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  const at = atTurn(f.turn);
  const old = f.detail?.stale_text;
  if (!old) return notJudged('the finding names no memory text');
  const plans = r.plansAt(f.turn);
  if (!plans.length) return notJudged(`the log has no request at ${at} to build a reference prompt for`);
  if (plans.some((p) => carriedIn(p, old))) return notPrevented(`the reference prompt at ${at} still carries "${old}"`);
  const now = f.detail?.replacement?.text;
  if (now && plans.some((p) => carriedIn(p, now)))
    return prevented(`the reference engine keeps one current memory per subject: its prompt at ${at} carries "${now}", not the old text`);
  if (!now) return prevented(`the reference prompt at ${at} does not carry the deleted memory`);
  return notJudged(`the reference prompt at ${at} carries neither the old memory nor its replacement (its extraction did not see them)`);
}
