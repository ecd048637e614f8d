/**
 * Constraint memories a session's searches returned. A rule the user stated in an earlier session
 * ("never use emoji", stored as a `constraint` memory) reaches a later one only through retrieval:
 * that session holds no write and no user message stating it, only the search that returned it and
 * the prompt it was put into. Whether the prompt carried it is still the scanner's to say.
 */
import type { StoreContext } from '../define.js';
import type { SessionEvent } from '../../store/session.js';
import { isObject, str } from '../../util/values.js';
import { longTermWrites } from '../recall-mismatch/long-term.js';

/** memory types whose text is a constraint on the agent's answers (as window-overflow and tool-drift read them) */
export const MEMORY_TYPES = new Set(['constraint', 'preference']);

const DEAD_PHASES = new Set(['failed', 'dead_lettered']);

export interface Stored {
  role: 'write' | 'retrieval';
  memoryId: string | null;
  text: string;
}

/** A candidate's memory type as the search logged it: on the candidate or in its metadata. */
function typeOf(c: Record<string, unknown>): string | undefined {
  const m = isObject(c.metadata) ? c.metadata : {};
  return (str(c.memory_type) ?? str(m.memory_type) ?? str(m.type) ?? str(c.type))?.toLowerCase();
}

/**
 * memory id -> type of the committed writes of earlier sessions that this session's searches could
 * see (recall-mismatch's long-term reading): a candidate logged without its type gets it from its write.
 */
export function longTermTypes(store: StoreContext | undefined, session: string, events: readonly SessionEvent[]): Map<string, string> {
  const out = new Map<string, string>();
  if (!store || !events.some((e) => e.kind === 'retrieval')) return out;
  for (const e of longTermWrites(store, session, events, events[0].ts)) {
    const id = str(e.body.memory_id);
    const type = str(e.body.memory_type)?.toLowerCase();
    if (id && type) out.set(id, type);
  }
  return out;
}

/**
 * The constraint memories an event holds: a `memory_write` of type constraint or preference (once per
 * write, not failed), or the candidates of a retrieval that are such memories.
 */
export function storedConstraints(ev: SessionEvent, types: ReadonlyMap<string, string>, seenWrites: Set<string>): Stored[] {
  const b = ev.body;
  if (ev.kind === 'memory_write') {
    const type = str(b.memory_type)?.toLowerCase();
    const text = str(b.text);
    const writeId = str(b.write_id) ?? ev.source;
    if (!type || !MEMORY_TYPES.has(type) || !text || seenWrites.has(writeId) || DEAD_PHASES.has(String(b.phase))) return [];
    seenWrites.add(writeId);
    return [{ role: 'write', memoryId: str(b.memory_id) ?? null, text }];
  }
  const list = b.candidates;
  if (!Array.isArray(list)) return [];
  const out: Stored[] = [];
  for (const c of list) {
    if (!isObject(c)) continue;
    const text = str(c.text) ?? str(c.content) ?? str(c.memory);
    if (!text) continue;
    const id = str(c.memory_id) ?? str(c.id) ?? null;
    const type = typeOf(c) ?? (id ? types.get(id) : undefined);
    if (type && MEMORY_TYPES.has(type)) out.push({ role: 'retrieval', memoryId: id, text });
  }
  return out;
}
