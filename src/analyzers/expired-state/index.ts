import { defineAnalyzer } from '../define.js';
import { ExpiredCheck } from './check.js';
import { views } from './views.js';
import type { Cause, Detail } from './types.js';

export type { Cause, Detail };

export const analyzer = defineAnalyzer<Cause, Detail>({
  meta: {
    id: 'expired-state',
    description: 'A short-lived memory was retrieved into the prompt, or carried in it, long past the lifetime its write stated',
    summary: {
      happened: 'a memory written with a lifetime (task state, a one-day context) reached the prompt after it expired, crowding current ones',
      fix: 'filter expired memories out of every search and every cached memory block; evict them from the index when they expire',
    },
    severity: 'warning',
    causes: {
      expired_retrieved: 'a search injected a memory more than a minute after the end of the lifetime its write stated (expires_at, or ttl_s from its commit)',
      expired_in_prompt:
        "a prompt's memory block (a system or developer message) carried the text of a memory more than a minute past its lifetime, with no search of the turn serving it",
    },
    // the lifetime, the times and the injected ids are the log's; a memory found in a prompt by its text is a rule's
    confidence: { expired_retrieved: 'certain', expired_in_prompt: 'likely' },
    // the search did not filter it out; a prompt block: its assembly
    layers: { expired_retrieved: 'retrieval', expired_in_prompt: 'injection' },
  },
  ...views,
  run({ session, store }) {
    return new ExpiredCheck(session, store).run();
  },
});
