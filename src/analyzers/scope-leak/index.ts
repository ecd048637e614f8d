import { defineAnalyzer } from '../define.js';
import { LeakCheck } from './check.js';
import { views } from './views.js';
import type { Cause, Detail } from './types.js';

export type { Cause, Detail };

export const analyzer = defineAnalyzer<Cause, Detail>({
  meta: {
    id: 'scope-leak',
    description: "A memory written under one user, tenant or agent scope was retrieved or injected into another's prompt",
    summary: {
      happened: "a memory written for one user, tenant or agent reached another's search results or prompt",
      fix: "filter every search by the prompt's owner and enforce it in the index; key cached memory blocks by user and tenant",
    },
    severity: 'error',
    causes: {
      unscoped_search: "a search with no filter for the user, tenant or team injected a memory written under another user, tenant or team than the search's",
      wrong_scope_filter: "a search filtered to another user, tenant or team than the one it ran for injected that owner's memory",
      filter_not_enforced: "a search filtered to its own user, tenant, team or agent injected a memory written under another's",
      leaked_into_prompt:
        "a prompt's memory block (a system or developer message) held the text of a memory written under another user, tenant or team, with no search of the turn returning it",
    },
    // the scopes, the filter and the injected ids are the log's; a memory found in a prompt by its text is a rule's
    confidence: { unscoped_search: 'certain', wrong_scope_filter: 'certain', filter_not_enforced: 'certain', leaked_into_prompt: 'likely' },
    // no filter, or the wrong one: the search's; a filter the index did not apply: the index's; a prompt block: its assembly
    layers: { unscoped_search: 'retrieval', wrong_scope_filter: 'retrieval', filter_not_enforced: 'index', leaked_into_prompt: 'injection' },
  },
  ...views,
  run({ session, store }) {
    return new LeakCheck(session, store).run();
  },
});
