import { describe, expect, it } from 'vitest';
import { analyzeFiles, testAnalyzer, flags } from '../../../test/analyzer-tester.js';
import { followedOf } from './check.js';
import { analyzer } from './index.js';
import { judge } from './judge.js';
import type { Cause, Detail } from './types.js';
import type { FindingOf, ReplayView } from '../views.js';
import { asksAboutPast } from './past.js';

testAnalyzer(analyzer, import.meta.dirname, {
  valid: [
    {
      name: 'English: the old address served before its replacement was committed (acknowledged only, committed after the search)',
      files: ['fixtures/valid/before-replacement-en.jsonl'],
    },
    { name: 'Spanish: the user asks where she lived before: the superseded memory is the answer', files: ['fixtures/valid/asked-past-es.jsonl'] },
    { name: 'Chinese: the old preference is a candidate below the cut, the new one is injected', files: ['fixtures/valid/not-injected-zh.jsonl'] },
    { name: 'German: an updated memory served with its new text; home and work are two subjects', files: ['fixtures/valid/current-version-de.jsonl'] },
    {
      name: "Japanese: the old value in the user's own message and in the prompt marked as history (以前の)",
      files: ['fixtures/valid/history-ja.jsonl'],
    },
    {
      name: "English: the same slot written for another user, and a replacement that failed, replace nothing of this user's",
      files: ['fixtures/valid/other-user-en.jsonl'],
    },
    {
      name: 'English: verbatim turns under one frame ("Speaker Gina says: …", an A-Mem store): a frame many memories share is no slot',
      files: ['fixtures/valid/framed-turns-en.jsonl'],
    },
    {
      name: 'English: an update that only added to the old text (a Mem0 history row); the prompt holds the new text',
      files: ['fixtures/valid/extended-update-en.jsonl'],
    },
  ],
  invalid: [
    flags(
      'German: the slot written in an earlier session, moved in this one, and a cached profile block (no search in the session) still carries the old one',
      'fixtures/invalid/cached-earlier-de.jsonl',
      'sm-i-cached-de',
      [1, 'superseded_in_prompt', 'error'],
    ),
    flags(
      'English: moved; the write supersedes the old address, a later search still injects it and the answer uses it',
      'fixtures/invalid/moved-en.jsonl',
      'sm-i-moved-en',
      [2, 'superseded_still_indexed', 'error'],
    ),
    flags(
      'Chinese: a changed preference (same slot); the search returns both and injects the old one',
      'fixtures/invalid/preference-zh.jsonl',
      'sm-i-preference-zh',
      [2, 'superseded_not_filtered', 'error'],
    ),
    flags(
      'Spanish: a reversed decision updated in place; the search serves the old version of the same memory',
      'fixtures/invalid/decision-es.jsonl',
      'sm-i-decision-es',
      [2, 'superseded_still_indexed', 'error'],
    ),
    flags('German: a phone number deleted on request, served by a later search', 'fixtures/invalid/deleted-de.jsonl', 'sm-i-deleted-de', [
      2,
      'deleted_still_indexed',
      'error',
    ]),
    flags(
      "Japanese: a new work location (a 'label: value' memory); the prompt's memory block still carries the old one",
      'fixtures/invalid/profile-ja.jsonl',
      'sm-i-profile-ja',
      [2, 'superseded_in_prompt', 'error'],
    ),
    flags(
      "English, across sessions: the replacement committed in an earlier session, the next session's search serves the old memory",
      'fixtures/invalid/longterm-en.jsonl',
      'sm-i-longterm-en-2',
      [0, 'superseded_still_indexed', 'error'],
    ),
  ],
});

describe('stale-memory: finding content', () => {
  it('the chain: the old memory, its replacement, the search, the prompt that carried it, the answer; each at its file:line', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/moved-en.jsonl`]);
    expect(f.evidence.map((e) => e.role)).toEqual(['write', 'write', 'retrieval', 'context', 'response']);
    expect(f.evidence.map((e) => e.source.replace(/^.*\//, ''))).toEqual([
      'moved-en.jsonl:3',
      'moved-en.jsonl:7',
      'moved-en.jsonl:9',
      'moved-en.jsonl:10',
      'moved-en.jsonl:11',
    ]);
    expect(f.layer).toBe('index');
    expect(f.detail).toMatchObject({
      memory_id: 'm-home-1',
      replaced_by: 'supersedes',
      replacement: { memory_id: 'm-home-2', text: 'User lives at Lindenweg 3, Munich.' },
      served_by: 'retrieval',
      rank: 1,
      replacement_rank: null,
      served_again: 1,
      answer: { turn: 2, followed: 'stale' },
      layer: 'index',
    });
  });

  it('a replacement the same search ranked: its rank, and the layer is retrieval', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/preference-zh.jsonl`]);
    expect(f.layer).toBe('retrieval');
    expect(f.detail).toMatchObject({ memory_id: 'm-drink-1', replaced_by: 'subject', replacement: { memory_id: 'm-drink-2' }, rank: 1, replacement_rank: 2 });
  });

  it('across sessions: the replacement step points at the earlier session', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/longterm-en.jsonl`]);
    expect(f.detail).toMatchObject({ replaced_in: { session: 'sm-i-longterm-en-1' }, replacement: { memory_id: 'm-diet-2' } });
    expect(f.evidence[1].source).toMatch(/longterm-en\.jsonl:7$/);
  });

  it('a prompt finding names the message and the layer injection', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/profile-ja.jsonl`]);
    expect(f.layer).toBe('injection');
    expect(f.detail).toMatchObject({ served_by: 'prompt', query: 'system', replaced_by: 'subject', answer: { followed: 'stale' } });
  });
});

describe('stale-memory: the words it reads', () => {
  it('questions about the past, in several languages; present-tense questions are not', () => {
    for (const q of [
      'Where did I live before I moved?',
      '我以前住在哪里？',
      '¿Dónde vivía antes?',
      'Wo habe ich früher gewohnt?',
      '以前の住所は？',
      'Quelle était mon ancienne adresse ?',
    ])
      expect(asksAboutPast(q), q).toBe(true);
    for (const q of ['Where do I live?', '我住在哪里？', '¿Dónde vivo?', 'Wo wohne ich?', '住所はどこ？', 'anteater facts', 'Vorherrschaft'])
      expect(asksAboutPast(q), q).toBe(false);
  });

  it('what the answer followed: words only one of the two memories has', () => {
    expect(followedOf('Delivered to Torstraße 5, Berlin.', 'User lives at Torstraße 5, Berlin.', 'User lives at Lindenweg 3, Munich.')).toBe('stale');
    expect(followedOf('Delivered to Lindenweg 3 in Munich.', 'User lives at Torstraße 5, Berlin.', 'User lives at Lindenweg 3, Munich.')).toBe('current');
    expect(followedOf('Your parcel is on its way.', 'User lives at Torstraße 5, Berlin.', 'User lives at Lindenweg 3, Munich.')).toBe('unclear');
    // a deleted memory: one shared word is not enough
    expect(followedOf('I will call the user back.', 'Phone number of the user: 0151 2345678', null)).toBe('unclear');
  });
});

describe('stale-memory: replay verdict', () => {
  const view = (prompts: string[][]) =>
    ({ plansAt: () => prompts.map((texts) => ({ messages: texts.map((content) => ({ role: 'system', content })) })) }) as unknown as ReplayView;
  const moved = {
    turn: 2,
    cause: 'superseded_still_indexed',
    detail: { stale_text: 'User lives at Torstraße 5, Berlin.', replacement: { memory_id: 'm-2', text: 'User lives at Lindenweg 3, Munich.' } },
  } as unknown as FindingOf<Cause, Detail>;

  it('prevented when the reference prompt carries the replacement and not the old text; not prevented when it carries the old; not judged when neither', () => {
    expect(judge(moved, view([['Memories:\n- User lives at Lindenweg 3, Munich.']])).verdict).toBe('prevented');
    expect(judge(moved, view([['Memories:\n- User lives at Torstraße 5, Berlin.\n- User lives at Lindenweg 3, Munich.']])).verdict).toBe('not_prevented');
    expect(judge(moved, view([['No memories.']])).verdict).toBe('not_judged');
    expect(judge(moved, view([])).verdict).toBe('not_judged');
  });
});
