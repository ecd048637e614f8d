/** memory-conflict's typed contract: its causes and its findings' `detail`. */

export type Cause = 'unresolved_at_write' | 'conflict_retrieved' | 'conflict_in_prompt';

/** How the two memories contradict each other (contradict.ts). */
export type ConflictKind =
  /** the same declared subject (slot, key, subject, entity) with another text */
  | 'subject'
  /** two preferences on one topic with different keys ("Always answer in German" / "Always answer in English") */
  | 'preference'
  /** the same sentence around two values of a fact that holds one at a time ("lives in Berlin" / "lives in Munich") */
  | 'value'
  /** the same sentence, one of them denied ("mag Kaffee" / "mag keinen Kaffee") */
  | 'negation'
  /** the same sentence around a value and its opposite ("好き" / "嫌い") */
  | 'opposite'
  /** the reference engine's claims disagree (a subject and its value, English and Chinese) */
  | 'claim';

/** One of the two memories, as the prompt got it. */
export interface ConflictMemory {
  /** its memory id (null: a line of the prompt's memory block the log never wrote) */
  memory_id: string | null;
  text: string;
  /** when it was stored: its commit, else the time its candidate or its prompt line gives (ISO) */
  stored_at: string;
  /** where its time comes from */
  time_from: 'commit' | 'candidate' | 'prompt';
}

/** A memory-conflict finding's `detail`. */
export interface Detail {
  kind: ConflictKind;
  /** what the two disagree on */
  subject: string;
  /** the value each gives (the older's first) */
  values: [string, string];
  older: ConflictMemory;
  newer: ConflictMemory;
  /** where they met: one search's injected candidates, or the prompt's memory block */
  served_by: 'retrieval' | 'prompt';
  /** the search's query (retrieval) or the prompt message's role (prompt) */
  query: string | null;
  /** their ranks among the search's candidates (null for a prompt) */
  ranks: [number, number] | null;
  /** turns after this one where they met again, still with no rule */
  served_again: number;
  /** the answer's turn; it followed the older memory */
  answer: { turn: number | null };
  /** the layer that failed: the update kept both current, the search served both, the prompt's assembly carried both */
  layer: 'update' | 'retrieval' | 'injection';
}
