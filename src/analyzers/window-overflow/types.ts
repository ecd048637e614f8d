/** window-overflow's typed contract: its causes and its findings' `detail`. */
import type { Composition } from '../../store/composition.js';
import type { CompactionDetail } from './compaction.js';
import type { CutDetail } from './cuts.js';

/** What put the prompt under pressure: the model's window, or the application's own budget (its largest prompt). */
export interface Pressure {
  kind: 'model_window' | 'app_budget';
  would_be: number;
  budget: number | null;
  limit: number | null;
}

export type LostCause = 'constraint_evicted' | 'memory_not_injected';
export type Cause = LostCause | 'compacted_away' | 'cut_out';

/** A constraint_evicted / memory_not_injected finding's `detail`. */
export interface LostDetail {
  constraint: string;
  label: string;
  stated_turn: number | null;
  source: 'user' | 'memory';
  memory_id: string | null;
  fill: number | null;
  prompt_tokens: number;
  context_limit: number | null;
  composition: Composition;
  messages: number;
  dropped_messages: number;
  dropped_tokens: number;
  last_carried_turn: number | null;
  last_carried_fill: number | null;
  violation: { turn: number | null; reason: string } | null;
  checker: boolean;
  pressure: Pressure | null;
  summary_message?: number | null;
}

export type Detail = LostDetail | CompactionDetail | CutDetail;
