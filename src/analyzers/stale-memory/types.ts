/** stale-memory's typed contract: its causes and its findings' `detail`. */

export type Cause = 'superseded_still_indexed' | 'superseded_not_filtered' | 'deleted_still_indexed' | 'superseded_in_prompt';

/** How the log says the memory was replaced. */
export type ReplacedBy =
  /** a committed write names it in `supersedes` (or `replaces`) */
  | 'supersedes'
  /** a newer committed memory of the same subject (slot, key, subject, type + entity, or a "label: value" text) and owner */
  | 'subject'
  /** a newer committed version of the same memory id, with another text */
  | 'version'
  /** a committed delete (op delete or forget) */
  | 'deleted';

/** What the answer after it did with the two memories, read from their words. */
export type AnswerFollowed =
  /** it holds words only the superseded memory has, none only the replacement has */
  | 'stale'
  /** it holds words only the replacement has */
  | 'current'
  /** neither (or both): the words do not tell */
  | 'unclear';

/** A stale-memory finding's `detail`. */
export interface Detail {
  /** the superseded (or deleted) memory */
  memory_id: string;
  /** its text as it was served (the candidate's or the prompt's copy, else its last committed text) */
  stale_text: string;
  replaced_by: ReplacedBy;
  /** the memory that replaced it and its text (null for a delete) */
  replacement: { memory_id: string; text: string } | null;
  /** when the replacement (or the delete) was committed, and in which session */
  replaced_at: string;
  replaced_in: { session: string };
  /** where it was served: a search's injected candidates, or a prompt's message */
  served_by: 'retrieval' | 'prompt';
  /** the search's query (retrieval) or the prompt's message role (prompt) */
  query: string | null;
  /** its rank among the search's candidates, and whether the replacement was a candidate of the same search */
  rank: number | null;
  replacement_rank: number | null;
  /** searches or prompts of the session that served it again after this one */
  served_again: number;
  /** the answer after it: its turn and what it followed (null: no answer followed) */
  answer: { turn: number | null; followed: AnswerFollowed } | null;
  /** the layer that failed: the index still served it, the search preferred it, the prompt's assembly carried it */
  layer: 'index' | 'retrieval' | 'injection';
}
