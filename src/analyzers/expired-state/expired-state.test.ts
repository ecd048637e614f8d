import { describe, expect, it } from 'vitest';
import { analyzeFiles, flags, testAnalyzer } from '../../../test/analyzer-tester.js';
import { setsAside } from './aside.js';
import { analyzer } from './index.js';
import type { Detail } from './types.js';

testAnalyzer(analyzer, import.meta.dirname, {
  valid: [
    { name: 'English: a task state injected while its ttl_s still ran', files: ['fixtures/valid/before-expiry-en.jsonl'] },
    { name: "Chinese: the expired meeting is a candidate below top_k; today's is injected", files: ['fixtures/valid/below-cut-zh.jsonl'] },
    { name: 'Spanish: the expired offer injected, and the answer says it has lapsed ("ya caducó")', files: ['fixtures/valid/set-aside-es.jsonl'] },
    { name: 'German: memories with no lifetime (and an expires_at that is no time), served months later', files: ['fixtures/valid/no-lifetime-de.jsonl'] },
    {
      name: 'Russian: the expired visit injected; the answer names the plumber in another case and says the note no longer holds ("уже не действует")',
      files: ['fixtures/valid/set-aside-ru.jsonl'],
    },
    { name: 'Japanese: served 30 s after its expiry (a sweep), and a task state with no stated lifetime', files: ['fixtures/valid/within-grace-ja.jsonl'] },
  ],
  invalid: [
    flags(
      'English: a courier window with ttl_s 8 h, injected by a search the next day over the current order, and the answer uses it',
      'fixtures/invalid/ttl-next-day-en.jsonl',
      'es-i-ttl-en',
      [1, 'expired_retrieved', 'error'],
    ),
    flags(
      "Chinese: a meeting with expires_at '2026-05-04' (a date alone: the end of that day) injected five days later",
      'fixtures/invalid/date-only-zh.jsonl',
      'es-i-date-zh',
      [1, 'expired_retrieved', 'error'],
    ),
    flags('Spanish: a cached profile block, no search, carries an offer past its ttl_s', 'fixtures/invalid/cached-block-es.jsonl', 'es-i-cached-es', [
      1,
      'expired_in_prompt',
      'error',
    ]),
    flags(
      'German: a detour written in an earlier session with an ISO expires_at, injected weeks later',
      'fixtures/invalid/longterm-de.jsonl',
      'es-i-longterm-de',
      [0, 'expired_retrieved', 'error'],
    ),
    flags("Japanese: today's stand-up with expires_at in epoch milliseconds, injected two days later", 'fixtures/invalid/epoch-ms-ja.jsonl', 'es-i-epoch-ja', [
      1,
      'expired_retrieved',
      'error',
    ]),
  ],
});

describe('expired-state: the lifetime and the chain', () => {
  it('reads ttl_s from the commit, names what the expired memory crowded out, and steps to file:line', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/ttl-next-day-en.jsonl`]);
    const d = f.detail as unknown as Detail;
    expect(d.lifetime).toEqual({ expires_at: '2026-05-04T17:00:01.000Z', from: 'ttl_s', ttl_s: 28800 });
    expect(d.crowded_out).toEqual([{ id: 'm-task-2', rank: 2 }]);
    expect(d.layer).toBe('retrieval');
    expect(d.answer).toEqual({ turn: 1, used: true });
    expect(f.evidence.map((e) => e.role)).toEqual(['write', 'retrieval', 'response']);
    for (const e of f.evidence) expect(e.source).toMatch(/ttl-next-day-en\.jsonl:\d+$/);
  });

  it('a date alone expires at the end of that day, UTC', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/date-only-zh.jsonl`]);
    expect((f.detail as unknown as Detail).lifetime.expires_at).toBe('2026-05-04T23:59:59.999Z');
  });

  it('reads "no longer valid" in several languages, and not a plain answer', () => {
    for (const t of [
      'That offer has expired.',
      '这个会议已经过期了。',
      'Das Angebot ist abgelaufen.',
      "L'offre est expirée.",
      'Эта скидка истекла.',
      'その予定は期限切れです。',
      // "no longer" near a word of validity, either order
      'That note no longer applies.',
      "That reminder isn't valid anymore.",
      'Die Notiz gilt nicht mehr.',
      'Esa nota ya no está vigente.',
      'Cette note n’est plus valable.',
      'Essa nota já não vale.',
      'Эта запись уже не действует.',
      '这个优惠已经不再适用。',
    ])
      expect(setsAside(t), t).toBe(true);
    for (const t of [
      'Your courier arrives at 14:00.',
      '你今天下午三点开会。',
      'Fahr über Hildesheim.',
      // "no longer" of something else, or a word of validity in another clause
      'He no longer lives here.',
      'I no longer drive, the bus is fine.',
      'Das ist nicht mehr weit, der Termin gilt.',
      'Ya no llueve; el plan actual sigue.',
      'Le prix actuel est plus bas.',
    ])
      expect(setsAside(t), t).toBe(false);
  });
});
