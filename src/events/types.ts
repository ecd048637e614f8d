/**
 * The native event format, `amnesia.events/v1` (shared/spec/EVENTS.md), as TypeScript types.
 * Every ingestor converts into `NativeEvent`; the store keeps the object as given.
 */

export const EVENT_KINDS = [
  'request',
  'response',
  'tool_call',
  'tool_result',
  'retrieval',
  'memory_write',
  'state',
  'lifecycle',
  'store_snapshot',
] as const;

export type EventKind = (typeof EVENT_KINDS)[number];

export const WRITE_PHASES = [
  'requested',
  'enqueued',
  'acknowledged',
  'committed',
  'failed',
  'retried',
  'dead_lettered',
] as const;

export type WritePhase = (typeof WRITE_PHASES)[number];

export interface Scope {
  user?: string;
  agent?: string;
  tenant?: string;
  [key: string]: unknown;
}

export type MessageContent = string | null | Array<{ type: string; text?: string; [k: string]: unknown }>;

export interface ChatMessage {
  role: string;
  content: MessageContent;
  name?: string;
  tool_call_id?: string;
  tool_calls?: unknown[];
  [key: string]: unknown;
}

export interface Usage {
  input_tokens?: number;
  output_tokens?: number;
  [key: string]: unknown;
}

export interface RetrievalCandidate {
  id: string;
  /** absent when the source logs none (EVENTS.md): unknown, never 0 */
  score: number;
  rank?: number;
  text?: string;
  tokens?: number;
  metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The envelope plus whatever the kind carries; unknown fields are kept. */
export interface NativeEvent {
  kind: string;
  ts: string | number;
  session: string;
  turn?: number;
  id?: string;
  actor?: string;
  scope?: Scope;
  v?: number;
  [key: string]: unknown;
}

/** A validated event, with the envelope parsed out for indexing. */
export interface ParsedEvent {
  kind: string;
  /** false for a kind the spec does not define: kept, reported once per kind. */
  knownKind: boolean;
  session: string;
  /** epoch milliseconds */
  ts: number;
  turn: number | null;
  eventId: string | null;
  actor: string | null;
  scope: Scope | null;
  /** The event object exactly as given (for adapters: as converted). */
  body: NativeEvent;
}
