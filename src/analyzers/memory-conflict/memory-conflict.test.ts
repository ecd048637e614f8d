import { describe, expect, it } from 'vitest';
import { analyzeFiles, flags, testAnalyzer } from '../../../test/analyzer-tester.js';
import { analyzer as staleMemory } from '../stale-memory/index.js';
import { contradiction } from './contradict.js';
import { statedRule } from './cues.js';
import { analyzer } from './index.js';
import { judge } from './judge.js';
import type { Cause, Detail } from './types.js';
import type { FindingOf, ReplayView } from '../views.js';

testAnalyzer(analyzer, import.meta.dirname, {
  valid: [
    { name: 'English: both in the prompt, which states that the newest wins, and the answer follows the newer', files: ['fixtures/valid/rule-en.jsonl'] },
    {
      name: "Chinese: the same fact of two users (their writes' scopes), and another person named in the text",
      files: ['fixtures/valid/two-people-zh.jsonl'],
    },
    { name: 'German: two compatible likings (coffee and tea), home and work under two labels', files: ['fixtures/valid/compatible-de.jsonl'] },
    {
      name: "Japanese: the older superseded: below the cut, then injected anyway (stale-memory's, not reported twice)",
      files: ['fixtures/valid/superseded-ja.jsonl'],
    },
    { name: 'Spanish: both in the prompt with no rule, and the answer follows the newer', files: ['fixtures/valid/newer-es.jsonl'] },
    {
      name: 'German: the rule stands in a message of its own (no list of items): it holds for the notes, whatever the answer followed',
      files: ['fixtures/valid/rule-standalone-de.jsonl'],
    },
    {
      name: "English: a superseded memory's dated line in the memory block beside its replacement (stale-memory's superseded_in_prompt, not reported twice)",
      files: ['fixtures/valid/superseded-dated-en.jsonl'],
    },
    { name: 'English: the older (an allergy the newer denies) is a candidate below the cut', files: ['fixtures/valid/below-cut-en.jsonl'] },
    {
      name: 'Japanese: a visa needed, then not needed (no id links them); the answer takes the newer stance',
      files: ['fixtures/valid/denied-newer-ja.jsonl'],
    },
    {
      name: 'German: memories that coexist: a need and a denial of another thing, the one responsible and the deputy; the answer uses the older',
      files: ['fixtures/valid/coexist-de.jsonl'],
    },
    {
      name: 'Korean: "마시지 않는다", then "마신다" in one search; the answer takes the newer stance',
      files: ['fixtures/valid/denial-newer-ko.jsonl'],
    },
    {
      name: 'Portuguese: two dated notes (tables always, then never tables); the answer is a list, as the newer asks',
      files: ['fixtures/valid/table-note-pt.jsonl'],
    },
  ],
  invalid: [
    flags(
      'English: two ADDs (Berlin, then Munich), neither superseding; one search injects both and the answer says Berlin',
      'fixtures/invalid/moved-en.jsonl',
      'mc-i-moved-en',
      [2, 'unresolved_at_write', 'error'],
    ),
    flags(
      'Chinese: two candidates with their creation times (北京, then 上海), no writes in the log; the answer says 北京',
      'fixtures/invalid/city-zh.jsonl',
      'mc-i-city-zh',
      [0, 'conflict_retrieved', 'error'],
    ),
    flags("Japanese: the memory block's dated lines give two birthdays; the answer books the older", 'fixtures/invalid/birthday-ja.jsonl', 'mc-i-birthday-ja', [
      0,
      'conflict_in_prompt',
      'error',
    ]),
    flags(
      'German: a moved appointment written as a second memory; the memory block carries both and the reminder uses the older date',
      'fixtures/invalid/appointment-de.jsonl',
      'mc-i-appointment-de',
      [2, 'unresolved_at_write', 'error'],
    ),
    flags(
      'Spanish: two language preferences (español, then inglés) injected together; the answer is in Spanish',
      'fixtures/invalid/language-es.jsonl',
      'mc-i-language-es',
      [0, 'conflict_retrieved', 'error'],
    ),
    flags(
      "English: the prompt's only rule is about its pinned constraints (its own list); the notes beside it have none",
      'fixtures/invalid/other-rule-en.jsonl',
      'mc-i-other-rule-en',
      [0, 'conflict_in_prompt', 'error'],
    ),
    flags(
      "French: the reference engine's memory lines (each with its date) without its rule; the answer follows the older employer",
      'fixtures/invalid/employer-fr.jsonl',
      'mc-i-employer-fr',
      [0, 'conflict_in_prompt', 'error'],
    ),
    flags(
      'English: a visa required, then "no visa required" (no id, slot or shared template links them); one search injects both and the answer takes the older stance',
      'fixtures/invalid/denied-visa-en.jsonl',
      'mc-i-visa-en',
      [2, 'unresolved_at_write', 'error'],
    ),
    flags(
      'Chinese: an approval, then a refusal written in earlier sessions; a memory block with no search carries both and the answer takes the approval',
      'fixtures/invalid/denied-approval-zh.jsonl',
      'mc-i-approval-zh',
      [0, 'unresolved_at_write', 'error'],
    ),
    flags(
      'German: "isst kein Fleisch", then "isst Fleisch" in one search; the answer\'s words are the older\'s only by its "kein": read by its stance',
      'fixtures/invalid/denial-older-de.jsonl',
      'mc-i-denial-de',
      [0, 'conflict_retrieved', 'error'],
    ),
    flags(
      'Korean: "마시지 않는다", then "마신다" (one stem, two endings) in one search; the answer takes the older denial',
      'fixtures/invalid/denial-older-ko.jsonl',
      'mc-i-denial-ko',
      [0, 'conflict_retrieved', 'error'],
    ),
    flags(
      'Portuguese: two dated notes about the user (tables always, then never tables), read as notes, not as requests; the answer is a table',
      'fixtures/invalid/table-note-pt.jsonl',
      'mc-i-table-pt',
      [0, 'conflict_in_prompt', 'error'],
    ),
  ],
});

describe('memory-conflict: finding content', () => {
  it('the chain: both writes, the search, the prompt that carried both with no rule, the answer; each at its file:line; the layer last', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/moved-en.jsonl`]);
    expect(f.evidence.map((e) => e.role)).toEqual(['write', 'write', 'retrieval', 'context', 'response']);
    expect(f.evidence.map((e) => e.source.replace(/^.*\//, ''))).toEqual([
      'moved-en.jsonl:3',
      'moved-en.jsonl:7',
      'moved-en.jsonl:9',
      'moved-en.jsonl:10',
      'moved-en.jsonl:11',
    ]);
    expect(f.layer).toBe('update');
    expect(f.detail).toMatchObject({
      kind: 'value',
      values: ['berlin', 'munich'],
      older: { memory_id: 'm-1', text: 'User lives in Berlin.', time_from: 'commit' },
      newer: { memory_id: 'm-2', text: 'User lives in Munich.', time_from: 'commit' },
      served_by: 'retrieval',
      ranks: [1, 2],
      layer: 'update',
    });
  });

  it('a statement and its denial: both writes at their lines, the clauses that disagree, the search, the prompt, the answer', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/denied-visa-en.jsonl`]);
    expect(f.evidence.map((e) => [e.role, e.source.replace(/^.*\//, '')])).toEqual([
      ['write', 'denied-visa-en.jsonl:3'],
      ['write', 'denied-visa-en.jsonl:7'],
      ['retrieval', 'denied-visa-en.jsonl:9'],
      ['context', 'denied-visa-en.jsonl:10'],
      ['response', 'denied-visa-en.jsonl:11'],
    ]);
    expect(f.detail).toMatchObject({
      kind: 'negation',
      values: ['A visa is required for the Osaka conference trip', 'No visa required for the Osaka conference trip'],
      older: { memory_id: 'm-1' },
      newer: { memory_id: 'm-2' },
    });
    // the writes of earlier sessions, read for a memory block that no search served
    const [zh] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/denied-approval-zh.jsonl`]);
    expect(zh.evidence.map((e) => [e.role, e.source.replace(/^.*\//, '')])).toEqual([
      ['write', 'denied-approval-zh.jsonl:2'],
      ['write', 'denied-approval-zh.jsonl:4'],
      ['context', 'denied-approval-zh.jsonl:5'],
      ['response', 'denied-approval-zh.jsonl:6'],
    ]);
  });

  it('a search without writes: the layer is retrieval and the times are the candidates’', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/city-zh.jsonl`]);
    expect(f.layer).toBe('retrieval');
    expect(f.detail).toMatchObject({ older: { memory_id: 'c-1', time_from: 'candidate', stored_at: '2026-01-05T10:00:00.000Z' }, newer: { memory_id: 'c-2' } });
  });

  it('a memory block alone: the lines without their dates, the layer injection', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/employer-fr.jsonl`]);
    expect(f.layer).toBe('injection');
    expect(f.detail).toMatchObject({
      served_by: 'prompt',
      older: { memory_id: null, text: "L'utilisateur travaille chez Airbus à Toulouse", time_from: 'prompt' },
      newer: { text: "L'utilisateur travaille chez Renault à Paris" },
    });
  });

  it('a preference and its opposite: read by the text layer (supersedes), followed by its checker', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/language-es.jsonl`]);
    expect(f.detail).toMatchObject({ kind: 'preference', subject: 'language', values: ['language:es', 'language:en'] });
  });

  it('an old memory injected after it was superseded is stale-memory’s finding alone', async () => {
    const file = `${import.meta.dirname}/fixtures/valid/superseded-ja.jsonl`;
    const both = await analyzeFiles([analyzer, staleMemory], [file]);
    expect(both.map((f) => [f.analyzer, f.turn, f.cause])).toEqual([['stale-memory', 3, 'superseded_not_filtered']]);
  });

  it('a superseded memory on a dated line of the memory block is stale-memory’s finding alone', async () => {
    const file = `${import.meta.dirname}/fixtures/valid/superseded-dated-en.jsonl`;
    const both = await analyzeFiles([analyzer, staleMemory], [file]);
    expect(both.map((f) => [f.analyzer, f.turn, f.cause])).toEqual([['stale-memory', 2, 'superseded_in_prompt']]);
  });
});

describe('memory-conflict: the words it reads', () => {
  const c = (a: string, b: string) => contradiction({ text: a }, { text: b })?.kind ?? null;
  it('contradictions, in several languages', () => {
    expect(c('User lives in Berlin.', 'User lives in Munich.')).toBe('value');
    expect(c('用户住在北京', '用户住在上海')).toBe('value');
    expect(c('ユーザーは東京に住んでいる', 'ユーザーは大阪に住んでいる')).toBe('value');
    expect(c('Der Termin ist am 12. Mai.', 'Der Termin ist am 19. Mai.')).toBe('value');
    expect(c('User is allergic to peanuts', 'User is not allergic to peanuts')).toBe('negation');
    expect(c('Nutzer mag Kaffee', 'Nutzer mag keinen Kaffee')).toBe('negation');
    expect(c('ユーザーは辛い料理が好き', 'ユーザーは辛い料理が嫌い')).toBe('opposite');
    expect(c('Always answer in German.', 'Always answer in English.')).toBe('preference');
    expect(contradiction({ text: 'Home: Berlin', subject: 'home' }, { text: 'Home: Munich', subject: 'home' })?.kind).toBe('subject');
    expect(c('We use Postgres for the orders database', 'We switched the orders database to MySQL')).toBe('claim');
    // no shared template: one affirms what the other denies (src/text/stance.ts)
    expect(c('Guest arrives by car and needs the garage.', 'Guest takes the train; no garage needed.')).toBe('negation');
    expect(c('Deploying on Fridays is fine.', 'Never deploy on Fridays.')).toBe('negation');
    expect(c('Le remboursement est approuvé.', 'Le remboursement a été refusé par la comptabilité.')).toBe('negation');
    expect(c('보험 청구 승인됨', '보험 청구 거절됨')).toBe('negation');
    // a denial in one template carries the clauses' stances, for the answer to be read by
    expect(contradiction({ text: 'Mira trinkt keinen Kaffee.' }, { text: 'Mira trinkt Kaffee.' })?.stance?.clauses.map((x) => x.denied)).toEqual([true, false]);
    expect(c('蒼太さんはコーヒーを飲まない。', '蒼太さんはコーヒーを飲む。')).toBe('negation');
    expect(c('민재 님은 커피를 마시지 않는다.', '민재 님은 커피를 마신다.')).toBe('negation');
    // a value of stop words, written as a name; 살다 without its ㄹ
    expect(c('Beatriz mora em Casa Forte.', 'Beatriz mora em Boa Viagem.')).toBe('value');
    expect(c('지우 님은 서면에 산다.', '지우 님은 광안동에 산다.')).toBe('value');
    // notes about the user, in the third person
    expect(c('Priya wants every comparison laid out as a table.', 'Priya wants comparisons as bullet points, never as a table.')).toBe('preference');
    expect(c('Lucía quiere que las comparaciones vayan siempre en una tabla.', 'Lucía quiere las comparaciones en viñetas, nunca en tabla.')).toBe(
      'preference',
    );
    expect(c('遥さんは比較をいつも表で見たい。', '遥さんは比較を箇条書きで見たい。表は使わない。')).toBe('preference');
  });

  it('look-alikes: compatible facts, other people, other subjects, an update that only adds', () => {
    expect(c('User likes coffee', 'User likes tea')).toBeNull();
    expect(c('Anna lives in Berlin', 'Ben lives in Munich')).toBeNull();
    expect(c('User lives in Berlin', 'User works in Munich')).toBeNull();
    expect(c('User lives in Berlin with his wife', 'User lives in Berlin with two cats')).toBeNull();
    expect(c('User lives in Berlin', 'User lives in Berlin, Germany')).toBeNull();
    expect(c('User lives in Berlin', 'User lives near Berlin')).toBeNull();
    expect(contradiction({ text: 'Berlin', subject: 'home' }, { text: 'Munich', subject: 'work' })).toBeNull();
    // one person's many traits (the shape of Mem0's memories on LoCoMo): the engine's claims read "Caroline" as one subject
    expect(c('Caroline is passionate about helping people', 'Caroline is excited to give back to the community')).toBeNull();
    // one stem, two things: a denial of another object
    expect(c('민재 님은 커피를 마시지 않는다.', '민재 님은 녹차를 마신다.')).toBeNull();
    expect(c('蒼太さんはコーヒーを飲まない。', '蒼太さんは紅茶を飲む。')).toBeNull();
    // a lower-case value of stop words says nothing; a liking of emoji in someone's texts is no note on the answers
    expect(c('Beatriz mora em Casa Forte.', 'Beatriz mora em boa viagem.')).toBeNull();
    expect(c('Maria likes emoji in texts from her friends.', 'Maria wants no emoji in answers.')).toBeNull();
  });

  it('a stated rule, in several languages; a line that names recency without precedence is none', () => {
    for (const t of [
      'If two memories conflict, the newest one wins.',
      '如有冲突，以最新的为准。',
      '矛盾する場合は最新の記憶を優先してください。',
      'Bei Widersprüchen gilt die neueste Erinnerung.',
      'Si hay contradicciones, prevalece el recuerdo más reciente.',
    ])
      expect(statedRule(t), t).not.toBeNull();
    for (const t of ['Memories about the user, newest first.', 'You are a helpful assistant.', '最新の記憶:']) expect(statedRule(t), t).toBeNull();
  });
});

describe('memory-conflict: replay verdict', () => {
  const view = (prompts: string[][]) =>
    ({ plansAt: () => prompts.map((texts) => ({ messages: texts.map((content) => ({ role: 'system', content })) })) }) as unknown as ReplayView;
  const moved = {
    turn: 2,
    cause: 'unresolved_at_write',
    detail: { older: { text: 'User lives in Berlin.' }, newer: { text: 'User lives in Munich.' } },
  } as unknown as FindingOf<Cause, Detail>;

  it('prevented when the reference prompt carries the newer alone, or both under a rule; not prevented with both and no rule, or the older alone', () => {
    expect(judge(moved, view([['Memories:\n- User lives in Munich.']])).verdict).toBe('prevented');
    expect(judge(moved, view([['If two memories conflict, the newest one wins.\n- User lives in Berlin.\n- User lives in Munich.']])).verdict).toBe(
      'prevented',
    );
    expect(judge(moved, view([['Memories:\n- User lives in Berlin.\n- User lives in Munich.']])).verdict).toBe('not_prevented');
    expect(judge(moved, view([['Memories:\n- User lives in Berlin.']])).verdict).toBe('not_prevented');
    expect(judge(moved, view([['No memories.']])).verdict).toBe('not_judged');
  });
});
