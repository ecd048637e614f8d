import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFiles, flags, testAnalyzer } from '../../../test/analyzer-tester.js';
import { factLoss, factsOf } from '../../text/facts.js';
import { analyzer } from './index.js';
import { figures } from './figures.js';
import { judge } from './judge.js';
import type { FindingOf, ReplayView } from '../views.js';
import type { Cause, Detail } from './types.js';

const here = import.meta.dirname;
const abs = (f: string) => path.resolve(here, f);

testAnalyzer(analyzer, here, {
  valid: [
    { name: 'the user moved and the flight moved: each value replaced by another, nothing lost (en)', files: ['fixtures/valid/value-changed-en.jsonl'] },
    { name: 'the update dropped the date and the flight number, another memory keeps both (zh-Hans)', files: ['fixtures/valid/kept-elsewhere-zh.jsonl'] },
    { name: 'the update adds to the memory and keeps its date and place (es)', files: ['fixtures/valid/paraphrase-es.jsonl'] },
    { name: 'the user said they eat meat again: the negation dropped on their word (de)', files: ['fixtures/valid/user-reversed-de.jsonl'] },
    {
      name: 'the user named Caio and said he eats lactose again: the negation dropped on their word (pt)',
      files: ['fixtures/valid/user-reversed-named-pt.jsonl'],
    },
    {
      name: 'the user lifted "no emoji" in the turn the memory was updated, logged after the write (en; amnesia chaos writes this way)',
      files: ['fixtures/valid/reversed-same-turn-en.jsonl'],
    },
    { name: 'reworded, every date, number and name kept (ja)', files: ['fixtures/valid/reworded-ja.jsonl'] },
    { name: 'a delete is no update (en)', files: ['fixtures/valid/deleted-en.jsonl'] },
    { name: '"does not" became "doesn\'t": the negation kept (en)', files: ['fixtures/valid/negation-kept-en.jsonl'] },
    { name: 'an update that failed replaced nothing (en)', files: ['fixtures/valid/not-committed-en.jsonl'] },
    {
      name: 'two writers updated one base, the second wrote over the first: concurrent-overwrite, not this (en)',
      files: ['fixtures/valid/race-from-one-base-en.jsonl'],
    },
    { name: "a task's state replaced by the next one (zh-Hans)", files: ['fixtures/valid/task-state-zh.jsonl'] },
    {
      name: "the dropped date is held by the same user's memory written in another session (en)",
      files: ['fixtures/valid/other-session-a-en.jsonl', 'fixtures/valid/other-session-b-en.jsonl'],
    },
    {
      name: "the lost day and hour are kept by the user's memory of another session whose text is on its requested step only (fr)",
      files: ['fixtures/valid/other-session-steps-a-fr.jsonl', 'fixtures/valid/other-session-steps-b-fr.jsonl'],
    },
  ],
  invalid: [
    flags('the flight date and time dropped by an update about the seat (en)', 'fixtures/invalid/date-dropped-en.jsonl', 'du-i-date-en', [1, 'fact_lost']),
    flags('5月3日上午10点 dropped by an update about the seat (zh-Hans)', 'fixtures/invalid/numbers-dropped-zh.jsonl', 'du-i-numbers-zh', [1, 'fact_lost']),
    flags('"no come carne de cerdo" became "come carne de cerdo" on an unrelated note (es)', 'fixtures/invalid/negation-dropped-es.jsonl', 'du-i-negation-es', [
      1,
      'negation_lost',
    ]),
    flags('the appointment lost its day and hour, text on the enqueued step, committed after (de)', 'fixtures/invalid/appointment-de.jsonl', 'du-i-termin-de', [
      1,
      'fact_lost',
    ]),
    flags('金曜日の19時 and ベルリン dropped by an update about the slides (ja)', 'fixtures/invalid/meeting-ja.jsonl', 'du-i-meeting-ja', [1, 'fact_lost']),
    flags(
      "the memory's own version of another session keeps nothing: it is the text the update replaced (ko)",
      'fixtures/invalid/own-earlier-version-ko.jsonl',
      'du-i-earlier-ko',
      [0, 'fact_lost'],
    ),
    flags(
      'the user named the child and asked for Fridays; "não come amendoim" lost its negation (pt)',
      'fixtures/invalid/negation-subject-named-pt.jsonl',
      'du-i-subject-pt',
      [1, 'negation_lost'],
    ),
    flags(
      'the user named Caio and gave him the Saturday deliveries, nothing of his diet; "não come nada com lactose" lost its negation (pt)',
      'fixtures/invalid/negation-name-only-pt.jsonl',
      'du-i-name-only-pt',
      [1, 'negation_lost'],
    ),
    flags(
      'the user named the child and asked for Friday lunch; "不吃花生" lost its negation (zh-Hans)',
      'fixtures/invalid/negation-subject-named-zh.jsonl',
      'du-i-subject-zh',
      [1, 'negation_lost'],
    ),
    flags(
      'a Mem0-style chain: a write supersedes the passport memory without its number; a rewrite drops "3 hours" (en)',
      'fixtures/invalid/chain-supersede-en.jsonl',
      'du-i-chain-en',
      [null, 'fact_lost'],
      [null, 'fact_lost'],
    ),
  ],
});

describe('destructive-update: the chain and the detail', () => {
  // Mem0's own history database: its UPDATE row is the update; the evidence names the rows (file#table:key)
  it('flags the UPDATE row of a Mem0 history.db that dropped "7 May 2023", and not the one that kept its words (en)', async () => {
    const db = abs('fixtures/invalid/mem0-history-en.db');
    const found = await analyzeFiles([analyzer], [db]);
    expect(found.map((f) => [f.session, f.cause, f.detail?.memory_id])).toEqual([
      [`mem0:${path.relative(process.cwd(), db)}`, 'fact_lost', '5f0c2a1e-9d3b-4c6e-8a71-2b4d6e8f0a13'],
    ]);
    expect(found[0].evidence.map((e) => e.source.split('#')[1])).toEqual(['memory_history:rowid=1', 'memory_history:rowid=3']);
    expect(((found[0].detail?.lost ?? []) as { text: string }[]).map((x) => x.text)).toEqual(['7', '2023', 'May']);
  });

  it('names what was lost, the old and new text, and steps to the writes at their file:line', async () => {
    const [f] = await analyzeFiles([analyzer], [abs('fixtures/invalid/date-dropped-en.jsonl')]);
    const d = f.detail as unknown as Detail;
    expect(d.lost.map((x) => [x.kind, x.text])).toEqual([
      ['number', '3'],
      ['number', '10'],
      ['number', '30'],
      ['date', 'June'],
    ]);
    expect(d).toMatchObject({ memory_id: 'm1', how: 'update', negation_lost: false, other_memories: 0 });
    expect(f.layer).toBe('update');
    expect(f.confidence).toBe('likely');
    expect(f.evidence.map((e) => e.role)).toEqual(['write', 'user_input', 'write']);
    const lines = fs.readFileSync(abs('fixtures/invalid/date-dropped-en.jsonl'), 'utf8').split('\n');
    const kinds = f.evidence.map((e) => JSON.parse(lines[Number(e.source.split(':').at(-1)) - 1]));
    expect(kinds.map((e) => e.write_id ?? e.kind)).toEqual(['w1', 'request', 'w2']);
    const fig = figures(f as FindingOf<Cause, Detail>, f.evidence[2]);
    expect(fig).toEqual({ kind: 'text', text: 'lost in the update: number "3", number "10", number "30", date "June"' });
  });

  it('a write that supersedes another memory is read as its update; the enqueued step carries the text', async () => {
    const found = await analyzeFiles([analyzer], [abs('fixtures/invalid/chain-supersede-en.jsonl'), abs('fixtures/invalid/appointment-de.jsonl')]);
    const sup = found.find((f) => f.detail?.how === 'supersede');
    expect(sup?.detail).toMatchObject({ memory_id: 'mem-travel', replaced_id: 'mem-passport' });
    expect(((sup?.detail?.lost ?? []) as { text: string }[]).map((x) => x.text)).toEqual(['4471', '2031']);
    const de = found.find((f) => f.session === 'du-i-termin-de');
    expect(((de?.detail?.lost ?? []) as { kind: string; text: string }[]).map((x) => x.text)).toEqual(['14', '9', 'März']);
    expect(de?.evidence.map((e) => e.detail?.phase ?? e.role)).toEqual(['write', 'user_input', 'write', 'committed']);
  });
});

describe('destructive-update: long-term memory', () => {
  it('the same update, read without the other session, is a loss: the other session is what keeps the date', async () => {
    const found = await analyzeFiles([analyzer], [abs('fixtures/valid/other-session-b-en.jsonl')]);
    expect(found.map((f) => [f.session, f.cause])).toEqual([['du-v-longterm-b', 'fact_lost']]);
  });
});

describe("destructive-update: replay's verdict", () => {
  const view = (texts: string[]) => ({ scopeAt: () => ({ user: 'u' }), engine: { memories: () => texts.map((text) => ({ text })) } }) as unknown as ReplayView;
  it('prevented when the reference engine still holds the lost facts or the negated statement; not prevented when it lost them too', async () => {
    const [date] = await analyzeFiles([analyzer], [abs('fixtures/invalid/date-dropped-en.jsonl')]);
    const d = date as FindingOf<Cause, Detail>;
    expect(judge(d, view(["User's flight to Osaka leaves on June 3 at 10:30.", 'User wants a window seat.'])).verdict).toBe('prevented');
    const no = judge(d, view(['User wants a window seat on the flight to Osaka.']));
    expect(no).toMatchObject({ verdict: 'not_prevented', how: expect.stringContaining('"3", "10", "30", "June"') });
    const [neg] = await analyzeFiles([analyzer], [abs('fixtures/invalid/negation-dropped-es.jsonl')]);
    expect(judge(neg as FindingOf<Cause, Detail>, view(['El usuario no come carne de cerdo.'])).verdict).toBe('prevented');
    expect(judge(neg as FindingOf<Cause, Detail>, view(['El usuario come carne de cerdo.'])).verdict).toBe('not_prevented');
  });
});

describe('facts (src/text/facts.ts) as the update compares them', () => {
  it('reads numbers, dates, names and negations in several languages', () => {
    const kinds = (t: string) => factsOf(t).map((f) => `${f.kind}:${f.key}`);
    expect(kinds('Budget is 1,500 euros for a ThinkPad T14, not more.')).toEqual([
      'number:1500',
      'number:14',
      'negation:negation',
      'name:thinkpad',
      'name:t14',
    ]);
    expect(kinds('用户三年前搬到上海，下周一出差')).toEqual(['number:3', 'date:下周']);
    expect(kinds('Der Nutzer wohnt seit 2019 in Berlin und hat keinen Hund.')).toEqual(['number:2019', 'negation:negation']);
    expect(kinds('El usuario vuela el martes a Madrid.')).toEqual(['date:martes', 'name:madrid']);
    expect(kinds('ユーザーは昨日ベルリンに着いた')).toEqual(['date:昨日', 'name:ユーザー', 'name:ベルリン']);
    // a title's period ends no sentence: the name after it is one
    expect(kinds('Booster on Friday with Dr. Laine.')).toEqual(['date:friday', 'name:dr', 'name:laine']);
    expect(kinds('The booster is on Friday. Laine will do it.')).toEqual(['date:friday']);
  });

  it("a family's plural is its name; a negation word the new text keeps is not the one it dropped", () => {
    const lost = factLoss('Clinic for the Okoro puppies on 14 June at 10:15 with Dr. Laine.', 'The Okoros want a text reminder the day before the booster.');
    expect(lost.lost.map((f) => f.key)).toEqual(['dr', 'laine']);
    expect(lost.added.map((f) => f.kind)).not.toContain('name');
    expect(factLoss('Booster for the Okoro puppies with Dr. Laine.', 'Booster for the Okoros with Dr. Laine, moved to the new room.').lost).toEqual([]);
    expect(factLoss('Лиза не лазает без нижней страховки.', 'Лиза лазает без нижней страховки и купила новые туфли.').negationLost).toBe(true);
    expect(factLoss('Лиза не лазает без нижней страховки.', 'Лиза не лазает без нижней страховки и купила новые туфли.').negationLost).toBe(false);
    expect(factLoss('User does not eat pork.', "User doesn't eat pork and likes lamb.").negationLost).toBe(false);
  });

  it('a value replaced by another of its kind is a change, not a loss; "May 3" and "may" alone are no date word', () => {
    expect(factLoss('Flight on June 3 at 10:30', 'Flight on June 4 at 10:30').lost).toEqual([]);
    expect(factLoss('Lives in Berlin since 2019', 'Lives in Munich').lost.map((f) => f.key)).toEqual(['2019']);
    expect(factLoss('User may move to Lisbon', 'User will move to Lisbon').lost).toEqual([]);
    expect(factLoss('User does not eat pork', 'User eats pork').negationLost).toBe(true);
    expect(factLoss('User does not eat pork', 'User likes chicken').negationLost).toBe(false);
    // the negation of another sentence than the one the new text states (MemEval's Mem0 run)
    const perseid =
      'Last year Melanie and her family saw the Perseid meteor shower on a camping trip. They made wishes, creating a moment they will never forget.';
    expect(factLoss(perseid, 'Melanie saw the Perseid meteor shower on a camping trip last year and felt in awe.').negationLost).toBe(false);
    expect(factLoss('Melanie likes camping. She does not like hiking in the rain.', 'Melanie likes camping and hiking in the rain.').negationLost).toBe(true);
  });
});
