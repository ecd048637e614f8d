/** The chaos corpus's types: faults, labels, options, the manifest (`amnesia chaos`, ./generate.ts). */
import type { NativeEvent } from '../../events/types.js';
import type { Lang } from './scripts.js';

export const CHAOS_FAULTS = ['fifo_truncation', 'small_top_k', 'hard_threshold', 'async_write_killed', 'cas_off', 'loud_tool_no_hierarchy'] as const;
export type ChaosFault = (typeof CHAOS_FAULTS)[number];

/** The analyzer that must catch each fault. */
export const FAULT_ANALYZER: Record<ChaosFault, string> = {
  fifo_truncation: 'window-overflow',
  small_top_k: 'recall-mismatch',
  hard_threshold: 'recall-mismatch',
  async_write_killed: 'lost-write',
  cas_off: 'concurrent-overwrite',
  loud_tool_no_hierarchy: 'tool-drift',
};

export interface ChaosLabel {
  session: string;
  /** null for a fault-free session */
  analyzer: string | null;
  turn: number | null;
  fault: ChaosFault | 'none';
  lang: Lang;
  /** what happened, in words */
  note?: string;
}

export interface ChaosOptions {
  /** output folder (created) */
  out: string;
  seed?: number;
  sessions?: number;
  /** share of fault-free sessions (default 0.25) */
  faultFree?: number;
}

export interface ChaosManifest {
  schema: 'amnesia.chaos/v1';
  seed: number;
  sessions: number;
  logs: string;
  labels: string;
  by_fault: Record<string, number>;
  by_lang: Record<Lang, number>;
  label_count: number;
}

export interface ChaosSession {
  session: string;
  lang: Lang;
  fault: ChaosFault | 'none';
  events: NativeEvent[];
  labels: ChaosLabel[];
}
