/** never-extracted's typed contract: its causes, its findings' `detail`, its options. */

export type Cause = 'preference_not_extracted' | 'remember_not_extracted' | 'lasting_not_extracted';

/** A never-extracted finding's `detail`: the statement, and what the memory system wrote around and after it. */
export interface Detail {
  /** the user's sentence */
  statement: string;
  /** what was to be kept: the preference's sentence, or the words a request to remember names */
  what: string;
  /** the preference's key (`language:es`), null for a request to remember or a lasting fact */
  key: string | null;
  label: string;
  turn: number | null;
  /** memory writes in the statement's turn and the next (none of them about it) */
  writes_near: number;
  /** memory writes after the statement, in the whole session (none of them about it) */
  writes_after: number;
  /** user turns after the statement's: with no write after it, the turns the memory system let pass */
  turns_after?: number;
}

/** Options: more tool names that write memory (as lost-write's). */
export type Options = { memory_tools: string };
