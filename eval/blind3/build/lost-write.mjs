// lost-write: a personal assistant with a memory service (an async write queue behind a memory-worker).
// Faults: a write acknowledged and lost in a restart, failed with no retry, never committed, committed but
// missing from the store's snapshot, and a save promised to the user with no write at all. Look-alikes: a
// write that failed, was retried and committed; an offer to remember (a question); a file saved, not a
// memory; a failure the assistant told the user about.
import { Session } from '../../lib/blind-session.mjs';

const SYS = 'You are a personal assistant with long-term memory. Use the memory tools to store what the user asks you to remember.';

function mk(id, start, r) {
  const s = new Session(id, start, r);
  s.history = [{ role: 'system', content: SYS }];
  s.req = 0;
  return s;
}
function ask(s, turn, text) {
  s.history.push({ role: 'user', content: text });
  s.req += 1;
  s.rid = `${s.id}-r${s.req}`;
  s.add('request', turn, { request_id: s.rid, model: 'claude-sonnet-4-20250514', messages: structuredClone(s.history) }, 15000 + Math.floor(s.r() * 40000));
}
function answer(s, turn, text) {
  s.add('response', turn, { request_id: s.rid, content: text, finish_reason: 'end_turn' }, 1800);
  s.history.push({ role: 'assistant', content: text });
}
function retrieval(s, turn, L, query) {
  s.add('retrieval', turn, { retrieval_id: `${s.rid}-mem`, query, top_k: 5, candidates: [{ id: `m-${L.code}-old1`, score: 0.31, text: L.facts[0].mem }] }, 200);
}
function step(s, turn, wid, phase, extra = {}, ms = 300) {
  s.add('memory_write', turn, { write_id: wid, phase, store: 'memories', actor: 'memory-worker', ...extra }, ms);
}

export function lostWriteCases({ L, start, rngFor }) {
  const c = L.code;
  const mem = (i) => ({ memory_id: `m-${c}-${100 + i}`, memory_type: L.remember[i].type, text: L.remember[i].mem });
  const snapshot = (s, _turn, ids) => s.add('store_snapshot', null, { store: 'memories', memory_ids: ids }, 3600000);
  const old = [`m-${c}-old1`, `m-${c}-old2`];
  const specs = [
    {
      v: 'lost-in-restart',
      fault: true,
      d: 'write enqueued and acknowledged, promise to the user, memory-worker restarts before the commit; snapshot lacks it',
      run: (s) => {
        ask(s, 0, L.chat[0].u);
        answer(s, 0, L.chat[0].a);
        ask(s, 1, L.remember[0].say);
        step(s, 1, 'w1', 'requested', mem(0));
        step(s, 1, 'w1', 'enqueued');
        step(s, 1, 'w1', 'acknowledged');
        answer(s, 1, L.promise[0]);
        s.add('lifecycle', null, { event: 'restart', process: 'memory-worker' }, 4000);
        ask(s, 2, L.chat[1].u);
        answer(s, 2, L.chat[1].a);
        snapshot(s, 2, old);
      },
    },
    {
      v: 'failed-no-retry',
      fault: true,
      d: 'write acknowledged and promised, then failed (connection reset) and was never retried',
      run: (s) => {
        ask(s, 0, L.remember[1].say);
        step(s, 0, 'w1', 'requested', mem(1));
        step(s, 0, 'w1', 'acknowledged');
        answer(s, 0, L.promise[1]);
        step(s, 0, 'w1', 'failed', { error: 'ConnectionResetError: [Errno 104] Connection reset by peer' }, 2500);
        ask(s, 1, L.chat[0].u);
        answer(s, 1, L.chat[0].a);
      },
    },
    {
      v: 'promised-not-written',
      fault: true,
      d: 'memory system in use (retrievals every turn), the assistant says it saved the fact, no write and no memory tool call',
      run: (s) => {
        ask(s, 0, L.chat[0].u);
        retrieval(s, 0, L, L.chat[0].u);
        answer(s, 0, L.chat[0].a);
        ask(s, 1, L.remember[2].say);
        retrieval(s, 1, L, L.remember[2].say);
        answer(s, 1, L.promise[2]);
        ask(s, 2, L.chat[1].u);
        retrieval(s, 2, L, L.chat[1].u);
        answer(s, 2, L.chat[1].a);
      },
    },
    {
      v: 'missing-from-snapshot',
      fault: true,
      d: 'write logged committed and acknowledged, but the next snapshot of the same store does not hold the memory',
      run: (s) => {
        ask(s, 0, L.remember[3].say);
        step(s, 0, 'w1', 'requested', mem(3));
        step(s, 0, 'w1', 'committed');
        step(s, 0, 'w1', 'acknowledged');
        answer(s, 0, L.promise[3]);
        ask(s, 1, L.chat[1].u);
        answer(s, 1, L.chat[1].a);
        snapshot(s, 1, old);
      },
    },
    {
      v: 'never-committed',
      fault: true,
      d: 'write enqueued and acknowledged, promised, and still not committed when the session ends two turns later',
      run: (s) => {
        ask(s, 0, L.remember[0].say);
        step(s, 0, 'w1', 'requested', mem(0));
        step(s, 0, 'w1', 'enqueued');
        step(s, 0, 'w1', 'acknowledged');
        answer(s, 0, L.promise[3]);
        ask(s, 1, L.chat[0].u);
        answer(s, 1, L.chat[0].a);
        ask(s, 2, L.chat[1].u);
        answer(s, 2, L.chat[1].a);
      },
    },
    {
      v: 'retried-committed',
      fault: false,
      d: 'write failed with a timeout, was retried and committed before the acknowledgement; the snapshot holds it',
      run: (s) => {
        ask(s, 0, L.remember[1].say);
        step(s, 0, 'w1', 'requested', mem(1));
        step(s, 0, 'w1', 'failed', { error: 'TimeoutError: upsert took longer than 5000 ms' }, 5000);
        step(s, 0, 'w1', 'retried', {}, 1000);
        step(s, 0, 'w1', 'committed');
        step(s, 0, 'w1', 'acknowledged', {}, 50);
        answer(s, 0, L.promise[0]);
        ask(s, 1, L.chat[0].u);
        answer(s, 1, L.chat[0].a);
        snapshot(s, 1, [...old, `m-${c}-101`]);
      },
    },
    {
      v: 'offer-question',
      fault: false,
      d: 'memory system in use; the assistant only offers to remember (a question), nothing was promised',
      run: (s) => {
        ask(s, 0, L.chat[0].u);
        retrieval(s, 0, L, L.chat[0].u);
        answer(s, 0, L.chat[0].a);
        ask(s, 1, L.offerSay);
        retrieval(s, 1, L, L.offerSay);
        answer(s, 1, L.offer);
      },
    },
    {
      v: 'file-saved',
      fault: false,
      d: 'memory system in use; the assistant saved a report file with a file tool and says so: not a memory',
      run: (s) => {
        ask(s, 0, L.reportAsk);
        retrieval(s, 0, L, L.reportAsk);
        const call = `call_${c.replace('-', '')}_1`;
        s.add('tool_call', 0, { call_id: call, name: 'write_file', arguments: { path: 'report.md', content: L.chat[1].a } }, 2000);
        s.add('tool_result', 0, { call_id: call, name: 'write_file', content: '{"ok":true,"bytes":1834}' }, 300);
        answer(s, 0, L.fileSave);
      },
    },
    {
      v: 'failure-told',
      fault: false,
      d: 'the write failed, was never acknowledged, and the assistant told the user it could not save it',
      run: (s) => {
        ask(s, 0, L.remember[2].say);
        step(s, 0, 'w1', 'requested', mem(2));
        step(s, 0, 'w1', 'failed', { error: 'ServiceUnavailable: memory backend returned 503' }, 1500);
        answer(s, 0, L.failTold);
      },
    },
  ];
  return specs.map((sp, i) => {
    const id = `lw-${sp.fault ? 'f' : 'l'}-${c}-${String(i + 1).padStart(2, '0')}`;
    const s = mk(id, start(i), rngFor(id));
    sp.run(s);
    return { id, fault: sp.fault, variant: sp.v, description: sp.d, session: s };
  });
}
