/**
 * Whether an answer kept a stated style, where the style checks are heuristics: tool-drift's
 * `style_drift_after_tool` (a tone or format preference the answer broke right after a tool result
 * with that style: `possible`, the checks count marks and words) and ignored-in-context's findings
 * on a tone preference (formal, plain, no exclamation marks: read from the same counts). Whether
 * "keep it short and friendly" was broken by a 300-word answer, counts cannot tell. The model is
 * shown the instruction and the answer, nothing else.
 */
import type { Finding } from '../findings/types.js';
import { clip, statedInstruction, type Question } from './question.js';

export interface StyleInputs extends Record<string, string> {
  instruction: string;
  answer: string;
}

/** The findings whose breach is a style heuristic's reading. */
function heuristic(f: Finding): boolean {
  if (f.analyzer === 'tool-drift') return f.cause === 'style_drift_after_tool';
  const key = f.detail?.constraint;
  return f.analyzer === 'ignored-in-context' && typeof key === 'string' && key.startsWith('tone:');
}

/** The answer the finding says broke the style: its last response step. */
const answerStep = (f: Finding) => f.evidence.filter((e) => e.role === 'response' && e.text.trim() !== '').at(-1) ?? null;

export const STYLE: Question<StyleInputs> = {
  id: 'style-kept',
  version: '1',
  verdicts: ['kept', 'broke'],
  effect: { kept: 'lower', broke: 'raise' },
  system: [
    "You check whether an AI assistant's answer follows a style the user asked for (tone, length, format, language).",
    'You are given the instruction and the answer.',
    'Decide whether the answer keeps the style: "kept" if it does, "broke" if it clearly does not.',
    'Judge the style only, not whether the answer is correct.',
    'Answer with a JSON object only: {"verdict": "kept" | "broke", "reason": "<one short sentence>"}.',
  ].join(' '),
  inputs(f: Finding): StyleInputs | null {
    if (!heuristic(f)) return null;
    const stated = statedInstruction(f);
    const answer = answerStep(f);
    if (!stated || !answer) return null;
    return { instruction: clip(stated.text), answer: clip(answer.text) };
  },
  step: (f) => answerStep(f)?.step ?? null,
};
