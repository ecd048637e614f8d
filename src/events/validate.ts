import { EVENT_KINDS, WRITE_PHASES, type BodyOf, type EventBody, type EventKind, type NativeEvent, type ParsedEvent, type Scope } from './types.js';
import { isObject } from '../util/values.js';

/** Thrown for an event that breaks EVENTS.md; the message becomes the bad line's reason. */
export class InvalidEvent extends Error {}

/**
 * A value from the log as a reason shows it: a JSON string (its own quotes and backslashes escaped),
 * cut to `max` characters. `--redact` hides quoted values by reading JSON string quoting
 * (redactQuoted), so a quote inside the value cannot end the quote early and leave the rest readable.
 */
export function quotedValue(v: unknown, max = 40): string {
  return JSON.stringify(String(v).slice(0, max));
}

const KNOWN = new Set<string>(EVENT_KINDS);
const PHASES = new Set<string>(WRITE_PHASES);

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function fail(field: string, expected: string, got: unknown): never {
  throw new InvalidEvent(`${field}: expected ${expected}, got ${typeName(got)}`);
}

function requireString(o: Record<string, unknown>, field: string, prefix = ''): void {
  const v = o[field];
  if (v === undefined) throw new InvalidEvent(`missing required field ${quotedValue(prefix + field, 200)}`);
  if (typeof v !== 'string') fail(prefix + field, 'string', v);
}

function optional(o: Record<string, unknown>, field: string, check: (v: unknown) => boolean, expected: string): void {
  const v = o[field];
  if (v !== undefined && v !== null && !check(v)) fail(field, expected, v);
}

const isString = (v: unknown) => typeof v === 'string';
const isInt = (v: unknown) => Number.isSafeInteger(v);
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** 9999-12-31T23:59:59.999Z: later (or before 1970) is not a log time. */
const MAX_TS = 253402300799999;

/**
 * ISO-8601 string or epoch milliseconds -> epoch milliseconds.
 * Numbers below 1e11 are taken as epoch seconds (a common slip), documented in docs/formats.md.
 */
export function parseTimestamp(v: unknown): number {
  if (typeof v === 'number') {
    const ms = v < 1e11 ? Math.round(v * 1000) : Math.round(v);
    if (!Number.isFinite(v) || v < 0 || ms > MAX_TS) throw new InvalidEvent(`ts: ${v} is not a valid epoch time`);
    return ms;
  }
  if (typeof v === 'string') {
    // Date.parse accepts far more than ISO-8601; insist on a date first.
    if (!/^\d{4}-\d{2}-\d{2}/.test(v)) throw new InvalidEvent(`ts: ${quotedValue(v)} is not an ISO-8601 date`);
    const ms = Date.parse(v);
    if (Number.isNaN(ms) || ms < 0 || ms > MAX_TS) throw new InvalidEvent(`ts: ${quotedValue(v)} is not an ISO-8601 date`);
    return ms;
  }
  if (v === undefined) throw new InvalidEvent('missing required field "ts"');
  return fail('ts', 'ISO-8601 string or epoch milliseconds', v);
}

function checkMessage(m: unknown, field: string): void {
  if (!isObject(m)) fail(field, 'object', m);
  if (typeof m.role !== 'string') fail(`${field}.role`, 'string', m.role);
  const c = m.content;
  if (c !== undefined && c !== null && typeof c !== 'string' && !Array.isArray(c)) fail(`${field}.content`, 'string or array of parts', c);
}

function checkMessages(messages: unknown): void {
  if (!Array.isArray(messages)) fail('messages', 'array', messages);
  for (let i = 0; i < messages.length; i++) checkMessage(messages[i], `messages[${i}]`);
}

function checkCandidates(candidates: unknown): void {
  if (!Array.isArray(candidates)) fail('candidates', 'array', candidates);
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i];
    if (!isObject(c)) fail(`candidates[${i}]`, 'object', c);
    if (typeof c.id !== 'string' && typeof c.id !== 'number') fail(`candidates[${i}].id`, 'string', c.id);
    // absent when the source logs none (LangChain retrievers): unknown, never 0 (EVENTS.md)
    if (c.score !== undefined && !isNumber(c.score)) fail(`candidates[${i}].score`, 'number', c.score);
  }
}

const isCount = (v: unknown) => isInt(v) && (v as number) >= 0;
const isId = (v: unknown) => isString(v) || isInt(v);

/** A `compaction` (EVENTS.md): every field optional, each of its type when present. */
function checkCompaction(e: Record<string, unknown>): void {
  for (const f of ['trigger', 'strategy', 'summary', 'instructions', 'request_id']) optional(e, f, isString, 'string');
  for (const f of ['tokens_before', 'tokens_after', 'messages_before', 'messages_after', 'removed_count']) optional(e, f, isCount, 'integer >= 0');
  optional(e, 'context_limit', (v) => isInt(v) && (v as number) > 0, 'positive integer');
  optional(e, 'removed', (v) => Array.isArray(v) && v.every(isId), 'array of ids');
  if (e.kept !== undefined && e.kept !== null) {
    if (!Array.isArray(e.kept)) fail('kept', 'array', e.kept);
    // an id, or a kept message checked as a request's are
    for (let i = 0; i < e.kept.length; i++) if (!isId(e.kept[i])) checkMessage(e.kept[i], `kept[${i}]`);
  }
}

/** Kind-specific required fields (the "req. yes" columns of EVENTS.md) and types of the optional ones. */
function checkKind(e: Record<string, unknown>, stored = false): void {
  switch (e.kind) {
    case 'request':
      requireString(e, 'model');
      // a stored request keeps its messages apart (store/writer.ts)
      if (e.messages === undefined && !stored) throw new InvalidEvent('missing required field "messages"');
      if (e.messages !== undefined) checkMessages(e.messages);
      optional(e, 'context_limit', (v) => isInt(v) && (v as number) > 0, 'positive integer');
      optional(e, 'usage', isObject, 'object');
      break;
    case 'response':
      optional(e, 'content', (v) => isString(v) || Array.isArray(v), 'string');
      optional(e, 'usage', isObject, 'object');
      break;
    case 'retrieval':
      requireString(e, 'query');
      if (e.candidates === undefined) throw new InvalidEvent('missing required field "candidates"');
      checkCandidates(e.candidates);
      optional(e, 'top_k', (v) => isInt(v) && (v as number) >= 0, 'integer >= 0');
      optional(e, 'threshold', isNumber, 'number');
      optional(e, 'injected', Array.isArray, 'array of ids');
      optional(e, 'filters', isObject, 'object');
      break;
    case 'memory_write':
      requireString(e, 'write_id');
      requireString(e, 'phase');
      if (!PHASES.has(e.phase as string)) {
        throw new InvalidEvent(`phase: ${quotedValue(e.phase)} is not one of ${WRITE_PHASES.join(', ')}`);
      }
      optional(e, 'critical', (v) => typeof v === 'boolean', 'boolean');
      break;
    case 'state':
      requireString(e, 'key');
      requireString(e, 'op');
      if (e.op !== 'read' && e.op !== 'write') throw new InvalidEvent(`op: ${quotedValue(e.op)} is not read or write`);
      optional(e, 'version', isInt, 'integer');
      optional(e, 'expected_version', isInt, 'integer');
      break;
    case 'store_snapshot':
      optional(e, 'memory_ids', Array.isArray, 'array');
      optional(e, 'records', Array.isArray, 'array');
      break;
    case 'compaction':
      checkCompaction(e);
      break;
    default:
      break;
  }
}

/** Deepest nesting the store accepts: deeper JSON cannot be re-serialised safely (stack) and is never a real log. */
export const MAX_DEPTH = 256;

/** True when the value nests deeper than `limit` (iterative: a hostile value cannot overflow the stack here). */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d > limit) return true;
    if (Array.isArray(v)) {
      for (const x of v) if (typeof x === 'object' && x !== null) stack.push([x, d + 1]);
    } else {
      for (const k in v) {
        const x = (v as Record<string, unknown>)[k];
        if (typeof x === 'object' && x !== null) stack.push([x, d + 1]);
      }
    }
  }
  return false;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Ids are stored as UTF-8 text: a lone surrogate (JSON allows `"\ud800"`) cannot be, and would
 * come back from the store as U+FFFD, so lookups by the original id would match nothing and hide
 * that session's findings. Every id is made well-formed before it is stored or looked up: a lone
 * surrogate becomes its escape as text (`\\ud800`), so two ids that differ there stay two ids.
 */
export function wellFormed(s: string): string {
  return s.replace(LONE_SURROGATE, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** Validate one decoded JSON value as a native event. Throws InvalidEvent with a one-line reason. */
export function validateEvent(value: unknown): ParsedEvent {
  if (!isObject(value)) throw new InvalidEvent(`expected a JSON object, got ${typeName(value)}`);
  if (nestedDeeperThan(value, MAX_DEPTH)) throw new InvalidEvent(`nested deeper than ${MAX_DEPTH} levels`);
  const e = value;
  requireString(e, 'kind');
  const ts = parseTimestamp(e.ts);
  requireString(e, 'session');
  if ((e.session as string).length === 0) throw new InvalidEvent('session: must not be empty');
  optional(e, 'turn', (v) => isInt(v) && (v as number) >= 0, 'integer >= 0');
  optional(e, 'id', (v) => isString(v) || isInt(v), 'string');
  optional(e, 'actor', isString, 'string');
  optional(e, 'scope', isObject, 'object');
  optional(e, 'v', isInt, 'integer');
  if (typeof e.v === 'number' && e.v > 1) throw new InvalidEvent(`v: format version ${e.v} is newer than this tool reads (1)`);
  checkKind(e);
  for (const k of ['kind', 'session', 'id', 'actor'] as const) {
    if (typeof e[k] === 'string') e[k] = wellFormed(e[k] as string);
  }
  return {
    kind: e.kind as string,
    knownKind: KNOWN.has(e.kind as string),
    session: e.session as string,
    ts,
    turn: typeof e.turn === 'number' ? e.turn : null,
    eventId: e.id === undefined || e.id === null ? null : String(e.id),
    actor: typeof e.actor === 'string' ? e.actor : null,
    scope: isObject(e.scope) ? (e.scope as Scope) : null,
    body: e as NativeEvent,
  };
}

/**
 * A stored event's body as its kind's type: checked against the same rules as at ingest (a stored
 * request has no `messages`), so every reader gets fields of the types EVENTS.md gives and none
 * parses the body its own way. Throws InvalidEvent when a row was changed after ingest.
 */
export function typedBody(kind: string, body: Record<string, unknown>): EventBody {
  if (body.kind !== kind && (KNOWN.has(kind) || KNOWN.has(body.kind as string)))
    throw new InvalidEvent(`kind: the body says ${JSON.stringify(body.kind)}, the row ${JSON.stringify(kind)}`);
  checkKind(body, true);
  return body as EventBody;
}

/** Narrow an event (`{ kind, body }`) to one kind, with that kind's body type. */
export function isKind<K extends EventKind, E extends { kind: string; body: EventBody }>(ev: E, kind: K): ev is E & { kind: K; body: BodyOf<K> } {
  return ev.kind === kind;
}

/** The text of a message's content: strings as they are, parts' text joined by newlines. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const out: string[] = [];
    for (const p of content) {
      if (typeof p === 'string') out.push(p);
      else if (isObject(p) && typeof p.text === 'string') out.push(p.text);
    }
    return out.join('\n');
  }
  return '';
}
