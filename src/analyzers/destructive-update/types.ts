/** destructive-update's typed contract: its causes and its findings' `detail`. */
import type { FactKind } from '../../text/facts.js';

export type Cause = 'fact_lost' | 'negation_lost';

/** A fact the update lost: its kind and how the old text wrote it. */
export interface LostFact {
  kind: FactKind;
  text: string;
}

/** A destructive-update finding's `detail`: the update, the texts before and after, what was lost. */
export interface Detail {
  write_id: string;
  memory_id: string | null;
  /** the memory the old text was, when another id (a write that supersedes it) */
  replaced_id: string | null;
  /** `update`, `supersede` (a write naming it in `supersedes`), or `rewrite` (a new text under the same id) */
  how: 'update' | 'supersede' | 'rewrite';
  old_text: string;
  new_text: string;
  /** the facts of the old text the new text lacks and no other memory of the store holds */
  lost: LostFact[];
  /** the old text negated its statement; the new one states it without a negation */
  negation_lost: boolean;
  /** facts the new text gives in place of old ones (a changed value, not a loss) */
  replaced: LostFact[];
  /** the memories of the store (same user) current at the update, besides this one: none of them holds what was lost */
  other_memories: number;
}
