// lost-write cases: a car-maintenance assistant with per-driver memory (store "driver-memories"). Turn 0 has a
// retrieval (a memory system is present in every session, and nothing is committed before it); turn 1 the driver
// states a fact and the assistant answers; turn 2 a later question.
import { hashSeed, rng, Session } from '../lib/blind-session.mjs';

export const LW_SPECS = [
  {
    kind: 'fault',
    variant: 'crash-before-commit',
    i: 0,
    description: 'enqueued + acknowledged + promise, then lifecycle crash of memory-writer; never committed; snapshot without it',
  },
  {
    kind: 'fault',
    variant: 'committed-missing-from-snapshot',
    i: 1,
    description: 'committed + acknowledged + promise; a later store_snapshot (memory_ids) of the same store lacks it',
  },
  {
    kind: 'fault',
    variant: 'acked-never-committed',
    i: 2,
    description: 'enqueued + acknowledged + promise; nothing more until the session ends two turns later',
  },
  {
    kind: 'fault',
    variant: 'promise-without-write',
    i: 3,
    description:
      'a promise ("I\'ll keep that in mind" in the language) in a turn with no memory_write and no memory tool; a retrieval at turn 0 shows the memory system',
  },
  { kind: 'look-alike', variant: 'offer-question', i: 7, description: 'the assistant offers to remember (a question), no write, nothing promised' },
  {
    kind: 'look-alike',
    variant: 'failed-then-retried-commit',
    i: 4,
    description: 'acknowledged + promise, failed once, retried, committed; the snapshot holds it',
  },
  {
    kind: 'look-alike',
    variant: 'snapshot-of-other-store',
    i: 5,
    description: 'committed + acknowledged + promise; a snapshot of another store (service-documents) lacks it, a later snapshot of driver-memories holds it',
  },
  { kind: 'look-alike', variant: 'memory-tool-ok', i: 6, description: 'the promise is backed by a save_memory tool call in the same turn whose result is ok' },
];

export function lwCase(L, spec, id) {
  const W = L.lw;
  const r = rng(hashSeed(id));
  const s = new Session(id, `2026-10-${String(3 + Math.floor(r() * 20)).padStart(2, '0')}T17:05:00Z`, r);
  const model = 'gpt-4o';
  const store = 'driver-memories';
  const say = W.say[spec.i];
  const mid = `dm-${String(100 + Math.floor(r() * 800))}`;
  const wid = `wr-${mid}`;
  const m0 = [
    { role: 'system', content: W.sys },
    { role: 'user', content: W.hello },
  ];
  s.add('request', 0, { model, messages: m0 });
  s.add('retrieval', 0, { query: W.hello, top_k: 3, candidates: [{ id: 'dm-7', score: 0.41, text: W.known }], injected: ['dm-7'] });
  s.add('response', 0, { content: W.helloAns });
  const m1 = [...m0, { role: 'assistant', content: W.helloAns }, { role: 'user', content: say }];
  s.add('request', 1, { model, messages: m1 });
  const w = (phase, extra = {}, ms) => s.add('memory_write', 1, { write_id: wid, phase, store, ...extra }, ms);
  const first = { memory_id: mid, memory_type: 'fact', text: say };
  let answer = W.promise[spec.i];
  const after = [];
  switch (spec.variant) {
    case 'crash-before-commit':
      w('enqueued', first);
      w('acknowledged', {}, 200);
      after.push(() => s.add('lifecycle', null, { event: 'crash', process: 'memory-writer', error: 'OOMKilled' }, 1800));
      after.push(() => s.add('lifecycle', null, { event: 'start', process: 'memory-writer' }, 9000));
      after.push(() => s.add('store_snapshot', null, { store, memory_ids: ['dm-7', 'dm-12', 'dm-31'] }, 60000));
      break;
    case 'committed-missing-from-snapshot':
      w('requested', first);
      w('committed', {}, 400);
      w('acknowledged', {}, 100);
      after.push(() => s.add('store_snapshot', null, { store, memory_ids: ['dm-7', 'dm-12', 'dm-31'] }, 120000));
      break;
    case 'acked-never-committed':
      w('enqueued', first);
      w('acknowledged', {}, 150);
      break;
    case 'promise-without-write':
    case 'offer-question':
      if (spec.variant === 'offer-question') answer = W.offer;
      break;
    case 'failed-then-retried-commit':
      w('enqueued', first);
      w('acknowledged', {}, 150);
      w('failed', { error: 'connection reset by peer' }, 900);
      w('retried', {}, 2000);
      w('committed', {}, 700);
      after.push(() => s.add('store_snapshot', null, { store, memory_ids: ['dm-7', mid, 'dm-12'] }, 60000));
      break;
    case 'snapshot-of-other-store':
      w('requested', first);
      w('committed', {}, 300);
      w('acknowledged', {}, 100);
      after.push(() => s.add('store_snapshot', null, { store: 'service-documents', memory_ids: ['doc-invoice-2291', 'doc-mot-2025'] }, 30000));
      after.push(() => s.add('store_snapshot', null, { store, memory_ids: ['dm-7', mid] }, 30000));
      break;
    case 'memory-tool-ok': {
      const callId = `call_${mid}`;
      const args = { text: say, user_id: 'driver-1' };
      s.add('response', 1, { content: '', tool_calls: [{ id: callId, type: 'function', function: { name: 'save_memory', arguments: JSON.stringify(args) } }] });
      s.add('tool_call', 1, { call_id: callId, name: 'save_memory', arguments: args });
      s.add('tool_result', 1, { call_id: callId, name: 'save_memory', content: { ok: true, id: mid } }, 500);
      s.add('request', 1, {
        model,
        messages: [
          ...m1,
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ id: callId, type: 'function', function: { name: 'save_memory', arguments: JSON.stringify(args) } }],
          },
          { role: 'tool', tool_call_id: callId, content: JSON.stringify({ ok: true, id: mid }) },
        ],
      });
      break;
    }
  }
  s.add('response', 1, { content: answer });
  for (const f of after) f();
  const m2 = [...m1, { role: 'assistant', content: answer }, { role: 'user', content: W.later }];
  s.add('request', 2, { model, messages: m2 });
  s.add('response', 2, { content: W.laterAns });
  return { jsonl: s.jsonl() };
}
