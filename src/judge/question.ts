/**
 * What every question the judge asks has (issue 33): a name and a prompt version (both in the cache
 * key), the verdicts it allows, which findings rest on a step the rules leave open and what of them
 * is sent (`inputs`: null for every finding the rules settled), the step the verdict is shown on,
 * and what each verdict does to the finding's confidence.
 */
import type { Finding } from '../findings/types.js';
import type { ChatMessage } from './client.js';

/** What a verdict does to the confidence: `raise` makes a `possible` finding `likely`; `lower` makes any finding `possible`. */
export type Effect = 'raise' | 'lower' | 'keep';

export interface Question<I extends Record<string, string> = Record<string, string>> {
  /** the question's name, stored with each verdict (`judgement.question`) */
  readonly id: string;
  /** bumped whenever the prompt's words change: cached verdicts of another version are not reused */
  readonly version: string;
  readonly verdicts: readonly string[];
  /** what each verdict does to the finding's confidence */
  readonly effect: Readonly<Record<string, Effect>>;
  /** the inputs sent, in a fixed key order (hashed in that order); null where the rules settled the step */
  inputs(f: Finding): I | null;
  /** the system prompt; the inputs go as one JSON user message, so their words cannot pose as instructions */
  readonly system: string;
  /** the evidence step the verdict is shown on */
  step(f: Finding): number | null;
}

/** The messages of a question: its system prompt and its inputs as JSON, nothing else. */
export function messagesOf<I extends Record<string, string>>(q: Question<I>, inputs: I): ChatMessage[] {
  return [
    { role: 'system', content: q.system },
    { role: 'user', content: JSON.stringify(inputs) },
  ];
}

/** An input sent to the model is cut here (a long answer or summary): the start says what it is. */
export const INPUT_MAX = 4000;

/** A text as sent: at most INPUT_MAX characters. */
export function clip(text: string): string {
  return text.length > INPUT_MAX ? `${text.slice(0, INPUT_MAX - 1)}…` : text;
}

/** The instruction a constraint finding quotes: the text of its first user_input step (or the step holding its key). */
export function statedInstruction(f: Finding): { step: number; text: string } | null {
  const key = f.detail?.constraint;
  const s =
    f.evidence.find((e) => e.role === 'user_input' && e.text.trim() !== '') ??
    f.evidence.find((e) => typeof key === 'string' && e.detail?.key === key && e.text.trim() !== '');
  return s ? { step: s.step, text: s.text } : null;
}
