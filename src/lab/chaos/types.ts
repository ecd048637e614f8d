/** The chaos corpus's types: faults, labels, options, the manifest (`amnesia chaos`, ./generate.ts). */
import type { NativeEvent } from '../../events/types.js';
import type { Lang } from './scripts.js';

/** Faults of the memory layer an agent on the engine makes (./memory-faults.ts): a skipped extraction, a lossy update, a stale or shared profile cache, notes with no rule. */
export const MEMORY_FAULTS = ['extraction_skipped', 'lossy_update', 'stale_profile_cache', 'profile_cache_by_agent', 'notes_without_rule'] as const;
export type MemoryFault = (typeof MEMORY_FAULTS)[number];

export const CHAOS_FAULTS = [
  'fifo_truncation',
  'small_top_k',
  'hard_threshold',
  'async_write_killed',
  'cas_off',
  'loud_tool_no_hierarchy',
  ...MEMORY_FAULTS,
] as const;
export type ChaosFault = (typeof CHAOS_FAULTS)[number];

/** The analyzer that must catch each fault. */
export const FAULT_ANALYZER: Record<ChaosFault, string> = {
  fifo_truncation: 'window-overflow',
  small_top_k: 'recall-mismatch',
  hard_threshold: 'recall-mismatch',
  async_write_killed: 'lost-write',
  cas_off: 'concurrent-overwrite',
  loud_tool_no_hierarchy: 'tool-drift',
  extraction_skipped: 'never-extracted',
  lossy_update: 'destructive-update',
  stale_profile_cache: 'stale-memory',
  profile_cache_by_agent: 'scope-leak',
  notes_without_rule: 'memory-conflict',
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
