/** expired-state's typed contract: its causes and its findings' `detail`. */

export type Cause = 'expired_retrieved' | 'expired_in_prompt';

/** A memory's stated lifetime, as its write gave it (EVENTS.md `expires_at`, `ttl_s`). */
export interface Lifetime {
  /** when it expired (ISO 8601) */
  expires_at: string;
  /** where that came from: `expires_at`, or `ttl_s` counted from the commit */
  from: 'expires_at' | 'ttl_s';
  /** the write's `ttl_s`, when that gave it */
  ttl_s: number | null;
}

/** An expired-state finding's `detail`. */
export interface Detail {
  memory_id: string;
  /** its text as it was served (the candidate's or the prompt's copy, else its committed text) */
  memory_text: string;
  memory_type: string | null;
  lifetime: Lifetime;
  /** when it was committed (ISO 8601), and in which session */
  written_at: string;
  written_in: { session: string };
  /** how long past its expiry it was served, in seconds */
  overdue_s: number;
  /** where it was served: a search's injected candidates, or a prompt's memory block */
  served_by: 'retrieval' | 'prompt';
  /** the search's query (retrieval) or the prompt message's role (prompt) */
  query: string | null;
  rank: number | null;
  /** candidates of the same search that were current (no lifetime, or not expired) and left out of the prompt: what the expired one crowded */
  crowded_out: { id: string; rank: number }[];
  /** later searches or prompts that served it again (once per turn) */
  served_again: number;
  /** the answer after it: its turn, and whether it repeats the memory's words */
  answer: { turn: number | null; used: boolean } | null;
  /** the layer that failed: the search did not filter expired memories out, or the prompt's assembly */
  layer: 'retrieval' | 'injection';
}
