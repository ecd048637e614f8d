/** scope-leak's typed contract: its causes and its findings' `detail`. */

export type Cause = 'unscoped_search' | 'wrong_scope_filter' | 'filter_not_enforced' | 'leaked_into_prompt';

/** The scope dimensions a memory can belong to (EVENTS.md `scope`; `team`: a team or project space's). */
export type Dimension = 'tenant' | 'user' | 'agent' | 'team';

/** Who a memory or a prompt belongs to, as far as the log says. */
export interface Owner {
  tenant: string | null;
  user: string | null;
  agent: string | null;
  /** the team or project space, where the scope names one (EVENTS.md `scope`: a team's memory is the team's, with no user) */
  team?: string;
}

/** A scope-leak finding's `detail`. */
export interface Detail {
  memory_id: string;
  memory_text: string;
  /** the scope the memory was written under, where the log says so (its write, else its candidate's metadata), and the session of the write */
  written: { scope: Owner; by: 'write' | 'metadata'; session: string | null };
  /** the scope of the search or prompt that held it; the search's query (or the prompt message's role) and the memory's rank */
  served: { scope: Owner; by: 'retrieval' | 'prompt'; query: string | null; rank: number | null };
  /** the first dimension on which the two differ (tenant before user before team before agent) */
  dimension: Dimension;
  /** the search's filter on that dimension (null: none) */
  filter: string | null;
  /** later searches or prompts of the same owner that held it again (once per turn) */
  served_again: number;
  /** the answer after it: its turn, and whether it repeats the memory's words (at least two, and a third of them) */
  answer: { turn: number | null; used: boolean } | null;
  /** the layer that failed: the search was not scoped or scoped wrong, the index ignored the filter, the prompt's assembly */
  layer: 'retrieval' | 'index' | 'injection';
}
