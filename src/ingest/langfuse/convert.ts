import { InvalidEvent } from '../../events/validate.js';
import type { RetrievalCandidate, Scope } from '../../events/types.js';
import { SYSTEM_KINDS, type Draft, type DraftEvent } from '../otlp/assemble.js';
import { int, isObj, num, str, textOf } from '../otlp/span.js';
import { decoded, inputMessages, outputAnswer } from '../chat-shapes.js';
import { safeString } from '../fields.js';
import { parseJson } from '../json-parse.js';

/**
 * One Langfuse observation (the public API's `Observation`, as a trace export or the observations
 * listing holds it) as native events, by `type`:
 *
 *   GENERATION -> request (input as chat messages) + response (output), usage from usageDetails / usage
 *   TOOL       -> tool_call (input as arguments) + tool_result (output)
 *   RETRIEVER  -> retrieval (input as the query, output documents as candidates)
 *   SPAN, EVENT, AGENT, CHAIN, EMBEDDING, EVALUATOR, GUARDRAIL, ... -> "langfuse.<type>", kept raw
 *
 * Langfuse defines no shape for inputs and outputs (they are whatever the SDK or integration logged):
 * the shapes read are listed in docs/formats.md. What Langfuse does not model (the steps of a memory
 * write, a restart, a store snapshot, shared state, the turn) is read from `metadata.amnesia`: an object
 * (or an array of objects) with a native `kind` and its fields; `turn`, `actor`, `session` in it set the
 * observation's envelope.
 */

type Obj = Record<string, unknown>;

export interface TraceContext {
  traceId?: string;
  sessionId?: string;
  /** where ctx.sessionId came from: "trace.sessionId" or "session.id" */
  sessionFrom?: string;
  userId?: string;
}

/**
 * Session precedence (docs/formats.md): metadata.amnesia.session, the observation's sessionId, its
 * trace's sessionId, the session document's id; else the trace id (a trace without a session is one run).
 */
function sessionOf(envelope: Obj, o: Obj, ctx: TraceContext, traceId: string | undefined): [string | undefined, string | undefined] {
  const own = str(envelope.session);
  if (own) return [own, 'metadata.amnesia.session'];
  const obs = str(o.sessionId);
  if (obs) return [obs, 'observation.sessionId'];
  if (ctx.sessionId) return [ctx.sessionId, ctx.sessionFrom ?? 'trace.sessionId'];
  return [traceId, 'trace id (no sessionId)'];
}

const TOOL_TYPES = new Set(['TOOL']);

function time(v: unknown, field: string): number {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) {
    // ClickHouse (blob-storage exports) writes UTC without a zone: "2026-03-02 10:00:00.000"
    const zoneless = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(v);
    const ms = Date.parse(zoneless ? `${v.replace(' ', 'T')}Z` : v);
    if (!Number.isNaN(ms)) return ms;
  }
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v < 1e11 ? v * 1000 : v;
  throw new InvalidEvent(`${field}: expected an ISO-8601 time, got ${v === undefined ? 'nothing' : JSON.stringify(v).slice(0, 40)}`);
}

function metadataOf(o: Obj): Obj {
  const m = o.metadata;
  if (isObj(m)) return m;
  if (typeof m === 'string' && m.trim().startsWith('{')) {
    // free text metadata is no metadata
    const v = parseJson(m);
    if (v.ok && isObj(v.value)) return v.value;
  }
  return {};
}

/** `metadata.amnesia`: the envelope override and the events it names. */
function amnesiaOf(meta: Obj): { envelope: Obj; events: Obj[] } {
  const a = meta.amnesia;
  const list = Array.isArray(a) ? a.filter(isObj) : isObj(a) ? [a] : [];
  const envelope: Obj = {};
  const events: Obj[] = [];
  for (const x of list) {
    if (typeof x.kind === 'string') events.push(x);
    else Object.assign(envelope, x);
  }
  return { envelope, events };
}

function usageOf(o: Obj): Obj | undefined {
  const d = isObj(o.usageDetails) ? o.usageDetails : isObj(o.usage) ? o.usage : undefined;
  // a blob-storage or ClickHouse export may hold the map as a JSON string
  if (!d) return undefined;
  const input = int(d.input ?? d.promptTokens ?? d.input_tokens);
  const output = int(d.output ?? d.completionTokens ?? d.output_tokens);
  if (input === undefined && output === undefined) return undefined;
  return { ...(input !== undefined ? { input_tokens: input } : {}), ...(output !== undefined ? { output_tokens: output } : {}) };
}

function errorOf(o: Obj): string | undefined {
  return o.level === 'ERROR' ? (str(o.statusMessage) ?? 'error') : undefined;
}

const DOC_LISTS = ['documents', 'results', 'matches', 'data', 'items'];

function documentsOf(output: unknown): unknown[] | undefined {
  if (Array.isArray(output)) return output;
  if (isObj(output)) for (const k of DOC_LISTS) if (Array.isArray(output[k])) return output[k] as unknown[];
  return undefined;
}

function candidate(d: unknown, i: number): RetrievalCandidate {
  if (!isObj(d)) throw new InvalidEvent(`output document ${i}: expected an object`);
  const meta = isObj(d.metadata) ? d.metadata : undefined;
  const id = str(d.id) ?? str(d.document_id) ?? (meta ? (str(meta.id) ?? str(meta.memory_id)) : undefined);
  if (!id) throw new InvalidEvent(`output document ${i}: no id (looked at id, document_id, metadata.id)`);
  const score = num(d.score) ?? num(d.relevance_score) ?? num(d.similarity) ?? (meta ? num(meta.score) : undefined);
  if (score === undefined)
    throw new InvalidEvent(`output document ${i} (${id}): no numeric score (looked at score, relevance_score, similarity, metadata.score)`);
  const c: RetrievalCandidate = { id, score };
  const text = d.content ?? d.text ?? d.page_content ?? d.pageContent;
  if (text !== undefined && text !== null) c.text = textOf(text);
  const rank = int(d.rank);
  if (rank !== undefined) c.rank = rank;
  if (meta) c.metadata = meta;
  return c;
}

function retrieverEvent(o: Obj, id: string, ts: number, meta: Obj): DraftEvent {
  const input = decoded(o.input);
  const inObj = isObj(input) ? input : {};
  const query = typeof input === 'string' ? input : (str(inObj.query) ?? str(inObj.question) ?? str(inObj.input) ?? str(inObj.text));
  if (!query) throw new InvalidEvent('RETRIEVER without a query (looked at input, input.query, input.question, input.input, input.text)');
  const error = errorOf(o);
  const docs = documentsOf(decoded(o.output));
  if (!docs && !error) throw new InvalidEvent(`RETRIEVER without documents (looked at output, output.${DOC_LISTS.join(', output.')})`);
  const topK = int(inObj.top_k ?? inObj.k ?? meta.top_k);
  const threshold = num(inObj.threshold ?? inObj.score_threshold ?? meta.threshold ?? meta.score_threshold);
  const injected = Array.isArray(meta.injected) ? meta.injected.map(String) : undefined;
  return {
    kind: 'retrieval',
    ts,
    id: `${id}:retrieval`,
    fields: {
      retrieval_id: id,
      query,
      ...(topK !== undefined ? { top_k: topK } : {}),
      ...(threshold !== undefined ? { threshold } : {}),
      candidates: (docs ?? []).map(candidate),
      ...(injected ? { injected } : {}),
      ...(error ? { error } : {}),
    },
  };
}

function rawEvent(type: string, o: Obj, id: string, ts: number): DraftEvent {
  const keep: Obj = { observation_id: id, name: o.name ?? null };
  for (const k of ['traceId', 'parentObservationId', 'input', 'output', 'metadata', 'level', 'statusMessage', 'endTime']) {
    if (o[k] !== undefined && o[k] !== null) keep[k] = o[k];
  }
  return { kind: `langfuse.${type.toLowerCase()}`, ts, id: `${id}:raw`, fields: keep };
}

/** Blob-storage and ClickHouse exports name the fields in snake_case: the API's names for them. */
const SNAKE: Record<string, string> = {
  trace_id: 'traceId',
  start_time: 'startTime',
  end_time: 'endTime',
  completion_start_time: 'completionStartTime',
  provided_model_name: 'providedModelName',
  usage_details: 'usageDetails',
  model_parameters: 'modelParameters',
  session_id: 'sessionId',
  user_id: 'userId',
  parent_observation_id: 'parentObservationId',
  status_message: 'statusMessage',
};

export function camelCase(o: Obj): Obj {
  let out: Obj | undefined;
  for (const k in o) {
    const c = SNAKE[k];
    if (c && o[c] === undefined) (out ??= { ...o })[c] = o[k];
  }
  if (out && typeof out.usageDetails === 'string') out.usageDetails = decoded(out.usageDetails);
  if (out && typeof out.modelParameters === 'string') out.modelParameters = decoded(out.modelParameters);
  return out ?? o;
}

/** The events of one observation, and its envelope. Throws InvalidEvent for one that cannot be read. */
export function convertObservation(raw: unknown, ctx: TraceContext): Omit<Draft, 'line' | 'raw'> & { sessionKey: string } {
  if (!isObj(raw)) throw new InvalidEvent('expected an observation object');
  const o = camelCase(raw);
  const id = str(o.id);
  if (!id) throw new InvalidEvent('observation without an id');
  const type = str(o.type);
  if (!type) throw new InvalidEvent(`observation ${id}: no type (GENERATION, SPAN, EVENT, TOOL, RETRIEVER, ...)`);
  const label = `observation ${type} "${str(o.name) ?? ''}" (${id})`;
  const start = time(o.startTime ?? o.timestamp, 'startTime');
  const end = o.endTime !== undefined && o.endTime !== null ? time(o.endTime, 'endTime') : null;
  const meta = metadataOf(o);
  const amnesia = amnesiaOf(meta);
  const traceId = str(o.traceId) ?? ctx.traceId;
  const [session, sessionKey] = sessionOf(amnesia.envelope, o, ctx, traceId);
  if (!session) throw new InvalidEvent(`${label}: no session (looked at metadata.amnesia.session, sessionId, the trace's sessionId, traceId)`);
  const user = str(o.userId) ?? ctx.userId;
  const scope: Scope | undefined = user ? { user } : undefined;
  const explicitTurn = amnesia.envelope.turn !== undefined ? int(amnesia.envelope.turn) : undefined;
  if (amnesia.envelope.turn !== undefined && (explicitTurn === undefined || explicitTurn < 0))
    throw new InvalidEvent('metadata.amnesia.turn: expected an integer >= 0');
  const actor = str(amnesia.envelope.actor) ?? str(meta.actor) ?? str(meta.agent);

  const events: DraftEvent[] = [];
  const ext: DraftEvent[] = amnesia.events.map((x, i) => {
    const { kind, turn, actor: a, session: _s, id: eid, ts, ...fields } = x as Obj;
    void _s;
    const t = turn !== undefined ? int(turn) : undefined;
    return {
      kind: safeString(kind),
      ts: ts !== undefined ? time(ts, `metadata.amnesia[${i}].ts`) : start,
      id: str(eid) ?? `${id}:${safeString(kind)}:${i}`,
      fields,
      ...(t !== undefined ? { turn: t } : {}),
      ...(str(a) ? { actor: str(a) } : {}),
    };
  });
  switch (type) {
    case 'GENERATION': {
      const input = decoded(o.input);
      const output = decoded(o.output);
      const messages = input !== undefined && input !== null ? inputMessages(input) : undefined;
      const answer = output !== undefined && output !== null ? outputAnswer(output) : undefined;
      if (!messages && !answer) {
        // a generation logged without its input and output (not captured, or never updated): kept as it is
        events.push(rawEvent(type, o, id, start));
        break;
      }
      const usage = usageOf(o);
      const model = str(o.providedModelName) ?? str(o.model) ?? str(o.internalModel) ?? 'unknown';
      if (messages) {
        events.push({
          kind: 'request',
          ts: start,
          id: `${id}:request`,
          fields: { request_id: id, model, messages, ...(usage ? { usage } : {}), ...(isObj(o.modelParameters) ? { params: o.modelParameters } : {}) },
        });
      }
      if (answer) {
        const error = errorOf(o);
        events.push({
          kind: 'response',
          ts: str(o.completionStartTime) && end === null ? time(o.completionStartTime, 'completionStartTime') : (end ?? start),
          id: `${id}:response`,
          fields: { request_id: id, ...answer, ...(usage ? { usage } : {}), ...(error ? { error } : {}) },
        });
      }
      break;
    }
    case 'RETRIEVER':
      events.push(retrieverEvent(o, id, start, meta));
      break;
    default:
      if (TOOL_TYPES.has(type)) {
        const name = str(o.name);
        if (!name) throw new InvalidEvent(`${label}: a TOOL observation needs a name`);
        const callId = str(meta.tool_call_id) ?? id;
        const args = decoded(o.input);
        const result = decoded(o.output);
        events.push({
          kind: 'tool_call',
          ts: start,
          id: `${id}:tool_call`,
          fields: { call_id: callId, name, ...(args !== undefined && args !== null ? { arguments: args } : {}) },
        });
        const error = errorOf(o);
        if ((result !== undefined && result !== null) || error) {
          events.push({
            kind: 'tool_result',
            ts: end ?? start,
            id: `${id}:tool_result`,
            fields: { call_id: callId, name, ...(result !== undefined && result !== null ? { content: result } : {}), ...(error ? { error } : {}) },
          });
        }
      } else if (ext.length === 0 || (type !== 'SPAN' && type !== 'EVENT')) {
        events.push(rawEvent(type, o, id, start));
      }
  }
  events.push(...ext);
  return {
    sessionKey: sessionKey!,
    traceId: traceId ?? id,
    label,
    session,
    ...(explicitTurn !== undefined ? { turn: explicitTurn } : {}),
    ...(actor ? { actor } : {}),
    ...(scope ? { scope } : {}),
    events,
    opensTurn: events.some((e) => !SYSTEM_KINDS.has(e.kind)),
  };
}
