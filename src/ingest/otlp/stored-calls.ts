import { InvalidEvent } from '../../events/validate.js';
import type { IngestItem, StoredCall } from '../types.js';
import type { Draft } from './assemble.js';
import { bad, readyItems } from './emit.js';
import type { SpanEvent, SpanInfo } from './span.js';
import { traceTurns } from '../turns.js';

/**
 * GenAI log records whose span is in the store already, from an earlier ingest (traces and logs
 * exported to two files, read on two runs). The stored request has no messages: the records are read
 * as its span's events would have been (its model and the records, through the same converter), and
 * give a request that completes the stored one (`completes`: the store gives it the messages) and,
 * from a `gen_ai.choice` record, the response. Session and turn key are the stored request's.
 */
export function* completeStored(
  o: { spanId: string; traceId: string; line: number; raw: string; events: SpanEvent[] },
  stored: StoredCall,
  convert: (s: SpanInfo) => Omit<Draft, 'traceId' | 'line' | 'label' | 'raw'>,
): Generator<IngestItem> {
  const body = stored.body;
  const start = Date.parse(String(body.ts));
  const info: SpanInfo = {
    traceId: o.traceId,
    spanId: o.spanId,
    parentSpanId: null,
    name: 'chat',
    start,
    end: Math.max(start, ...o.events.map((e) => e.time)),
    attrs: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': String(body.model ?? 'unknown') },
    resource: {},
    scope: null,
    events: o.events,
    error: false,
    statusMessage: null,
  };
  const label = `log records of span ${o.spanId} (trace ${o.traceId}), completing its stored request`;
  let draft: Draft;
  try {
    draft = { ...convert(info), traceId: o.traceId, line: o.line, label, raw: o.raw };
  } catch (err) {
    if (!(err instanceof InvalidEvent)) throw err;
    yield bad(o.line, `${label}: ${err.message}`, o.raw);
    return;
  }
  const { kind: _k, ts: _t, session: _s, turn: _u, id: _i, actor, scope: _c, messages: _m, ...fields } = body;
  void [_k, _t, _s, _u, _i, _c, _m];
  const events = draft.events.map((e) => (e.kind === 'request' ? { ...e, ts: start, fields: { ...fields, messages: e.fields.messages } } : e));
  if (!events.some((e) => e.kind === 'request')) return;
  const ready = {
    draft: { ...draft, events, ...(typeof actor === 'string' ? { actor } : {}) },
    session: stored.session,
    turn: undefined,
  };
  for (const item of traceTurns(ready, readyItems(ready))) {
    if (item.type !== 'event') yield item;
    else yield { ...item, ...(item.event.kind === 'request' ? { completes: true } : {}), ...(stored.turnKey ? { turnKey: stored.turnKey } : {}) };
  }
}
