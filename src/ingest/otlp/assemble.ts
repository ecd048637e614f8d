import type { Resolve } from '../../events/item.js';
import type { Scope } from '../../events/types.js';

/**
 * Session and turn for spans (and Langfuse observations), which carry them less often than native
 * events do.
 *
 * Session: the span's own (its conversation / session attribute, or its resource's); else the session
 * of an earlier span of the same trace; else the span waits for a later span of its trace that names
 * one (exporters write children before their parents, and tool and retrieval spans carry no
 * conversation id). Spans still waiting at the end of the file (or when more than `maxPending` wait)
 * are bad items that say so.
 *
 * User: a span naming none takes the user an earlier span of its trace (or the span that gave the
 * trace its session) names: Langfuse JS SDK v4's `updateTrace({ sessionId, userId })` writes both on
 * the trace's root span only.
 *
 * Turn: an explicit one (`amnesia.turn`) wins; else the index of the span's trace among the traces of
 * its session, counted from 0 in the order the traces appear, which readers replace by the trace as
 * a turn key (turns.ts) for the store to number user turns (src/store/turns.ts); spans that only
 * report lifecycle events or store snapshots do not open a turn.
 */

export interface DraftEvent {
  kind: string;
  /** epoch milliseconds */
  ts: number;
  id: string;
  fields: Record<string, unknown>;
  turn?: number;
  actor?: string;
}

export interface Draft {
  traceId: string;
  line: number;
  /** how messages name it: span "chat gpt-4o" (5b8aa5a2d2c872e8) */
  label: string;
  /** raw text for a bad item ('' when it is to be made from `source`) */
  raw: string;
  /** the parsed span or observation, for a bad item's text */
  source?: unknown;
  session?: string;
  turn?: number;
  actor?: string;
  scope?: Scope;
  events: DraftEvent[];
  opensTurn: boolean;
  /** the attribute the session was read from (session.ts), for the note on stderr */
  sessionKey?: string;
  /** an inference span read without its messages: the reader waits for its log records (logs.ts) */
  awaitsContent?: boolean;
  /** bad lines of earlier ingests whose log records this span took (stored-records.ts): settled with its first event */
  resolves?: Resolve[];
}

export interface Ready {
  draft: Draft;
  session: string;
  turn: number | undefined;
}

const MAX_TRACES = 1_000_000;

export class TraceAssembler {
  private readonly traceSession = new Map<string, string>();
  private readonly traceTurn = new Map<string, number>();
  /** the user a span of the trace names (Langfuse v4's `updateTrace({ userId })` sets it on one span only) */
  private readonly traceUser = new Map<string, string>();
  private readonly nextTurn = new Map<string, number>();
  private readonly pending = new Map<string, Draft[]>();
  private pendingCount = 0;

  constructor(private readonly maxPending = 10_000) {}

  /** Drafts that can be written now, and drafts given up on (too many waiting). */
  add(d: Draft): { ready: Ready[]; evicted: Draft[] } {
    if (d.scope?.user !== undefined && !this.traceUser.has(d.traceId)) {
      this.traceUser.set(d.traceId, d.scope.user);
      if (this.traceUser.size > MAX_TRACES) this.traceUser.delete(this.traceUser.keys().next().value as string);
    }
    const known = d.session ?? this.traceSession.get(d.traceId);
    if (known === undefined) {
      const list = this.pending.get(d.traceId);
      if (list) list.push(d);
      else this.pending.set(d.traceId, [d]);
      this.pendingCount++;
      const evicted: Draft[] = [];
      while (this.pendingCount > this.maxPending) {
        const [trace, oldest] = this.pending.entries().next().value as [string, Draft[]];
        this.pending.delete(trace);
        this.pendingCount -= oldest.length;
        evicted.push(...oldest);
      }
      return { ready: [], evicted };
    }
    if (d.session !== undefined && !this.traceSession.has(d.traceId)) {
      this.traceSession.set(d.traceId, d.session);
      if (this.traceSession.size > MAX_TRACES) this.traceSession.delete(this.traceSession.keys().next().value as string);
    }
    const waiting = this.pending.get(d.traceId);
    const list = waiting ? [...waiting, d] : [d];
    if (waiting) {
      this.pending.delete(d.traceId);
      this.pendingCount -= waiting.length;
    }
    return { ready: list.map((x) => this.place(x)), evicted: [] };
  }

  /** Everything still waiting for a session. */
  finish(): Draft[] {
    const out = [...this.pending.values()].flat();
    this.pending.clear();
    this.pendingCount = 0;
    return out;
  }

  private place(given: Draft): Ready {
    const user = given.scope?.user === undefined ? this.traceUser.get(given.traceId) : undefined;
    const x = user === undefined ? given : { ...given, scope: { ...given.scope, user } };
    const session = x.session ?? this.traceSession.get(x.traceId)!;
    if (x.turn !== undefined) return { draft: x, session, turn: x.turn };
    let turn = this.traceTurn.get(x.traceId);
    if (turn === undefined && x.opensTurn) {
      turn = this.nextTurn.get(session) ?? 0;
      this.nextTurn.set(session, turn + 1);
      this.traceTurn.set(x.traceId, turn);
      if (this.traceTurn.size > MAX_TRACES) this.traceTurn.delete(this.traceTurn.keys().next().value as string);
    }
    return { draft: x, session, turn };
  }
}

/** Kinds that describe the system rather than the conversation: they never open a turn. */
export const SYSTEM_KINDS = new Set(['lifecycle', 'store_snapshot']);
