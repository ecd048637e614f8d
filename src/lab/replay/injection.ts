/**
 * The recorded memory layer's injection, told apart from the agent's own system prompt: the
 * reference prompt keeps the agent's leading system messages and replaces the recorded injection
 * with what the engine recalls under the request's own scope, so a recorded injection (another
 * user's memory included) is never copied into it. A system message is the memory layer's when it
 * carries a memory the log knows: a recorded write, a candidate a recorded retrieval returned, or
 * a memory the reference holds (of any user).
 */
import { normalizeText } from '../../text/index.js';
import type { MessageView, SessionEvent } from '../../store/session.js';
import type { EngineScope } from '../../engine/types.js';
import { isObject, str } from '../../util/values.js';
import type { KnownMemory } from './observe.js';

/** A normalized memory text this long is matched anywhere in a message; a shorter one (down to 4) as whole words only. */
const ANYWHERE = 12;
const SHORTEST = 4;

/** Does a normalized message carry one of the normalized memory texts? */
export function carriesMemory(message: string, texts: readonly string[]): boolean {
  const padded = ` ${message} `;
  return texts.some((t) => (t.length >= ANYWHERE ? message.includes(t) : t.length >= SHORTEST && padded.includes(` ${t} `)));
}

/** The agent's own system prompt: the leading system (or developer) messages that carry no memory the log knows. */
export function ownSystem(msgs: readonly MessageView[], texts: readonly string[], norm: (m: MessageView) => string): string[] {
  const out: string[] = [];
  for (const m of msgs) {
    if (m.role !== 'system' && m.role !== 'developer') break;
    if (!carriesMemory(norm(m), texts)) out.push(m.text);
  }
  return out;
}

/**
 * The memories a recorded retrieval returned, each in the scope of the user it names (the
 * candidate's `user` / `user_id`, or its metadata's, or `metadata.scope.user`), else the
 * retrieval's own scope. They have no memory in the reference engine (`memoryId` empty).
 */
export function retrievedMemories(ev: SessionEvent, scope: EngineScope): KnownMemory[] {
  const out: KnownMemory[] = [];
  const list = ev.body.candidates;
  if (!Array.isArray(list)) return out;
  for (const c of list) {
    if (!isObject(c) || typeof c.text !== 'string' || !c.text.trim()) continue;
    const md = isObject(c.metadata) ? c.metadata : {};
    const user = str(c.user) ?? str(c.user_id) ?? str(md.user) ?? str(md.user_id) ?? (isObject(md.scope) ? str(md.scope.user) : undefined);
    const own: EngineScope = user && user !== scope.user ? { user, ...(scope.tenant ? { tenant: scope.tenant } : {}) } : scope;
    out.push({ text: c.text, scope: own, memoryId: '', writeId: null });
  }
  return out;
}

/** The normalized texts of the memories the log knows, for `ownSystem`. */
export function memoryTexts(known: readonly KnownMemory[]): string[] {
  return [...new Set(known.map((k) => normalizeText(k.text)))].filter((t) => t.length >= SHORTEST);
}
