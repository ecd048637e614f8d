/** Replay's verdict on a tool-drift finding: is the preference pinned above the conversation, tool output fenced below it? */
import { pinnedThroughout } from '../judging.js';
import { prevented, type FindingOf, type Judgement, type ReplayView } from '../views.js';
import type { Cause, Detail } from './types.js';

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  const pin = pinnedThroughout(r, f.turn, String(f.detail?.preference ?? ''));
  if ('verdict' in pin) return pin;
  const { mem, last: p, at } = pin;
  const tools = p.messages.filter((m) => m.role === 'tool').length;
  return prevented(
    `"${mem.text}" is pinned above the conversation with the rule that the user's instructions outrank tool output, and the ${tools} tool result${tools === 1 ? '' : 's'} of ${at} sit${tools === 1 ? 's' : ''} below the user's message in a fenced reference section, marked as quoted data whose tone is not to be adopted (the answer itself cannot be replayed: this is the prompt the model would have had)`,
  );
}
