import type { Readable } from 'node:stream';
import { InvalidEvent, MAX_DEPTH, nestedDeeperThan, validateEvent } from '../../events/validate.js';
import type { NativeEvent, ParsedEvent } from '../../events/types.js';
import { isBad, readJsonLines } from '../jsonl.js';
import { firstOwn, scalarText } from '../fields.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';

/**
 * OpenAI-style request logs, as LLM proxies and gateways write them: one JSON line per call.
 * Accepted shapes (docs/formats.md has examples):
 *   - { request | request_body | body: { model, messages, ... }, response | response_body: { id, choices, usage }, metadata, ... }
 *   - { model, messages, response: {...}, metadata, ... }            (request fields at the top level)
 * Session id, first found: metadata.{session_id, conversation_id, thread_id, session}, the same keys at the
 * top level, the request body's metadata / user, headers["x-session-id"]. Time, first found: timestamp, ts,
 * created_at, start_time, startTime, request_time at the top level, else response.created (epoch seconds).
 * Each line becomes a `request` event and, when the line has a response, a `response` event.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const SESSION_KEYS = ['session_id', 'conversation_id', 'thread_id', 'session', 'sessionId', 'conversationId'];
const TIME_KEYS = ['timestamp', 'ts', 'created_at', 'start_time', 'startTime', 'request_time', 'time'];

function first(o: Obj | undefined, keys: string[]): unknown {
  return firstOwn(o, keys);
}

function requestBody(line: Obj): Obj | undefined {
  for (const k of ['request', 'request_body', 'body']) {
    const v = line[k];
    if (isObj(v) && Array.isArray(v.messages)) return v;
    if (typeof v === 'string' && v.includes('"messages"')) {
      try {
        const parsed = JSON.parse(v);
        if (isObj(parsed)) return parsed;
      } catch {
        /* fall through */
      }
    }
  }
  if (Array.isArray(line.messages)) return line;
  return undefined;
}

function responseBody(line: Obj): Obj | undefined {
  for (const k of ['response', 'response_body']) {
    const v = line[k];
    if (isObj(v)) return isObj(v.body) && !v.choices ? (v.body as Obj) : v;
    if (typeof v === 'string' && v.startsWith('{')) {
      try {
        const parsed = JSON.parse(v);
        if (isObj(parsed)) return parsed;
      } catch {
        /* fall through */
      }
    }
  }
  return undefined;
}

function sessionOf(line: Obj, req: Obj): string | undefined {
  const headers = isObj(line.headers) ? line.headers : undefined;
  const v =
    first(isObj(line.metadata) ? line.metadata : undefined, SESSION_KEYS) ??
    first(line, SESSION_KEYS) ??
    first(isObj(req.metadata) ? req.metadata : undefined, SESSION_KEYS) ??
    (headers ? first(headers, ['x-session-id', 'X-Session-Id', 'x-conversation-id']) : undefined) ??
    first(req, ['user']);
  return scalarText(v, 'session id');
}

function usageOf(resp: Obj | undefined): Obj | undefined {
  const u = resp && isObj(resp.usage) ? resp.usage : undefined;
  if (!u) return undefined;
  const out: Obj = { ...u };
  if (out.input_tokens === undefined && typeof u.prompt_tokens === 'number') out.input_tokens = u.prompt_tokens;
  if (out.output_tokens === undefined && typeof u.completion_tokens === 'number') out.output_tokens = u.completion_tokens;
  return out;
}

/** Turn = number of user messages in the request, minus one (the request answers the latest). */
function turnOf(messages: unknown[]): number {
  let users = 0;
  for (const m of messages) if (isObj(m) && m.role === 'user') users++;
  return Math.max(0, users - 1);
}

/** Convert one log line into native events; throws InvalidEvent with the reason. */
export function convertLine(line: unknown): NativeEvent[] {
  if (!isObj(line)) throw new InvalidEvent('expected a JSON object');
  // before anything re-serialises parts of it (native lines get this check in validateEvent)
  if (nestedDeeperThan(line, MAX_DEPTH)) throw new InvalidEvent(`nested deeper than ${MAX_DEPTH} levels`);
  const req = requestBody(line);
  if (!req) throw new InvalidEvent('no request body with "messages" (looked at request, request_body, body, top level)');
  const resp = responseBody(line);
  const session = sessionOf(line, req);
  if (session === undefined) {
    throw new InvalidEvent(`no session id (looked at metadata.{${SESSION_KEYS.join(', ')}}, the top level, headers, user)`);
  }
  let ts = first(line, TIME_KEYS) ?? first(req, ['timestamp', 'created_at']);
  if (ts === undefined && resp && typeof resp.created === 'number') ts = resp.created * 1000;
  if (ts === undefined) throw new InvalidEvent(`no timestamp (looked at ${TIME_KEYS.join(', ')}, response.created)`);
  const messages = req.messages as unknown[];
  const requestId = scalarText(first(line, ['request_id', 'id', 'call_id']) ?? (resp ? first(resp, ['id']) : undefined), 'request_id') ?? '';
  const metadata = isObj(line.metadata) ? line.metadata : undefined;
  const actor = scalarText(first(metadata, ['agent', 'actor', 'agent_name']) ?? first(line, ['agent', 'actor']), 'metadata.agent');
  const envelope = {
    ts: ts as string | number,
    session,
    turn: turnOf(messages),
    ...(actor !== undefined ? { actor } : {}),
  };
  const { messages: _m, ...params } = req;
  void _m;
  const usage = usageOf(resp);
  const request: NativeEvent = {
    kind: 'request',
    ...envelope,
    ...(requestId ? { id: `${requestId}:request`, request_id: requestId } : {}),
    model: scalarText(req.model ?? (resp ? resp.model : undefined), 'model') ?? 'unknown',
    messages,
    ...(usage ? { usage } : {}),
    ...(typeof line.context_limit === 'number' ? { context_limit: line.context_limit } : {}),
    params,
  } as NativeEvent;
  const out: NativeEvent[] = [request];
  const choice = resp && Array.isArray(resp.choices) && isObj(resp.choices[0]) ? (resp.choices[0] as Obj) : undefined;
  if (resp && choice) {
    const msg = isObj(choice.message) ? choice.message : {};
    const respTs = typeof resp.created === 'number' ? resp.created * 1000 : envelope.ts;
    out.push({
      kind: 'response',
      ...envelope,
      ts: (first(line, ['end_time', 'endTime', 'completed_at']) ?? respTs) as string | number,
      ...(requestId ? { id: `${requestId}:response`, request_id: requestId } : {}),
      content: typeof msg.content === 'string' ? msg.content : msg.content == null ? '' : JSON.stringify(msg.content),
      ...(usage ? { usage } : {}),
      ...(choice.finish_reason !== undefined ? { finish_reason: choice.finish_reason } : {}),
      ...(Array.isArray(msg.tool_calls) ? { tool_calls: msg.tool_calls } : {}),
    } as NativeEvent);
  }
  return out;
}

export const openaiFormat: InputFormat = {
  name: 'openai',
  description: 'OpenAI-style request logs (one line per chat-completions call: request body, response, metadata)',
  detect(head) {
    let votes = 0;
    for (const line of head.split('\n').slice(0, 20)) {
      if (!/^\s*\{/.test(line) || !/"messages"\s*:/.test(line)) continue;
      if (/"kind"\s*:\s*"request"/.test(line)) continue; // native request events carry messages too
      if (/"(request|request_body|response|choices|metadata)"\s*:/.test(line)) votes++;
    }
    return votes > 0 ? 8 : 0;
  },
  async *read(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
    for await (const x of readJsonLines(content, opts)) {
      if (isBad(x)) {
        yield x;
        continue;
      }
      let events: ParsedEvent[];
      try {
        events = convertLine(x.value).map(validateEvent);
      } catch (err) {
        if (!(err instanceof InvalidEvent)) throw err;
        yield { type: 'bad', line: x.no, reason: err.message, raw: Buffer.from(x.text) };
        continue;
      }
      for (let i = 0; i < events.length; i++) {
        yield { type: 'event', line: x.no, event: events[i], raw: x.text, sub: i };
      }
    }
  },
};
