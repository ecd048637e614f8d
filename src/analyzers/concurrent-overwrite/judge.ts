/**
 * Replay's verdict on a concurrent-overwrite finding: prevented only when the reference state,
 * once it dealt with the overwriting write (refused, then merged or returned to its writer), still
 * holds the value the recorded run lost. A refusal alone prevents nothing: a refused write
 * re-applied over the newer value loses the same update.
 */
import { notJudged, notPrevented, prevented, type FindingOf, type Judgement, type Refusal, type ReplayView } from '../views.js';
import type { Cause, Detail } from './types.js';
import { holdsValue as holds } from '../../util/values.js';

const show = (v: unknown) => JSON.stringify(v ?? null);

/** The actor of a refusal is the overwriting writer (an instance `name@process` of it, when replicas share a name). */
const by = (x: Refusal, writer: string | null | undefined) => !writer || x.actor === writer || writer.startsWith(`${x.actor}@`);

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  if (f.cause === 'refused_concurrent_update')
    return notJudged('the store itself refused the step; the fix is a reducer, which the reference state has no rule for');
  const key = String(f.detail?.key ?? '');
  const writer = f.detail?.writers?.[1];
  const mine = r.refusals.filter((x) => x.key === key && by(x, writer));
  const refusal = mine.find((x) => f.turn === null || x.turn === f.turn) ?? mine[0];
  if (!refusal) return notPrevented(`the reference state accepted the writes to ${key} too`);
  const lost = f.detail?.lost_value ?? null;
  // merged: the value the refused write met is kept, with its change added on other fields
  const kept = refusal.outcome === 'merged' ? holds(refusal.before, lost) : holds(refusal.after, lost);
  const how =
    refusal.kind === 'owner'
      ? `field ownership on ${key}: ${refusal.actor}'s write was ${refusal.detail}`
      : `compare-and-set on ${key}: ${refusal.actor}'s write was ${refusal.detail}`;
  if (!kept) return notPrevented(`${how}; but the reference state holds ${show(refusal.after)}, not the lost ${show(lost)}: that update is lost there too`);
  return prevented(
    refusal.kind === 'owner'
      ? `${how}; the owner's value stands`
      : `${how}; ${refusal.outcome === 'merged' ? 'both updates are kept' : `the lost ${show(lost)} stands`}: no update was lost`,
  );
}
