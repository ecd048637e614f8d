import { defineAnalyzer } from '../define.js';
import { ConflictCheck } from './check.js';
import { views } from './views.js';
import type { Cause, Detail } from './types.js';

export type { Cause, Detail };

export const analyzer = defineAnalyzer<Cause, Detail>({
  meta: {
    id: 'memory-conflict',
    description: 'Two contradictory memories reached one prompt with no rule for which wins, and the answer followed the older',
    summary: {
      happened:
        'two memories that cannot both hold (two cities, two dates, a preference and its opposite) reached the same prompt with no rule saying which wins, and the answer followed the older one',
      fix: 'supersede the older memory when the newer is written; else inject each memory with its date and state the rule (the newest wins)',
    },
    severity: 'error',
    causes: {
      unresolved_at_write:
        'both memories were committed in the log and neither superseded the other; a search or the memory block put both in the prompt with no rule, and the answer followed the older',
      conflict_retrieved:
        'one search injected two contradicting memories (their times from the candidates) with no rule in the prompt, and the answer followed the older',
      conflict_in_prompt: "the prompt's memory block carried two contradicting dated memories with no rule, and the answer followed the older",
    },
    // the contradiction is read from the memories' words (a declared subject: their fields); the times and the answer's words are the log's
    confidence: { unresolved_at_write: 'likely', conflict_retrieved: 'likely', conflict_in_prompt: 'likely' },
    // the update kept both current; the search served both unresolved; the prompt's assembly carried both without a rule
    layers: { unresolved_at_write: 'update', conflict_retrieved: 'retrieval', conflict_in_prompt: 'injection' },
  },
  ...views,
  run({ session, store }) {
    return new ConflictCheck(session, store).run();
  },
});
