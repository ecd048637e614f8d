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
  'compaction',
] as const;

export type EventKind = (typeof EVENT_KINDS)[number];

/** Kinds that describe the system rather than the conversation: an event of these never opens a turn (EVENTS.md). */
export const TURNLESS_KINDS: readonly EventKind[] = ['lifecycle', 'store_snapshot', 'compaction'];

export const WRITE_PHASES = ['requested', 'enqueued', 'acknowledged', 'committed', 'failed', 'retried', 'dead_lettered'] as const;

export type WritePhase = (typeof WRITE_PHASES)[number];

/**
 * The envelope's scope, a chat message and usage are defined once, by the probe (the format's
 * public writer, at the bottom of the layers: it depends on nothing of ours); read here as the
 * format's own types.
 */
import type { ChatMessage, Scope, Usage } from '../probe/index.js';
export type { ChatMessage, Scope, Usage };

export type MessageContent = ChatMessage['content'];

export interface RetrievalCandidate {
  id: string | number;
  /** absent when the source logs none (EVENTS.md): unknown, never 0 */
  score?: number;
  rank?: number;
  text?: string;
  tokens?: number;
  injected?: boolean;
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

/**
 * One body type per kind (EVENTS.md). A field has a type here only when it is checked, at ingest
 * (validate.ts `checkKind`) and again by the store's reader: the required ones, and the optional
 * ones whose type the check enforces. Every other field (ids such as `memory_id` or `call_id`,
 * names, texts) is kept as given and typed `unknown` through the index signature: v1 logs write
 * numbers there too, so readers take them with `str()` (src/util/values.ts). A stored `request`
 * has no `messages`: they are stored once each and read through `SessionEvent.request`.
 */
interface BodyBase {
  ts: string | number;
  session: string;
  turn?: number;
  id?: string | number;
  actor?: string;
  scope?: Scope;
  v?: number;
  [key: string]: unknown;
}

export interface RequestBody extends BodyBase {
  kind: 'request';
  model: string;
  context_limit?: number;
  /** absent in a stored request (see SessionEvent.request) */
  messages?: ChatMessage[];
  usage?: Usage;
}

export interface ResponseBody extends BodyBase {
  kind: 'response';
  content?: MessageContent;
  usage?: Usage;
}

export interface ToolCallBody extends BodyBase {
  kind: 'tool_call';
}

export interface ToolResultBody extends BodyBase {
  kind: 'tool_result';
}

export interface RetrievalBody extends BodyBase {
  kind: 'retrieval';
  query: string;
  top_k?: number;
  threshold?: number;
  filters?: Record<string, unknown>;
  /** checked: an object with an `id` (string or number) and, when present, a numeric `score`; the rest as given */
  candidates: { id: string | number; score?: number; [key: string]: unknown }[];
  /** ids (or `{ id }`) of the candidates that entered the prompt */
  injected?: unknown[];
}

export interface MemoryWriteBody extends BodyBase {
  kind: 'memory_write';
  write_id: string;
  phase: WritePhase;
  critical?: boolean;
}

export interface StateBody extends BodyBase {
  kind: 'state';
  key: string;
  op: 'read' | 'write';
  version?: number;
  expected_version?: number;
}

export interface LifecycleBody extends BodyBase {
  kind: 'lifecycle';
}

export interface StoreSnapshotBody extends BodyBase {
  kind: 'store_snapshot';
  memory_ids?: unknown[];
  records?: unknown[];
}

export interface CompactionBody extends BodyBase {
  kind: 'compaction';
  trigger?: string;
  strategy?: string;
  tokens_before?: number;
  tokens_after?: number;
  context_limit?: number;
  messages_before?: number;
  messages_after?: number;
  /** ids (string or number) of the removed events or messages */
  removed?: (string | number)[];
  removed_count?: number;
  summary?: string;
  /** ids of what was kept, or the kept messages themselves */
  kept?: (string | number | ChatMessage)[];
  instructions?: string;
}

/** The body of an event of a kind the spec defines, discriminated by `kind`. */
export type KnownBody =
  | RequestBody
  | ResponseBody
  | ToolCallBody
  | ToolResultBody
  | RetrievalBody
  | MemoryWriteBody
  | StateBody
  | LifecycleBody
  | StoreSnapshotBody
  | CompactionBody;

/** The body type of one kind. */
export type BodyOf<K extends EventKind> = Extract<KnownBody, { kind: K }>;

/** A stored event's body: a known kind's typed body, or (a kind the spec does not define) the object as given. */
export type EventBody = KnownBody | Record<string, unknown>;
