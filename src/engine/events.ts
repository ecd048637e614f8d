/**
 * The engine writes its own operations as native events (shared/spec/EVENTS.md), so its logs can
 * be ingested and analyzed like anyone's. Every event is checked with the same validator the
 * ingest uses before it leaves the engine.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { NativeEvent, Scope } from '../events/types.js';
import { validateEvent } from '../events/validate.js';
import type { EngineScope, EventSink } from './types.js';
import { type Deidentify, deidentifier, deidentifyValue } from './deidentify.js';

export interface EmitContext {
  scope?: EngineScope;
  /** the event's scope as written, when it is not the caller's: a team memory's write belongs to the team (`teamOwner`) */
  owner?: Scope;
  turn?: number | null;
  actor?: string;
  /** the time of the event; default: the engine clock */
  ts?: number;
}

export function scopeField(s: EngineScope): Scope {
  const out: Scope = { user: s.user };
  if (s.agent) out.agent = s.agent;
  if (s.tenant) out.tenant = s.tenant;
  if (s.team) out.team = s.team;
  return out;
}

/** Whose a team memory is: the team's (of its tenant), not its author's; the author is in the write's payload. */
export function teamOwner(s: EngineScope): Scope | undefined {
  return s.team ? { ...(s.tenant ? { tenant: s.tenant } : {}), team: s.team } : undefined;
}

/** Emits events for one session, numbered so that re-ingesting the same log de-duplicates them. */
export class EventLog {
  private n = 0;
  private readonly sinks: EventSink[] = [];
  /** every event emitted, in order, when `keep` is true */
  readonly events: NativeEvent[] = [];
  /** what was masked, by object: a prompt's history messages are the same objects turn after turn (conversation.ts) */
  private readonly masked = new WeakMap<object, unknown>();

  constructor(
    public session: string,
    private readonly clock: () => number,
    private readonly keep = false,
    /** the store's keyed masking (unkeyed when the log stands alone) */
    private readonly mask: Deidentify = deidentifier(),
  ) {}

  addSink(s: EventSink): void {
    this.sinks.push(s);
  }

  /** De-identified (keys, emails, phones masked) before it is kept, validated or written to any sink. */
  emit(kind: string, fields: Record<string, unknown>, ctx: EmitContext = {}): NativeEvent {
    const e: NativeEvent = {
      kind,
      ts: new Date(ctx.ts ?? this.clock()).toISOString(),
      session: this.session,
      ...(ctx.turn !== undefined && ctx.turn !== null ? { turn: ctx.turn } : {}),
      id: `${this.session}#${++this.n}`,
      ...(ctx.actor ? { actor: ctx.actor } : {}),
      ...(ctx.owner ? { scope: ctx.owner } : ctx.scope ? { scope: scopeField(ctx.scope) } : {}),
      ...deidentifyValue(fields, this.mask, this.masked),
    };
    validateEvent(e); // throws on a bug: an engine event must be a valid native event
    if (this.keep) this.events.push(e);
    for (const s of this.sinks) s(e);
    return e;
  }
}

/** A sink that appends JSON Lines to a file (created with its folder). */
export function jsonlSink(file: string): EventSink & { close(): void } {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const fd = fs.openSync(file, 'a');
  const sink = ((e: NativeEvent) => {
    fs.writeSync(fd, `${JSON.stringify(e)}\n`);
  }) as EventSink & { close(): void };
  sink.close = () => fs.closeSync(fd);
  return sink;
}
