// Several writes to one channel in one applied step: lost, merged or unchanged. The rule alone, then on a real
// sample (@langchain/langgraph 1.7.3 on SqliteSaver, fixtures/real/generated-memsys/langgraph/lookalikes.sqlite,
// scripts/memsys-samples/langgraph-lookalikes.mjs).
import { describe, expect, it } from 'vitest';
import { judgeWrites } from './merge.js';
import { readCheckpoints } from './map.js';
import { sqliteBackend } from './backend.js';
import type { IngestItem } from '../types.js';

const unset = { set: false, value: undefined };
const was = (value: unknown) => ({ set: true, value });

describe('judgeWrites', () => {
  it('a reducer merge (the channel equals none of the writes): all merged', () => {
    expect(judgeWrites([['a'], ['b']], was(['x']), ['x', 'a', 'b'])).toEqual({ lost: [], merged: [0, 1], survivor: null });
  });
  it('[] plus [doc] on an empty channel, or the same value twice: nothing lost', () => {
    expect(judgeWrites([['doc'], []], unset, ['doc'])).toEqual({ lost: [], merged: [0, 1], survivor: null });
    expect(judgeWrites([['doc'], ['doc']], was([]), ['doc'])).toEqual({ lost: [], merged: [0, 1], survivor: null });
    // rewriting the value the channel already had changes nothing
    expect(judgeWrites([['x', 'doc'], ['x']], was(['x']), ['x', 'doc'])).toEqual({ lost: [], merged: [0, 1], survivor: null });
  });
  it('must flag: a clear ([]) of a channel that held something, replaced by the other write', () => {
    expect(judgeWrites([['x', 'doc'], []], was(['x']), ['x', 'doc'])).toEqual({ lost: [1], merged: [], survivor: 0 });
  });
  it("must flag: the old value written back over the other branch's change (the no-change write wins)", () => {
    expect(judgeWrites([['y'], ['x']], was(['x']), ['x'])).toEqual({ lost: [0], merged: [], survivor: 1 });
  });
  it('must flag: two changes, one kept; an identical third survivor replaced nothing', () => {
    expect(judgeWrites(['a', 'b', 'b'], was('x'), 'b')).toEqual({ lost: [0], merged: [2], survivor: 1 });
  });
  it('one write, or a final value that cannot be read: no verdict', () => {
    expect(judgeWrites(['a'], was('x'), 'a')).toEqual({ lost: [], merged: [], survivor: null });
    expect(judgeWrites(['a', 'b'], was('x'), undefined)).toEqual({ lost: [], merged: [], survivor: null });
  });
});

async function states(thread: string) {
  const items: IngestItem[] = [];
  const file = 'fixtures/real/generated-memsys/langgraph/lookalikes.sqlite';
  for await (const it of readCheckpoints(sqliteBackend({ path: file, url: null, display: 'lookalikes.sqlite', params: {} }, 'lookalikes.sqlite')))
    items.push(it);
  expect(items.filter((i) => i.type === 'bad')).toEqual([]);
  return items
    .flatMap((i) => (i.type === 'event' ? [i.event.body as Record<string, unknown>] : []))
    .filter((e) => e.session === thread && e.kind === 'state' && e.key === 'docs')
    .map((e) => `${e.actor}:${e.overwritten ? 'overwritten' : e.merged ? 'merged' : 'kept'}`);
}

describe('fan-outs in a real LangGraph store', () => {
  it('[] from one retriever, [doc] from the other, concatenated: both merged, nothing overwritten', async () => {
    expect((await states('merge-empty-branch')).sort()).toEqual(['retrieve_notes:merged', 'retrieve_web:merged']);
  });
  it('both branches wrote the same list (last-write-wins): both merged', async () => {
    expect((await states('same-value')).sort()).toEqual(['retrieve_notes:merged', 'retrieve_web:merged']);
  });
  it("must flag: the notes branch cleared the list and the web branch's append won: the clear is overwritten", async () => {
    expect(await states('clear-lost')).toEqual(['__start__:kept', 'retrieve_notes:overwritten', 'retrieve_web:kept']);
  });
});
