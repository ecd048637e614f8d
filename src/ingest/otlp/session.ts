import type { Draft } from './assemble.js';
import { str, type Attrs } from './span.js';

/**
 * Where a span's session comes from, in this order (the first key with a value wins; each key is
 * looked up on the span, then on its resource):
 *
 *   amnesia.session                               this project's extension (extension.ts)
 *   gen_ai.conversation.id                        OpenTelemetry GenAI conventions
 *   session.id                                    OpenTelemetry `session` attributes; OpenInference
 *   traceloop.association.properties.session_id   OpenLLMetry (`withAssociationProperties({ session_id })`)
 *   ai.telemetry.metadata.sessionId               Vercel AI SDK (`experimental_telemetry.metadata.sessionId`)
 *   ai.telemetry.metadata.session_id
 *   langfuse.session.id                           Langfuse's OpenTelemetry attribute
 *
 * A span without any of them takes the session of its trace (another span of the trace that has
 * one); a trace where no span has one is its own session, named by its trace id, and the reader says
 * so on stderr (one line per file).
 */
export const SESSION_KEYS: readonly string[] = [
  'gen_ai.conversation.id',
  'session.id',
  'traceloop.association.properties.session_id',
  'ai.telemetry.metadata.sessionId',
  'ai.telemetry.metadata.session_id',
  'langfuse.session.id',
];

/** The user of a span (native `scope.user`), in the same spirit. */
export const USER_KEYS: readonly string[] = [
  'user.id',
  'enduser.id',
  'traceloop.association.properties.user_id',
  'ai.telemetry.metadata.userId',
  'ai.telemetry.metadata.user_id',
  'langfuse.user.id',
];

/** The first of `keys` with a value on the span, then on its resource. */
export function firstKey(attrs: Attrs, resource: Attrs, keys: readonly string[]): { value: string; key: string } | undefined {
  for (const k of keys) {
    const v = str(attrs[k]) ?? str(resource[k]);
    if (v !== undefined) return { value: v, key: k };
  }
  return undefined;
}

const FALLBACK = 'the trace id';
/** Keys that need no note: the conventions' own. */
const QUIET = new Set(['amnesia.session', 'gen_ai.conversation.id']);

/** Counts which key gave each span its session, and gives a session-less trace its own. */
export class SessionTally {
  private readonly byKey = new Map<string, number>();
  private readonly fallbackTraces = new Set<string>();

  count(d: Draft): void {
    if (d.sessionKey === undefined) return; // took its trace's session
    this.byKey.set(d.sessionKey, (this.byKey.get(d.sessionKey) ?? 0) + 1);
  }

  /** The draft with its trace id as its session. */
  fallback(d: Draft): Draft {
    this.fallbackTraces.add(d.traceId);
    return { ...d, session: d.traceId, sessionKey: FALLBACK };
  }

  /** One line for stderr when a session came from anything but the conventions' own keys. */
  note(file: string, looked: string): string | undefined {
    if (![...this.byKey.keys()].some((k) => !QUIET.has(k))) return undefined;
    const parts = [...this.byKey.entries()].filter(([k]) => k !== FALLBACK).map(([k, n]) => `${k} (${n} span${n === 1 ? '' : 's'})`);
    const t = this.fallbackTraces.size;
    if (t > 0) parts.push(`${FALLBACK} for ${t} trace${t === 1 ? '' : 's'} with no session key (looked at ${looked})`);
    return `${file}: sessions taken from ${parts.join('; ')}`;
  }
}
