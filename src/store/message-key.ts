// The identity of a message body in the store (messages.hash) and the test for the plain messages keyed by content alone.
import crypto from 'node:crypto';
import type { ChatMessage } from '../events/types.js';

/** sha1 of the parts joined: one-shot for short keys (cheaper than createHash()), a long one part by
 * part, not copied whole once more first (big strings made ingest's old-space collections) */
export function sha1(...parts: string[]): Buffer {
  if (parts.reduce((n, p) => n + p.length, 0) < 4096) return crypto.hash('sha1', parts.join(''), 'buffer');
  const h = crypto.createHash('sha1');
  for (const p of parts) h.update(p);
  return h.digest();
}

/** A plain message: string content (or none) and no field but role, name and tool call id. */
export function isPlain(m: ChatMessage): boolean {
  if (!(typeof m.content === 'string' || m.content === null || m.content === undefined)) return false;
  for (const k in m) if (k !== 'role' && k !== 'content' && k !== 'name' && k !== 'tool_call_id') return false;
  return true;
}

/**
 * Identity of a message body (its sha1 is messages.hash): role, name, tool ids and content. A plain
 * string message (the common case) is keyed by this head and its content, without a JSON.stringify;
 * anything richer by `j\0` and its JSON.
 */
export function plainKeyHead(m: ChatMessage): string {
  return `p\0${m.role}\0${m.name ?? ''}\0${m.tool_call_id ?? ''}\0`;
}
