import { InvalidEvent } from '../../events/validate.js';
import { int, str, type Attrs } from './span.js';
import { parseJson } from '../json-parse.js';

/**
 * What no published convention carries (the steps of a memory write, a process restart, a store
 * snapshot, shared state reads and writes, the turn) is read from attributes in the `amnesia.`
 * namespace, on a span or on a span event:
 *
 *   amnesia.kind      a native event kind (lifecycle, store_snapshot, state, memory_write, ...): the span
 *                     (or span event) IS that event; its other `amnesia.<field>` attributes are its fields
 *   amnesia.phase     on a span event of a memory-write span: one step of that write
 *   amnesia.turn, amnesia.actor, amnesia.session   the envelope, when the span's own is missing or wrong
 *
 * Values are taken as they are; a string that holds a JSON object or array is parsed.
 */
export const EXT = 'amnesia.';
const ENVELOPE = new Set(['amnesia.kind', 'amnesia.turn', 'amnesia.actor', 'amnesia.session', 'amnesia.id']);

export interface ExtEnvelope {
  session?: string;
  turn?: number;
  actor?: string;
}

export function extEnvelope(attrs: Attrs): ExtEnvelope {
  const out: ExtEnvelope = {};
  const session = str(attrs['amnesia.session']);
  if (session) out.session = session;
  if (attrs['amnesia.turn'] !== undefined) {
    const t = int(attrs['amnesia.turn']);
    if (t === undefined || t < 0) throw new InvalidEvent(`amnesia.turn: expected an integer >= 0, got ${JSON.stringify(attrs['amnesia.turn'])}`);
    out.turn = t;
  }
  const actor = str(attrs['amnesia.actor']);
  if (actor) out.actor = actor;
  return out;
}

/** The `amnesia.<field>` attributes as event fields (envelope keys left out). */
export function extFields(attrs: Attrs, skip: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(attrs)) {
    if (!k.startsWith(EXT) || ENVELOPE.has(k) || skip.includes(k)) continue;
    out[k.slice(EXT.length)] = parseJsonish(v);
  }
  return out;
}

function parseJsonish(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return v;
  const parsed = parseJson(t);
  return parsed.ok ? parsed.value : v;
}

export function extKind(attrs: Attrs): string | undefined {
  return str(attrs['amnesia.kind']);
}

export function hasExt(attrs: Attrs): boolean {
  for (const k in attrs) if (k.startsWith(EXT)) return true;
  return false;
}
