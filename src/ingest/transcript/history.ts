import type { ChatMessage, NativeEvent, ParsedEvent } from '../../events/types.js';
import { validateEvent } from '../../events/validate.js';
import type { IngestItem } from '../types.js';

/**
 * What a coding agent's model saw, rebuilt from its transcript (Claude Code, Codex, ...): the agent
 * writes each message once, and every model call sends the history so far. One `Conversation` per
 * actor (the main agent, each sub-agent): messages are appended as the transcript gives them, a
 * request is the history at that moment, and a compaction replaces the history by what the agent
 * kept (its summary, the messages it preserved).
 *
 * Message objects are never changed once a request has sent them (a request is a list of the same
 * objects, and the store finds a message it has seen by its identity): the last message may still
 * be merged with a later part of itself (an assistant answer written block by block) until then.
 */
export class Conversation {
  private history: ChatMessage[] = [];
  /** messages before this index were sent in a request: immutable */
  private sent = 0;
  /** the id of each not yet sent message that may still grow (an assistant message written block by block) */
  private readonly open = new Map<string, number>();

  get length(): number {
    return this.history.length;
  }

  /** The history as the next request sends it (a copy of the list; the messages are shared). */
  snapshot(): ChatMessage[] {
    this.sent = this.history.length;
    this.open.clear();
    return this.history.slice();
  }

  push(m: ChatMessage, growId?: string): void {
    if (growId !== undefined) {
      const i = this.open.get(growId);
      if (i !== undefined && i >= this.sent) {
        this.history[i] = merge(this.history[i], m);
        return;
      }
      this.open.set(growId, this.history.length);
    }
    this.history.push(m);
  }

  /** Replace the history (a compaction): what the model sees afterwards, before anything new. */
  reset(kept: ChatMessage[] = []): number {
    const before = this.history.length;
    this.history = kept.slice();
    this.sent = 0;
    this.open.clear();
    return before;
  }

  /** The last `n` messages (for a cut that keeps the newest). */
  last(n: number): ChatMessage[] {
    return n <= 0 ? [] : this.history.slice(-n);
  }

  messages(): readonly ChatMessage[] {
    return this.history;
  }
}

/** Two parts of one assistant message as one: texts joined, tool calls appended. */
function merge(a: ChatMessage, b: ChatMessage): ChatMessage {
  const text = (c: ChatMessage['content']) =>
    typeof c === 'string' ? c : c === null ? '' : c.map((p) => (typeof p.text === 'string' ? p.text : '')).join('\n');
  const parts = [text(a.content), text(b.content)].filter((t) => t !== '');
  const calls = [...((a.tool_calls as unknown[]) ?? []), ...((b.tool_calls as unknown[]) ?? [])];
  return { ...a, content: parts.length ? parts.join('\n') : calls.length ? null : '', ...(calls.length ? { tool_calls: calls } : {}) };
}

/**
 * A `request` event of a rebuilt history. The envelope and fields are checked as any event's; the
 * messages were each made by the reader from the transcript (a role and text or parts), so the
 * list is attached after the check instead of being walked again for every request of a long session.
 */
export function requestEvent(body: NativeEvent, messages: ChatMessage[]): ParsedEvent {
  const e = validateEvent({ ...body, messages: [] });
  e.body.messages = messages;
  return e;
}

/** Items of one transcript line: its events in order, the line's text as their identity when they have no id. */
export function lineItems(line: number, raw: string, events: ParsedEvent[]): IngestItem[] {
  return events.map((event, sub) => ({ type: 'event', line, event, raw, sub }));
}
