import { InvalidEvent } from '../../events/validate.js';
import type { IngestItem, ReadOptions, Resolve } from '../types.js';
import { TraceAssembler, type Draft } from './assemble.js';
import { rawText, readOtlpContainer, type RawSpan } from './container.js';
import { BadLines, bad, readyItems } from './emit.js';
import { traceTurns } from '../turns.js';
import { LogJoin, logEvent } from './logs.js';
import { NestedCalls, type Nested } from './nested.js';
import { SessionTally } from './session.js';
import { spanInfo, type SpanEvent, type SpanInfo } from './span.js';
import { completeStored } from './stored-calls.js';
import { orphanReason, takeStoredRecords } from './stored-records.js';
import { ToolEchoes } from './tool-echo.js';
import { ToolCallIds } from './tool-calls.js';
import { EmbeddingFold } from './embedding-fold.js';
import { CompactionMarks } from './compaction.js';

/** What a convention makes of one span: everything but where it was found. */
export type SpanDraft = Omit<Draft, 'traceId' | 'line' | 'label' | 'raw'>;
export type SpanConverter = (span: SpanInfo) => SpanDraft;

export function spanLabel(s: { name: string; spanId: string }): string {
  return `span "${s.name}" (${s.spanId})`;
}

/**
 * A span whose content is still to come: an inference span without messages, which the official
 * instrumentations write as log records (logs.ts). Thrown by a converter when it has nothing else to
 * make of the span; the reader holds the span until the end of the file, then converts it again with
 * its records, and reports this reason if none came.
 */
export class AwaitingContent extends InvalidEvent {}

interface Held {
  x: RawSpan;
  info: SpanInfo;
  label: string;
}

/**
 * Read an OTLP/JSON file with a span converter: spans -> drafts -> placed in their session and turn ->
 * validated native events. A span the converter rejects is a bad item naming the span and the reason.
 * Log records with GenAI content join their span (by spanId); a span whose trace names no session
 * anywhere takes its trace id as the session (one stderr line says which keys were used).
 */
export async function* readOtlp(
  content: AsyncIterable<Buffer | string>,
  opts: ReadOptions,
  convert: SpanConverter,
  sessionKeys: string,
): AsyncGenerator<IngestItem> {
  const flow = new SpanFlow(opts, convert, sessionKeys);
  let doc = -1;
  for await (const x of readOtlpContainer(content, opts)) {
    if ((x.type === 'span' || x.type === 'log') && x.doc !== doc) {
      yield* flow.endOfDocument();
      doc = x.doc;
    }
    if (x.type === 'bad') yield* flow.lines.push(x);
    else if (x.type === 'log') yield* flow.log(x);
    else if (x.type === 'span') yield* flow.span(x);
  }
  yield* flow.finish();
}

/**
 * One file's spans on their way to events: each converted (or held for its log records), merged with
 * the nested spans of the same model call, its embeddings folded and tool call ids given, then placed
 * in its trace's session and turn.
 */
class SpanFlow {
  readonly lines = new BadLines();
  private readonly assembler = new TraceAssembler();
  private readonly join = new LogJoin<Held>();
  private readonly tally: SessionTally;
  private readonly nested = new NestedCalls<{ held: Held; final: boolean }>();
  private readonly echoes = new ToolEchoes();
  private readonly toolIds = new ToolCallIds();
  private readonly embeddings = new EmbeddingFold();
  private readonly compactions = new CompactionMarks();
  private readonly seen = { spans: 0, calls: 0, services: new Set<string>(), scopes: new Set<string>() };

  constructor(
    private readonly opts: ReadOptions,
    private readonly convert: SpanConverter,
    sessionKeys: string,
  ) {
    this.tally = new SessionTally(opts.sessionKey, sessionKeys);
  }

  /** A log record: kept for its span, or a bad item. */
  *log(x: RawSpan): Generator<IngestItem> {
    try {
      const r = logEvent(x.value);
      // records a span of another file of this ingest took are read there
      if (r && !this.opts.spanRecords?.claimed(r.spanId)) this.join.addRecord(r, x.line, rawText(x));
    } catch (err) {
      if (!(err instanceof InvalidEvent)) throw err;
      yield* this.lines.push(bad(x.line, err.message, rawText(x)));
    }
  }

  /** A span: read and converted, or a bad item naming it. */
  *span(x: RawSpan): Generator<IngestItem> {
    const seen = this.seen;
    seen.spans++;
    if (seen.services.size < 5 && typeof x.resource['service.name'] === 'string') seen.services.add(x.resource['service.name']);
    if (seen.scopes.size < 5 && x.scope) seen.scopes.add(x.scope);
    const v = x.value as { name?: unknown; spanId?: unknown };
    const label = spanLabel({ name: typeof v?.name === 'string' ? v.name : '?', spanId: typeof v?.spanId === 'string' ? v.spanId : '?' });
    let info: SpanInfo;
    try {
      info = spanInfo(x.value, x.resource, x.scope);
    } catch (err) {
      if (!(err instanceof InvalidEvent)) throw err;
      yield* this.lines.push(bad(x.line, `${label}: ${err.message}`, rawText(x)));
      return;
    }
    yield* this.finalize({ x, info, label }, false);
  }

  /** A document of the file ended: the model calls whose nested spans all came are settled. */
  *endOfDocument(): Generator<IngestItem> {
    for (const n of this.nested.endOfDocument()) yield* this.settle(n);
  }

  /** The end of the file: held spans take the records of this file or of the store, and everything is placed. */
  *finish(): Generator<IngestItem> {
    const { opts, nested, lines } = this;
    for (const n of nested.finish()) yield* this.settle(n);
    const held = this.join.release();
    // spans still without their records: those an earlier ingest kept as bad lines (the logs read first)
    const kept =
      held.length && opts.heldRecords
        ? takeStoredRecords(
            opts.heldRecords(),
            held.map((h) => h.info.spanId),
          )
        : undefined;
    for (const h of held) yield* this.finalize(h, true, kept?.get(h.info.spanId));
    for (const n of nested.finish()) yield* this.settle({ ...n, extra: { ...n.extra, final: true } });
    for (const item of leftRecords(this.join.orphans(), opts, this.convert)) yield* lines.push(item);
    for (const d of this.embeddings.release()) yield* this.placeNow(d);
    for (const d of this.toolIds.release()) yield* this.assemble(d);
    yield* lines.flush();
    for (const d of this.assembler.finish()) yield* this.assemble(this.tally.fallback(d));
    yield* lines.flush();
    if (this.seen.spans > 0 && this.seen.calls === 0) opts.note?.(noCallNote(this.seen));
  }

  private *place(given: Draft): Generator<IngestItem> {
    for (const d of this.embeddings.apply(given)) yield* this.placeNow(d);
  }

  private *placeNow(given: Draft): Generator<IngestItem> {
    for (const d of this.toolIds.apply(this.echoes.apply(given))) yield* this.assemble(d);
  }

  private *assemble(d: Draft): Generator<IngestItem> {
    if (d.events.some((e) => e.kind === 'request' || e.kind === 'response')) this.seen.calls++;
    const { ready, evicted } = this.assembler.add(d);
    for (const given of ready) {
      const r = this.compactions.apply(given);
      this.tally.count(r.draft);
      for (const item of traceTurns(r, readyItems(r))) yield* this.lines.push(item);
    }
    for (const e of evicted) yield* this.assemble(this.tally.fallback(e));
  }

  /** Convert (final: no more waiting for content), merge with its nested spans of the same model call, and place. */
  private *finalize(h: Held, final: boolean, stored?: { events: SpanEvent[]; resolves: Resolve[] }): Generator<IngestItem> {
    const { opts, join } = this;
    // records read since the span was held are its own (and, at the first try, those read before it)
    h.info.events.push(...join.take(h.info.spanId), ...((opts.spanRecords?.take(h.info.spanId, opts.display) ?? []) as SpanEvent[]), ...(stored?.events ?? []));
    let draft: Draft;
    try {
      draft = { ...this.convert(h.info), traceId: h.info.traceId, line: h.x.line, label: h.label, raw: h.x.raw, source: h.x.raw ? undefined : h.x.value };
      if (stored) draft.resolves = stored.resolves;
    } catch (err) {
      if (!(err instanceof InvalidEvent)) throw err;
      if (err instanceof AwaitingContent && !final) {
        for (const r of join.hold(h.info.spanId, h)) yield* this.finalize(r, true);
        return;
      }
      yield* this.lines.push(bad(h.x.line, `${h.label}: ${err.message}`, rawText(h.x)));
      return;
    }
    for (const n of this.nested.add({ spanId: h.info.spanId, parentSpanId: h.info.parentSpanId, draft, extra: { held: h, final } })) yield* this.settle(n);
  }

  /** A draft its nested spans are done with: placed, or held for its log records. */
  private *settle(n: Nested<{ held: Held; final: boolean }>): Generator<IngestItem> {
    if (n.draft.awaitsContent && !n.extra.final) {
      for (const r of this.join.hold(n.spanId, n.extra.held)) yield* this.finalize(r, true);
      return;
    }
    yield* this.place(n.draft);
  }
}

/** Records no span of the file took: those of a request stored without its messages complete it, the others are one bad item per span. */
function* leftRecords(orphans: ReturnType<LogJoin<Held>['orphans']>, opts: ReadOptions, convert: SpanConverter): Generator<IngestItem> {
  const stored = orphans.length && opts.storedCalls ? opts.storedCalls(orphans.map((o) => o.spanId)) : undefined;
  for (const o of orphans) {
    const call = stored?.get(o.spanId);
    if (call) yield* completeStored(o, call, convert);
    else yield bad(o.line, orphanReason(o, !!opts.spanRecords), o.raw);
  }
}

/** "16 spans, none a model call: service langfuse-sdk, scope @langfuse/tracing" */
export function noCallNote(seen: { spans: number; services: Set<string>; scopes: Set<string> }): string {
  const what = [seen.services.size ? `service ${[...seen.services].join(', ')}` : '', seen.scopes.size ? `scope ${[...seen.scopes].join(', ')}` : ''].filter(
    Boolean,
  );
  return `${seen.spans} span${seen.spans === 1 ? '' : 's'}, none a model call${what.length ? `: ${what.join('; ')}` : ''}`;
}
