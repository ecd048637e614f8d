// blind6 lost-write shapes: a dog-walking and pet-sitting service's assistant with per-client memory (store
// "client-memories"). Turn 0 has a retrieval (a memory system in every session); the client tells something at
// turn 1; turn 2 is a later question.
import { hashSeed, rng, Session } from '../lib/blind-session.mjs';
import { WALK_SYS } from './shared.mjs';

export const LW_SPECS = [
  {
    kind: 'fault',
    variant: 'acked-then-worker-restart',
    c: 'restart',
    description: 'enqueued + acknowledged + a promise; memory-worker restarts before any commit; a snapshot without it',
  },
  {
    kind: 'fault',
    variant: 'acked-then-failed-no-retry',
    c: 'failed',
    description: 'requested + acknowledged + a promise; then failed (write timeout), never retried',
  },
  {
    kind: 'fault',
    variant: 'committed-missing-from-snapshot',
    c: 'snapshot',
    description: 'requested + committed + acknowledged + a promise; a later snapshot of the same store lacks it',
  },
  {
    kind: 'fault',
    variant: 'promise-without-write',
    c: 'promised',
    description: 'the answer promises to remember; no memory_write and no memory tool in that turn (a retrieval at turn 0)',
  },
  {
    kind: 'look-alike',
    variant: 'acked-after-commit',
    c: 'ackCommit',
    description: 'requested + committed, then acknowledged + a promise; the snapshot holds it',
  },
  {
    kind: 'look-alike',
    variant: 'failure-told-to-user',
    c: 'failTold',
    description: 'requested + failed, never acknowledged; the answer says it could not be saved',
  },
  {
    kind: 'look-alike',
    variant: 'file-saved-not-memory',
    c: 'file',
    description: 'an upload_file tool call; the answer says the document was saved to a named .pdf path (a file, not a memory)',
  },
  {
    kind: 'look-alike',
    variant: 'offer-to-remember',
    c: 'offer',
    description: 'the answer only offers, as a question, to remember it; the client declines at turn 2',
  },
];

export function lwCase(L, spec, id) {
  const W = L.lw;
  const C = W.cases[spec.c];
  const r = rng(hashSeed(id));
  const s = new Session(id, '2026-10-05T07:10:00Z', r);
  const scope = { user: `client-${(hashSeed(id) % 900) + 100}` };
  const store = 'client-memories';
  const msgs = [{ role: 'system', content: WALK_SYS }];
  const ask = (t, text) => {
    msgs.push({ role: 'user', content: text });
    s.add('request', t, { request_id: `${id}-r${t}`, model: 'gpt-4o', messages: structuredClone(msgs), scope });
  };
  const answer = (t, text) => {
    s.add('response', t, { request_id: `${id}-r${t}`, content: text, finish_reason: 'stop', scope });
    msgs.push({ role: 'assistant', content: text });
  };
  s.add('retrieval', 0, { retrieval_id: `q-${id}`, query: W.greet, top_k: 3, filters: { user_id: scope.user }, candidates: [], scope });
  ask(0, W.greet);
  answer(0, W.greetAnswer);
  ask(1, C.say);
  const w = { write_id: `w-${id}`, memory_id: `m-${id}`, store, scope, actor: 'memory-worker' };
  const step = (phase, extra = {}) => s.add('memory_write', 1, { ...w, phase, ...extra }, 300);
  const first = { memory_type: 'fact', text: C.mem, source: 'user' };
  const others = ['m-walk-0001', 'm-walk-0002'];
  let snapshot = null;
  switch (spec.c) {
    case 'restart':
      step('enqueued', first);
      step('acknowledged');
      answer(1, C.reply);
      s.add('lifecycle', 1, { event: 'restart', process: 'memory-worker' }, 2000);
      s.add('lifecycle', 1, { event: 'start', process: 'memory-worker' }, 3000);
      snapshot = others;
      break;
    case 'failed':
      step('requested', first);
      step('acknowledged');
      answer(1, C.reply);
      s.add('memory_write', 1, { ...w, phase: 'failed', error: 'write timeout after 5000 ms' }, 5000);
      break;
    case 'snapshot':
    case 'ackCommit':
      step('requested', first);
      step('committed');
      step('acknowledged');
      answer(1, C.reply);
      snapshot = spec.c === 'snapshot' ? others : [...others, w.memory_id];
      break;
    case 'failTold':
      step('requested', first);
      s.add('memory_write', 1, { ...w, phase: 'failed', error: 'store unavailable (503)' }, 800);
      answer(1, C.reply);
      break;
    case 'file': {
      const args = JSON.stringify({ path: C.path, source: 'chat-attachment' });
      s.add('tool_call', 1, { call_id: `call_${id}_up`, name: 'upload_file', arguments: args });
      s.add('tool_result', 1, { call_id: `call_${id}_up`, name: 'upload_file', content: JSON.stringify({ ok: true, path: C.path, bytes: 184233 }) });
      answer(1, C.reply);
      break;
    }
    default:
      answer(1, C.reply);
  }
  ask(2, spec.c === 'offer' ? C.decline : W.later);
  answer(2, spec.c === 'offer' ? C.declineAnswer : W.laterAnswer);
  if (snapshot) s.add('store_snapshot', null, { store, memory_ids: snapshot }, 60000);
  return { jsonl: s.jsonl() };
}
