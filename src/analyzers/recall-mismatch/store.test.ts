import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFiles, testAnalyzer } from '../../../test/analyzer-tester.js';
import { Ledger, labelOf, leadOf, segments, toldTerms } from './ledger.js';
import { COMMON_MIN_DOCS, StoreIndex, StoreTerms, ownerTerms, searchOwner } from './fit.js';
import type { SessionEvent } from '../../store/session.js';
import { tokens } from '../../text/relevance.js';
import { analyzer } from './index.js';

// Memory stores about two people (fixtures/store/, made by fixtures/generate-store.mjs), same-session
// stores of two users, and prompts that list other memories: the rules of ./fit.ts and ./reach.ts.
const here = import.meta.dirname;
const store = (lang: string, q: string) => [`fixtures/store/store-${lang}.jsonl`, `fixtures/store/${q}-${lang}.jsonl`];
const TURN_LANGS = ['en', 'zh', 'es'];
const turns = (lang: string, q: string) => [`fixtures/store/turns-${lang}.jsonl`, `fixtures/store/turns-${q}-${lang}.jsonl`];
const turnFlag = (l: string, q: string, m: number, what: string) => ({
  name: `${what} (${l})`,
  files: turns(l, q),
  // no mechanism in the log (a full top_k): possible, so a warning at most
  expected: [{ session: `turns-${q}-${l}`, turn: 1, cause: 'not_retrieved' as const, severity: 'warning' as const }],
  memory: `turns-${l}-m${m}`,
});

testAnalyzer(analyzer, here, {
  valid: [
    ...['en', 'es'].map((l) => ({ name: `a memory sharing the person's name and one word is not relevant (${l})`, files: store(l, 'name-only') })),
    ...['zh', 'ko'].map((l) => ({ name: `no memory is about the question, only about the person (${l})`, files: store(l, 'name-only') })),
    ...['en', 'zh', 'es', 'ko'].map((l) => ({ name: `the question is about the other person of the store (${l})`, files: store(l, 'other-subject') })),
    { name: 'a memory fits, but a returned one fits the question better (en)', files: store('en', 'weaker') },
    { name: "the other user's memory, in the same session, behind the search's user filter (en)", files: ['fixtures/valid/other-user-store-en.jsonl'] },
    { name: "the other user's memory, in the same session, behind the search's user filter (zh)", files: ['fixtures/valid/other-user-store-zh.jsonl'] },
    { name: 'the memory copied (reworded) on one line of the prompt reached it (en)', files: ['fixtures/valid/copied-in-prompt-en.jsonl'] },
    // a store of one speaker's verbatim turns (an A-Mem store)
    ...TURN_LANGS.map((l) => ({ name: `the only turn with the question's words asks it: it states nothing (${l})`, files: turns(l, 'question') })),
    ...TURN_LANGS.map((l) => ({
      name: `the question is about the person the speaker addresses; the turn with its words is the speaker's own (${l})`,
      files: turns(l, 'other'),
    })),
  ],
  invalid: [
    ...['en', 'zh', 'es', 'ko'].map((l) => ({
      name: `the memory that fits was not among the returned top_k, whose results share only the name (${l})`,
      files: store(l, 'flag'),
      expected: [{ session: `flag-${l}`, turn: 1, cause: 'not_retrieved' as const }],
    })),
    ...TURN_LANGS.map((l) => turnFlag(l, 'flag', 0, "the speaker's turn that answers a question about her was not returned")),
    ...TURN_LANGS.map((l) => turnFlag(l, 'mixed', 4, 'the turn states the answer before it asks a question with the same words')),
    ...TURN_LANGS.map((l) => turnFlag(l, 'own', 3, "the speaker's own turn, for a question about her")),
    ...['en', 'zh', 'es', 'ko'].map((l) => ({
      name: `the memory holding the question's phrase was not returned; the one holding its words in two sentences is not reported (${l})`,
      files: [`fixtures/store/store-phrase-${l}.jsonl`, `fixtures/store/phrase-${l}.jsonl`],
      expected: [{ session: `phrase-${l}`, turn: 1, cause: 'not_retrieved' as const }],
    })),
    {
      name: 'the search returned fewer results than top_k: the memory was not in its index (en)',
      files: store('en', 'not-indexed'),
      expected: [{ session: 'not-indexed-en', turn: 1, cause: 'not_retrieved' }],
    },
    {
      name: 'an earlier search of the store returned the memory, a later one missed it: ranked below its cut (en)',
      files: store('en', 'ranked-below'),
      expected: [{ session: 'ranked-below-en', turn: 2, cause: 'not_retrieved' }],
    },
    {
      name: "the same user's memory, in the same session, not retrieved (en)",
      files: ['fixtures/invalid/same-user-store-en.jsonl'],
      expected: [{ session: 'same-user-store-en', turn: 2, cause: 'not_retrieved' }],
    },
    {
      name: "the memory's words scattered over other lines of the prompt did not bring it (en)",
      files: ['fixtures/invalid/scattered-in-prompt-en.jsonl'],
      expected: [{ session: 'scattered-in-prompt-en', turn: 3, cause: 'not_retrieved' }],
    },
    {
      name: "the memory's words scattered over other sentences of the prompt did not bring it (zh)",
      files: ['fixtures/invalid/scattered-in-prompt-zh.jsonl'],
      expected: [{ session: 'scattered-in-prompt-zh', turn: 3, cause: 'not_retrieved' }],
    },
  ],
});

describe("recall-mismatch: a store of one speaker's verbatim turns", () => {
  const abs = (fs: string[]) => fs.map((f) => path.resolve(here, f));
  for (const l of TURN_LANGS)
    for (const c of [turnFlag(l, 'flag', 0, ''), turnFlag(l, 'mixed', 4, ''), turnFlag(l, 'own', 3, '')])
      it(`${c.files[1]}: the missed turn is ${c.memory}, possible, shared terms from what it states (${l})`, async () => {
        const fs = await analyzeFiles([analyzer], abs(c.files));
        expect(fs.map((f) => [f.detail!.memory_id, f.confidence])).toEqual([[c.memory, 'possible']]);
      });
  it("the shared terms leave out the words of the turn's question and the speaker's name", async () => {
    const [f] = await analyzeFiles([analyzer], abs(turns('en', 'mixed')));
    expect((f.detail!.relevance as { shared_terms: string[] }).shared_terms.sort()).toEqual(tokens('finish quilt niece').sort());
  });
});

describe('recall-mismatch: what a search that logs only its top_k can tell', () => {
  const abs = (fs: string[]) => fs.map((f) => path.resolve(here, f));
  it('a full top_k: ranked below it or never indexed, unknown; the fits say why it is reported', async () => {
    const [f] = await analyzeFiles([analyzer], abs(store('en', 'flag')));
    expect(f.detail).toMatchObject({ memory_id: 'en-m2', not_retrieved: { reason: 'unknown', best_injected_fit: 0 } });
    expect((f.detail!.not_retrieved as { fit: number }).fit).toBeGreaterThanOrEqual(0.5);
    expect(f.title).toContain('better than the 3 results it got');
    expect(f.title).toContain('ranked below them, or not indexed');
  });
  it('fewer results than top_k: not in the index searched', async () => {
    const [f] = await analyzeFiles([analyzer], abs(store('en', 'not-indexed')));
    expect(f.detail!.not_retrieved).toEqual({ reason: 'not_indexed', returned: 2, top_k: 5 });
    expect(f.title).toContain('returned 2 of top_k=5');
  });
  it('a memory an earlier search of the same store returned is indexed: ranked below the cut, and by which search', async () => {
    const [f] = await analyzeFiles([analyzer], abs(store('en', 'ranked-below')));
    expect(f.detail!.not_retrieved).toMatchObject({ reason: 'ranked_below', returned_by: 'ranked-below-en-r1', rank: 1, best_injected_fit: 0 });
    expect(f.title).toContain('ranked below them: it is in the index (search ranked-below-en-r1 returned it 1st at 2026-05-02T10:01:00.000Z)');
  });
  it('the shared terms leave out the name of the person the store is about', async () => {
    const [f] = await analyzeFiles([analyzer], abs(store('en', 'flag')));
    expect((f.detail!.relevance as { shared_terms: string[] }).shared_terms).toEqual(['berlin', 'marath']);
  });
  it('how sure: no mechanism in the log is possible; fewer results than top_k, or an earlier search that returned it, is likely', async () => {
    const conf = async (q: string) => (await analyzeFiles([analyzer], abs(store('en', q))))[0].confidence;
    expect(await conf('flag')).toBe('possible');
    expect(await conf('not-indexed')).toBe('likely');
    expect(await conf('ranked-below')).toBe('likely');
  });
  it('min_shared_unranked 3 silences a memory no candidate names that shares two words with the question (en, es)', async () => {
    const opt = { 'recall-mismatch': { min_shared_unranked: 3 } };
    expect(await analyzeFiles([analyzer], abs(store('en', 'flag')))).toHaveLength(1);
    expect(await analyzeFiles([analyzer], abs(store('en', 'flag')), opt)).toEqual([]);
    expect(await analyzeFiles([analyzer], abs(store('es', 'flag')), opt)).toEqual([]);
  });
  for (const l of ['en', 'zh', 'es', 'ko'])
    it(`a phrase of the question held in one sentence is reported; its words each in another sentence are not (${l})`, async () => {
      const files = abs([`fixtures/store/store-phrase-${l}.jsonl`, `fixtures/store/phrase-${l}.jsonl`]);
      const found = await analyzeFiles([analyzer], files);
      expect(found.map((f) => f.detail!.memory_id)).toEqual([`${l}-phrase-m24`]);
      expect((found[0].detail!.not_retrieved as { phrase: string[] }).phrase).toHaveLength(2);
      // the look-alike fits the question as well by its words: only the phrase rule (phrase_span 0: off) tells them apart
      const off = await analyzeFiles([analyzer], files, { 'recall-mismatch': { phrase_span: 0 } });
      expect(off.map((f) => f.detail!.memory_id).sort()).toEqual([`${l}-phrase-m24`, `${l}-phrase-m25`]);
      expect(off.every((f) => (f.detail!.not_retrieved as { phrase?: string[] }).phrase === undefined)).toBe(true);
    });
  it('min_fit 0.9 silences a memory that holds two thirds of the question', async () => {
    expect(await analyzeFiles([analyzer], abs(store('en', 'flag')), { 'recall-mismatch': { min_fit: 0.9 } })).toEqual([]);
  });
});

function ledgerOf(user: string, texts: string[]): Ledger {
  const l = new Ledger();
  texts.forEach((text, i) => {
    const base = { kind: 'memory_write', ts: i, seq: i, session: 's', scope: { user } };
    const ev = { ...base, body: { write_id: `w${i}`, phase: 'committed', memory_id: `m${i}`, text } } as unknown as SessionEvent;
    l.merge(ev, 's', false);
    l.commit(ev, 's');
  });
  return l;
}

describe('store terms (./fit.ts)', () => {
  const mems = [
    ...Array.from(
      { length: 12 },
      (_, i) => `Maya planted ${['tulips', 'roses', 'basil', 'mint', 'ferns', 'lilies', 'sage', 'thyme', 'peas', 'beans', 'kale', 'leeks'][i]} this year`,
    ),
    ...Array.from({ length: 10 }, (_, i) => `Omar repaired the ${['bike', 'fence', 'roof', 'sink', 'gate', 'shed', 'door', 'lamp', 'clock', 'radio'][i]}`),
  ];
  const ev = { kind: 'retrieval', scope: { user: 'u-maya' }, body: { filters: {} } } as unknown as SessionEvent;
  it('names leading many memories are subjects: they weigh nothing and are not a shared topic', () => {
    const t = new StoreTerms(ledgerOf('u-maya', mems).searchStore(ev));
    expect(t.bm.size).toBeGreaterThanOrEqual(COMMON_MIN_DOCS);
    expect(t.weight('maya')).toBe(0);
    expect(t.weight('omar')).toBe(0);
    expect(t.weight('tulip')).toBeGreaterThan(0);
    const q = new Set(tokens('When did Maya plant tulips?'));
    expect(t.fit(q, new Set(tokens('Maya planted tulips this year')))).toBe(1);
    expect(t.fit(q, new Set(tokens('Maya repaired the bike')))).toBe(0);
  });
  it('a memory about the other person is about someone else; one naming both, or neither, is not', () => {
    const t = new StoreTerms(ledgerOf('u-maya', mems).searchStore(ev));
    const q = new Set(tokens('What did Omar plant?'));
    expect(t.otherSubject(q, new Set(tokens('Maya planted basil')))).toBe(true);
    expect(t.otherSubject(q, new Set(tokens('Maya and Omar planted basil')))).toBe(false);
    expect(t.otherSubject(q, new Set(tokens('The basil was planted in May')))).toBe(false);
    expect(t.otherSubject(new Set(tokens('What was planted?')), new Set(tokens('Maya planted basil')))).toBe(false);
  });
  it("a memory holds the query's focus: its rarest term that some memory holds", () => {
    const t = new StoreTerms(ledgerOf('u-maya', mems).searchStore(ev));
    const q = new Set(tokens('When did Maya plant basil in the greenhouse?'));
    expect(t.holdsFocus(q, new Set(tokens('Maya planted basil this year')))).toBe(true);
    expect(t.holdsFocus(q, new Set(tokens('Maya planted tulips this year')))).toBe(false);
    // no weighed term the store holds: nothing to tell memories apart by
    expect(t.holdsFocus(new Set(tokens('Where is the greenhouse?')), new Set(tokens('Maya planted tulips')))).toBe(true);
    // fewer than COMMON_MIN_DOCS memories: every term weighs the same, each is the focus
    const small = new StoreTerms(ledgerOf('u-maya', mems.slice(0, 5)).searchStore(ev));
    expect(small.holdsFocus(q, new Set(tokens('Maya planted tulips this year')))).toBe(true);
  });
  it("a query's phrases: its adjacent terms once stop words, subjects and terms no memory holds are left out", () => {
    const t = new StoreTerms(ledgerOf('u-maya', [...mems, 'Maya wants to build a greenhouse for the kids']).searchStore(ev));
    // "maya" (a subject), "plant" (more than half the memories hold it), "did", "in", "the" (stop words)
    // and "garden" (no memory holds it) are skipped: "basil" and "greenhouse" are next to each other
    expect(t.phrases([tokens('When did Maya plant basil in the garden greenhouse?')])).toEqual([tokens('basil greenhouse')]);
    expect(t.phrases([tokens('When did Maya build the greenhouse for the kids?')])).toEqual([tokens('build greenhouse'), tokens('greenhouse kids')]);
    // a query and its rewriting are read apart: the last term of one is not next to the first of the other
    expect(t.phrases([tokens('tulips'), tokens('basil')])).toEqual([]);
  });
  it('a memory holds a phrase when one of its sentences has both terms close together, in either order', () => {
    const extra = ['Maya wants to build a greenhouse for the kids', 'The kids of the street helped Omar'];
    const t = new StoreTerms(ledgerOf('u-maya', [...mems, ...extra]).searchStore(ev));
    const q = t.phrases([tokens('What does Maya want to build for the kids?')]);
    const held = (text: string, span = 3) => {
      const sentences = segments(text).map((x) => tokens(x));
      return t.phraseHeld(q, sentences, new Set(tokens(text)), span);
    };
    expect(q).toEqual([['build', 'kid']]);
    expect(held('Maya wants to build a greenhouse for the kids')).toEqual(['build', 'kid']);
    expect(held('For the kids, Maya will build a treehouse')).toEqual(['build', 'kid']);
    // each word in another sentence, or too far apart in one: the words met, the phrase did not
    expect(held('Maya will build a shed. The kids are away.')).toBeNull();
    expect(held('Maya will build a shed, paint the fence, plant the beans, fix the gate and then see the kids')).toBeNull();
    expect(held('Maya will build a shed, paint the fence, plant the beans, fix the gate and then see the kids', 20)).not.toBeNull();
    // one shared term: no phrase to hold
    expect(held('The kids love pizza')).toEqual([]);
  });
  it('in a store of fewer than COMMON_MIN_DOCS memories every term weighs the same and nothing is a subject', () => {
    const t = new StoreTerms(ledgerOf('u-maya', mems.slice(0, 5)).searchStore(ev));
    expect(t.weight('maya')).toBe(1);
    expect(t.weight('tulip')).toBe(1);
    expect(t.otherSubject(new Set(['omar']), new Set(['maya']))).toBe(false);
  });
  it("a search names its store by its scope or a scope filter; another user's store is not mixed in", () => {
    const l = ledgerOf('u-maya', mems);
    expect(searchOwner({ scope: undefined, body: { filters: { user_id: 'u-omar' } } } as unknown as SessionEvent)).toBe('/u-omar');
    expect(searchOwner({ scope: undefined, body: { filters: { scope: { tenant: 't1', user: 'u' } } } } as unknown as SessionEvent)).toBe('t1/u');
    expect(searchOwner({ scope: undefined, body: {} } as unknown as SessionEvent)).toBeNull();
    expect(l.store('/u-maya')?.bm.size).toBe(mems.length);
    expect(l.store('/u-omar')).toBeUndefined();
  });
  it('a deleted memory no longer leads its store', () => {
    const idx = new StoreIndex();
    for (let i = 0; i < 20; i++) idx.set(`m${i}`, i === 0 ? ['zora', 'kite'] : [`w${i}`, 'x']);
    expect(idx.subject('zora')).toBe(true);
    idx.delete('m0');
    idx.set('m20', ['w20']);
    expect(idx.subject('zora')).toBe(false);
  });
});

describe('labels (./ledger.ts): a slot and its value, not a frame of something said', () => {
  it('a short value under a short label names a slot; prose under a speaker frame does not', () => {
    expect(labelOf('Shipping address: 12 Elm Street, Leeds')).toBe('shipping address');
    expect(labelOf('Lieferadresse (neu): Lindenweg 3, 80331 München.')).toBe('lieferadresse');
    expect(labelOf('Speaker Maya says: Yesterday I took the kids to the museum - it was so cool seeing their eyes light up.')).toBeNull();
    expect(labelOf('Speaker Maya says: Good luck with your store!')).toBeNull();
    expect(labelOf('Maya: I planted tulips. They came up in April.')).toBeNull();
  });
  it('words are counted by the word segmenter: a Chinese turn under a speaker frame is prose, an address a value', () => {
    expect(labelOf('Speaker 小红 says: 我上周给侄女缝完了那床被子，花了整整三个月的周末时间。')).toBeNull();
    expect(labelOf('Speaker 小红 says: 小明，希望你家屋顶修好了。')).toBeNull();
    expect(labelOf('收货地址：北京市朝阳区建国路88号')).toBe('收货地址');
  });
  it("verbatim turns under one speaker frame (an A-Mem store) stay current side by side; a slot's new value replaces the old", () => {
    const turns = ledgerOf('u-maya', [
      'Speaker Maya says: I planted tulips this spring and they finally came up!',
      'Speaker Maya says: Yesterday I took the kids to the museum - it was so cool.',
      'Speaker Maya says: Good luck with your store!',
    ]);
    expect(turns.current.size).toBe(3);
    expect(ledgerOf('u-maya', ['Shipping address: 12 Elm Street, Leeds', 'Shipping address: 3 Oak Road, York']).current.size).toBe(1);
  });
});

describe("subjects of a store of verbatim turns: the frame is everyone's, the turn leads", () => {
  it('a turn under a speaker frame leads with its own first term; a slot or a plain memory with its first', () => {
    const lead = (t: string) => leadOf(t, tokens(t));
    expect(lead('Speaker Maya says: Thanks, Omar! The tulips finally came up this week.')).toBe('omar');
    expect(lead('Shipping address: 12 Elm Street, Leeds')).toBe(tokens('Shipping')[0]);
    expect(lead('Maya planted tulips this year')).toBe('maya');
  });
  it('the person a speaker addresses in many turns is a subject of her store: naming them is no shared topic', () => {
    const turns = Array.from({ length: 24 }, (_, i) =>
      i % 4 === 0
        ? `Speaker Maya says: Thanks, Omar! I repaired the ${['bike', 'fence', 'roof', 'sink', 'gate', 'shed'][i / 4]} this week.`
        : `Speaker Maya says: The ${['tulips', 'roses', 'basil', 'mint', 'ferns', 'lilies', 'sage', 'thyme', 'peas', 'beans', 'kale', 'leeks', 'figs', 'plums', 'pears', 'limes', 'dates', 'nuts'][i - 1 - Math.floor(i / 4)]} came up in the garden. So lovely to see!`,
    );
    const ev = { kind: 'retrieval', scope: { user: 'u-maya' }, body: { filters: {} } } as unknown as SessionEvent;
    const t = new StoreTerms(ledgerOf('u-maya', turns).searchStore(ev));
    expect(t.bm.size).toBe(24);
    expect(t.weight('omar')).toBe(0);
    expect(t.weight(tokens('Speaker')[0])).toBe(0);
    expect(t.weight('bike')).toBeGreaterThan(0);
  });
});

describe('what a memory states (./ledger.ts toldTerms): not its questions', () => {
  const told = (t: string) => [...toldTerms(t, new Set(tokens(t)))].sort();
  it('the terms of its sentences that are not questions, in any script', () => {
    expect(told('I finished the quilt. Have you ever made a quilt?')).toEqual(tokens('I finished the quilt.').sort());
    expect(told('Wow, so cool! What inspired the mural?')).toEqual(tokens('Wow, so cool!').sort());
    expect(told('What motivated you to pursue counseling?')).toEqual([]);
    expect(told('太酷了！壁画的灵感是什么？')).toEqual(tokens('太酷了！').sort());
    expect(told('¡Qué chulo! ¿Qué inspiró el mural')).toEqual(tokens('¡Qué chulo!').sort());
    expect(told('هل زرت المتحف؟')).toEqual([]);
  });
  it('a memory with no question keeps every term', () => {
    const t = 'Priya is training for the Berlin marathon in September.';
    const terms = new Set(tokens(t));
    expect(toldTerms(t, terms)).toBe(terms);
  });
});

describe('the user a search is scoped to is a subject of its store (./fit.ts ownerTerms)', () => {
  const ev = (user: string) => ({ kind: 'retrieval', scope: { user }, body: { filters: {} } }) as unknown as SessionEvent;
  it('the name in the user id, not its numbers', () => {
    expect([...ownerTerms(ev('Caroline_0'))]).toEqual(tokens('Caroline'));
    expect([...ownerTerms(ev('u-123'))]).toEqual([]);
    expect([...ownerTerms(ev('小红_0'))]).toEqual(tokens('小红'));
    expect([...ownerTerms({ kind: 'retrieval', body: {} } as unknown as SessionEvent)]).toEqual([]);
  });
  it("in a store of 20 memories or more: the owner's name weighs nothing, and a memory naming only the owner is not about another subject", () => {
    const turnsOf = Array.from({ length: 24 }, (_, i) =>
      i < 4 ? `Speaker Maya says: Omar, congrats on ${i}!` : `Speaker Maya says: Tulip ${i} came up in the garden. So lovely to see!`,
    );
    const e = ev('Maya_0');
    const t = new StoreTerms(ledgerOf('Maya_0', turnsOf).searchStore(e), ownerTerms(e));
    expect(t.subject('maya')).toBe(true);
    expect(t.weight('maya')).toBe(0);
    expect(t.otherSubject(new Set(tokens('What did Omar plant?')), new Set(tokens('Speaker Maya says: I planted tulips.')))).toBe(true);
    expect(t.otherSubject(new Set(tokens('What did Maya plant?')), new Set(tokens('Speaker Maya says: I planted tulips.')))).toBe(false);
    const small = new StoreTerms(ledgerOf('Maya_0', turnsOf.slice(0, 5)).searchStore(e), ownerTerms(e));
    expect(small.subject('maya')).toBe(false);
  });
});

describe('prompt segments (./reach.ts)', () => {
  it('lines and sentences, in Latin and CJK punctuation', () => {
    expect(segments('Notes:\n- Dinner at 7pm. Bring wine!\n- Sesame bagels')).toEqual(['Notes:', '- Dinner at 7pm.', 'Bring wine!', '- Sesame bagels']);
    expect(segments('用户备注：周五有聚会。早餐有芝麻贝果。')).toEqual(['用户备注：周五有聚会。', '早餐有芝麻贝果。']);
  });
});
