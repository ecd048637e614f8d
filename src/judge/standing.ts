/**
 * Whether a statement is a standing instruction: the constraint grammar reads a sentence of the
 * open class ("Always call me Dr. Lee", "Nie über Politik reden": `directive:<words>`, no checker)
 * as an instruction for every later answer, from its cue words alone; it cannot tell a standing
 * instruction from a one-off request or talk ("Always happy to help"). Asked for each finding that
 * rests on such a reading (window-overflow's lost constraints, compactions and cuts); the model is
 * shown the sentence, nothing else.
 */
import type { Finding } from '../findings/types.js';
import { clip, statedInstruction, type Question } from './question.js';

export interface StandingInputs extends Record<string, string> {
  statement: string;
}

export const STANDING: Question<StandingInputs> = {
  id: 'standing-instruction',
  version: '1',
  verdicts: ['standing', 'not_standing'],
  // not a standing instruction: nothing was lost; standing: the reading holds
  effect: { standing: 'keep', not_standing: 'lower' },
  system: [
    'You read one sentence a user wrote to an AI assistant.',
    'Decide whether it is a standing instruction that should hold for the assistant\'s later answers too ("from now on, answer in French", "never call me by my first name"):',
    '"standing" if it is, "not_standing" if it is a one-off request, a question, a remark or small talk.',
    'Answer with a JSON object only: {"verdict": "standing" | "not_standing", "reason": "<one short sentence>"}.',
  ].join(' '),
  inputs(f: Finding): StandingInputs | null {
    const key = f.detail?.constraint;
    if (typeof key !== 'string' || !key.startsWith('directive:')) return null;
    const stated = statedInstruction(f);
    return stated ? { statement: clip(stated.text) } : null;
  },
  step: (f) => statedInstruction(f)?.step ?? null,
};
