import type { MessageView } from '../../store/session.js';
import { isSummary } from '../../text/index.js';

/**
 * Truncation that is not oldest-first (cause `cut_out`): two consecutive prompts of one
 * conversation, no compaction recorded between them, and the later one lacks messages of the
 * earlier one while keeping messages that came after them. Which messages left is read by comparing
 * the two prompts (messages are content-addressed), never assumed to be the oldest:
 * - `middle`: a history message left while an older history message stayed;
 * - `system_prompt`: the system prompt left and no new one took its place;
 * - `first_request`: the user's first message left while the answer to it stayed.
 * Not a cut: a prompt that drops only its newest messages (a rewind, an edit of an earlier
 * message, Claude Code's branch by `parentUuid`), one that drops a prefix of the history (an
 * oldest-first trim: `constraint_evicted` under window pressure), one where a new summary took the
 * removed messages' place (a summary, `summarized_away`).
 */

export type CutShape = 'middle' | 'system_prompt' | 'first_request';

export interface Cut {
  shape: CutShape;
  /** the messages that left with a kept message after them, in prompt order */
  removed: MessageView[];
}

const isSystem = (m: MessageView) => m.role === 'system' || m.role === 'developer';
const isTool = (m: MessageView) => m.role === 'tool' || m.role === 'function';

/** How `next` cut `prev`, when it is a cut that is not oldest-first; null otherwise. */
export function cutShape(prev: readonly MessageView[], next: readonly MessageView[]): Cut | null {
  const kept = new Set(next.map((m) => m.id));
  const before = new Set(prev.map((m) => m.id));
  let lastKept = -1;
  prev.forEach((m, i) => {
    if (kept.has(m.id)) lastKept = i;
  });
  // only what left with a kept message after it was cut: a removed tail is a rewind or an edit
  const removed = prev.filter((m, i) => i < lastKept && !kept.has(m.id));
  if (!removed.length) return null;
  const added = next.filter((m) => !before.has(m.id));
  // a summary in the removed messages' place is a summary, its own cause
  if (added.some((m) => !isTool(m) && isSummary(m.text))) return null;
  const idx = new Map(prev.map((m, i) => [m.id, i]));
  const sys = prev.find(isSystem);
  if (sys && !kept.has(sys.id) && idx.get(sys.id)! < lastKept && !added.some(isSystem)) return { shape: 'system_prompt', removed };
  const history = removed.filter((m) => !isSystem(m));
  const olderKept = (i: number) => prev.some((m, j) => j < i && !isSystem(m) && kept.has(m.id));
  if (history.some((m) => olderKept(idx.get(m.id)!))) return { shape: 'middle', removed };
  const first = prev.findIndex((m) => m.role === 'user');
  const answer = prev[first + 1];
  if (first >= 0 && !kept.has(prev[first].id) && answer?.role === 'assistant' && kept.has(answer.id)) return { shape: 'first_request', removed };
  return null;
}

/** A cut_out finding's `detail`. */
export interface CutDetail {
  constraint: string;
  label: string;
  stated_turn: number | null;
  source: 'user' | 'system';
  cut: { shape: CutShape; removed_messages: number; removed_tokens: number; before_turn: number | null; after_turn: number | null };
  violation: { turn: number | null; reason: string; kind: string } | null;
}
