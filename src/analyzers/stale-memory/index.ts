import { defineAnalyzer } from '../define.js';
import { StaleCheck } from './check.js';
import { views } from './views.js';
import type { Cause, Detail } from './types.js';

export type { Cause, Detail };

export const analyzer = defineAnalyzer<Cause, Detail>({
  meta: {
    id: 'stale-memory',
    description: 'A superseded or deleted memory was retrieved or injected after its replacement was committed',
    summary: {
      happened:
        'a memory the user had replaced (moved, changed a preference, reversed a decision) or deleted still reached the prompt after the replacement was committed',
      fix: 'drop superseded versions from the index and the results in the same step as the update; rebuild the memory block from current memories',
    },
    severity: 'warning',
    causes: {
      superseded_still_indexed:
        'a search injected a memory after a committed write replaced it (supersedes it, a newer memory of its subject, or a newer version of it), and the replacement was not among its candidates',
      superseded_not_filtered: 'a search returned a superseded memory and its replacement, and injected the superseded one',
      deleted_still_indexed: 'a search injected a memory after its deletion was committed',
      superseded_in_prompt:
        "a prompt's memory block (a system or developer message) carried a superseded or deleted memory's text after its replacement was committed",
    },
    // the replacement, the search and the prompt are the log's; a replacement read from a "label: value" text is a rule's, but the ids are the log's
    confidence: { superseded_still_indexed: 'certain', superseded_not_filtered: 'certain', deleted_still_indexed: 'certain', superseded_in_prompt: 'likely' },
    // the index served what it should have dropped; the search kept it beside its replacement; the prompt's assembly carried it
    layers: { superseded_still_indexed: 'index', superseded_not_filtered: 'retrieval', deleted_still_indexed: 'index', superseded_in_prompt: 'injection' },
  },
  ...views,
  run({ session, store }) {
    return new StaleCheck(session, store).run();
  },
});
