/**
 * Public types of the reference memory engine (docs/engine.md).
 * The engine imports nothing from src/cli, src/report or src/tui.
 */
import type { ChatMessage, NativeEvent } from '../events/types.js';

/**
 * Who the data belongs to: a hard filter on every read of every layer. `user` is mandatory on
 * every call; `tenant` and `agent` narrow it (an agent reads its own space, and another space
 * only when that space was declared shared); `session` narrows conversation history (default:
 * the engine's session). `team` names a team or project space of the tenant: a member reads it
 * beside its own space and writes to it; a scope naming a team its user is not a member of is
 * refused (`ScopeError`).
 */
export interface EngineScope {
  user: string;
  agent?: string;
  tenant?: string;
  session?: string;
  team?: string;
}

export const MEMORY_TYPES = ['preference', 'constraint', 'decision', 'fact', 'task_state', 'process'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** Memories committed synchronously before they are acknowledged. */
export const CRITICAL_TYPES: ReadonlySet<MemoryType> = new Set(['preference', 'constraint', 'decision']);
/** Memories injected into every prompt, never evicted. */
export const PINNED_TYPES: ReadonlySet<MemoryType> = new Set(['constraint', 'preference']);

/**
 * Where a memory came from. Credibility, highest first: what the user stated, what the user
 * confirmed, what was inferred, what a tool returned (SOURCE_RANK).
 */
export type MemorySource = 'user' | 'confirmed' | 'inferred' | 'tool';
export const MEMORY_SOURCES: readonly MemorySource[] = ['user', 'confirmed', 'inferred', 'tool'];
/** Credibility of a source: a higher rank wins a conflict whatever its age; equal ranks: the newer wins. */
export const SOURCE_RANK: Readonly<Record<MemorySource, number>> = { user: 3, confirmed: 2, inferred: 1, tool: 0 };

/** One version of an extracted memory. Versions are never deleted; an old one is marked superseded. */
export interface Memory {
  /** logical id: every version of the same memory (same scope and slot) shares it */
  id: string;
  version: number;
  scope: EngineScope;
  type: MemoryType;
  text: string;
  /** what the memory is about; a newer memory with the same slot and another value supersedes it */
  slot: string | null;
  /** normalized preference key (`format:no-xml`), when the text states one */
  key: string | null;
  source: MemorySource;
  temporary: boolean;
  /** the raw log entry it was extracted from */
  rawId: number | null;
  writeId: string;
  createdAt: number;
  supersededAt: number | null;
  /** the raw entry that changed it */
  supersededByRaw: number | null;
  supersededByVersion: number | null;
  /** the memory (logical id) that won a conflict against this one; null when superseded by its own next version */
  supersededBy: string | null;
  /** a private note: read in its own space only, whatever a share grants */
  private?: boolean;
  /** labels a share can select by */
  tags?: string[];
}

/** Two current memories about the same subject that cannot both hold, and which one stands. */
export interface Conflict {
  subject: string;
  kept: Memory;
  superseded: Memory;
  /** `credibility` (the kept one's source ranks higher) or `recency` (same rank: the newer) */
  rule: 'credibility' | 'recency';
}
export interface MemoryInput {
  type: MemoryType;
  text: string;
  slot?: string | null;
  key?: string | null;
  source?: MemorySource;
  /** raw entry it comes from (provenance) */
  rawId?: number | null;
  /** override: force synchronous commit (defaults to the type being critical) */
  critical?: boolean;
  /** short-lived context: recency half-life 0.5 days */
  temporary?: boolean;
  turn?: number;
  /** when it was said (epoch ms; default: now): versions and conflicts follow this time, not commit order */
  at?: number;
  /** a private note: never shown outside its own space, whatever a share grants (not allowed in a team space) */
  private?: boolean;
  /** labels a share can select by (`share(scope, { tags })`) */
  tags?: string[];
}

/** What a share shows, and to whom. Private notes are never shown, whatever it says. */
export interface ShareSpec {
  /**
   * the reader: one agent of the owner's user; default: every agent of it. `user`, when given, must
   * be the owner's: across users, memories are shared by writing them to a team (`scope.team`).
   */
  with?: { user?: string; agent?: string };
  /** only these types (default: all) */
  types?: readonly MemoryType[];
  /** only memories with one of these tags (default: any) */
  tags?: readonly string[];
}

/** A share as recorded: granted, and revoked (a revocation is a new record; the grant is never deleted). */
export interface ShareGrant {
  id: number;
  owner: EngineScope;
  grantee: { user: string; agent: string | null };
  types: MemoryType[] | null;
  tags: string[] | null;
  grantedAt: number;
  revokedAt: number | null;
}

/** One change of a team's membership (the ledger is append-only). */
export interface TeamChange {
  team: string;
  user: string;
  joined: boolean;
  at: number;
}

export type WriteStatus = 'committed' | 'enqueued' | 'duplicate' | 'dead_lettered';

/** Returned by `remember`. For a critical write `status` is `committed` before the call returns. */
export interface WriteReceipt {
  writeId: string | null;
  memoryId: string;
  status: WriteStatus;
  critical: boolean;
  /** the version that this write creates (or, for a duplicate, the existing one) */
  version: number;
  /** the version it superseded, if any */
  supersedes: number | null;
  /** acknowledged to the caller (critical: only after the commit) */
  acknowledged: boolean;
  /** resolves when the write is durable or dead-lettered; never rejects */
  durable: Promise<WriteOutcome>;
  /** a write committed before it returned: the current memories it contradicted, and which one stands */
  conflicts?: Conflict[];
}

export interface WriteOutcome {
  writeId: string | null;
  memoryId: string;
  /** `erased`: the subject was erased (engine.erase) before the queued write committed */
  status: 'committed' | 'dead_lettered' | 'duplicate' | 'lost' | 'erased';
  error?: string;
}

export interface DeadLetter {
  writeId: string;
  memoryId: string;
  scope: EngineScope;
  input: MemoryInput;
  error: string;
  attempts: number;
  at: number;
}

/** One entry of the append-only raw log. */
export interface RawEntry {
  id: number;
  ts: number;
  scope: EngineScope;
  session: string;
  turn: number | null;
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  name: string | null;
  callId: string | null;
  toolCalls: unknown[] | null;
}

/** A text to vector function; the default is deterministic and local (hashed character n-grams). */
export type Embedder = (text: string) => Float32Array | number[];

export interface SearchOptions {
  /** only these types */
  types?: readonly MemoryType[];
  /** leave these types out */
  excludeTypes?: readonly MemoryType[];
  /** leave these memories out (the pinned items already in the prompt) */
  excludeIds?: readonly string[];
  /** also return superseded versions */
  includeSuperseded?: boolean;
  /** source filter */
  sources?: readonly MemorySource[];
  /** created at or after (epoch ms) */
  since?: number;
  /** how many candidates to recall before reranking (default 50) */
  recall?: number;
  /** how many to return after reranking (default: the engine's topK) */
  limit?: number;
  /** a hard minimum score (a chaos fault; the reference design uses none) */
  threshold?: number;
}

export interface ScoreParts {
  relevance: number;
  lexical: number;
  vector: number | null;
  recency: number;
  source: number;
}

export interface SearchHit {
  memory: Memory;
  score: number;
  rank: number;
  parts: ScoreParts;
  /** kept after the cut (top k, threshold, decay floor, conflicts) */
  injected: boolean;
  /** recency fell below the injection floor (MIN_RECENCY): too old for its category to be injected */
  decayed: boolean;
}

export interface ToolResultInput {
  name: string;
  callId?: string;
  content: string;
  arguments?: unknown;
}

export interface PromptRequest {
  /** the agent's own system prompt (kept first, never evicted) */
  system?: string | string[];
  /** the latest user message (none: the prompt is built without a user turn) */
  user: string | null;
  /** retrieval query; default: the user message */
  query?: string;
  /** tool results of this turn: a separate reference section below the user's message */
  tools?: ToolResultInput[];
  /** the assistant message that asked for the tools (its tool_calls) */
  toolCallText?: string;
  /** explicit history (oldest first); default: the raw log of this scope and session */
  history?: ChatMessage[];
  turn?: number;
  /** emit a `request` event for this prompt (default true) */
  emit?: boolean;
  model?: string;
  contextLimit?: number;
}

export type SectionName = 'system' | 'pinned' | 'memories' | 'history' | 'user' | 'tools' | 'restate';

export interface PromptPlan {
  messages: ChatMessage[];
  /** tokens of the whole prompt, counted with tiktoken (framing included) */
  tokens: number;
  contextLimit: number;
  /** the window minus the reserve for the answer */
  budget: number;
  model: string;
  sections: Record<SectionName, number>;
  /** the pinned items in the prompt */
  pinned: Memory[];
  /** pinned items left out of the pinned section to keep it within its share of the budget (they compete in retrieval) */
  pinnedLeftOut: Memory[];
  retrieved: SearchHit[];
  history: { kept: number; dropped: number; droppedTokens: number };
  toolsTruncated: number;
  /** the system text and the user's message alone do not fit (injection never adds to it) */
  overBudget: boolean;
  retrievalId: string | null;
  requestId: string | null;
  /** conflicts found among the recalled memories (and resolved: the loser is marked superseded) */
  conflicts: Conflict[];
}

export interface StateValue {
  key: string;
  value: unknown;
  version: number;
  owner: string | null;
}

export interface IntegrityReport {
  ok: boolean;
  /** acknowledged writes the store holds */
  confirmed: number;
  /** acknowledged writes still in the durable queue: replayed on start */
  replayed: string[];
  /** acknowledged writes that are neither stored nor queued */
  missing: { writeId: string; memoryId: string }[];
  /** raw log ids are contiguous and memories point at existing raw entries */
  rawOk: boolean;
  problems: string[];
}

export type EventSink = (e: NativeEvent) => void;

export class EngineError extends Error {}
/** A call without a user scope. */
export class ScopeError extends EngineError {}
/** Compare-and-set refused: the writer must re-read. */
export class StaleVersionError extends EngineError {
  constructor(
    readonly key: string,
    readonly expected: number,
    readonly current: number,
  ) {
    super(`stale write to "${key}": expected version ${expected}, current is ${current}; re-read and retry`);
  }
}
/** A write to a field owned by another actor. */
export class OwnershipError extends EngineError {
  constructor(
    readonly key: string,
    readonly owner: string,
    readonly actor: string,
  ) {
    super(`"${key}" is owned by ${owner}; ${actor} may not write it`);
  }
}
