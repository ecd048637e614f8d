import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { InvalidEvent, MAX_DEPTH, nestedDeeperThan, validateEvent } from '../../events/validate.js';
import type { NativeEvent, ParsedEvent } from '../../events/types.js';
import { isBad, linesLike, readJsonLines } from '../jsonl.js';
import { decoded, outputAnswer } from '../chat-shapes.js';
import { readJsonRecords } from '../json-values.js';
import { peek } from '../otlp/container.js';
import { firstOwn, scalarText } from '../fields.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';
import { parseJson } from '../json-parse.js';

/**
 * OpenAI-style request logs, as LLM proxies and gateways write them: one JSON line per call.
 * Accepted shapes (docs/formats.md has examples):
 *   - { request | request_body | body: { model, messages, ... }, response | response_body: { id, choices, usage }, metadata, ... }
 *   - { model, messages, response: {...}, metadata, ... }            (request fields at the top level)
 * Session id, first found: metadata.{session_id, conversation_id, thread_id, session}, the same keys at the
 * top level, the request body's metadata / user, headers["x-session-id"]. Time, first found: timestamp, ts,
 * created_at, start_time, startTime, request_time at the top level, else response.created (epoch seconds).
 * Each line becomes a `request` event and, when the line has a response, a `response` event; its turn is
 * its order in the session by start time (numbered by the store, across files).
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const SESSION_KEYS = ['session_id', 'conversation_id', 'thread_id', 'session', 'sessionId', 'conversationId'];
const TIME_KEYS = ['timestamp', 'ts', 'created_at', 'start_time', 'startTime', 'request_created_at', 'request_time', 'time'];

function first(o: Obj | undefined, keys: string[]): unknown {
  return firstOwn(o, keys);
}

function requestBody(line: Obj): Obj | undefined {
  for (const k of ['request', 'request_body', 'body']) {
    const v = line[k];
    if (isObj(v) && Array.isArray(v.messages)) return v;
    if (typeof v === 'string' && v.includes('"messages"')) {
      const parsed = parseJson(v);
      if (parsed.ok && isObj(parsed.value)) return parsed.value;
    }
  }
  if (Array.isArray(line.messages)) return line;
  if (typeof line.messages === 'string') {
    // LiteLLM spend-log rows hold messages as a JSON string; "{}" when prompts are not stored
    const m = decoded(line.messages);
    if (Array.isArray(m)) return { ...line, messages: m };
    if ((isObj(m) && Object.keys(m).length === 0) || m === '') return { ...line, messages: [] };
  }
  return undefined;
}

function responseBody(line: Obj): Obj | undefined {
  for (const k of ['response', 'response_body']) {
    const v = line[k];
    if (isObj(v)) return isObj(v.body) && !v.choices ? (v.body as Obj) : v;
    if (typeof v === 'string' && v.startsWith('{')) {
      const parsed = parseJson(v);
      if (parsed.ok && isObj(parsed.value)) return parsed.value;
    }
  }
  return undefined;
}

/**
 * Session id and the key it came from, by precedence (docs/formats.md): a session key in the log's
 * metadata, at the top level, in the request body's metadata, the x-session-id header, Helicone's
 * Helicone-Session-Id property; else LiteLLM's trace_id; else the end user (LiteLLM end_user /
 * metadata.user_api_key_end_user_id, Helicone request_user_id, the request's user); else the call itself.
 */
function sessionOf(line: Obj, req: Obj, callId: string): [string, string] {
  const meta = isObj(line.metadata) ? line.metadata : isObj(decoded(line.metadata)) ? (decoded(line.metadata) as Obj) : undefined;
  const headers = isObj(line.headers) ? line.headers : undefined;
  const props = isObj(line.request_properties)
    ? line.request_properties
    : isObj(decoded(line.request_properties))
      ? (decoded(line.request_properties) as Obj)
      : undefined;
  const reqMeta = isObj(req.metadata) ? req.metadata : undefined;
  const tries: [Obj | undefined, string[], string][] = [
    [meta, SESSION_KEYS, 'metadata.'],
    [line, SESSION_KEYS, ''],
    [reqMeta, SESSION_KEYS, 'request.metadata.'],
    [headers, ['x-session-id', 'X-Session-Id', 'x-conversation-id'], 'headers.'],
    [props, ['Helicone-Session-Id', 'helicone-session-id'], 'request_properties.'],
    [line, ['trace_id', 'litellm_trace_id'], ''],
    [line, ['end_user', 'request_user_id', 'user_id'], ''],
    [meta, ['user_api_key_end_user_id', 'user_id'], 'metadata.'],
    [req, ['user'], 'request.'],
  ];
  for (const [o, keys, prefix] of tries) {
    if (!o) continue;
    for (const k of keys) {
      const v = o[k];
      if (v !== undefined && v !== null && v !== '' && (typeof v === 'string' || typeof v === 'number')) return [String(v), `${prefix}${k}`];
    }
  }
  return [callId, 'the call id (no session, trace or user)'];
}

/** A zoneless "2025-01-24 09:20:46.847371" (LiteLLM, Helicone, ClickHouse) is UTC. */
function utc(v: unknown): unknown {
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(v) ? `${v.replace(' ', 'T')}Z` : v;
}

function usageOf(resp: Obj | undefined): Obj | undefined {
  const u = resp && isObj(resp.usage) ? resp.usage : undefined;
  if (!u) return undefined;
  const out: Obj = { ...u };
  if (out.input_tokens === undefined && typeof u.prompt_tokens === 'number') out.input_tokens = u.prompt_tokens;
  if (out.output_tokens === undefined && typeof u.completion_tokens === 'number') out.output_tokens = u.completion_tokens;
  return out;
}

const PARAM_KEYS = [
  'temperature',
  'top_p',
  'max_tokens',
  'max_completion_tokens',
  'tools',
  'tool_choice',
  'stop',
  'n',
  'seed',
  'response_format',
  'stream',
  'user',
  'frequency_penalty',
  'presence_penalty',
];

function pickParams(line: Obj, rest: Obj): Obj {
  if (isObj(line.model_parameters)) return line.model_parameters;
  const out: Obj = {};
  for (const k of PARAM_KEYS) if (rest[k] !== undefined && rest[k] !== null) out[k] = rest[k];
  return out;
}

/** LiteLLM and Helicone rows carry the counts at the top level. */
function topUsage(line: Obj): Obj | undefined {
  const input = line.prompt_tokens;
  const output = line.completion_tokens;
  if (typeof input !== 'number' && typeof output !== 'number') return undefined;
  return { ...(typeof input === 'number' ? { input_tokens: input } : {}), ...(typeof output === 'number' ? { output_tokens: output } : {}) };
}

/** The turn group of one proxied call: its request id, else its line's content. */
function callKey(request: ParsedEvent, text: string): string {
  const id = (request.body as Obj).request_id;
  return typeof id === 'string' && id ? `call:${id}` : `line:${crypto.createHash('sha1').update(text).digest('hex')}`;
}

/** Convert one log line into native events; throws InvalidEvent with the reason. */
export function convertLine(line: unknown, note?: (key: string) => void): NativeEvent[] {
  if (!isObj(line)) throw new InvalidEvent('expected a JSON object');
  // before anything re-serialises parts of it (native lines get this check in validateEvent)
  if (nestedDeeperThan(line, MAX_DEPTH)) throw new InvalidEvent(`nested deeper than ${MAX_DEPTH} levels`);
  const req = requestBody(line);
  if (!req) throw new InvalidEvent('no request body with "messages" (looked at request, request_body, body, top level)');
  const resp = responseBody(line);
  let ts = utc(first(line, TIME_KEYS) ?? first(req, ['timestamp', 'created_at']));
  if (ts === undefined && resp && typeof resp.created === 'number') ts = resp.created * 1000;
  if (ts === undefined) throw new InvalidEvent(`no timestamp (looked at ${TIME_KEYS.join(', ')}, response.created)`);
  // an object there ({"toString": 1}) is no time, and String() of it would throw outside the reader's errors
  if (typeof ts !== 'string' && typeof ts !== 'number') throw new InvalidEvent('timestamp is neither a string nor a number');
  const messages = req.messages as unknown[];
  const requestId = scalarText(first(line, ['request_id', 'id', 'call_id']) ?? (resp ? first(resp, ['id']) : undefined), 'request_id') ?? '';
  const [session, sessionKey] = sessionOf(line, req, requestId || `call@${String(ts)}`);
  note?.(sessionKey);
  const metadata = isObj(line.metadata) ? line.metadata : undefined;
  const actor = scalarText(first(metadata, ['agent', 'actor', 'agent_name']) ?? first(line, ['agent', 'actor']), 'metadata.agent');
  const envelope = {
    ts: ts as string | number,
    session,
    ...(actor !== undefined ? { actor } : {}),
  };
  const { messages: _m, ...rest } = req;
  void _m;
  // a log whose request fields are at the top level (LiteLLM) keeps only the model parameters, not the whole row
  const params = req === line || typeof line.messages === 'string' ? pickParams(line, rest) : rest;
  const usage = usageOf(resp) ?? topUsage(line);
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
      ts: utc(first(line, ['end_time', 'endTime', 'completed_at', 'response_created_at']) ?? respTs) as string | number,
      ...(requestId ? { id: `${requestId}:response`, request_id: requestId } : {}),
      content: typeof msg.content === 'string' ? msg.content : msg.content == null ? '' : JSON.stringify(msg.content),
      ...(usage ? { usage } : {}),
      ...(choice.finish_reason !== undefined ? { finish_reason: choice.finish_reason } : {}),
      ...(Array.isArray(msg.tool_calls) ? { tool_calls: msg.tool_calls } : {}),
    } as NativeEvent);
  } else if (resp && !Array.isArray(resp.choices) && Object.keys(resp).length && !(resp.error && !resp.content)) {
    // not chat completions (Anthropic or Gemini through Helicone, a Responses API call): decoded, or refused
    const a = outputAnswer(resp, 'response');
    out.push({
      kind: 'response',
      ...envelope,
      ts: utc(first(line, ['end_time', 'endTime', 'completed_at', 'response_created_at']) ?? envelope.ts) as string | number,
      ...(requestId ? { id: `${requestId}:response`, request_id: requestId } : {}),
      ...a,
      ...(usage ? { usage } : {}),
    } as NativeEvent);
  }
  return out;
}

/** A file that is one JSON document (pretty-printed object, or an array) rather than JSON Lines. */
function isDocumentHead(head: string): boolean {
  const t = head.replace(/^\ufeff/, '').trimStart();
  if (t.startsWith('[')) return true;
  const firstLine = t.split('\n', 1)[0].trim();
  return firstLine === '{';
}

export const openaiFormat: InputFormat = {
  name: 'openai',
  description: 'OpenAI-style request logs (one line per chat-completions call: request body, response, metadata)',
  detect(head) {
    // native request events carry messages too: a line with "kind": "request" is not a vote
    const votes = linesLike(
      head,
      (line) =>
        /^\s*\{/.test(line) &&
        /"messages"\s*:/.test(line) &&
        !/"kind"\s*:\s*"request"/.test(line) &&
        /"(request|request_body|response|choices|metadata)"\s*:/.test(line),
    );
    if (votes > 0) return 8;
    if (/"request_body"\s*:/.test(head) && /"request_created_at"\s*:/.test(head)) return 8; // Helicone, JSON Lines or not
    // a pretty-printed document: LiteLLM's StandardLoggingPayload or spend-log row, a Helicone export
    if (!isDocumentHead(head) || /"kind"\s*:\s*"request"/.test(head)) return 0;
    const litellm = /"messages"\s*:/.test(head) && /"(call_type|response|request_body|model)"\s*:/.test(head);
    const helicone = /"request_body"\s*:/.test(head) && /"(request_created_at|response_body)"\s*:/.test(head);
    return litellm || helicone ? 8 : 0;
  },
  async *read(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
    const { head, stream } = await peek(content);
    // one pretty-printed object (LiteLLM's bucket loggers write one per file) or a JSON array: a document
    const records = isDocumentHead(head.toString('utf8'))
      ? (async function* () {
          for await (const r of readJsonRecords(stream, opts, isObj, ['data'])) yield r.type === 'record' ? { no: r.line, text: r.raw, value: r.value } : r;
        })()
      : readJsonLines(stream, opts);
    for await (const x of records) {
      if (isBad(x)) {
        yield x;
        continue;
      }
      let events: ParsedEvent[];
      try {
        events = convertLine(x.value, opts.sessionKey).map(validateEvent);
      } catch (err) {
        if (!(err instanceof InvalidEvent)) throw err;
        yield { type: 'bad', line: x.no, reason: err.message, raw: Buffer.from(x.text) };
        continue;
      }
      // the turn is the call's order in its session by start time (the store numbers the keys)
      const key = events[0].turn === null ? callKey(events[0], x.text) : undefined;
      for (let i = 0; i < events.length; i++) {
        yield { type: 'event', line: x.no, event: events[i], raw: x.text, sub: i, ...(key ? { turnKey: key } : {}) };
      }
    }
  },
};
