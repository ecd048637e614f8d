/**
 * Survival of an instruction in a compaction summary: window-overflow reports an instruction that a
 * recorded compaction dropped (`compacted_away`: neither the user's words nor a restatement of the
 * same constraint in the first prompt after it). A summary may still keep it in other words the
 * constraint grammar does not read ("stay off main" for "never push to main"): the rules cannot
 * tell, and ask only where the compaction recorded its summary. The model is shown the instruction
 * and the summary, nothing else.
 */
import type { Finding } from '../findings/types.js';
import { clip, statedInstruction, type Question } from './question.js';

export interface SurvivalInputs extends Record<string, string> {
  instruction: string;
  summary: string;
}

export const SURVIVAL: Question<SurvivalInputs> = {
  id: 'instruction-survival',
  version: '1',
  verdicts: ['kept', 'lost'],
  // kept in other words: the finding may be false; lost: what the rules read, now read by a model too
  effect: { kept: 'lower', lost: 'keep' },
  system: [
    "You check what a coding or chat agent's context compaction kept.",
    'You are given a standing instruction the user gave earlier and the summary that replaced the conversation holding it.',
    'Decide whether the summary still tells the agent to follow the instruction, in any words: "kept" if it does,',
    '"lost" if the summary does not state it or only mentions its topic.',
    'Answer with a JSON object only: {"verdict": "kept" | "lost", "reason": "<one short sentence>"}.',
  ].join(' '),
  inputs(f: Finding): SurvivalInputs | null {
    if (f.analyzer !== 'window-overflow' || f.cause !== 'compacted_away') return null;
    const summary = (f.detail?.compaction as { summary?: unknown } | undefined)?.summary;
    const stated = statedInstruction(f);
    if (typeof summary !== 'string' || summary.trim() === '' || !stated) return null;
    return { instruction: clip(stated.text), summary: clip(summary) };
  },
  step: (f) => f.evidence.find((e) => e.role === 'context' && e.detail?.compaction === true)?.step ?? null,
};
