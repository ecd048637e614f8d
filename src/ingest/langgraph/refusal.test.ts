// Steps LangGraph refused as concurrent updates, on a real sample (@langchain/langgraph 1.7.3 on SqliteSaver,
// fixtures/real/generated-memsys/langgraph/refused.sqlite, scripts/memsys-samples/langgraph-refused.mjs), and the rule alone.
import { describe, expect, it } from 'vitest';
import { readCheckpoints, isStateChannel } from './map.js';
import { sqliteBackend } from './backend.js';
import { namesRefusal, refusedStep } from './refusal.js';
import type { IngestItem } from '../types.js';

const FILE = 'fixtures/real/generated-memsys/langgraph/refused.sqlite';

async function events(thread: string): Promise<Record<string, unknown>[]> {
  const items: IngestItem[] = [];
  for await (const it of readCheckpoints(sqliteBackend({ path: FILE, url: null, display: 'refused.sqlite', params: {} }, 'refused.sqlite'))) items.push(it);
  expect(items.filter((i) => i.type === 'bad')).toEqual([]);
  return items.flatMap((i) => (i.type === 'event' ? [i.event.body as Record<string, unknown>] : [])).filter((e) => e.session === thread);
}

const w = (channel: string, node: string, value: unknown = 'x') => ({ channel, node, value });

describe('refusedStep: the rule', () => {
  it('a channel written twice in a step no checkpoint applied is refused; once each, or a known reducer, is not', () => {
    expect(refusedStep([w('plan', 'a'), w('plan', 'b'), w('log', 'a')], isStateChannel, new Set())).toEqual({ channels: new Set(['plan']), errorRow: null });
    expect(refusedStep([w('flights', 'a'), w('hotel', 'b'), w('branch:to:c', 'a'), w('branch:to:c', 'b')], isStateChannel, new Set())).toBeNull();
    expect(refusedStep([w('log', 'a'), w('log', 'b')], isStateChannel, new Set(['log']))).toBeNull();
  });

  it('an interrupt, or a task error that is not the refusal, explains the stop instead', () => {
    expect(refusedStep([w('plan', 'a'), w('plan', 'b'), w('__interrupt__', 'b', [{ value: 'ok?' }])], isStateChannel, new Set())).toBeNull();
    expect(
      refusedStep([w('plan', 'a'), w('plan', 'b'), w('__error__', 'c', { message: 'ValueError: the hotel API is down' })], isStateChannel, new Set()),
    ).toBeNull();
  });

  it('an error row that names the refusal is used, and narrows it to the channel it names (Python and JS wording)', () => {
    const py = { message: "At key 'plan': Can receive only one value per step. Use an Annotated key to handle multiple values." };
    expect(refusedStep([w('plan', 'a'), w('plan', 'b'), w('log', 'a'), w('log', 'b'), w('__error__', 'b', py)], isStateChannel, new Set())).toEqual({
      channels: new Set(['plan']),
      errorRow: 4,
    });
    expect(namesRefusal({ message: 'Invalid update for channel "plan" with values ["a","b"]: LastValue can only receive one value per step.' })).toBe(true);
    expect(namesRefusal({ lc_error_code: 'INVALID_CONCURRENT_GRAPH_UPDATE' })).toBe(true);
    expect(namesRefusal('ValueError: one value is too many')).toBe(false);
  });
});

describe('a refused step in a real LangGraph store', () => {
  it('the refused writes are enqueued and failed, never acknowledged; each written channel a refused state write; one inferred error at the last checkpoint', async () => {
    const ev = await events('refused');
    const step = ev.filter((e) => e.actor === 'researcher' || e.actor === 'planner');
    expect(step.filter((e) => e.kind === 'memory_write' && e.phase === 'acknowledged')).toEqual([]);
    expect(step.filter((e) => e.kind === 'memory_write').map((e) => e.phase)).toEqual([
      'enqueued',
      'enqueued',
      'enqueued',
      'enqueued',
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
    const refused = step.filter((e) => e.kind === 'state');
    expect(refused.map((e) => `${e.actor}:${e.key}:${e.conflict}:${e.inferred}`).sort()).toEqual([
      'planner:log:concurrent_update:true',
      'planner:plan:concurrent_update:true',
      'researcher:log:concurrent_update:true',
      'researcher:plan:concurrent_update:true',
    ]);
    const errors = ev.filter((e) => e.kind === 'lifecycle' && e.event === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ inferred: true, checkpoint_id: refused[0].checkpoint_id });
    // located at the step's checkpoint, the thread's last, which shows no step followed
    expect(errors[0].locator).toBe(`checkpoints:thread_id=refused,checkpoint_id=${refused[0].checkpoint_id}`);
    expect(errors[0].error).toMatch(/INVALID_CONCURRENT_GRAPH_UPDATE.*Inferred: LangGraph stores no error row/);
    expect(errors[0].time).toMatch(/^unknown: the refusal came after the step's writes were saved at checkpoint/);
  });

  it('refused, then a new input on the thread: the input discarded the writes (not applied, not merged); the fixed run merges and commits', async () => {
    const ev = await events('refused-then-fixed');
    const states = ev.filter((e) => e.kind === 'state' && (e.key === 'plan' || e.key === 'log'));
    // first run: refused; second run (a reducer added): merged
    expect(states.map((e) => `${e.key}:${e.conflict ?? (e.merged ? 'merged' : 'applied')}`)).toEqual([
      'plan:concurrent_update',
      'log:concurrent_update',
      'plan:concurrent_update',
      'log:concurrent_update',
      'plan:merged',
      'plan:merged',
      'log:merged',
      'log:merged',
    ]);
    const error = ev.find((e) => e.kind === 'lifecycle' && e.event === 'error');
    expect(error?.error).toMatch(/the new input at checkpoint \S+ discarded its writes/);
    const acked = ev.filter((e) => e.kind === 'memory_write' && e.phase === 'acknowledged').map((e) => e.write_id);
    const committed = new Set(ev.filter((e) => e.kind === 'memory_write' && e.phase === 'committed').map((e) => e.write_id));
    expect(acked.filter((id) => !committed.has(id))).toEqual([]);
  });

  it.each(['reducer-fanout', 'separate-channels'])('%s: two branches in one step, applied: no refusal, every write committed', async (thread) => {
    const ev = await events(thread);
    expect(ev.filter((e) => e.conflict !== undefined || e.kind === 'lifecycle' || e.phase === 'failed')).toEqual([]);
    const acked = ev.filter((e) => e.kind === 'memory_write' && e.phase === 'acknowledged').map((e) => e.write_id);
    const committed = new Set(ev.filter((e) => e.kind === 'memory_write' && e.phase === 'committed').map((e) => e.write_id));
    expect(acked.length).toBeGreaterThan(3);
    expect(acked.filter((id) => !committed.has(id))).toEqual([]);
  });
});
