/**
 * Probes of the memory design, one per point, through the engine's public API (the package's
 * `engine` entry as its source). Each describe is named by the design's section; each test fails on
 * an engine that departs from that point (issue 34 lists the departures these were written from).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { contentText } from '../src/events/validate.js';
import { claimOf, extractMemories, MEMORIES_HEADER, openEngine, type EngineOptions, type MemoryEngine } from '../src/engine/index.js';
import { REMIND_NOT, REMIND_PIN, UNITS_NOT, UNITS_PIN } from './standing-rules.js';

const U = { user: 'u-42', agent: 'support' };
const T0 = Date.parse('2026-03-02T09:00:00Z');
const DAY = 86_400_000;

const open: MemoryEngine[] = [];
function engine(opts: EngineOptions = {}): MemoryEngine & { tick(ms?: number): number } {
  let now = T0;
  const e = openEngine({ clock: () => now, keepEvents: true, autoDrain: false, session: 'probe', ...opts }) as MemoryEngine & { tick(ms?: number): number };
  e.tick = (ms = 1000) => (now += ms);
  open.push(e);
  return e;
}
afterEach(() => {
  for (const e of open.splice(0)) e.close();
});
const current = (e: MemoryEngine) => e.memories(U).map((m) => m.text);
const injected = (e: MemoryEngine, user: string) => {
  const plan = e.buildPrompt(U, { user });
  return plan.messages.map((m) => contentText(m.content)).find((t) => t.startsWith(MEMORIES_HEADER)) ?? '';
};

describe('§4.3 conflicts: subject and value for any subject', () => {
  it('a deadline, a host and an owner conflict with their own older values, through the text layer and not a word list', () => {
    const e = engine();
    for (const [a, b] of [
      ['The release deadline is Friday.', 'The release deadline moved to Monday.'],
      ['The staging host is db-stg-3.', 'The staging host is db-stg-4 now.'],
      ['Bob owns the billing service.', 'Carol is responsible for the billing service.'],
      ['截止日期是周五', '截止日期改到周一了'],
    ]) {
      e.remember(U, { type: 'fact', text: a });
      e.drain();
      e.tick(DAY);
      e.remember(U, { type: 'fact', text: b });
      e.drain();
      e.tick(DAY);
      expect(current(e)).toContain(b);
      expect(current(e)).not.toContain(a);
    }
    // both versions are kept: the loser is marked, never deleted
    expect(e.memories(U, { includeSuperseded: true })).toHaveLength(8);
  });

  it('look-alikes stay apart: another subject with the same head word, another qualifier, the same value under another name', () => {
    const e = engine();
    for (const t of [
      'The staging database host is db-stg-3.',
      'The staging database was resized to 64 GB.',
      'We use Postgres for orders.',
      'Analytics moved to ClickHouse.',
      'The orders database runs PostgreSQL 16.',
      'The prod host is db-9.',
    ]) {
      e.remember(U, { type: 'fact', text: t });
      e.drain();
      e.tick();
    }
    expect(current(e)).toHaveLength(6);
  });

  it('an owner and a backup owner are two subjects (a qualifier the other has not, src/text/attributes.ts); an owner and a new owner are one', () => {
    const pairs: [string, string, boolean][] = [
      ['The billing service owner is Priya.', 'The billing service backup owner is Marco.', false],
      ['The billing service owner is Priya.', 'The billing service deputy owner is Marco.', false],
      ["The user's address is 5 Elm Street.", "The user's old address is 9 Oak Road.", false],
      ['账单服务的负责人是王芳', '账单服务的备用负责人是李强', false],
      ['The billing service owner is Priya.', 'The billing service owner is Marco.', true],
      ['The billing service backup owner is Priya.', 'The billing service backup owner is Marco.', true],
    ];
    for (const [a, b, conflict] of pairs) {
      const e = engine();
      e.remember(U, { type: 'fact', text: a });
      e.drain();
      e.tick(DAY);
      e.remember(U, { type: 'fact', text: b });
      e.drain();
      expect(current(e).includes(a), `${a} / ${b}`).toBe(!conflict);
      expect(current(e)).toContain(b);
    }
  });

  it('a correction that names the old value is a correction, not agreement ("MySQL instead of Postgres", "MySQL, not Postgres")', () => {
    for (const correction of ['Use MySQL instead of Postgres for the orders database.', 'The orders database is MySQL, not Postgres.']) {
      const e = engine();
      e.userMessage(U, 'We use Postgres for the orders database.', { turn: 0 });
      e.tick();
      const t = e.userMessage(U, correction, { turn: 1 });
      expect(t.conflicts.map((c) => c.superseded.text)).toEqual(['We use Postgres for the orders database.']);
      expect(injected(e, 'Which database backs orders?')).not.toContain('We use Postgres');
    }
  });

  it('a bare correction names the old value, in English and Chinese: it supersedes, and the prompt never carries both databases', () => {
    const probes: [string, string, string][] = [
      ['We use Postgres for the orders database.', 'MySQL instead of Postgres.', 'Which database do the orders use?'],
      ['We use Postgres for the orders database.', 'MySQL, not Postgres.', 'Which database do the orders use?'],
      ['We use Postgres for the orders database.', 'Actually we use MySQL rather than Postgres.', 'Which database do the orders use?'],
      ['订单数据库用 Postgres。', '订单数据库用 MySQL，不是 Postgres。', '订单数据库用什么？'],
      ['订单数据库用 Postgres。', '用 MySQL 代替 Postgres。', '订单数据库用什么？'],
      ['订单数据库用 Postgres。', '不是 Postgres，是 MySQL。', '订单数据库用什么？'],
    ];
    for (const [stated, correction, question] of probes) {
      for (const via of ['userMessage', 'remember'] as const) {
        const e = engine();
        if (via === 'userMessage') e.userMessage(U, stated, { turn: 0 });
        else e.remember(U, { type: 'fact', text: stated });
        e.tick();
        if (via === 'userMessage') e.userMessage(U, correction, { turn: 1 });
        else e.remember(U, { type: 'decision', text: correction });
        const why = `${via}: ${correction}`;
        // before and after the worker commits the queued fact: never both values as current
        for (const drained of [false, true]) {
          const text = injected(e, question);
          expect(text, `${why} (drained: ${drained})`).not.toContain(stated.replace(/[.。]$/u, ''));
          if (via === 'userMessage') expect(text, `${why} (drained: ${drained})`).toContain('MySQL');
          e.drain();
        }
        expect(current(e), why).toHaveLength(1);
        expect(current(e)[0], why).toContain('MySQL');
      }
    }
  });

  it('a switch that does not name the old value, and an owner named either way, supersede what they replace', () => {
    for (const [stated, update] of [
      ['We use Postgres for the orders database.', 'The orders database is on MySQL now.'],
      ['We use Postgres for the orders database.', 'We moved the orders database to MySQL.'],
      ['Bob owns the billing service.', 'Billing is owned by Carol now.'],
      ['Alice is the owner of the payments repo.', 'Carol is the owner of the payments repo now.'],
    ]) {
      const e = engine();
      e.remember(U, { type: 'fact', text: stated });
      e.drain();
      e.tick();
      e.remember(U, { type: 'fact', text: update });
      e.drain();
      expect(current(e), update).toEqual([update]);
    }
  });

  it("time first, then credibility, scored together: a 400-day-old statement loses to a newer switch the user confirmed; a fresh inference loses to yesterday's statement", () => {
    const e = engine();
    e.remember(U, { type: 'decision', text: 'We use Postgres for the orders database.', source: 'user' });
    e.tick(400 * DAY);
    const confirmed = e.remember(U, { type: 'decision', text: 'The orders database now uses MySQL.', source: 'confirmed' });
    expect(confirmed.conflicts?.[0]).toMatchObject({ rule: 'recency', kept: { text: 'The orders database now uses MySQL.' } });
    e.tick(DAY);
    const guess = e.remember(U, { type: 'decision', text: 'The orders database switched to MongoDB.', source: 'inferred' });
    expect(guess.conflicts?.[0]).toMatchObject({ rule: 'credibility', kept: { text: 'The orders database now uses MySQL.' } });
    // the winner is not decayed away: it is injected
    expect(injected(e, 'orders database')).toContain('MySQL');
  });

  it('equal timestamps are decided by the order the raw layer recorded, every time', () => {
    for (let i = 0; i < 6; i++) {
      const e = engine();
      e.userMessage(U, `Our build server is ci-${i}a.`, { turn: 0 });
      e.userMessage(U, `Our build server is ci-${i}b.`, { turn: 1 }); // same clock: no tick
      e.drain();
      expect(current(e)).toEqual([`Our build server is ci-${i}b.`]);
    }
  });

  it('pinned types are compared with every type: "I no longer drink coffee" retires a pinned "I love coffee"', () => {
    for (const [like, quit] of [
      ['I love coffee.', 'I no longer drink coffee.'],
      ['I love coffee.', "I don't drink coffee anymore."],
      ['我喜欢咖啡', '我戒咖啡了'],
      ['我喜欢咖啡', '我不喝咖啡了'],
    ]) {
      const e = engine();
      e.userMessage(U, like, { turn: 0 });
      e.tick();
      e.userMessage(U, quit, { turn: 1 });
      expect(e.pinned(U).map((m) => m.text)).toEqual([quit]);
    }
    // and a decision against a pinned preference of the same subject
    const e = engine();
    e.userMessage(U, 'I prefer dark theme.', { turn: 0 });
    e.tick();
    e.remember(U, { type: 'decision', text: 'We switched to light theme.' });
    expect(e.pinned(U)).toEqual([]);
  });

  it('a read never supersedes a memory that does not conflict (Postgres for orders, ClickHouse for analytics)', () => {
    const e = engine();
    e.remember(U, { type: 'decision', text: 'We use Postgres for orders.' });
    e.tick();
    e.remember(U, { type: 'decision', text: 'We switched analytics to ClickHouse.' });
    const plan = e.buildPrompt(U, { user: 'Which databases do orders and analytics use?' });
    expect(plan.conflicts).toEqual([]);
    expect(current(e)).toHaveLength(2);
  });
});

describe('§4.1 extraction: write triggers', () => {
  const kinds = (t: string) => extractMemories(t).map((x) => [x.type, x.slot]);

  it("the design's own examples write: 我戒咖啡了, 截止日期改到周一了, Remember X, a standing style request", () => {
    expect(kinds('我戒咖啡了')).toEqual([['preference', 'pref:drink']]);
    expect(kinds('截止日期改到周一了')).toEqual([['fact', 'fact:截止日期']]);
    expect(kinds('Remember that the staging host is db-stg-3.')).toEqual([['fact', 'fact:staging host']]);
    expect(kinds('Remember: my locker code is 4812.')).toEqual([['fact', 'fact:locker code']]);
    expect(kinds('Give me detailed explanations please.')).toEqual([['preference', 'pref:length']]);
  });

  it('a sentence over 400 characters is split into pieces, none dropped', () => {
    const long = `Our staging host is db-stg-3, ${'and the team keeps a very long list of notes about the rollout '.repeat(6)}, and the deadline is Friday.`;
    expect(long.length).toBeGreaterThan(400);
    const x = extractMemories(long);
    expect(x.length).toBeGreaterThan(0);
    expect(x.every((m) => m.text.length <= 400)).toBe(true);
    expect(x.map((m) => m.text).join(' ')).toContain('db-stg-3');
  });

  it('a preference in a sentence over 400 characters is pinned from its pieces, not dropped; a fact about where the user works is written', () => {
    const long = `Please always answer me in French because ${'my whole team reads the answers and most of them are more comfortable in French than in English and we share them in the team channel '.repeat(3)}thanks.`;
    expect(long.length).toBeGreaterThan(400);
    const e = engine();
    e.userMessage(U, long, { turn: 0 });
    const pinned = e.pinned(U);
    expect(pinned.length).toBeGreaterThan(0);
    expect(pinned.every((m) => m.text.length <= 400 && m.text.startsWith('Please always answer me in French'))).toBe(true);
    expect(kinds('I work on the payments platform team at Contoso.')).toEqual([['fact', null]]);
  });

  it('a request about this answer, the next message or today is not pinned; the same request for every answer is', () => {
    for (const t of ['Keep this answer under 100 words.', 'Respond in JSON for the next message.', 'Today, answer in German.', '今天用英文回答']) {
      const e = engine();
      e.userMessage(U, t, { turn: 0 });
      expect(e.pinned(U), t).toEqual([]);
    }
    for (const t of ['Keep answers under 100 words.', 'Always answer in German.', 'Give me detailed explanations please.']) {
      const e = engine();
      e.userMessage(U, t, { turn: 0 });
      expect(
        e.pinned(U).map((m) => m.text),
        t,
      ).toEqual([t.replace(/[.]$/, '')].map((x) => expect.stringContaining(x)));
    }
  });

  it('an instruction about units is pinned, in the ten languages; one-off conversions, the past and other people’s habits are not', () => {
    for (const [lang, t] of Object.entries(UNITS_PIN)) {
      const e = engine();
      e.userMessage(U, t, { turn: 0 });
      expect(
        e.pinned(U).map((m) => [m.type, m.slot, m.key]),
        lang,
      ).toEqual([['preference', 'pref:units', 'units:metric']]);
    }
    for (const t of Object.values(UNITS_NOT).flat()) {
      const e = engine();
      e.userMessage(U, t, { turn: 0 });
      expect(e.pinned(U), t).toEqual([]);
    }
    // a later system replaces the earlier one in its slot
    const e = engine();
    e.userMessage(U, 'Please use metric units.', { turn: 0 });
    e.tick();
    e.userMessage(U, 'Use imperial units from now on.', { turn: 1 });
    expect(e.pinned(U).map((m) => m.key)).toEqual(['units:imperial']);
  });

  it('"remember to always …" is pinned as a constraint in the ten languages (it does not decay); a one-off reminder or a habit is not pinned', () => {
    for (const [lang, t] of Object.entries(REMIND_PIN)) {
      const e = engine();
      e.userMessage(U, t, { turn: 0 });
      const pinned = e.pinned(U);
      expect(
        pinned.map((m) => m.type),
        lang,
      ).toEqual(['constraint']);
      expect(pinned[0].text.replace(/[。.]$/, ''), lang).toBe(t.replace(/[。.]$/, ''));
      e.tick(400 * DAY);
      expect(e.pinned(U), `${lang}, 400 days on`).toHaveLength(1);
    }
    for (const t of Object.values(REMIND_NOT).flat()) {
      const e = engine();
      e.userMessage(U, t, { turn: 0 });
      expect(e.pinned(U), t).toEqual([]);
    }
  });

  it('one-off requests and withdrawals are not pinned; "forget that" takes back what was just said', () => {
    const e = engine();
    for (const t of ['Keep answers short for this one.', 'Never mind.', 'Forget that.', '算了']) expect(e.userMessage(U, t).writes).toEqual([]);
    expect(e.pinned(U)).toEqual([]);
    e.userMessage(U, 'Our staging host is db-stg-3.', { turn: 1 });
    e.userMessage(U, 'Forget that.', { turn: 2 });
    expect(current(e)).toEqual([]);
    expect(e.memories(U, { includeSuperseded: true }).map((m) => m.text)).toEqual(['Our staging host is db-stg-3.']);
  });

  it('near-duplicates are compared by value: facts that differ by a small number are both kept', () => {
    const e = engine();
    expect(e.remember(U, { type: 'fact', text: 'The checkout service runs 12 replicas in the eu cluster.' }).status).toBe('enqueued');
    e.drain();
    expect(e.remember(U, { type: 'fact', text: 'The checkout service runs 12 replicas in the eu cluster!' }).status).toBe('duplicate');
    expect(e.remember(U, { type: 'fact', text: 'The payments service runs 14 replicas in the eu cluster.' }).status).toBe('enqueued');
  });

  it('a claim is read from the text layer in both languages', () => {
    expect(claimOf('My flight to Osaka is on May 3, seat 14C.')).toMatchObject({ subject: 'flight to Osaka', value: 'May 3' });
    expect(claimOf('We migrated the team database to MySQL 8, it is not PostgreSQL anymore.')).toMatchObject({
      subject: 'team database',
      value: 'MySQL 8',
      oldValue: 'PostgreSQL',
    });
    expect(claimOf('截止日期改到周一了')).toMatchObject({ subject: '截止日期', value: '周一', change: true });
  });
});

describe('§4.4 consistency: read-your-writes and versions by event time', () => {
  it('a queued write is found by search and injected before the worker commits it', () => {
    const e = engine();
    e.userMessage(U, 'Our staging host is db-stg-3.', { turn: 0 });
    expect(e.pendingWrites()).toBe(1);
    expect(e.search(U, 'staging host').map((h) => h.memory.text)).toEqual(['Our staging host is db-stg-3.']);
    expect(injected(e, 'What is the staging host?')).toContain('db-stg-3');
  });

  it('an update finds the queued memory it updates and keeps the details it leaves alone', () => {
    const e = engine();
    e.userMessage(U, 'My flight to Osaka is on May 3, seat 14C.', { turn: 0 });
    e.userMessage(U, 'The Osaka flight moved to May 4, the seat stays the same.', { turn: 1 });
    const text = injected(e, 'When is my flight to Osaka, and which seat?');
    expect(text).toContain('May 4, seat 14C');
    expect(text).not.toContain('May 3');
    e.drain();
    const [m] = e.memories(U);
    expect(e.versions(U, m.id).map((v) => [v.version, v.text, v.supersededAt === null])).toEqual([
      [1, 'My flight to Osaka is on May 3, seat 14C.', false],
      [2, 'My flight to Osaka is on May 4, seat 14C.', true],
    ]);
  });

  it('a correction committed while the fact it corrects is still queued: the queued old value is never shown as current', () => {
    const e = engine();
    e.userMessage(U, "My team's database is PostgreSQL 14.", { turn: 0 });
    e.tick();
    e.userMessage(U, 'We migrated the team database to MySQL 8, it is not PostgreSQL anymore.', { turn: 1 });
    for (const drained of [false, true]) {
      const text = injected(e, 'Which database does my team use now?');
      expect(text, `drained: ${drained}`).toContain('MySQL 8');
      expect(text, `drained: ${drained}`).not.toContain('PostgreSQL 14');
      e.drain();
    }
    expect(current(e)).toEqual(['We migrated the team database to MySQL 8, it is not PostgreSQL anymore.']);
  });

  it('two queued versions of one memory: the later by event time is the one read, before and after the worker commits', () => {
    const e = engine();
    e.remember(U, { type: 'fact', text: 'The on-call engineer is Ana.', slot: 'fact:on-call', at: T0 + 2 * DAY });
    e.remember(U, { type: 'fact', text: 'The on-call engineer is Bo.', slot: 'fact:on-call', at: T0 + DAY });
    for (const drained of [false, true]) {
      const text = injected(e, 'Who is the on-call engineer?');
      expect(text, `drained: ${drained}`).toContain('Ana');
      expect(text, `drained: ${drained}`).not.toContain('Bo.');
      expect(e.search(U, 'on-call engineer').map((h) => h.memory.text)).toEqual(['The on-call engineer is Ana.']);
      e.drain();
    }
  });

  it('versions follow event time: an older write committed later does not supersede the newer one', () => {
    const e = engine();
    e.remember(U, { type: 'fact', text: 'The on-call engineer is Ana.', slot: 'fact:on-call', at: T0 + 2 * DAY });
    e.remember(U, { type: 'fact', text: 'The on-call engineer is Bo.', slot: 'fact:on-call', at: T0 + DAY });
    e.drain();
    expect(current(e)).toEqual(['The on-call engineer is Ana.']);
    // and numbered in that order: Bo, dated a day earlier, is version 1, superseded by Ana's version 2
    const [m] = e.memories(U);
    expect(e.versions(U, m.id).map((v) => [v.version, v.text, v.supersededByVersion])).toEqual([
      [1, 'The on-call engineer is Bo.', 2],
      [2, 'The on-call engineer is Ana.', null],
    ]);
  });

  it('versions by event time hold for the worker too, and three writes queued out of order are numbered by their dates', async () => {
    const e = engine({ autoDrain: true });
    const at = [3, 1, 2].map((d) => T0 + d * DAY);
    const receipts = at.map((t, i) => e.remember(U, { type: 'fact', text: `The on-call engineer is ${['Cy', 'Ana', 'Bo'][i]}.`, slot: 'fact:on-call', at: t }));
    await Promise.all(receipts.map((r) => r.durable));
    const [m] = e.memories(U);
    expect(e.versions(U, m.id).map((v) => [v.version, v.text, v.createdAt])).toEqual([
      [1, 'The on-call engineer is Ana.', T0 + DAY],
      [2, 'The on-call engineer is Bo.', T0 + 2 * DAY],
      [3, 'The on-call engineer is Cy.', T0 + 3 * DAY],
    ]);
    expect(current(e)).toEqual(['The on-call engineer is Cy.']);
  });
});

describe('§4.2 injection and decay: the pinned section within a budget, preferences decay', () => {
  const WORDS =
    'amber basalt cedar dune ember fjord garnet harbor iris jade kelp lagoon maple nectar onyx pebble quartz raven sage tundra umber violet willow yarrow zinnia'.split(
      ' ',
    );
  const preference = (i: number) =>
    `I prefer the ${WORDS[i % 25]} theme with ${WORDS[(i * 7 + 3) % 25]} icons, ${WORDS[(i * 11 + 5) % 25]} fonts and ${i + 2} columns per page.`;
  function crowded(opts: EngineOptions = {}): MemoryEngine & { tick(ms?: number): number } {
    const e = engine({ contextLimit: 2048, ...opts });
    e.remember(U, { type: 'preference', text: 'I love kayak trips on Lake Bled in late spring.', source: 'user', critical: true, at: T0 - 5 * DAY });
    for (let i = 0; i < 81; i++) e.remember(U, { type: 'preference', text: preference(i), source: 'user', critical: true, at: T0 - DAY + i * 1000 });
    e.remember(U, { type: 'constraint', text: 'Never use XML in your answers.', source: 'user', critical: true, at: T0 - 10 * DAY });
    e.drain();
    return e;
  }

  it('81 preferences never push a 2k-window prompt over its budget; the constraint is kept first', () => {
    const e = crowded();
    expect(e.memories(U).length).toBeGreaterThan(60);
    const plan = e.buildPrompt(U, { user: 'Summarise my display settings.' });
    expect(plan.tokens).toBeLessThanOrEqual(plan.budget);
    expect(plan.overBudget).toBe(false);
    expect(plan.sections.pinned).toBeLessThanOrEqual(plan.budget * 0.25);
    expect(plan.pinnedLeftOut.length).toBeGreaterThan(20);
    expect(plan.pinned.map((m) => m.text)).toContain('Never use XML in your answers.');
    // the newest preferences stay pinned, the oldest leave first
    expect(plan.pinned.map((m) => m.text)).toContain(preference(80));
    expect(plan.pinnedLeftOut.map((m) => m.text)).toContain(preference(0));
  });

  it('a preference left out of the pinned section still reaches the prompt when the question is about it', () => {
    const e = crowded();
    const plan = e.buildPrompt(U, { user: 'Plan a kayak trip on Lake Bled for me.' });
    expect(plan.pinnedLeftOut.map((m) => m.text)).toContain('I love kayak trips on Lake Bled in late spring.');
    expect(plan.retrieved.filter((h) => h.injected).map((h) => h.memory.text)).toContain('I love kayak trips on Lake Bled in late spring.');
    expect(plan.tokens).toBeLessThanOrEqual(plan.budget);
  });

  it('the fixed parts come first: a long system text leaves the pinned section what is left, never more', () => {
    const e = crowded();
    const system = 'You are the settings assistant of a photo app. '.repeat(120);
    const plan = e.buildPrompt(U, { system, user: 'Summarise my display settings.' });
    expect(plan.tokens).toBeLessThanOrEqual(plan.budget);
    expect(plan.pinned.length).toBeLessThan(e.pinned(U).length);
  });

  it('a preference decays (90-day half-life) and leaves the pinned section after four half-lives; a constraint does not', () => {
    const e = engine();
    e.remember(U, { type: 'preference', text: 'I prefer answers in British English.', source: 'user', critical: true, at: T0 - 400 * DAY });
    e.remember(U, { type: 'preference', text: 'I prefer metric units.', source: 'user', critical: true, at: T0 - 30 * DAY });
    e.remember(U, { type: 'constraint', text: 'Never share my address.', source: 'user', critical: true, at: T0 - 400 * DAY });
    e.drain();
    expect(
      e
        .pinned(U)
        .map((m) => m.text)
        .sort(),
    ).toEqual(['I prefer metric units.', 'Never share my address.']);
    const text = e
      .buildPrompt(U, { user: 'Which spelling do I prefer, British English?' })
      .messages.map((m) => contentText(m.content))
      .join('\n');
    expect(text).toContain('Never share my address.');
    expect(text).toContain('I prefer metric units.');
    expect(text).not.toContain('British English.');
  });
});
