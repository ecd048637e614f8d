/** Replay's verdict on a memory-conflict finding: does the reference prompt of the turn still carry both memories with no rule? */
import { contentText } from '../../events/validate.js';
import { atTurn, carriedIn } from '../judging.js';
import { notJudged, notPrevented, prevented, type FindingOf, type Judgement, type ReplayView } from '../views.js';
import { statedRule } from './cues.js';
import type { Cause, Detail } from './types.js';

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  const at = atTurn(f.turn);
  const older = f.detail?.older?.text;
  const newer = f.detail?.newer?.text;
  if (!older || !newer) return notJudged('the finding names no memory text');
  const plans = r.plansAt(f.turn);
  if (!plans.length) return notJudged(`the log has no request at ${at} to build a reference prompt for`);
  const both = plans.filter((p) => carriedIn(p, older) && carriedIn(p, newer));
  if (both.some((p) => !p.messages.some((m) => statedRule(contentText(m.content)))))
    return notPrevented(`the reference prompt at ${at} carries both memories and no rule for which wins`);
  if (both.length) return prevented(`the reference prompt at ${at} carries both, and states which wins`);
  if (plans.some((p) => carriedIn(p, newer)))
    return prevented(`the reference engine resolved the conflict: its prompt at ${at} carries "${newer}", not the older`);
  if (plans.some((p) => carriedIn(p, older))) return notPrevented(`the reference prompt at ${at} carries the older memory "${older}" alone`);
  return notJudged(`the reference prompt at ${at} carries neither memory (its extraction did not see them)`);
}
