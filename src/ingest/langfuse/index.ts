import type { Readable } from 'node:stream';
import { InvalidEvent } from '../../events/validate.js';
import { parseJson } from '../json-parse.js';
import { isBad, readJsonLines } from '../jsonl.js';
import { TraceAssembler, type Draft } from '../otlp/assemble.js';
import { NestedCalls } from '../otlp/nested.js';
import { traceTurns } from '../turns.js';
import { looksLikeJsonLines, peek } from '../otlp/container.js';
import { BadLines, bad, readyItems } from '../otlp/emit.js';
import { scanJson, type Decision, type PathKey } from '../otlp/json-stream.js';
import { isObj, str } from '../otlp/span.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';
import { camelCase, convertObservation, type TraceContext } from './convert.js';
import { safeString } from '../fields.js';

/**
 * Langfuse exports: a trace as the UI downloads it or the public API returns it (`GET
 * /api/public/traces/{id}`: the trace's fields and its `observations`), a session (`{ id, traces: [...] }`),
 * the observations listing (`GET /api/public/observations`, v1 or v2: `{ data: [...], meta }`), or any of
 * these one per line (JSON Lines, e.g. a batch export).
 *
 * One document for the whole file is read with the streaming scanner: observations are held per trace
 * (or per listing page) until the trace's own fields are complete, then sorted by startTime; at most
 * MAX_HELD are held, more are written with what is known by then (a listing page is sorted by
 * startTime first, since the API lists newest first). A trace's observations carry the trace as their
 * turn key: the store numbers user turns (src/store/turns.ts).
 */

type Obj = Record<string, unknown>;
const MAX_HELD = 10_000;

interface Held {
  value: unknown;
  line: number;
  raw: string;
}

const OBSERVATION_TYPES = /"type"\s*:\s*"(GENERATION|SPAN|EVENT|TOOL|RETRIEVER|AGENT|CHAIN|EMBEDDING|EVALUATOR|GUARDRAIL)"/;

const isObservation = (v: unknown): boolean =>
  isObj(v) && typeof v.type === 'string' && typeof v.id === 'string' && ('traceId' in v || 'startTime' in v || 'trace_id' in v || 'start_time' in v);
const isLangfuseDocument = (v: unknown): boolean =>
  isObservation(v) ||
  (isObj(v) &&
    (Array.isArray(v.observations) ||
      Array.isArray(v.traces) ||
      (Array.isArray(v.data) && (v.data.length === 0 || isObservation(v.data[0]) || (isObj(v.data[0]) && Array.isArray(v.data[0].observations))))));

function startOf(v: unknown): number {
  const t = isObj(v) ? Date.parse(safeString(v.startTime ?? v.start_time ?? v.timestamp ?? '')) : NaN;
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
}

class LangfuseReader {
  readonly assembler = new TraceAssembler();
  readonly lines = new BadLines();
  /** a generation nested in another (Agno's OpenAIChat.invoke over the OpenAI instrumentation's chat) is one model call */
  private readonly nested = new NestedCalls<undefined>();

  /** observations read and model calls made of them, for the one-line note on a file with none */
  private readonly seen = { observations: 0, calls: 0, types: new Map<string, number>() };

  constructor(private readonly note?: (key: string) => void) {}

  /** Observations of one trace or one listing page, oldest first. */
  *group(items: Held[], ctx: TraceContext): Generator<IngestItem> {
    const sorted = items.map((x, i) => ({ x, i, t: startOf(x.value) })).sort((a, b) => a.t - b.t || a.i - b.i);
    for (const { x } of sorted) yield* this.one(x, ctx);
    yield* this.endOfDocument();
  }

  *one(x: Held, ctx: TraceContext): Generator<IngestItem> {
    let draft: Draft;
    try {
      const { sessionKey, ...d } = convertObservation(x.value, ctx);
      this.note?.(sessionKey);
      draft = { ...d, line: x.line, raw: x.raw };
      this.seen.observations++;
      const type = isObj(x.value) && typeof x.value.type === 'string' ? x.value.type : 'untyped';
      if (this.seen.types.has(type) || this.seen.types.size < 8) this.seen.types.set(type, (this.seen.types.get(type) ?? 0) + 1);
    } catch (err) {
      if (!(err instanceof InvalidEvent)) throw err;
      const id = isObj(x.value) ? str(x.value.id) : undefined;
      yield* this.lines.push(bad(x.line, id && !err.message.includes(id) ? `observation ${id}: ${err.message}` : err.message, x.raw));
      return;
    }
    const o = x.value as Obj;
    const parent = str(o.parentObservationId) ?? str(o.parent_observation_id) ?? null;
    for (const n of this.nested.add({ spanId: str(o.id)!, parentSpanId: parent, draft, extra: undefined })) yield* this.place(n.draft);
  }

  *place(draft: Draft): Generator<IngestItem> {
    if (draft.events.some((e) => e.kind === 'request' || e.kind === 'response')) this.seen.calls++;
    const { ready } = this.assembler.add(draft);
    for (const r of ready) for (const item of traceTurns(r, readyItems(r))) yield* this.lines.push(item);
  }

  /** A trace, a listing page or a line is read: its nested generations are merged. */
  *endOfDocument(): Generator<IngestItem> {
    for (const n of this.nested.endOfDocument()) yield* this.place(n.draft);
  }

  *finish(note?: (line: string) => void): Generator<IngestItem> {
    for (const n of this.nested.finish()) yield* this.place(n.draft);
    yield* this.lines.flush();
    const { observations, calls, types } = this.seen;
    if (observations > 0 && calls === 0) {
      const what = [...types].map(([t, n]) => `${t} (${n})`).join(', ');
      note?.(`${observations} observation${observations === 1 ? '' : 's'}, none a model call (a generation with its input or output): ${what}`);
    }
  }

  /** A whole value from one line (or one element of a top-level array). */
  *value(v: unknown, line: number, raw: string): Generator<IngestItem> {
    if (isObservation(v)) {
      yield* this.one({ value: v, line, raw }, {});
      return;
    }
    if (Array.isArray(v)) {
      yield* this.listing(v, line);
      return;
    }
    if (!isObj(v)) {
      yield* this.lines.push(bad(line, 'expected a Langfuse trace, session, observation or observations listing', raw));
      return;
    }
    if (Array.isArray(v.traces)) {
      for (const t of v.traces) if (isObj(t)) yield* this.trace(t, line, str(v.id));
      return;
    }
    if (Array.isArray(v.observations)) {
      yield* this.trace(v, line, undefined);
      return;
    }
    if (Array.isArray(v.data)) {
      yield* this.listing(v.data, line);
      return;
    }
    yield* this.lines.push(
      bad(line, 'expected a Langfuse trace (with observations), a session (with traces), an observation or an observations listing ({data: [...]})', raw),
    );
  }

  *trace(t: Obj, line: number, sessionFallback: string | undefined): Generator<IngestItem> {
    const obs = Array.isArray(t.observations) ? t.observations.filter((o) => isObj(o)) : [];
    yield* this.group(
      obs.map((o) => ({ value: o, line, raw: JSON.stringify(o) })),
      contextOf(t, sessionFallback),
    );
  }

  *listing(items: unknown[], line: number, lineOf?: (i: number) => number, rawOf?: (i: number) => string): Generator<IngestItem> {
    const obs: Held[] = [];
    for (let i = 0; i < items.length; i++) {
      const v = items[i];
      const l = lineOf ? lineOf(i) : line;
      if (isObj(v) && Array.isArray(v.observations)) yield* this.trace(v, l, undefined);
      else obs.push({ value: v, line: l, raw: rawOf ? rawOf(i) : JSON.stringify(v) });
    }
    yield* this.group(obs, {});
  }
}

/** The trace's fields (a UI download nests them under `trace`; blob-storage exports are snake_case). */
function contextOf(doc: Obj, sessionFallback: string | undefined): TraceContext {
  const t = camelCase(isObj(doc.trace) ? doc.trace : doc);
  const traceId = str(t.id);
  const own = str(t.sessionId);
  const sessionId = own ?? sessionFallback;
  const userId = str(t.userId);
  return {
    ...(traceId ? { traceId } : {}),
    ...(sessionId ? { sessionId, sessionFrom: own ? 'trace.sessionId' : 'session.id' } : {}),
    ...(userId ? { userId } : {}),
  };
}

async function* readLangfuse(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
  const r = new LangfuseReader(opts.sessionKey);
  const { head, stream } = await peek(content);
  if (looksLikeJsonLines(head, isLangfuseDocument)) {
    for await (const x of readJsonLines(stream, opts)) {
      if (isBad(x)) {
        yield* r.lines.push(x);
        continue;
      }
      yield* r.value(x.value, x.no, x.text);
      yield* r.endOfDocument();
    }
    yield* r.finish(opts.note);
    return;
  }

  // one document: stream it
  let isSession = false;
  const root: Obj = {};
  let rootHeld: Held[] = [];
  let trace: Obj = {};
  let traceHeld: Held[] = [];
  let found = 0;
  const want = (path: PathKey[]): Decision => {
    const n = path.length;
    if (n === 0) return 'descend';
    const k0 = path[0];
    if (typeof k0 === 'number') return n === 1 ? 'capture' : 'skip'; // a top-level array: each element whole
    if (k0 === 'scores') return 'skip';
    if (k0 === 'observations' || k0 === 'data') return n === 1 ? 'descend' : n === 2 ? 'capture' : 'skip';
    if (k0 === 'traces') {
      isSession = true;
      if (n <= 2) return 'descend';
      if (path[2] === 'observations') return n === 3 ? 'descend' : n === 4 ? 'capture' : 'skip';
      if (path[2] === 'scores') return 'skip';
      return n === 3 ? 'capture' : 'skip';
    }
    return n === 1 ? 'capture' : 'skip';
  };
  const flushTrace = function* (): Generator<IngestItem> {
    if (traceHeld.length) yield* r.group(traceHeld, contextOf(trace, str(root.sessionId) ?? (isSession ? str(root.id) : undefined)));
    traceHeld = [];
  };
  let listHeld: Held[] = [];
  const flushRoot = function* (): Generator<IngestItem> {
    if (rootHeld.length) {
      const held = rootHeld;
      rootHeld = [];
      yield* r.group(held, contextOf(root, undefined));
    }
    if (listHeld.length) {
      const held = listHeld;
      listHeld = [];
      yield* r.listing(
        held.map((h) => h.value),
        0,
        (i) => held[i].line,
        (i) => held[i].raw,
      );
    }
  };
  for await (const item of scanJson(stream, want, opts.maxLineBytes)) {
    if (item.type === 'problem') {
      yield* r.lines.push(bad(item.line, item.reason, item.raw));
      if (item.fatal) break;
      continue;
    }
    const p = item.path;
    if (item.type === 'end') {
      if (p.length === 2 && p[0] === 'traces') {
        yield* flushTrace();
        trace = {};
      } else if (p.length === 0) {
        yield* flushRoot();
        for (const k of Object.keys(root)) delete root[k];
        isSession = false;
      }
      continue;
    }
    const parsed = parseJson(item.text);
    if (!parsed.ok) {
      yield* r.lines.push(bad(item.line, `not valid JSON: ${parsed.reason}`, item.text.slice(0, 1 << 16)));
      continue;
    }
    const value = parsed.value;
    if (p[0] === 'traces') {
      if (p[2] === 'observations') {
        found++;
        traceHeld.push({ value, line: item.line, raw: item.text });
        if (traceHeld.length >= MAX_HELD) yield* flushTrace();
      } else trace[p[2] as string] = value;
    } else if (p[0] === 'observations') {
      found++;
      rootHeld.push({ value, line: item.line, raw: item.text });
      if (rootHeld.length >= MAX_HELD) yield* flushRoot();
    } else if (typeof p[0] === 'number' || p[0] === 'data') {
      found++;
      listHeld.push({ value, line: item.line, raw: item.text });
      if (listHeld.length >= MAX_HELD) yield* flushRoot();
    } else root[p[0] as string] = value;
  }
  yield* flushTrace();
  yield* flushRoot();
  if (found === 0)
    yield* r.lines.push(
      bad(1, 'no observations found (looked for observations[], traces[].observations[], data[] in a Langfuse export)', head.subarray(0, 200)),
    );
  yield* r.finish(opts.note);
}

export const langfuseFormat: InputFormat = {
  name: 'langfuse',
  description: 'Langfuse exports: a trace or session JSON (UI download, public API), the observations listing, or JSON Lines of them',
  detect(head) {
    if (/"(resourceSpans|resource_spans)"\s*:/.test(head)) return 0;
    const observations = /"(traceId|trace_id)"\s*:/.test(head) && OBSERVATION_TYPES.test(head);
    const trace = /"observations"\s*:\s*\[/.test(head) && /"(sessionId|htmlPath|timestamp)"\s*:/.test(head);
    const session = /"traces"\s*:\s*\[/.test(head) && /"(sessionId|projectId|createdAt)"\s*:/.test(head);
    return observations || trace || session ? 12 : 0;
  },
  read(content: Readable, opts: ReadOptions): AsyncIterable<IngestItem> {
    return readLangfuse(content, opts);
  },
};
