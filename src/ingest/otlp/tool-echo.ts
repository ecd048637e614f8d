import type { ChatMessage } from '../../events/types.js';
import { parseJson } from '../json-parse.js';
import type { Draft } from './assemble.js';
import { textOf } from './span.js';

/**
 * Tool results a trace's prompts carry as user messages. LlamaIndex sends a tool's result back to
 * the model as a user message with the result in its options (the OpenAI class turns it into a
 * `tool` message on the wire); OpenLLMetry's LlamaIndex instrumentation exports the message as it
 * is, so the prompt holds a "user" message whose words are the tool's output. Read as the user's,
 * it opens a turn the user never spoke and its text counts as the user's instructions.
 *
 * A user message whose text is exactly what a tool span of the same trace returned, before the model
 * call, is read as that tool's result: `{role: 'tool', tool_call_id: <the tool span's call id>}`.
 * Short results ("ok", "yes": under 12 characters, and not JSON) are words a user may say too: they stay.
 */
export class ToolEchoes {
  /** trace -> tool results (normalised text -> call id and when it returned), newest last */
  private readonly results = new Map<string, Map<string, { id: string; ts: number }>>();

  /** Rewrite the echoed tool results in a draft's requests, then remember its tool results. */
  apply(d: Draft): Draft {
    const known = this.results.get(d.traceId);
    let out = d;
    if (known?.size) {
      const events = d.events.map((e) => {
        if (e.kind !== 'request' || !Array.isArray(e.fields.messages)) return e;
        let changed = false;
        const messages = (e.fields.messages as ChatMessage[]).map((m) => {
          if (m.role !== 'user') return m;
          const text = plainText(m.content);
          const got = text === undefined ? undefined : known.get(normal(text));
          if (got === undefined || got.ts > e.ts) return m;
          changed = true;
          return { role: 'tool', tool_call_id: got.id, content: m.content } as ChatMessage;
        });
        return changed ? { ...e, fields: { ...e.fields, messages } } : e;
      });
      out = { ...d, events };
    }
    for (const e of d.events) {
      if (e.kind !== 'tool_result' || e.fields.content === undefined || typeof e.fields.call_id !== 'string') continue;
      let m = this.results.get(d.traceId);
      if (!m) {
        this.results.set(d.traceId, (m = new Map()));
        if (this.results.size > 10_000) this.results.delete(this.results.keys().next().value as string);
      }
      const text = normal(textOf(e.fields.content));
      if (text.length < 12 && !/^[[{]/.test(text)) continue;
      m.set(text, { id: e.fields.call_id, ts: e.ts });
      if (m.size > 1_000) m.delete(m.keys().next().value as string);
    }
    return out;
  }
}

/** A message's text when it is one plain text (a string, or a single text part). */
function plainText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (Array.isArray(content) && content.length === 1) {
    const p = content[0] as { type?: unknown; text?: unknown };
    if (p && p.type === 'text' && typeof p.text === 'string') return p.text;
  }
  return undefined;
}

/** JSON text compared by its value (the tool's output is parsed, the message holds it as written). */
function normal(text: string): string {
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return t;
  const p = parseJson(t);
  return p.ok ? JSON.stringify(p.value) : t;
}
