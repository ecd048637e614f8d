/** ignored-in-context's typed contract: its causes and its findings' `detail`. */

export type Cause = 'ignored_in_prompt' | 'buried_in_prompt' | 'competing_instruction';

/** A message of the final prompt after the one that carried the constraint. */
export interface AfterMessage {
  /** 1-based place in the prompt */
  position: number;
  role: string;
  tokens: number;
  /** a tool message's tool name, when given */
  name: string | null;
}

/** An instruction after the constraint, on the same subject, that says otherwise. */
export interface Competing {
  position: number;
  role: string;
  key: string;
  label: string;
  sentence: string;
}

/** Where the constraint sat in the final prompt of the turn. */
export interface Placement {
  /** 1-based place of the last message that carried it */
  position: number;
  messages: number;
  carrier_role: string;
  /** message: the message it was stated in; restatement: a message stating the same rule; text: a message holding its words */
  via: 'message' | 'restatement' | 'text';
  /** tokens of the messages after it (counted in the request's encoding) */
  tokens_after: number;
  /** tokens of all the prompt's messages, counted the same way */
  tokens_total: number;
  /** the longest message after it */
  longest_after: AfterMessage | null;
  /** tool messages after it */
  tools_after: number;
  competing: Competing | null;
}

/** An ignored-in-context finding's `detail`. */
export interface Detail extends Placement {
  constraint: string;
  label: string;
  stated_turn: number | null;
  source: 'user' | 'memory';
  memory_id: string | null;
  prompt_tokens: number;
  context_limit: number | null;
  violation: { turn: number | null; reason: string };
  /** answers in a row that broke it with it in the prompt, from this one */
  ignored_responses: number;
}
