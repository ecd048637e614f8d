import { InvalidEvent } from '../../events/validate.js';
import type { ChatMessage } from '../../events/types.js';
import { indexedOf, isObj, listOf, structured, textOf, type Attrs } from './span.js';
import { safeString } from '../fields.js';

/**
 * GenAI messages into native chat messages.
 *
 * v1.37 and later: `[{ role, parts: [{ type: "text", content } | { type: "tool_call", id, name, arguments }
 * | { type: "tool_call_response", id, response | result } | { type: "reasoning", content } | ...], finish_reason? }]`.
 * A message of text parts only gets its text as `content` (joined by newlines when there are several);
 * tool calls go to `tool_calls` (OpenAI shape, arguments as a JSON string); every tool_call_response
 * part becomes a `tool` message with its `tool_call_id`; other parts are kept as they are.
 */

type Obj = Record<string, unknown>;

export interface OutputMessage {
  content: string;
  tool_calls?: unknown[];
  finish_reason?: string;
}

function toolCall(id: unknown, name: unknown, args: unknown): Obj {
  return {
    ...(id !== undefined && id !== null ? { id: safeString(id) } : {}),
    type: 'function',
    function: { name: typeof name === 'string' ? name : '', arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) },
  };
}

/** A JSON attribute holding a list of messages, each an object with a role (else an InvalidEvent naming the attribute and index). */
export function messageList(value: unknown, field: string): (Obj & { role: string })[] {
  const v = structured(value, field);
  if (!Array.isArray(v)) throw new InvalidEvent(`${field}: expected an array of messages`);
  return v.map((m, i) => {
    if (!isObj(m) || typeof m.role !== 'string') throw new InvalidEvent(`${field}[${i}]: expected a message with a role`);
    return m as Obj & { role: string };
  });
}

export function partsMessages(value: unknown, field: string): ChatMessage[] {
  const out: ChatMessage[] = [];
  messageList(value, field).forEach((m) => {
    const extra: Obj = {};
    if (typeof m.name === 'string') extra.name = m.name;
    if (!Array.isArray(m.parts)) {
      // not the parts shape: an OpenAI-style message as some instrumentations write it
      out.push({
        ...extra,
        role: m.role,
        content: typeof m.content === 'string' || Array.isArray(m.content) ? (m.content as ChatMessage['content']) : textOf(m.content),
      });
      return;
    }
    const texts: string[] = [];
    const kept: Obj[] = [];
    const calls: Obj[] = [];
    const responses: ChatMessage[] = [];
    for (const p of m.parts as unknown[]) {
      if (!isObj(p)) continue;
      if (p.type === 'text') texts.push(textOf(p.content ?? p.text));
      else if (p.type === 'tool_call') calls.push(toolCall(p.id, p.name, p.arguments));
      else if (p.type === 'tool_call_response') {
        responses.push({ role: 'tool', ...(p.id !== undefined ? { tool_call_id: safeString(p.id).trim() } : {}), content: textOf(p.response ?? p.result) });
      } else kept.push({ ...p });
    }
    if (responses.length > 0 && texts.length === 0 && calls.length === 0 && kept.length === 0) {
      out.push(...responses);
      return;
    }
    let content: ChatMessage['content'];
    if (kept.length === 0) content = texts.length === 0 ? (calls.length ? null : '') : texts.join('\n');
    else content = [...texts.map((t) => ({ type: 'text', text: t })), ...kept.map((k) => ({ ...k, type: safeString(k.type ?? 'unknown') }))];
    out.push({ ...extra, role: m.role, content, ...(calls.length ? { tool_calls: calls } : {}) });
    out.push(...responses);
  });
  return out;
}

/** `gen_ai.system_instructions`: parts (or a string) as one system message. */
export function systemMessage(value: unknown, field: string): ChatMessage | undefined {
  const v = structured(value, field);
  if (typeof v === 'string') return { role: 'system', content: v };
  if (!Array.isArray(v)) throw new InvalidEvent(`${field}: expected an array of parts`);
  const texts = v
    .filter(isObj)
    .map((p) => textOf(p.content ?? p.text))
    .filter((t) => t !== '');
  return texts.length ? { role: 'system', content: texts.join('\n') } : undefined;
}

/** The answer: the first output message (a choice), as the response's content. */
export function outputOf(messages: ChatMessage[]): OutputMessage | undefined {
  const m = messages.find((x) => x.role === 'assistant') ?? messages[0];
  if (!m) return undefined;
  const content =
    typeof m.content === 'string'
      ? m.content
      : Array.isArray(m.content)
        ? m.content
            .map((p) => (typeof p.text === 'string' ? p.text : ''))
            .filter(Boolean)
            .join('\n')
        : '';
  return {
    content,
    ...(m.tool_calls ? { tool_calls: m.tool_calls } : {}),
    ...(typeof m.finish_reason === 'string' ? { finish_reason: m.finish_reason } : {}),
  };
}

/** Output messages keep their finish_reason (dropped by partsMessages for input). */
export function outputMessages(value: unknown, field: string): ChatMessage[] {
  const v = structured(value, field);
  const msgs = partsMessages(v, field);
  if (Array.isArray(v) && msgs.length > 0 && isObj(v[0]) && typeof v[0].finish_reason === 'string') msgs[0].finish_reason = v[0].finish_reason;
  return msgs;
}

/**
 * Flattened attributes (`<prefix>.<i>.role`, `.content`, `.name`, `.tool_call_id`, `.finish_reason`,
 * `.tool_calls.<j>.id` / `.name` / `.arguments`), as instrumentations wrote messages before v1.37.
 */
export function flattenedMessages(attrs: Attrs, prefix: string): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const [i, o] of indexedOf(attrs, prefix)) {
    const role = typeof o.role === 'string' ? o.role : undefined;
    if (!role) throw new InvalidEvent(`${prefix}.${i}.role: missing`);
    const calls = listOf(o, 'tool_calls');
    const msg: ChatMessage = { role, content: o.content === undefined || o.content === null ? '' : textOf(o.content) };
    if (typeof o.name === 'string') msg.name = o.name;
    if (o.tool_call_id !== undefined) msg.tool_call_id = safeString(o.tool_call_id);
    if (typeof o.finish_reason === 'string') msg.finish_reason = o.finish_reason;
    if (calls.length) msg.tool_calls = calls.map((c) => toolCall(c.id, c.name, c.arguments));
    out.push(msg);
  }
  return out;
}

/** OpenAI-style messages held in one JSON attribute (`gen_ai.prompt` on the v1.26-v1.27 span events). */
export function jsonMessages(value: unknown, field: string): ChatMessage[] {
  const v = structured(value, field);
  if (typeof v === 'string') return [{ role: 'user', content: v }];
  if (!Array.isArray(v)) throw new InvalidEvent(`${field}: expected an array of messages`);
  return v.map((m, i) => {
    if (!isObj(m) || typeof m.role !== 'string') throw new InvalidEvent(`${field}[${i}]: expected a message with a role`);
    return m as ChatMessage;
  });
}
