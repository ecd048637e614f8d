/**
 * The conversation of one request, from the raw log: the history before the latest user message,
 * that message, and this turn's tool calls and results after it (fenced as quoted reference data
 * when the instruction hierarchy is on).
 */
import type { ChatMessage } from '../events/types.js';
import { fenceTool } from './prompt.js';
import type { RawLog } from './raw.js';
import type { EngineScope, RawEntry } from './types.js';

export interface Conversation {
  user: string | null;
  history: ChatMessage[];
  current: ChatMessage[];
}

export class ConversationReader {
  // raw entries never change: the same entry is the same message object (token counts cached on it)
  private readonly messageCache = new Map<number, ChatMessage>();

  constructor(
    private readonly raw: RawLog,
    private readonly hierarchy: boolean,
  ) {}

  /** History and this turn's tool area: entries before / after the latest user message. */
  read(scope: EngineScope, session: string): Conversation {
    const entries = this.raw.session(scope, session);
    let last = -1;
    for (let i = entries.length - 1; i >= 0; i--) {
      if (entries[i].role === 'user') {
        last = i;
        break;
      }
    }
    const history = (last < 0 ? entries : entries.slice(0, last)).filter((e) => e.role !== 'system').map((e) => this.message(e));
    const current =
      last < 0
        ? []
        : entries
            .slice(last + 1)
            .filter((e) => e.role === 'tool' || (e.role === 'assistant' && e.toolCalls))
            .map((e) => this.message(e));
    return { user: last < 0 ? null : entries[last].content, history, current };
  }

  private message(e: RawEntry): ChatMessage {
    let m = this.messageCache.get(e.id);
    if (!m) {
      m = this.toMessage(e);
      this.messageCache.set(e.id, m);
    }
    return m;
  }

  private toMessage(e: RawEntry): ChatMessage {
    if (e.role === 'tool') {
      const content = this.hierarchy ? fenceTool(e.name ?? 'tool', e.content) : e.content;
      return { role: 'tool', content, ...(e.callId ? { tool_call_id: e.callId } : {}) };
    }
    if (e.role === 'assistant' && e.toolCalls) return { role: 'assistant', content: e.content, tool_calls: e.toolCalls };
    return { role: e.role, content: e.content };
  }
}
