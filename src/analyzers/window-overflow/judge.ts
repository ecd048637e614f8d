/** Replay's verdict on a window-overflow finding: is the constraint pinned in every reference prompt? */
import { atTurn, carriedIn, fmt, pinnedMemory } from '../judging.js';
import { notJudged, notPrevented, prevented, type FindingOf, type Judgement, type ReplayView } from '../views.js';
import type { Cause, Detail } from './types.js';

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  const key = String(f.detail?.constraint ?? '');
  const at = atTurn(f.turn);
  const plans = r.plansAt(f.turn);
  const mem = pinnedMemory(r, r.scopeAt(f.turn), key);
  if (!mem) return notPrevented(`the reference engine found no memory for "${key}" to pin (its extraction did not see the constraint)`);
  if (!plans.length) return notJudged(`the log has no request at ${at} to build a reference prompt for`);
  if (!plans.every((p) => carriedIn(p, mem.text))) return notPrevented(`the reference prompt at ${at} does not carry "${mem.text}"`);
  const p = plans[plans.length - 1];
  const dropped = p.history.dropped ? `; ${p.history.dropped} old message${p.history.dropped === 1 ? ' was' : 's were'} dropped instead, oldest first` : '';
  return prevented(
    `"${mem.text}" (a ${mem.type}) is pinned in every reference prompt and never evicted: at ${at} the reference prompt carries it in ${fmt(p.tokens)} of ${fmt(p.contextLimit)} tokens${dropped}, where the recorded prompt had lost it`,
  );
}
