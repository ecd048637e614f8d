import type { Readable } from 'node:stream';
import { InvalidEvent, validateEvent } from '../../events/validate.js';
import { isObject } from '../../util/values.js';
import { readJsonRecords } from '../json-values.js';
import { peek } from '../otlp/container.js';
import { bad } from '../otlp/emit.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';
import { isPlatformEvent, newestTime, OPEN, platformEvents, sessionOf, STATUSES } from './events.js';

/**
 * Mem0's platform event log, as a user exports it: a `GET /v1/events/` page (`{count, next, previous,
 * results: [event...]}`), `GET /v1/event/{event_id}/` answers appended one a line (what polling an
 * add gives), pages one a line, a list of events, or the `mem0 event list|status --output json`
 * envelope (`{command, data}`). Every event keeps the line it starts on. Mapping: ./events.ts.
 */

type Obj = Record<string, unknown>;

const isPage = (v: unknown): v is Obj => isObject(v) && Array.isArray(v.results) && ('count' in v || 'next' in v || 'previous' in v);
const isEnvelope = (v: unknown): v is Obj => isObject(v) && typeof v.command === 'string' && /^event /.test(v.command) && 'data' in v;

/** The events a record holds: itself, a page's results, an envelope's data. */
function eventsOf(v: unknown): unknown[] {
  if (isPage(v)) return v.results as unknown[];
  if (isEnvelope(v)) return Array.isArray(v.data) ? v.data : [v.data];
  return [v];
}

/** The list a pretty-printed document's events are under, from its first key (an event's own `results` are memories). */
function listKeysOf(head: string): string[] {
  const t = head.replace(/^\ufeff/, '');
  if (/^\s*\{\s*"(count|next|previous|results)"\s*:/.test(t)) return ['results'];
  // `event list` lists under data; `event status` holds one event there, read with its envelope
  if (/"command"\s*:\s*"event list"/.test(t)) return ['data'];
  return [];
}

/**
 * The log has no time of its own: it was taken at or after the newest time any event in it gives. A
 * session with a write still open at the end gets a `log_end` lifecycle event at that time, pointing at
 * the line that gives it, so that lost-write measures how long the write had been open when the log was
 * taken (an add accepted a second before the export is in flight, not lost).
 */
function logEnds(open: Map<string, { session: string; status: string }>, newest: { ts: string; line: number } | null): IngestItem[] {
  if (!newest) return [];
  const bySession = new Map<string, string[]>();
  for (const [id, w] of open) bySession.set(w.session, [...(bySession.get(w.session) ?? []), `${id} ${w.status}`]);
  return [...bySession].map(([session, still], sub) => {
    const event = validateEvent({
      kind: 'lifecycle',
      ts: newest.ts,
      session,
      id: `mem0-platform:log-end:${newest.ts}`,
      event: 'log_end',
      process: 'mem0-platform',
      time: `the newest time in the log (line ${newest.line}); the log was taken at or after it`,
      open_writes: still,
    });
    return { type: 'event', line: newest.line, event, raw: `${event.eventId}`, sub: 1_000_000 + sub };
  });
}

async function* readPlatformEvents(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
  const { head, stream } = await peek(content);
  const fallback = `mem0-platform:${opts.display}`;
  const accept = (v: unknown) => isPlatformEvent(v) || isPage(v) || isEnvelope(v);
  let events = 0;
  let writes = 0;
  /** writes whose latest status seen is open, by event id; the file's newest time and its line */
  const open = new Map<string, { session: string; status: string }>();
  let newest: { ts: string; line: number } | null = null;
  for await (const rec of readJsonRecords(stream, opts, accept, listKeysOf(head.toString('utf8')))) {
    if (rec.type !== 'record') {
      yield rec;
      continue;
    }
    const list = eventsOf(rec.value);
    let sub = 0;
    const reasons: string[] = [];
    for (const [i, ev] of list.entries()) {
      const where = list.length > 1 ? `results[${i}]: ` : '';
      if (!isPlatformEvent(ev)) {
        reasons.push(`${where}expected a Mem0 platform event (id, event_type)`);
        continue;
      }
      try {
        const { session, key } = sessionOf(ev, fallback);
        const native = platformEvents(ev, session).map(validateEvent);
        opts.sessionKey?.(key);
        events++;
        const t = newestTime(ev);
        if (t && (newest === null || Date.parse(t) > Date.parse(newest.ts))) newest = { ts: t, line: rec.line };
        if (native.some((e) => e.kind === 'memory_write')) {
          writes++;
          const status = String(ev.status).toUpperCase();
          if (OPEN.has(status)) open.set(ev.id as string, { session, status });
          else open.delete(ev.id as string);
        }
        for (const event of native) yield { type: 'event', line: rec.line, event, raw: `${event.eventId}`, sub: sub++ };
      } catch (err) {
        if (!(err instanceof InvalidEvent)) throw err;
        reasons.push(`${where}event ${ev.id as string}: ${err.message}`);
      }
    }
    // the store keeps one bad line per line: the reasons of a page's unreadable events are joined
    if (reasons.length) yield bad(rec.line, reasons.join('; '), rec.raw);
  }
  yield* logEnds(open, newest);
  if (events > 0 && writes === 0) opts.note?.(`${events} Mem0 ${events === 1 ? 'event' : 'events'}, none a write (ADD, UPDATE, DELETE)`);
}

export const mem0PlatformFormat: InputFormat = {
  name: 'mem0-platform',
  description: "Mem0 platform's event log (GET /v1/events/ pages, GET /v1/event/{id}/ answers): async writes PENDING, RUNNING, SUCCEEDED, FAILED",
  detect(head) {
    // an event names its type and one of the platform's statuses; nothing else in the formats does both
    const status = new RegExp(`"status"\\s*:\\s*"(${STATUSES.join('|')})"`);
    return /"event_type"\s*:\s*"[A-Za-z_]+"/.test(head) && status.test(head) && /"(payload|created_at)"\s*:/.test(head) ? 12 : 0;
  },
  read(content: Readable, opts: ReadOptions): AsyncIterable<IngestItem> {
    return readPlatformEvents(content, opts);
  },
};
