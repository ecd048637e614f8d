/** concurrent-overwrite's typed contract: its causes and its findings' `detail`. */

export type Cause = 'same_base_version' | 'write_without_reread' | 'owner_violation' | 'refused_concurrent_update';

/** A concurrent-overwrite finding's `detail`. */
export interface Detail {
  key: string;
  /** owner_violation: the field's owner */
  owner?: string;
  lost_value: unknown;
  surviving_value: unknown;
  base_version: number | null;
  writers: (string | null)[];
  lost_version?: number | null;
  overwrite_version?: number | null;
  /** refused_concurrent_update: every field the step refused, when there are several (`key` is the first) */
  keys?: string[];
  /** refused_concurrent_update: the values the store refused, one per write */
  refused_values?: unknown[];
  /** refused_concurrent_update: no error row records the refusal; it was read from the store's shape */
  inferred?: boolean;
  /** refused_concurrent_update: the step (LangGraph's superstep) that was refused */
  step?: number;
}
