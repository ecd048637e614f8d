/**
 * A simulated model for the chaos corpus: a deterministic function of its prompt. It honours the
 * user's constraint when the constraint is in the prompt, and falls back to its own habit (XML,
 * a table, emoji) when it is not; it copies the style of a loud tool result that reaches it
 * unfenced, as plain text among the instructions, and keeps its own style when the result sits
 * in the engine's reference section. So every failure in the logs has its cause in the prompt.
 */
import type { ChatMessage } from '../../events/types.js';
import { contentText } from '../../events/validate.js';
import { TOOL_FENCE_OPEN } from '../../engine/prompt.js';

const FENCE_START = TOOL_FENCE_OPEN('').split('"')[0];
const EMOJI = /\p{Extended_Pictographic}/u;

export function loud(text: string): boolean {
  return EMOJI.test(text) || (text.match(/[!！]/g)?.length ?? 0) >= 3;
}

/** Does any message of the prompt carry this text? */
export function carries(messages: readonly ChatMessage[], text: string): boolean {
  return messages.some((m) => contentText(m.content).includes(text));
}

/** Tool results of the request's current turn (after the last user message) that are loud and not fenced. */
export function unfencedLoudTool(messages: readonly ChatMessage[]): boolean {
  let last = -1;
  for (let i = 0; i < messages.length; i++) if (messages[i].role === 'user') last = i;
  return messages.slice(last + 1).some((m) => {
    if (m.role !== 'tool') return false;
    const t = contentText(m.content);
    return !t.startsWith(FENCE_START) && loud(t);
  });
}

export interface AnswerSpec {
  /** the answer when the prompt carries what the model needs */
  answer: string;
  /** the model's habit shows in this answer when the constraint is missing */
  habitual?: boolean;
  /** what it says when it copies a loud tool result */
  loudAnswer?: string;
  /** memory texts the answer depends on: when none is in the prompt, it says `unknown` */
  needs?: readonly string[];
  unknown?: string;
}

export function simulateAnswer(messages: readonly ChatMessage[], spec: AnswerSpec, constraint: { statement: string; violate(a: string): string }): string {
  if (spec.loudAnswer && unfencedLoudTool(messages)) return spec.loudAnswer;
  if (spec.needs && spec.unknown && !spec.needs.some((t) => carries(messages, t))) return spec.unknown;
  if (spec.habitual && !carries(messages, constraint.statement)) return constraint.violate(spec.answer);
  return spec.answer;
}
