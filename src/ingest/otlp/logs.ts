import { InvalidEvent } from '../../events/validate.js';
import { anyValue, attrMap, isObj, nanosToMs, type SpanEvent } from './span.js';

/**
 * OTLP log records that carry a span's message content. The official OpenTelemetry GenAI
 * instrumentations (`@opentelemetry/instrumentation-openai`, opentelemetry-instrumentation-openai-v2,
 * ...) write the messages of a chat span not on the span but as log records named `gen_ai.system.message`,
 * `gen_ai.user.message`, `gen_ai.assistant.message`, `gen_ai.tool.message` and `gen_ai.choice`
 * (semantic conventions v1.28-v1.36 "events"), each with the span's traceId and spanId and the message
 * in its body: `{ content }`, `{ content, tool_calls }`, `{ content, id }`, `{ index, finish_reason,
 * message: { content, tool_calls } }`.
 *
 * A record becomes a span event of the span it names (name = its event name, attributes = its body's
 * fields over its own attributes), so the span-event reading in genai.ts reads it. Records of other
 * events (application logs) are not GenAI content and are passed over.
 */

export interface LogEvent {
  traceId: string;
  spanId: string;
  event: SpanEvent;
}

/** The event name of a record: the LogRecord field (OTLP 1.5+) or the `event.name` attribute. */
function eventName(raw: Record<string, unknown>, attrs: Record<string, unknown>): string | undefined {
  const n = raw.eventName ?? raw.event_name ?? attrs['event.name'];
  return typeof n === 'string' && n !== '' ? n : undefined;
}

/** A GenAI content record as a span event, undefined for any other record. Throws InvalidEvent with a one-line reason. */
export function logEvent(raw: unknown): LogEvent | undefined {
  if (!isObj(raw)) throw new InvalidEvent('expected a log record object');
  const attrs = attrMap(raw.attributes, 'attributes');
  const name = eventName(raw, attrs);
  if (!name?.startsWith('gen_ai.')) return undefined;
  const traceId = raw.traceId ?? raw.trace_id;
  const spanId = raw.spanId ?? raw.span_id;
  if (typeof spanId !== 'string' || spanId === '') throw new InvalidEvent(`log record ${name}: missing spanId (needed to tie its content to its span)`);
  if (typeof traceId !== 'string' || traceId === '') throw new InvalidEvent(`log record ${name}: missing traceId (needed to tie its content to its span)`);
  const rawTime = raw.timeUnixNano !== undefined && raw.timeUnixNano !== '0' && raw.timeUnixNano !== 0 ? raw.timeUnixNano : raw.observedTimeUnixNano;
  const time = nanosToMs(rawTime, `log record ${name}: timeUnixNano`);
  const body = raw.body === undefined || raw.body === null ? undefined : anyValue(raw.body, `log record ${name}: body`);
  const fields = isObj(body) ? body : body !== undefined ? { content: body } : {};
  return { traceId, spanId, event: { name, time, attrs: { ...attrs, ...fields } } };
}

/**
 * Log records waiting for their span, and spans waiting for their records, within one file (the
 * collector writes a traces batch and a logs batch in either order). Bounded: past `max` waiting
 * spans, the oldest is released as it is.
 */
export class LogJoin<S> {
  private readonly records = new Map<string, { events: SpanEvent[]; line: number; traceId: string; raw: string[] }>();
  private readonly held = new Map<string, S>();

  constructor(private readonly max = 100_000) {}

  /** A record: attached to its held span, or kept for a span still to come (`raw`: its text, kept for a bad item if none comes). */
  addRecord(r: LogEvent, line: number, raw = ''): void {
    const got = this.records.get(r.spanId);
    if (got) {
      got.events.push(r.event);
      if (raw) got.raw.push(raw);
    } else this.records.set(r.spanId, { events: [r.event], line, traceId: r.traceId, raw: raw ? [raw] : [] });
  }

  /** The records already read for this span (taken: they are the span's now). */
  take(spanId: string): SpanEvent[] {
    const got = this.records.get(spanId);
    if (!got) return [];
    this.records.delete(spanId);
    return got.events.sort((a, b) => a.time - b.time);
  }

  /** Hold a span until the end of the file; returns spans released early (over the bound). */
  hold(spanId: string, s: S): S[] {
    this.held.set(spanId, s);
    const out: S[] = [];
    while (this.held.size > this.max) {
      const [k, v] = this.held.entries().next().value as [string, S];
      this.held.delete(k);
      out.push(v);
    }
    return out;
  }

  /** Every held span (the hold is over). */
  release(): S[] {
    const held = [...this.held.values()];
    this.held.clear();
    return held;
  }

  /** The records no span of the file claimed (`raw`: their texts, one a line: nothing of them is lost). */
  orphans(): { spanId: string; traceId: string; line: number; names: string[]; raw: string; events: SpanEvent[] }[] {
    const out = [...this.records.entries()].map(([spanId, r]) => ({
      spanId,
      traceId: r.traceId,
      line: r.line,
      names: [...new Set(r.events.map((e) => e.name))],
      raw: r.raw.join('\n'),
      events: r.events.sort((a, b) => a.time - b.time),
    }));
    this.records.clear();
    return out;
  }
}
