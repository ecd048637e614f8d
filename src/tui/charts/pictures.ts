import type { DetailCandidate } from '../../findings/types.js';
import type { Composition } from '../../store/composition.js';

/** What each session picture draws (built by ./model.ts, drawn by the chart modules). */

export interface PromptPoint {
  source: string;
  turn: number | null;
  ts: number;
  tokens: number;
  limit: number | null;
  model: string;
  messages: number;
  composition: Composition | null;
  /** the fill a finding's evidence states for this request (its figure wins: title and picture agree) */
  fill?: number;
}
export interface FillMark {
  index: number;
  label: string;
  findingId: string;
}
export interface FillData {
  points: PromptPoint[];
  vanish: FillMark[];
}

/** A candidate as a picture draws it: the findings' one candidate shape (DetailCandidate), its rank and flag always known. */
export interface Candidate extends DetailCandidate {
  rank: number;
  injected: boolean;
}
export interface RetrievalData {
  source: string | null;
  turn: number | null;
  ts: number | null;
  id: string | null;
  query: string;
  top_k: number | null;
  threshold: number | null;
  candidates: Candidate[];
  /** memories a finding says were missed here */
  missed: string[];
  findingIds: string[];
}

export interface WriteStep {
  phase: string;
  ts: number;
  source: string | null;
}
export interface WriteData {
  write_id: string;
  memory_id: string | null;
  memory_type: string | null;
  critical: boolean;
  steps: WriteStep[];
  disruption: { event: string; process: string | null; ts: number } | null;
  snapshot: { ts: number; contains: boolean | null; store: string | null } | null;
  findingId: string | null;
  cause: string | null;
}

export interface StateOp {
  actor: string;
  op: string;
  version: number | null;
  expected: number | null;
  value: unknown;
  ts: number;
  source: string | null;
  mark: 'lost' | 'overwrote' | null;
}
export interface StateData {
  key: string;
  ops: StateOp[];
  findingIds: string[];
}

export interface StylePoint {
  source: string;
  turn: number | null;
  ts: number;
  words: number;
  emoji: number;
  exclamations: number;
  /** the tool whose result came since the previous response */
  tool: string | null;
}
export interface StyleData {
  points: StylePoint[];
  /** before: the compliant answer the finding's evidence compares with (its index), null if none */
  drift: { index: number; findingId: string; label: string; before: number | null }[];
}

export interface Pictures {
  fill: FillData | null;
  retrievals: RetrievalData[];
  writes: WriteData[];
  states: StateData[];
  style: StyleData | null;
}

// ---- reading values defensively ------------------------------------------------------
