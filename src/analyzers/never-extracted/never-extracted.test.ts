import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFiles, flags, testAnalyzer } from '../../../test/analyzer-tester.js';
import { durableStatements } from '../../text/durable.js';
import { analyzer as lostWrite } from '../lost-write/index.js';
import type { FindingOf, ReplayView } from '../views.js';
import { analyzer, type Cause, type Detail } from './index.js';
import { judge } from './judge.js';

const here = import.meta.dirname;
const abs = (f: string) => path.resolve(here, f);

testAnalyzer(analyzer, here, {
  valid: [
    { name: '"from now on, always answer in Spanish" written as a preference (en)', files: ['fixtures/valid/extracted-en.jsonl'] },
    {
      name: 'a Chinese preference written in English: the same topic, read from the memory (zh-Hans)',
      files: ['fixtures/valid/other-language-memory-zh.jsonl'],
    },
    { name: '"I\'ll remember that" with no write: lost-write\'s promised_not_written, not this (en)', files: ['fixtures/valid/promised-lost-write-en.jsonl'] },
    { name: 'the write was attempted and failed: a lost write, not a missed extraction (es)', files: ['fixtures/valid/failed-write-es.jsonl'] },
    { name: 'no memory system: nothing to extract into (de)', files: ['fixtures/valid/no-memory-system-de.jsonl'] },
    { name: 'ordinary dialogue: "remember that time…?", advice, "I always loved…" (en)', files: ['fixtures/valid/ordinary-dialogue-en.jsonl'] },
    { name: 'the user took the preference back in a later turn (ja)', files: ['fixtures/valid/withdrawn-ja.jsonl'] },
    { name: 'stated in the last turn, no write after it: extraction may run after the log ends (en)', files: ['fixtures/valid/end-of-log-en.jsonl'] },
    {
      name: '"permanently stained", "I decided to try sourdough", "just this week": no lasting fact of the user\'s (en)',
      files: ['fixtures/valid/lasting-lookalikes-en.jsonl'],
    },
    { name: 'a lasting allergy, written in its turn (ja)', files: ['fixtures/valid/lasting-written-ja.jsonl'] },
    { name: 'a decision from now on in the last turn: no turn after it, extraction may run later (ru)', files: ['fixtures/valid/lasting-last-turn-ru.jsonl'] },
  ],
  invalid: [
    flags(
      '"Lembre que o meu marido é alérgico a camarão": no instruction cue of any language, read in the language it is written in (pt)',
      'fixtures/invalid/remember-no-cue-pt.jsonl',
      'ne-i-remember-pt',
      [1, 'remember_not_extracted'],
    ),
    flags('"From now on, always answer in Spanish." beside a fact that was written (en)', 'fixtures/invalid/pref-spanish-en.jsonl', 'ne-i-pref-en', [
      1,
      'preference_not_extracted',
    ]),
    flags('"请记住，我对花生过敏。" and only the trip was written (zh-Hans)', 'fixtures/invalid/remember-allergy-zh.jsonl', 'ne-i-remember-zh', [
      0,
      'remember_not_extracted',
    ]),
    flags('"今後は敬語で答えてください。" and only the meeting was written (ja)', 'fixtures/invalid/pref-keigo-ja.jsonl', 'ne-i-pref-ja', [
      0,
      'preference_not_extracted',
    ]),
    flags(
      '"Recuerda que mi vuelo a Lima sale el 3 de mayo." and only the hotel was written (es)',
      'fixtures/invalid/remember-flight-es.jsonl',
      'ne-i-remember-es',
      [0, 'remember_not_extracted'],
    ),
    flags('"Ab jetzt bitte keine Emojis mehr." and only the bike tour was written (de)', 'fixtures/invalid/pref-emoji-de.jsonl', 'ne-i-pref-de', [
      0,
      'preference_not_extracted',
    ]),
    flags(
      '"이건 평생 안 바뀌어요" after the daughter\'s lactose intolerance; a turn passes, nothing written (ko)',
      'fixtures/invalid/lasting-lactose-ko.jsonl',
      'ne-i-lasting-ko',
      [1, 'lasting_not_extracted'],
    ),
    flags('"Nous avons décidé : … à partir de maintenant uniquement du verre" (fr)', 'fixtures/invalid/lasting-decision-fr.jsonl', 'ne-i-lasting-fr', [
      1,
      'lasting_not_extracted',
    ]),
    flags('"…und daran wird sich nichts ändern" beside the delivery day, which was written (de)', 'fixtures/invalid/lasting-fact-de.jsonl', 'ne-i-lasting-de', [
      0,
      'lasting_not_extracted',
    ]),
    flags(
      '"…and that won\'t ever change": a negated verb of change, beside the delivery day, which was written (en)',
      'fixtures/invalid/lasting-unchanging-en.jsonl',
      'ne-i-unchanging-en',
      [0, 'lasting_not_extracted'],
    ),
    flags('"这辈子都改不了": a verb of change and its negation after it (zh-Hans)', 'fixtures/invalid/lasting-unchanging-zh.jsonl', 'ne-i-unchanging-zh', [
      0,
      'lasting_not_extracted',
    ]),
    flags('"我们决定了：从现在起只要有机蔬菜" (zh-Hans)', 'fixtures/invalid/lasting-decision-zh.jsonl', 'ne-i-lasting-zh', [1, 'lasting_not_extracted']),
    flags('"Mi pareja es celíaca y eso no va a cambiar" (es)', 'fixtures/invalid/lasting-fact-es.jsonl', 'ne-i-lasting-es', [1, 'lasting_not_extracted']),
    flags('a Mem0-style batch after the conversation kept the hike and not the daughter (en)', 'fixtures/invalid/batch-extraction-en.jsonl', 'ne-i-batch-en', [
      0,
      'remember_not_extracted',
    ]),
  ],
});

describe('never-extracted: the chain and the split with lost-write', () => {
  it('the chain: the statement, the answer, the first write the system made instead; layer extraction', async () => {
    const [f] = await analyzeFiles([analyzer], [abs('fixtures/invalid/pref-spanish-en.jsonl')]);
    expect(f.evidence.map((e) => e.role)).toEqual(['user_input', 'write', 'response']);
    expect(f.evidence[1].text).toBe('the memory system wrote "User\'s review with Acme is on Friday." and 1 more, none of them about this');
    expect(f.detail).toMatchObject({ key: 'language:es', turn: 1, writes_near: 2, writes_after: 2 });
    expect(f.layer).toBe('extraction');
    expect(f.confidence).toBe('likely');
  });

  it("a promise to remember with no write is lost-write's alone; a failed write too", async () => {
    const found = await analyzeFiles([analyzer, lostWrite], [abs('fixtures/valid/promised-lost-write-en.jsonl'), abs('fixtures/valid/failed-write-es.jsonl')]);
    expect(found.filter((f) => f.analyzer === 'lost-write').map((f) => [f.session, f.cause])).toEqual([['ne-v-promised-en', 'promised_not_written']]);
    expect(found.filter((f) => f.analyzer === 'never-extracted')).toEqual([]);
  });

  it("never fires with lost-write on one statement over lost-write's fixtures and its own", async () => {
    const found = await analyzeFiles([analyzer, lostWrite], [abs('../lost-write/fixtures'), abs('fixtures')]);
    const lost = found.filter((f) => f.analyzer === 'lost-write');
    expect(lost.length).toBeGreaterThan(10);
    for (const f of found.filter((x) => x.analyzer === 'never-extracted')) {
      expect(
        lost.find((l) => l.session === f.session && l.turn === f.turn),
        `${f.session} turn ${f.turn}`,
      ).toBeUndefined();
    }
  });
});

describe("never-extracted: replay's verdict", () => {
  const view = (texts: string[]) =>
    ({
      scopeAt: () => ({ user: 'u' }),
      writtenAt: new Map([[1, texts.map((_, i) => ({ status: 'committed', memoryId: `m${i}` }))]]),
      engine: { versions: (_: unknown, id: string) => [{ text: texts[Number(id.slice(1))] }] },
    }) as unknown as ReplayView;
  it('prevented when the reference engine wrote a memory about it at its turn; not prevented when it wrote other things', async () => {
    const [f] = await analyzeFiles([analyzer], [abs('fixtures/invalid/pref-spanish-en.jsonl')]);
    const found = f as FindingOf<Cause, Detail>;
    expect(judge(found, view(['User prefers answers in Spanish.'])).verdict).toBe('prevented');
    expect(judge(found, view(["User's review with Acme is on Friday."]))).toMatchObject({ verdict: 'not_prevented', how: expect.stringContaining('turn 1') });
  });
});

describe('durable statements (src/text/durable.ts)', () => {
  const kinds = (t: string) => durableStatements(t).map((d) => [d.kind, d.key ?? d.what]);
  it('a standing preference with a word that makes it last, in several languages', () => {
    expect(kinds('From now on, always answer in Spanish.')).toEqual([['preference', 'language:es']]);
    expect(kinds('以后回答都用列表，不要用表格。')).toEqual([['preference', 'format:lists-not-tables']]);
    expect(kinds('今後は敬語で答えてください。')).toEqual([['preference', 'tone:formal']]);
    expect(kinds('Ab jetzt bitte keine Emojis mehr.')).toEqual([['preference', 'emoji:none']]);
    // no word that makes it last: a request for the conversation, not for the memory
    expect(kinds('No emoji, please.')).toEqual([]);
  });
  it('a request to remember something about the speaker, and what it names', () => {
    expect(kinds("Remember that my sister's birthday is March 14.")).toEqual([['remember', "my sister's birthday is March 14"]]);
    expect(kinds('请记住，我对花生过敏。')).toEqual([['remember', '我对花生过敏']]);
    expect(kinds('私はピーナッツアレルギーです。覚えておいてください。')).toEqual([['remember', '私はピーナッツアレルギーです。']]);
    expect(kinds('Merk dir: Ich bin allergisch gegen Nüsse.')).toEqual([['remember', 'Ich bin allergisch gegen Nüsse']]);
    expect(kinds('請記得，我兒子六月十八號畢業典禮，那天我不會進店。')).toEqual([['remember', '我兒子六月十八號畢業典禮，那天我不會進店']]);
    // "please remember" of something not the speaker's: the weather
    expect(kinds('请记得，明天下雨。')).toEqual([]);
  });
  it("a fact or decision of the speaker's said to last, in several languages", () => {
    expect(kinds('Our son has a nut allergy, and that is not going to change.')).toEqual([
      ['lasting', 'Our son has a nut allergy, and that is not going to change.'],
    ]);
    expect(kinds('제 딸이 유당불내증이 있어요. 이건 평생 안 바뀌어요.')).toEqual([['lasting', '제 딸이 유당불내증이 있어요. 이건 평생 안 바뀌어요.']]);
    expect(kinds('Мы решили: с этого момента только фермерское молоко.')).toEqual([['lasting', 'Мы решили: с этого момента только фермерское молоко.']]);
    // a verb of change its negation governs, each language's way; a fact said to stay as it is
    const lasts = (t: string) =>
      expect(
        kinds(t).map(([k]) => k),
        t,
      ).toEqual(['lasting']);
    lasts('I’m coeliac, by the way, and that won’t ever change.');
    lasts('Ich vertrage keine Laktose, und das wird sich auch nicht ändern.');
    lasts('我对芒果过敏，这辈子都改不了，聚餐时请注意。');
    lasts('저는 갑각류 알레르기가 있는데 이건 바뀔 일이 없어요.');
    lasts('Soy intolerante a la lactosa y así va a seguir.');
    // a negated change of something the speaker does, not of the fact; a change not negated; a day, not a change
    expect(kinds("I can't change anything about my schedule.")).toEqual([]);
    expect(kinds('My sister said nothing will change the plan.')).toEqual([]);
    expect(kinds('I hope my schedule will change soon.')).toEqual([]);
    expect(kinds('改天不行，我明天要上班。')).toEqual([]);
    expect(kinds('私は予定を変えられない、ごめんね。')).toEqual([]);
    // an adverb of a past event, a decision with "always" and no "from now on", a plan for one week
    expect(kinds('34% of them have permanently lost the right to vote.')).toEqual([]);
    expect(kinds("I've always loved strategy games, so I decided to buy one.")).toEqual([]);
    expect(kinds('Just this week, leave the box with the neighbour.')).toEqual([]);
  });
  it('leaves ordinary dialogue alone: nostalgia, advice, trivia', () => {
    expect(kinds('Remember that time we went camping? So fun.')).toEqual([]);
    expect(kinds('Remember that staying positive is very important.')).toEqual([]);
    expect(kinds('Remember that the FDA once burned six tons of literature!')).toEqual([]);
    expect(kinds("Stay in touch, take care of yourself, and know I'm always here to cheer you on!")).toEqual([]);
  });
});
