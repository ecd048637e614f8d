import { describe, expect, it } from 'vitest';
import { orphanReason, takeStoredRecords } from './stored-records.js';

const TRACE = 'a'.repeat(32);
const rec = (spanId: string, name: string, time: number, content: string) => ({
  timeUnixNano: String(time * 1e6),
  traceId: TRACE,
  spanId,
  eventName: name,
  body: { kvlistValue: { values: [{ key: 'content', value: { stringValue: content } }] } },
});
const line = (...rs: unknown[]) => rs.map((r) => JSON.stringify(r)).join('\n');

describe('takeStoredRecords: log records kept as bad lines, taken by the spans that come later', () => {
  it('a span takes its records in time order; a line left empty is deleted, a line with records of another span keeps them', () => {
    const lines = [
      { id: 7, raw: line(rec('s1', 'gen_ai.choice', 30, 'answer'), rec('s1', 'gen_ai.user.message', 10, 'hi'), rec('s2', 'gen_ai.user.message', 20, 'other')) },
      { id: 8, raw: line(rec('s3', 'gen_ai.user.message', 5, 'third')) },
      { id: 9, raw: line(rec('s9', 'gen_ai.user.message', 5, 'nobody')) },
    ];
    const got = takeStoredRecords(lines, ['s1', 's3', 's4']);
    expect([...got.keys()].sort()).toEqual(['s1', 's3']);
    expect(got.get('s1')?.events.map((e) => [e.name, e.attrs.content])).toEqual([
      ['gen_ai.user.message', 'hi'],
      ['gen_ai.choice', 'answer'],
    ]);
    // line 7 keeps s2's record and says so; line 8 is gone; line 9 is nobody's business here
    const [seven] = got.get('s1')?.resolves ?? [];
    expect(seven.id).toBe(7);
    expect(seven.raw?.toString()).toBe(JSON.stringify(rec('s2', 'gen_ai.user.message', 20, 'other')));
    expect(seven.reason).toBe(orphanReason({ names: ['gen_ai.user.message'], spanId: 's2', traceId: TRACE }, false));
    expect(got.get('s3')?.resolves).toEqual([{ id: 8, raw: null, reason: '' }]);
  });

  it('two spans sharing a line settle it the same way; a record written over several lines is read whole; other texts stay', () => {
    const pretty = JSON.stringify(rec('s2', 'gen_ai.user.message', 20, 'multi\nline'), null, 2);
    const lines = [{ id: 1, raw: `${line(rec('s1', 'gen_ai.user.message', 10, 'hi'))}\n${pretty}\nnot json at all` }];
    const got = takeStoredRecords(lines, ['s1', 's2']);
    expect(got.get('s2')?.events.map((e) => e.attrs.content)).toEqual(['multi\nline']);
    expect(got.get('s1')?.resolves).toEqual(got.get('s2')?.resolves);
    expect(got.get('s1')?.resolves[0]).toMatchObject({ id: 1, reason: '1 text that are no GenAI log record' });
    expect(got.get('s1')?.resolves[0].raw?.toString()).toBe('not json at all');
  });

  it('look-alike: records of no span asked for settle nothing', () => {
    expect(takeStoredRecords([{ id: 1, raw: line(rec('s1', 'gen_ai.user.message', 1, 'x')) }], ['s2']).size).toBe(0);
    expect(takeStoredRecords([{ id: 1, raw: line({ spanId: 's1', traceId: TRACE, eventName: 'app.log', body: { stringValue: 'x' } }) }], ['s1']).size).toBe(0);
  });
});
