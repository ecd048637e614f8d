/** The engine's options and what a user turn returns (docs/engine.md, "API"). */
import type { ModelOverride } from '../tokens/models.js';
import type { Extracted } from './extract.js';
import type { Conflict, DeadLetter, Embedder, EventSink, RawEntry, WriteReceipt } from './types.js';

export interface EngineOptions {
  /** the engine's SQLite file; default ':memory:' */
  file?: string;
  /** the key of every de-identification mask; default: a random secret kept in the store (made on first open) */
  deidentifyKey?: string | Buffer;
  /** session id stamped on the engine's events */
  session?: string;
  /** model the prompts are built for (its tiktoken encoding and window) */
  model?: string;
  /** the window in tokens; default: the model table, else 8192 */
  contextLimit?: number;
  /** tokens kept free for the answer; default min(4096, 15% of the window) */
  reserve?: number;
  /** model table overrides (configuration) */
  models?: Record<string, ModelOverride>;
  /** epoch ms; default Date.now */
  clock?: () => number;
  /** embedding for the vector score; default a deterministic local one; null: lexical only */
  embed?: Embedder | null;
  /** recall candidates by vector too (default: true when `embed` is your own function) */
  vectorRecall?: boolean;
  /** memories kept after reranking (default 8) */
  topK?: number;
  /** candidates recalled before reranking (default 50) */
  recall?: number;
  /** a hard minimum score; the reference design has none (chaos fault) */
  threshold?: number;
  /** pin constraints and preferences (default true; false = FIFO truncation, a chaos fault) */
  pinning?: boolean;
  /** fence tool results below the user's instructions (default true; false = a chaos fault) */
  instructionHierarchy?: boolean;
  /** commit critical memories before acknowledging (default true) */
  syncCritical?: boolean;
  /** persist the async write queue (default true; false = a chaos fault) */
  durableQueue?: boolean;
  /** compare-and-set on shared state (default true; false = a chaos fault) */
  cas?: boolean;
  maxRetries?: number;
  /** commit queued writes by themselves (default true); false: call drain() */
  autoDrain?: boolean;
  retryDelayMs?: number;
  commitHook?: (attempt: { writeId: string; memoryId: string; attempt: number }) => void;
  onDeadLetter?: (d: DeadLetter) => void;
  /** receives every event the engine writes */
  onEvent?: EventSink;
  /** keep the events in `engine.events` (default false) */
  keepEvents?: boolean;
  /** actor of request / response events (default "assistant") */
  actor?: string;
}

export interface UserTurn {
  raw: RawEntry;
  extracted: Extracted[];
  writes: WriteReceipt[];
  /** memories a correction in this message contradicted, and how each was resolved */
  conflicts: Conflict[];
}
