import type { MessageView, RequestView, SessionEvent } from '../../store/session.js';

/** Comparisons of two prompts of one session (what the model saw in consecutive requests). */

function firstSystemId(msgs: MessageView[]): number | null {
  for (const m of msgs) if (m.role === 'system' || m.role === 'developer') return m.id;
  return null;
}

/**
 * A later request belongs to the same conversation as the one that carried the constraint when it
 * comes from the same actor and keeps its system prompt or at least one of its messages; a
 * sub-agent call with its own prompt is not a truncation of this history.
 */
export function sameThread(prev: SessionEvent, next: SessionEvent): boolean {
  if ((prev.actor ?? null) !== (next.actor ?? null)) return false;
  const a = prev.request!.messages;
  const b = next.request!.messages;
  const sa = firstSystemId(a);
  if (sa !== null && sa === firstSystemId(b)) return true;
  const ids = new Set(a.map((m) => m.id));
  return b.some((m) => ids.has(m.id));
}

/** What left the prompt between two requests: messages and their tokens. */
export function dropped(prev: RequestView, next: RequestView): { messages: number; tokens: number } {
  const kept = new Set(next.messages.map((m) => m.id));
  let messages = 0;
  let tokens = 0;
  for (const m of prev.messages) {
    if (kept.has(m.id)) continue;
    messages++;
    tokens += m.tokens;
  }
  return { messages, tokens };
}
