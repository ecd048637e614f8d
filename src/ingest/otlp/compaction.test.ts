import { describe, expect, it } from 'vitest';
import type { DraftEvent, Ready } from './assemble.js';
import { CompactionMarks, flagCompaction, partCompactions, redpandaCompaction } from './compaction.js';
import type { SpanInfo } from './span.js';

const span = (id: string, start: number, attrs: Record<string, unknown> = {}): SpanInfo => ({
  traceId: 't',
  spanId: id,
  parentSpanId: null,
  name: 'chat',
  start,
  end: start + 10,
  attrs,
  resource: {},
  scope: null,
  events: [],
  error: false,
  statusMessage: null,
});
const request = (id: string, ts: number): DraftEvent => ({ kind: 'request', ts, id: `${id}:request`, fields: {} });
const ready = (events: DraftEvent[], session = 's'): Ready => ({
  session,
  turn: undefined,
  draft: { traceId: 't', line: 1, label: 'x', raw: '', opensTurn: true, events },
});
const call = (id: string, ts: number, flagged: boolean): Ready =>
  ready([...flagCompaction(span(id, ts), flagged ? { 'gen_ai.conversation.compacted': true } : {}), request(id, ts)]);
const kept = (m: CompactionMarks, r: Ready) => m.apply(r).draft.events.filter((e) => e.kind === 'compaction').length;

describe('CompactionMarks: one compaction per fact, by time', () => {
  it('a run of flagged calls is one compaction; flagged again after an unflagged call is a second', () => {
    const m = new CompactionMarks();
    expect([call('a', 1, false), call('b', 2, true), call('c', 3, true), call('d', 4, false), call('e', 5, true)].map((r) => kept(m, r))).toEqual([
      0, 1, 0, 0, 1,
    ]);
  });

  it('an explicit compaction between two calls takes the flag of the call after it, read in any order of the calls', () => {
    const m = new CompactionMarks();
    expect(kept(m, ready(redpandaCompaction(span('x', 5, { 'redpanda.compaction.phase': 'reactive' }))))).toBe(1);
    expect(kept(m, call('later', 8, true))).toBe(0);
    // the earlier call arrives after (it waited for its parent span): still no second compaction
    expect(kept(m, call('earlier', 1, false))).toBe(0);
  });

  it('look-alike: an explicit compaction before the previous call does not explain a new flag', () => {
    const m = new CompactionMarks();
    kept(m, ready(redpandaCompaction(span('x', 1, {}))));
    kept(m, call('a', 2, false));
    expect(kept(m, call('b', 3, true))).toBe(1);
  });

  it('sessions are apart', () => {
    const m = new CompactionMarks();
    expect(kept(m, call('a', 2, true))).toBe(1);
    expect(kept(m, ready([...flagCompaction(span('b', 3), { 'gen_ai.conversation.compacted': 'true' }), request('b', 3)], 'other'))).toBe(1);
  });

  it('a part sent again is the same compaction; a different part is another', () => {
    const m = new CompactionMarks();
    const parts = (id: string, ts: number, partId: string) =>
      ready([...partCompactions(span(id, ts), [{ role: 'user', content: [{ type: 'compaction', id: partId, content: 'sum' }] }], false), request(id, ts)]);
    expect([kept(m, parts('a', 1, 'p1')), kept(m, parts('b', 2, 'p1')), kept(m, parts('c', 3, 'p2'))]).toEqual([1, 0, 1]);
  });
});

describe('the shapes', () => {
  it('redpanda.compaction: phase, tokens before and after, the window, dropped and pruned counted', () => {
    const [e] = redpandaCompaction(
      span('x', 1, {
        'redpanda.compaction.phase': 'proactive',
        'redpanda.compaction.dropped_messages': 2,
        'redpanda.compaction.pruned_results': 1,
        'redpanda.compaction.before.tokens': 10,
        'redpanda.compaction.after.tokens': '6',
      }),
    );
    expect(e.fields).toEqual({ trigger: 'proactive', strategy: 'truncation', tokens_before: 10, tokens_after: 6, removed_count: 3 });
  });

  it('a compaction part without content or id is still one, without a summary; text parts are not', () => {
    const out = partCompactions(span('x', 1), [{ role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'compaction' }] }], false);
    expect(out.map((e) => e.fields)).toEqual([{}]);
    expect(partCompactions(span('x', 1), [{ role: 'user', content: 'compaction' }], false)).toEqual([]);
  });
});
