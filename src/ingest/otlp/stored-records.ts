import { InvalidEvent } from '../../events/validate.js';
import type { Resolve } from '../types.js';
import { type LogEvent, logEvent } from './logs.js';
import type { SpanEvent } from './span.js';

/** The bad-line reason of GenAI log records whose span is in no file read (nor, without messages, in the store). */
export function orphanReason(o: { names: string[]; spanId: string; traceId: string }, otherFiles: boolean): string {
  return `log records ${o.names.join(', ')} of span ${o.spanId} (trace ${o.traceId}): no span with this spanId in this file${otherFiles ? ' or the other files of this ingest' : ''} or the store (the records hold its messages: kept here, a later ingest of the traces joins them)`;
}

/** The texts of a bad line, one JSON value each (a value may span several lines: they are gathered until it parses). */
function values(raw: string): { text: string; value: unknown }[] {
  const out: { text: string; value: unknown }[] = [];
  let acc = '';
  for (const line of raw.split('\n')) {
    acc = acc ? `${acc}\n${line}` : line;
    try {
      out.push({ text: acc, value: JSON.parse(acc) });
      acc = '';
    } catch {
      // not a whole value yet
    }
  }
  if (acc.trim()) out.push({ text: acc, value: undefined });
  return out;
}

function record(value: unknown): LogEvent | undefined {
  try {
    return value === undefined ? undefined : logEvent(value);
  } catch (err) {
    if (!(err instanceof InvalidEvent)) throw err;
    return undefined;
  }
}

/**
 * GenAI log records an earlier ingest stored as bad lines (their span had not come: the logs file read
 * before the traces file), for the spans of this file that ended without their messages. A span takes
 * its records; each bad line it took from is settled (`resolves`, written with the span's first event):
 * rewritten to the records left in it, or deleted when none are left. The same conversation then
 * reads as if both files had come together, in either order.
 */
export function takeStoredRecords(lines: { id: number; raw: string }[], spanIds: Iterable<string>): Map<string, { events: SpanEvent[]; resolves: Resolve[] }> {
  const wanted = new Set(spanIds);
  const out = new Map<string, { events: SpanEvent[]; resolves: Resolve[] }>();
  for (const line of lines) {
    const left: { text: string; r: LogEvent | undefined }[] = [];
    const takers = new Set<string>();
    for (const v of values(line.raw)) {
      const r = record(v.value);
      if (!r || !wanted.has(r.spanId)) {
        left.push({ text: v.text, r });
        continue;
      }
      takers.add(r.spanId);
      const got = out.get(r.spanId) ?? { events: [], resolves: [] };
      got.events.push(r.event);
      out.set(r.spanId, got);
    }
    if (!takers.size) continue;
    const settled: Resolve = left.length
      ? { id: line.id, raw: Buffer.from(left.map((l) => l.text).join('\n')), reason: leftReason(left) }
      : { id: line.id, raw: null, reason: '' };
    for (const s of takers) out.get(s)?.resolves.push(settled);
  }
  for (const got of out.values()) got.events.sort((a, b) => a.time - b.time);
  return out;
}

/** The reason of what a bad line still holds, as the reader gives it (one reason per span; BadLines joins several). */
function leftReason(left: { r: LogEvent | undefined }[]): string {
  const spans = new Map<string, { traceId: string; names: Set<string> }>();
  let other = 0;
  for (const { r } of left) {
    if (!r) other++;
    else {
      const s = spans.get(r.spanId) ?? { traceId: r.traceId, names: new Set<string>() };
      s.names.add(r.event.name);
      spans.set(r.spanId, s);
    }
  }
  const reasons = [...spans].map(([spanId, s]) => orphanReason({ spanId, traceId: s.traceId, names: [...s.names] }, false));
  if (other) reasons.push(`${other} text${other === 1 ? '' : 's'} that are no GenAI log record`);
  const reason = reasons.length === 1 ? reasons[0] : `${reasons.length} bad items on this line: ${reasons.join('; ')}`;
  return reason.length > 2000 ? `${reason.slice(0, 1999)}…` : reason;
}
