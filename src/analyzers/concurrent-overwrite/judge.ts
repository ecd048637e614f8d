/** Replay's verdict on a concurrent-overwrite finding: did the reference state refuse the stale or foreign write? */
import { notJudged, notPrevented, prevented, type FindingOf, type Judgement, type ReplayView } from '../views.js';
import type { Cause, Detail } from './types.js';

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  if (f.cause === 'refused_concurrent_update')
    return notJudged('the store itself refused the step; the fix is a reducer, which the reference state has no rule for');
  const key = String(f.detail?.key ?? '');
  const refusal = r.refusals.find((x) => x.key === key && (f.turn === null || x.turn === f.turn)) ?? r.refusals.find((x) => x.key === key);
  if (!refusal) return notPrevented(`the reference state accepted the writes to ${key} too`);
  return prevented(
    refusal.kind === 'owner'
      ? `field ownership on ${key}: ${refusal.actor}'s write was ${refusal.detail}; the owner's value stands`
      : `compare-and-set on ${key}: ${refusal.actor}'s write was ${refusal.detail}; no update was lost`,
  );
}
