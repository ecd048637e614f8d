/** empty-answer's typed contract: its causes and its findings' `detail`. */
export type Cause = 'empty_answer';

/** An empty-answer finding's `detail`. */
export interface Detail {
  /** the user's message the answer left unanswered */
  question: string;
}
