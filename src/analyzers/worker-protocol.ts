// The messages between the main thread and an analysis worker (parallel.ts, speculate.ts, worker.ts).
import type { Finding } from '../findings/types.js';
import type { ModelOverride } from '../tokens/models.js';
import type { SessionStamp } from '../store/session.js';

/** What a worker needs to analyze sessions of a store on its own read-only connection. */
export interface WorkerSetup {
  dbFile: string;
  analyzers: string[];
  models: Record<string, ModelOverride>;
  options: Record<string, Record<string, number | string | boolean>>;
}

export interface WorkerBatch {
  batch: number;
  sessions: string[];
  /** an early analysis during ingest (speculate.ts): each session's result with its stamp and lookups */
  stamped?: boolean;
}

export interface WorkerReply {
  batch: number;
  findings?: Finding[];
  results?: SpeculativeResult[];
  error?: string;
}

/** One answer the store gave a session's analysis, as text that can be compared. */
export type Lookup =
  | { kind: 'writes'; users: string[]; ids: string[]; answer: string }
  | { kind: 'span'; session: string; answer: string }
  | { kind: 'users'; tenant: string | null; limit: number; answer: string };

/** A session analysed during ingest, with what its result was computed from. */
export interface SpeculativeResult {
  session: string;
  stamp: SessionStamp;
  lookups: Lookup[];
  findings: Finding[];
}
