import { describe, expect, it } from 'vitest';
import { analyzeFiles, testAnalyzer, flags } from '../../../test/analyzer-tester.js';
import { ownerIn, repeats } from './check.js';
import { analyzer } from './index.js';
import { judge } from './judge.js';
import type { Cause, Detail } from './types.js';
import type { FindingOf, ReplayView } from '../views.js';

testAnalyzer(analyzer, import.meta.dirname, {
  valid: [
    { name: "English: one user's own memory from an earlier session, by a search with no filter", files: ['fixtures/valid/same-user-en.jsonl'] },
    {
      name: "German: a tenant-wide memory (no user) served to a user of the tenant; another user's memory below the cut",
      files: ['fixtures/valid/shared-de.jsonl'],
    },
    { name: 'Chinese: two agents of one user share memory (no agent filter)', files: ['fixtures/valid/agents-zh.jsonl'] },
    {
      name: "Portuguese: a team's memory (scope { tenant, team }) injected into a member's search and prompt in that team; the author's own search holds it below the cut",
      files: ['fixtures/valid/team-member-pt.jsonl'],
    },
    {
      name: 'English: a search filtered to two agents of one user ({ $in }, a share) injects a memory of each',
      files: ['fixtures/valid/agents-in-en.jsonl'],
    },
    {
      name: "Spanish: a question about two people searches each one's store, each search scoped to its person (Mem0's evaluation)",
      files: ['fixtures/valid/two-stores-es.jsonl'],
    },
    {
      name: "Japanese: the same words in both users' stores, the other's name in this user's own memory, the other's memory quoted by the user",
      files: ['fixtures/valid/own-words-ja.jsonl'],
    },
    {
      name: "French: a cached block with this client's memory and the tenant's, another client's memory of the tenant in the store (no search)",
      files: ['fixtures/valid/cached-own-fr.jsonl'],
    },
  ],
  invalid: [
    flags(
      "Korean: another patient's allergy, written in his own session of the tenant, in this patient's cached block; no search names him",
      'fixtures/invalid/cached-other-ko.jsonl',
      'sl-i-cached-ko',
      [0, 'leaked_into_prompt', 'error'],
    ),
    flags(
      "English, across sessions: Anna's card, written in her session, injected by a search of Ben's with no user filter, and repeated to him",
      'fixtures/invalid/unscoped-en.jsonl',
      'sl-i-unscoped-en-ben',
      [0, 'unscoped_search', 'error'],
    ),
    flags(
      "Chinese: the search filters to its user and the index returns another user's health record",
      'fixtures/invalid/filter-not-enforced-zh.jsonl',
      'sl-i-filter-zh',
      [1, 'filter_not_enforced', 'error'],
    ),
    flags("Spanish: Lucía's turn, the search filtered to Pablo (a cached id)", 'fixtures/invalid/wrong-filter-es.jsonl', 'sl-i-wrong-filter-es', [
      1,
      'wrong_scope_filter',
      'error',
    ]),
    flags("German: the search filters to tenant acme and gets tenant globex's memory", 'fixtures/invalid/tenant-de.jsonl', 'sl-i-tenant-de', [
      1,
      'filter_not_enforced',
      'error',
    ]),
    flags("Japanese: another user's address in this user's cached memory block, no search", 'fixtures/invalid/prompt-ja.jsonl', 'sl-i-prompt-ja', [
      1,
      'leaked_into_prompt',
      'error',
    ]),
    flags("English: a search filtered to the support agent returns the HR agent's note", 'fixtures/invalid/agent-en.jsonl', 'sl-i-agent-en', [
      1,
      'filter_not_enforced',
      'error',
    ]),
    flags(
      "Portuguese: a team's memory injected into a search of another team of the tenant, into a search and a cached prompt block of no team",
      'fixtures/invalid/team-other-pt.jsonl',
      'sl-i-team-pt',
      [1, 'filter_not_enforced', 'error'],
      [2, 'unscoped_search', 'error'],
      [3, 'leaked_into_prompt', 'error'],
    ),
    flags(
      "French: a search filtered to the support and billing agents ({ $in }) returns the HR agent's note",
      'fixtures/invalid/agent-in-fr.jsonl',
      'sl-i-agent-in-fr',
      [1, 'filter_not_enforced', 'error'],
    ),
  ],
});

describe('scope-leak: finding content', () => {
  it("the chain: the memory's write under its owner (in its own session), the search of the other, the prompt, the answer; each at its file:line", async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/unscoped-en.jsonl`]);
    expect(f.evidence.map((e) => e.role)).toEqual(['write', 'retrieval', 'context', 'response']);
    expect(f.evidence.map((e) => e.source.replace(/^.*\//, ''))).toEqual([
      'unscoped-en.jsonl:3',
      'unscoped-en.jsonl:5',
      'unscoped-en.jsonl:6',
      'unscoped-en.jsonl:7',
    ]);
    expect(f.layer).toBe('retrieval');
    expect(f.detail).toMatchObject({
      memory_id: 'm-anna-card',
      written: { scope: { user: 'u-anna' }, by: 'write', session: 'sl-i-unscoped-en-anna' },
      served: { scope: { user: 'u-ben' }, by: 'retrieval', rank: 1 },
      dimension: 'user',
      filter: null,
      answer: { turn: 0, used: true },
      layer: 'retrieval',
    });
  });

  it('the layer per cause: a filter the index ignored is the index, a wrong filter the retrieval, a prompt block the injection', async () => {
    const dir = `${import.meta.dirname}/fixtures/invalid`;
    const got = await analyzeFiles(
      [analyzer],
      [`${dir}/filter-not-enforced-zh.jsonl`, `${dir}/wrong-filter-es.jsonl`, `${dir}/tenant-de.jsonl`, `${dir}/prompt-ja.jsonl`, `${dir}/agent-en.jsonl`],
    );
    const by = Object.fromEntries(got.map((f) => [f.session, [f.layer, f.detail?.dimension, f.detail?.filter]]));
    expect(by).toEqual({
      'sl-i-filter-zh': ['index', 'user', 'u-wang'],
      'sl-i-wrong-filter-es': ['retrieval', 'user', 'u-pablo'],
      'sl-i-tenant-de': ['index', 'tenant', 'acme'],
      'sl-i-prompt-ja': ['injection', 'user', null],
      'sl-i-agent-en': ['index', 'agent', 'support-agent'],
    });
  });
});

describe('scope-leak: what it reads', () => {
  it('a scope in either spelling', () => {
    expect(ownerIn({ user: 'a', tenant: 't' })).toEqual({ tenant: 't', user: 'a', agent: null });
    expect(ownerIn({ user_id: 'a', agent_id: 'x' })).toEqual({ tenant: null, user: 'a', agent: 'x' });
    expect(ownerIn(null)).toEqual({ tenant: null, user: null, agent: null });
  });

  it("an answer repeats a memory when it holds two, and a third, of the memory's words the question did not", () => {
    const mem = 'Anna pays with the Visa card ending 4242; billing address Torstraße 5, Berlin.';
    expect(repeats('You pay with the Visa ending 4242.', mem, 'Which card do you have on file?')).toBe(true);
    expect(repeats('I cannot share that.', mem, 'Which card do you have on file?')).toBe(false);
    // words the user asked with are not the memory's
    expect(repeats('Visa card, Berlin.', mem, 'Do you take a Visa card in Berlin?')).toBe(false);
  });
});

describe('scope-leak: replay verdict', () => {
  const view = (prompts: string[][]) =>
    ({ plansAt: () => prompts.map((texts) => ({ messages: texts.map((content) => ({ role: 'system', content })) })) }) as unknown as ReplayView;
  const finding = { turn: 1, cause: 'leaked_into_prompt', detail: { memory_text: 'User prefers dark theme' } } as unknown as FindingOf<Cause, Detail>;

  it("prevented when the turn's reference prompt carries nothing of the memory; not prevented when it carries it; not judged without a prompt", () => {
    expect(judge(finding, view([['You are a kiosk assistant.']])).verdict).toBe('prevented');
    expect(judge(finding, view([['Memories:\n- User prefers dark theme.']])).verdict).toBe('not_prevented');
    expect(judge(finding, view([])).verdict).toBe('not_judged');
  });
});
