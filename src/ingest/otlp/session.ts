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
  // Mastra's memory thread (its AI tracing: agent run and generation spans)
  'threadId',
];

/** The user of a span (native `scope.user`), in the same spirit. */
export const USER_KEYS: readonly string[] = [
  'user.id',
  'enduser.id',
  'traceloop.association.properties.user_id',
  'ai.telemetry.metadata.userId',
  'ai.telemetry.metadata.user_id',
  'langfuse.user.id',
  // the owner of a Mastra memory thread
  'resourceId',
];

/** The first of `keys` with a value on the span, then on its resource. */
export function firstKey(attrs: Attrs, resource: Attrs, keys: readonly string[]): { value: string; key: string } | undefined {
  for (const k of keys) {
    const v = str(attrs[k]) ?? str(resource[k]);
    if (v !== undefined) return { value: v, key: k };
  }
  return undefined;
}

/**
 * Which key gave each span its session, reported to the pipeline (one stderr line per file and the
 * ingest summary's `session_keys`, as every reader does); a session-less trace becomes its own.
 */
export class SessionTally {
  constructor(
    private readonly report: ((key: string) => void) | undefined,
    /** the keys looked at, named in the fallback's note */
    private readonly looked: string,
  ) {}

  count(d: Draft): void {
    if (d.sessionKey === undefined) return; // took its trace's session
    this.report?.(d.sessionKey);
  }

  /** The draft with its trace id as its session. */
  fallback(d: Draft): Draft {
    return { ...d, session: d.traceId, sessionKey: `the trace id (no session key; looked at ${this.looked})` };
  }
}
