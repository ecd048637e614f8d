import { InvalidEvent } from '../events/validate.js';
import type { ChatMessage } from '../events/types.js';
import { isObject } from '../util/values.js';
import { parseJson } from './json-parse.js';
import { scalarText } from './fields.js';

/**
 * Chat messages and answers in the shapes exporters really write, decoded into native messages
 * (OpenAI shape: `content` text, `tool_calls: [{id, type: "function", function: {name, arguments}}]`,
 * `tool` messages with `tool_call_id`). One home for every reader that gets a provider's or a
 * framework's payload as it was logged (Langfuse, OpenInference / Phoenix, LiteLLM, Helicone):
 *
 *   - a JSON string holding any of these (Langfuse and OpenInference store input/output as strings)
 *   - OpenAI chat messages, with `content` a string or parts (`text`, `input_text`, `output_text`)
 *   - GenAI `parts` messages (`text`, `tool_call`, `tool_call_response`)
 *   - Anthropic content blocks (`text`, `tool_use`, `tool_result`)
 *   - Gemini `contents` / `candidates` (`parts: [{text} | {function_call} | {function_response}]`, role `model`)
 *   - the OpenAI Responses API (`input` items `function_call` / `function_call_output`, `output` items)
 *   - LangChain messages (`additional_kwargs.tool_calls`, `tool_calls: [{name, args, id}]`, roles human / ai)
 *   - a role-prefixed transcript string ("system: ...\nuser: ..."), agno's Python repr of a Message
 *   - Vercel AI SDK tool call lists (`[{toolCallId, toolName, input | args}]`)
 *
 * Anything else is refused with an InvalidEvent naming the field and what was looked for.
 */

type Obj = Record<string, unknown>;

export interface Answer {
  content: string;
  tool_calls?: unknown[];
  finish_reason?: string;
}

/** A string that holds JSON (an object, an array, or a JSON string of those) as the value; else as given. */
export function decoded(v: unknown): unknown {
  for (let i = 0; i < 3 && typeof v === 'string'; i++) {
    const t = v.trim();
    if (!(t.startsWith('{') || t.startsWith('[') || t.startsWith('"'))) return v;
    const parsed = parseJson(t);
    if (!parsed.ok) return v;
    v = parsed.value;
  }
  return v;
}

const ROLES: Record<string, string> = { model: 'assistant', ai: 'assistant', human: 'user', function: 'tool' };
const roleOf = (r: string): string => ROLES[r] ?? r;
const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));

export function toolCall(id: unknown, name: unknown, args: unknown): Obj {
  return {
    ...(id !== undefined && id !== null && id !== '' ? { id: scalarText(id, 'tool call id')! } : {}),
    type: 'function',
    function: { name: typeof name === 'string' ? name : '', arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) },
  };
}

/** A tool call in any of the shapes above, as an OpenAI one; undefined when it is not one. */
function asToolCall(c: unknown): Obj | undefined {
  if (!isObject(c)) return undefined;
  // a call has arguments; a tool definition ({type: "function", function: {name, parameters}}) is not a call
  if (isObject(c.function) && typeof c.function.name === 'string')
    return 'arguments' in c.function ? toolCall(c.id, c.function.name, c.function.arguments) : undefined;
  if (typeof c.toolName === 'string') return toolCall(c.toolCallId, c.toolName, c.input ?? c.args);
  if (c.type === 'tool_use' || c.type === 'tool_call' || c.type === 'function_call')
    return toolCall(c.id ?? c.call_id, c.name, c.input ?? c.arguments ?? c.args);
  const fc = c.function_call ?? c.functionCall;
  if (isObject(fc) && typeof fc.name === 'string') return toolCall(fc.id, fc.name, fc.args ?? fc.arguments);
  if (typeof c.name === 'string' && ('args' in c || 'arguments' in c)) return toolCall(c.id, c.name, c.args ?? c.arguments);
  return undefined;
}

/** One part of a message: text, a tool call, a tool response, or something kept as it is. */
function part(p: unknown, texts: string[], calls: Obj[], responses: ChatMessage[], kept: Obj[]): void {
  if (typeof p === 'string') {
    texts.push(p);
    return;
  }
  if (!isObject(p)) return;
  const type = p.type;
  if (type === 'text' || type === 'input_text' || type === 'output_text' || (type === undefined && typeof p.text === 'string')) {
    texts.push(text(p.text ?? p.content));
    return;
  }
  const fr = p.function_response ?? p.functionResponse;
  if (type === 'tool_call_response' || type === 'tool_result' || isObject(fr)) {
    const r = isObject(fr) ? fr : p;
    const id = r.id ?? p.tool_use_id ?? p.id;
    let content = r.response ?? r.result ?? r.content;
    // Microsoft Agent Framework wraps the result: {"type": "function_result", "call_id", "result"} as a string
    const inner = decoded(content);
    if (isObject(inner) && inner.type === 'function_result' && 'result' in inner) content = inner.result;
    responses.push({
      role: 'tool',
      ...(id !== undefined ? { tool_call_id: id === null ? 'null' : scalarText(id, 'tool_call_id')! } : {}),
      ...(typeof r.name === 'string' ? { name: r.name } : {}),
      content: Array.isArray(content) ? content.map((c) => (isObject(c) && typeof c.text === 'string' ? c.text : text(c))).join('\n') : text(content),
    });
    return;
  }
  const call = asToolCall(p);
  if (call) calls.push(call);
  else if (type !== 'reasoning' && type !== 'thinking') kept.push(p);
}

/**
 * One logged message as native messages (a message carrying tool responses becomes `tool` messages).
 * `field` names it in errors, e.g. `input[2]`.
 */
export function messagesOf(m: unknown, field: string): ChatMessage[] {
  if (typeof m === 'string') {
    const repr = pythonRepr(m);
    if (repr) return [repr];
    throw new InvalidEvent(`${field}: a string, not a message object with a role`);
  }
  if (!isObject(m)) throw new InvalidEvent(`${field}: expected a message object with a role`);
  // Responses API input items
  if (m.type === 'function_call_output') return [{ role: 'tool', tool_call_id: text(m.call_id), content: text(decoded(m.output)) }];
  if (m.type === 'function_call') return [{ role: 'assistant', content: null, tool_calls: [toolCall(m.call_id ?? m.id, m.name, m.arguments)] }];
  const rawRole = typeof m.role === 'string' ? m.role : typeof m.type === 'string' && m.type in ROLES ? m.type : undefined;
  if (!rawRole) throw new InvalidEvent(`${field}: expected a message with a role (keys: ${Object.keys(m).slice(0, 6).join(', ')})`);
  const role = roleOf(rawRole);
  const texts: string[] = [];
  const calls: Obj[] = [];
  const responses: ChatMessage[] = [];
  const kept: Obj[] = [];
  const body = m.parts ?? m.content;
  if (Array.isArray(body)) for (const p of body) part(p, texts, calls, responses, kept);
  else if (typeof body === 'string') texts.push(body);
  else if (isObject(body)) part(body, texts, calls, responses, kept);
  const kwargs = isObject(m.additional_kwargs) ? m.additional_kwargs : undefined;
  for (const list of [m.tool_calls, kwargs?.tool_calls]) {
    if (!Array.isArray(list)) continue;
    for (const c of list) {
      const tc = asToolCall(c);
      if (tc && !calls.some((x) => x.id !== undefined && x.id === tc.id)) calls.push(tc);
    }
  }
  // Koog logs an assistant's tool calls as its content: a JSON string of OpenAI tool calls
  if (role === 'assistant' && texts.length === 1 && !calls.length) {
    const inner = decoded(texts[0]);
    if (Array.isArray(inner) && inner.length && inner.every((c) => isObject(c) && isObject(c.function) && 'arguments' in c.function)) {
      texts.length = 0;
      for (const c of inner) calls.push(asToolCall(c)!);
    }
  }
  if (responses.length && !texts.length && !calls.length && !kept.length) return responses;
  const out: ChatMessage = {
    role,
    content: kept.length
      ? [...texts.map((t) => ({ type: 'text', text: t })), ...kept.map((k) => ({ ...k, type: scalarText(k.type, 'content[].type') ?? 'unknown' }))]
      : texts.length
        ? texts.join('\n')
        : calls.length
          ? null
          : '',
  };
  if (calls.length) out.tool_calls = calls;
  if (typeof m.name === 'string') out.name = m.name;
  const callId = m.tool_call_id ?? m.toolCallId;
  if (typeof callId === 'string') out.tool_call_id = callId;
  if (typeof m.finish_reason === 'string') out.finish_reason = m.finish_reason;
  return [out, ...responses];
}

/** agno logs `Message` objects as their Python repr: `role='user' content='...' name=None ...`. */
function pythonRepr(s: string): ChatMessage | undefined {
  const m = /^role='(\w+)' content=(?:'([\s\S]*?)'|"([\s\S]*?)"|(None)) name=/.exec(s);
  if (!m) return undefined;
  const raw = m[2] ?? m[3];
  const content = raw === undefined ? '' : raw.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\'/g, "'").replace(/\\\\/g, '\\');
  return { role: roleOf(m[1]), content };
}

const TRANSCRIPT = /^(system|developer|user|assistant|tool|human|ai): /;

/** "system: ...\nuser: ..." (how some integrations flatten a prompt) as messages; else one user message. */
function promptString(s: string): ChatMessage[] {
  if (!TRANSCRIPT.test(s)) return [{ role: 'user', content: s }];
  const out: ChatMessage[] = [];
  for (const line of s.split('\n')) {
    const m = TRANSCRIPT.exec(line);
    if (m) out.push({ role: roleOf(m[1]), content: line.slice(m[0].length) });
    else out[out.length - 1].content = `${out[out.length - 1].content as string}\n${line}`;
  }
  return out;
}

const STANDARD_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

/**
 * Messages of a list. LangChain JS (through Langfuse) names a tool message's role after the tool: a
 * role that is the name of a tool called just before becomes a `tool` message answering that call.
 */
function listMessages(list: unknown[], field: string): ChatMessage[] {
  const out = list.flatMap((m, i) => messagesOf(m, `${field}[${i}]`));
  const calls = new Map<string, string>();
  for (const m of out) {
    for (const c of Array.isArray(m.tool_calls) ? (m.tool_calls as Obj[]) : []) {
      const f = isObject(c.function) ? c.function : {};
      if (typeof f.name === 'string') calls.set(f.name, typeof c.id === 'string' ? c.id : '');
    }
    if (!STANDARD_ROLES.has(m.role) && calls.has(m.role)) {
      const id = calls.get(m.role)!;
      m.name = m.role;
      m.role = 'tool';
      if (id && m.tool_call_id === undefined) m.tool_call_id = id;
    }
  }
  return out;
}

function systemOf(v: unknown): ChatMessage | undefined {
  if (typeof v === 'string' && v) return { role: 'system', content: v };
  if (isObject(v) && Array.isArray(v.parts)) {
    const t = v.parts.map((p) => (isObject(p) ? text(p.text) : text(p))).join('\n');
    return t ? { role: 'system', content: t } : undefined;
  }
  return undefined;
}

/**
 * A request's input as chat messages: a list of messages, `{messages}`, Gemini `{contents, config.system_instruction}`,
 * Responses `{input, instructions}`, Vercel `{prompt}` / `{system, messages}`, `{args: [prompt]}`, one message, or a prompt string.
 */
export function inputMessages(input: unknown, field = 'input'): ChatMessage[] {
  const v = decoded(input);
  if (typeof v === 'string') return promptString(v);
  if (Array.isArray(v)) return listMessages(v, field);
  if (!isObject(v)) throw new InvalidEvent(`${field}: expected chat messages, got ${v === null ? 'null' : typeof v}`);
  const config = isObject(v.config) ? v.config : isObject(v.generationConfig) ? v.generationConfig : undefined;
  const system =
    systemOf(v.system) ??
    systemOf(v.instructions) ??
    systemOf(v.system_instruction) ??
    systemOf(v.systemInstruction) ??
    systemOf(config?.system_instruction) ??
    systemOf(config?.systemInstruction);
  const withSystem = (msgs: ChatMessage[]) => (system && msgs[0]?.role !== 'system' ? [system, ...msgs] : msgs);
  for (const k of ['messages', 'contents', 'input', 'prompt']) {
    const x = decoded(v[k]);
    if (Array.isArray(x)) return withSystem(listMessages(x, `${field}.${k}`));
    if (typeof x === 'string') return withSystem(k === 'prompt' || k === 'input' ? promptString(x) : [{ role: 'user', content: x }]);
  }
  if (Array.isArray(v.args) && typeof v.args[0] === 'string') return withSystem(promptString(v.args[0]));
  if (typeof v.role === 'string' || typeof v.type === 'string') return messagesOf(v, field);
  if ('content' in v) return messagesOf({ role: 'user', ...v }, field);
  throw new InvalidEvent(
    `${field}: no messages (looked at a list, messages, contents, input, prompt, args, role/content; got keys ${Object.keys(v).slice(0, 8).join(', ')})`,
  );
}

function answerOfMessages(msgs: ChatMessage[]): Answer | undefined {
  const own = msgs.filter((m) => m.role === 'assistant');
  const use = own.length ? own : msgs.slice(-1);
  if (!use.length) return undefined;
  const texts = use
    .map((m) =>
      typeof m.content === 'string'
        ? m.content
        : Array.isArray(m.content)
          ? m.content
              .map((p) => (typeof p.text === 'string' ? p.text : ''))
              .filter(Boolean)
              .join('\n')
          : '',
    )
    .filter((t) => t !== '');
  const calls = use.flatMap((m) => (Array.isArray(m.tool_calls) ? m.tool_calls : []));
  const finish = [...use].reverse().find((m) => typeof m.finish_reason === 'string')?.finish_reason as string | undefined;
  return { content: texts.join('\n'), ...(calls.length ? { tool_calls: calls } : {}), ...(finish ? { finish_reason: finish } : {}) };
}

/**
 * A response's output as the answer: a string, a message, a list of messages or of tool calls, OpenAI
 * `choices`, Gemini `candidates` / `{content: {parts}}`, the Responses API's `output` items, `{index, message}`.
 */
export function outputAnswer(output: unknown, field = 'output'): Answer {
  const v = decoded(output);
  if (typeof v === 'string') return { content: v };
  if (Array.isArray(v)) {
    if (
      v.length &&
      v.every(
        (c) =>
          isObject(c) && (typeof c.toolName === 'string' || c.type === 'tool_use' || c.type === 'function_call' || (isObject(c.function) && !('role' in c))),
      )
    ) {
      return { content: '', tool_calls: v.map((c) => asToolCall(c)!) };
    }
    if (v.length && v.every((c) => isObject(c) && 'type' in c && !('role' in c) && !('parts' in c))) return outputAnswer({ output: v }, field);
    const a = answerOfMessages(listMessages(v, field));
    if (!a) throw new InvalidEvent(`${field}: an empty list`);
    return a;
  }
  if (!isObject(v)) throw new InvalidEvent(`${field}: expected an answer, got ${v === null ? 'null' : typeof v}`);
  const finish = (x: Obj): Obj => {
    const f = x.finish_reason ?? x.finishReason ?? x.stop_reason;
    return typeof f === 'string' ? { finish_reason: f } : {};
  };
  if (Array.isArray(v.choices) && isObject(v.choices[0])) {
    const c = v.choices[0];
    const a = c.message !== undefined ? outputAnswer(c.message, `${field}.choices[0].message`) : { content: text(c.text) };
    return { ...a, ...finish(c) };
  }
  if (Array.isArray(v.candidates) && isObject(v.candidates[0])) {
    const c = v.candidates[0];
    return { ...outputAnswer({ role: 'model', ...(isObject(c.content) ? c.content : {}) }, `${field}.candidates[0].content`), ...finish(c) };
  }
  if (Array.isArray(v.output)) {
    const texts: string[] = [];
    const calls: Obj[] = [];
    for (const item of v.output) {
      if (!isObject(item)) continue;
      if (item.type === 'message') for (const m of messagesOf(item, `${field}.output`)) if (typeof m.content === 'string' && m.content) texts.push(m.content);
      const tc = item.type === 'function_call' ? asToolCall(item) : undefined;
      if (tc) calls.push(tc);
    }
    return {
      content: texts.join('\n'),
      ...(calls.length ? { tool_calls: calls } : {}),
      ...(typeof v.status === 'string' && v.status !== 'completed' ? { finish_reason: v.status } : {}),
    };
  }
  if (isObject(v.message)) return { ...outputAnswer(v.message, `${field}.message`), ...finish(v) };
  if (isObject(v.content) && Array.isArray(v.content.parts)) return { ...outputAnswer({ role: 'model', ...v.content }, `${field}.content`), ...finish(v) };
  if ('content' in v || 'parts' in v || Array.isArray(v.tool_calls)) {
    const a = answerOfMessages(messagesOf({ role: 'assistant', ...v }, field));
    return { ...(a ?? { content: '' }), ...finish(v) };
  }
  if (typeof v.text === 'string') return { content: v.text, ...finish(v) };
  throw new InvalidEvent(
    `${field}: no answer (looked at a string, choices, candidates, output items, message, content, parts, text; got keys ${Object.keys(v).slice(0, 8).join(', ')})`,
  );
}
