/** Replay's verdict on a window-overflow finding: is the constraint pinned in every reference prompt? */
import { fmt, pinnedThroughout } from '../judging.js';
import { prevented, type FindingOf, type Judgement, type ReplayView } from '../views.js';
import type { Cause, Detail } from './types.js';

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  const pin = pinnedThroughout(r, f.turn, String(f.detail?.constraint ?? ''));
  if ('verdict' in pin) return pin;
  const { mem, last: p, at } = pin;
  const dropped = p.history.dropped ? `; ${p.history.dropped} old message${p.history.dropped === 1 ? ' was' : 's were'} dropped instead, oldest first` : '';
  return prevented(
    `"${mem.text}" (a ${mem.type}) is pinned in every reference prompt and never evicted: at ${at} the reference prompt carries it in ${fmt(p.tokens)} of ${fmt(p.contextLimit)} tokens${dropped}, where the recorded prompt had lost it`,
  );
}
