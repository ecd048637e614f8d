/** concurrent-overwrite's typed contract: its causes and its findings' `detail`. */

export type Cause = 'same_base_version' | 'write_without_reread' | 'owner_violation';

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
}
