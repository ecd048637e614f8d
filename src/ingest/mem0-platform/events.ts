import { InvalidEvent, quotedValue } from '../../events/validate.js';
import { isObject, str } from '../../util/values.js';
import { mem0Time } from '../mem0/index.js';

/**
 * One Mem0 platform event (`GET /v1/event/{event_id}/`, an item of `GET /v1/events/`) as native
 * events. A write (event_type ADD, UPDATE, DELETE) is one `memory_write` per step, all with
 * `write_id: mem0-event:<id>`:
 *
 *   created_at                      enqueued + acknowledged (the add call answered `{event_id, status: PENDING}`)
 *   SUCCEEDED, at completed_at      committed, once per result (memory id, op from its ADD / UPDATE / DELETE),
 *                                   or once without results: op `none` for an add that stored nothing, the
 *                                   event's op (and `payload.memory_id`) for an update or delete
 *   FAILED, at completed_at         failed, with the event's `error`
 *   PENDING / RUNNING / PROCESSING  nothing more: the write is still open where the log ends (the reader then
 *                                   adds a `log_end` lifecycle event at the file's newest time: see ./index.ts)
 *
 * Other event types (SEARCH...) are kept as `mem0_platform.<type>`. Mapping: docs/formats.md#mem0-platform.
 */

type Obj = Record<string, unknown>;

export const STATUSES = ['PENDING', 'RUNNING', 'PROCESSING', 'SUCCEEDED', 'FAILED'] as const;
/** The statuses of a write the platform has accepted and not yet finished. */
export const OPEN = new Set(['PENDING', 'RUNNING', 'PROCESSING']);
const TIMES = ['created_at', 'started_at', 'updated_at', 'completed_at'] as const;
const WRITES: Record<string, string> = { ADD: 'add', UPDATE: 'update', DELETE: 'delete' };
const OPS: Record<string, string> = { ADD: 'add', UPDATE: 'update', DELETE: 'delete', NONE: 'none' };
const STORE = 'mem0-platform';

/** Where an event's session comes from, first found wins: the key as reported on stderr, and its prefix. */
const SESSION_KEYS: readonly [string, string][] = [
  ['run_id', ''],
  ['user_id', 'user:'],
  ['agent_id', 'agent:'],
  ['app_id', 'app:'],
];

/** An object with an id and an event_type: a Mem0 platform event. */
export const isPlatformEvent = (v: unknown): v is Obj => isObject(v) && typeof v.id === 'string' && typeof v.event_type === 'string';

/** The event's session: its run, else its user, agent or app (payload, its filters, else the event's first result). */
export function sessionOf(ev: Obj, fallback: string): { session: string; key: string } {
  const payload = isObject(ev.payload) ? ev.payload : {};
  const filters = isObject(payload.filters) ? payload.filters : {};
  const first = Array.isArray(ev.results) && isObject(ev.results[0]) ? (ev.results[0] as Obj) : {};
  for (const [k, prefix] of SESSION_KEYS) {
    const v = str(payload[k]);
    if (v) return { session: prefix + v, key: `payload.${k}` };
  }
  // a search or a listing names its entity in its filters (v2 and v3 APIs)
  for (const [k, prefix] of SESSION_KEYS) {
    const v = str(filters[k]);
    if (v) return { session: prefix + v, key: `payload.filters.${k}` };
  }
  const user = str(first.user_id);
  if (user) return { session: `user:${user}`, key: 'results[0].user_id' };
  return { session: fallback, key: 'the file (no run_id, user_id, agent_id or app_id in the payload or its filters)' };
}

function time(ev: Obj, field: string): string | null {
  const v = ev[field];
  if (v === undefined || v === null) return null;
  const t = mem0Time(v);
  if (!t) throw new InvalidEvent(`${field} ${quotedValue(v, 30)} is not a date-time`);
  return t;
}

/** The newest of an event's times (ISO), null when it has none readable. */
export function newestTime(ev: Obj): string | null {
  let best: string | null = null;
  for (const f of TIMES) {
    const t = ev[f] === undefined || ev[f] === null ? null : mem0Time(ev[f]);
    if (t && (best === null || Date.parse(t) > Date.parse(best))) best = t;
  }
  return best;
}

/** What the add submitted to be remembered: its messages' contents (or a memory's text for UPDATE). */
function submitted(payload: Obj): string | null {
  if (Array.isArray(payload.messages)) {
    const parts = payload.messages.flatMap((m) => (isObject(m) && typeof m.content === 'string' ? [`${str(m.role) ?? 'user'}: ${m.content}`] : []));
    if (parts.length) return parts.join('\n');
  }
  if (typeof payload.messages === 'string') return payload.messages;
  return str(payload.text) ?? str(payload.memory) ?? null;
}

/** The native events of one platform event, in order; throws InvalidEvent when it cannot be read. */
export function platformEvents(ev: Obj, session: string): Obj[] {
  const id = ev.id as string;
  const type = (ev.event_type as string).toUpperCase();
  const status = str(ev.status)?.toUpperCase();
  if (!status || !(STATUSES as readonly string[]).includes(status)) {
    throw new InvalidEvent(`status ${quotedValue(ev.status, 20)} (${STATUSES.join(', ')})`);
  }
  const created = time(ev, 'created_at');
  if (!created) throw new InvalidEvent('no created_at');
  const payload = isObject(ev.payload) ? ev.payload : {};
  const filters = isObject(payload.filters) ? payload.filters : {};
  const user = str(payload.user_id) ?? str(filters.user_id);
  const agent = str(payload.agent_id) ?? str(filters.agent_id);
  const scope = { ...(user ? { user } : {}), ...(agent ? { agent } : {}) };
  const envelope = { session, ...(Object.keys(scope).length ? { scope } : {}) };
  const op = WRITES[type];
  if (!op) {
    const ts = time(ev, 'completed_at') ?? time(ev, 'updated_at') ?? created;
    const { id: _, ...fields } = ev;
    return [{ ...fields, kind: `mem0_platform.${type.toLowerCase()}`, ts, ...envelope, id: `mem0-event:${id}:${status}`, event_id: id }];
  }
  // the memory's lifetime (Mem0's `expiration_date`, a day "YYYY-MM-DD"): EVENTS.md's expires_at, a date alone being the end of that day
  const expires = str(payload.expiration_date);
  const write = {
    kind: 'memory_write',
    write_id: `mem0-event:${id}`,
    store: STORE,
    event_type: type,
    status,
    ...(expires ? { expires_at: expires } : {}),
    ...envelope,
  };
  const text = submitted(payload);
  const out: Obj[] = [
    { ...write, ts: created, id: `mem0-event:${id}:enqueued`, phase: 'enqueued', op, ...(text !== null ? { text } : {}) },
    { ...write, ts: created, id: `mem0-event:${id}:acknowledged`, phase: 'acknowledged' },
  ];
  const done = () => time(ev, 'completed_at') ?? time(ev, 'updated_at') ?? time(ev, 'started_at') ?? created;
  if (status === 'SUCCEEDED') {
    const ts = done();
    const results = Array.isArray(ev.results) ? ev.results : [];
    results.forEach((r, i) => {
      if (!isObject(r)) throw new InvalidEvent(`results[${i}]: expected an object`);
      const memoryId = str(r.id);
      if (!memoryId) throw new InvalidEvent(`results[${i}]: no memory id`);
      const rop = OPS[String(r.event ?? 'ADD').toUpperCase()];
      if (!rop) throw new InvalidEvent(`results[${i}]: unknown event ${quotedValue(r.event, 20)} (ADD, UPDATE, DELETE or NONE)`);
      const memory = str(isObject(r.data) ? r.data.memory : undefined) ?? str(r.memory);
      out.push({ ...write, ts, id: `mem0-event:${id}:committed:${i}`, phase: 'committed', memory_id: memoryId, op: rop, ...(memory ? { text: memory } : {}) });
    });
    if (results.length === 0) {
      // an add that found nothing to remember changed no memory; an update or delete names its memory in its payload
      const memoryId = type === 'ADD' ? undefined : str(payload.memory_id);
      out.push({
        ...write,
        ts,
        id: `mem0-event:${id}:committed`,
        phase: 'committed',
        op: type === 'ADD' ? 'none' : op,
        ...(memoryId ? { memory_id: memoryId } : {}),
      });
    }
  } else if (status === 'FAILED') {
    const error = str(ev.error) ?? str(ev.message) ?? 'FAILED (the event gives no error)';
    out.push({ ...write, ts: done(), id: `mem0-event:${id}:failed`, phase: 'failed', error });
  }
  return out;
}
