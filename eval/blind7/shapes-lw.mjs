// blind7, lost-write: a physiotherapy practice's booking assistant with memory per patient (store `patients`).
// An earlier visit left two memories (the referral, the mobile number); turn 0 asks for a booking (a `retrieval`
// in every session), turn 1 states when the patient can come, turn 2 asks for a slot.
import { PHYSIO_SYS } from './shared.mjs';
import { call, open, toolStep, write } from './kit.mjs';

export const LW_SPECS = [
  {
    kind: 'fault',
    variant: 'dead-lettered-after-retry',
    description: 'requested, enqueued, acknowledged + "I\'ll remember", failed (timeout), retried, failed, dead_lettered; nothing after',
  },
  {
    kind: 'fault',
    variant: 'note-tool-failed',
    tool: true,
    description: 'no memory_write: save_patient_note is called, its result is ok:false (storage quota exceeded), and the answer promises to remember',
  },
  {
    kind: 'fault',
    variant: 'acknowledged-never-committed',
    description: 'requested, enqueued, acknowledged + a promise; no commit, no failure to the end of the session (two more turns)',
  },
  {
    kind: 'look-alike',
    variant: 'retried-then-committed-then-acknowledged',
    description: 'requested, failed (timeout), retried, committed, then acknowledged + a promise; a later snapshot holds it',
  },
  {
    kind: 'look-alike',
    variant: 'conditional-offer-declined',
    description: 'no write; the answer offers "if you like, I can remember that…" (a condition, not a promise); turn 2 the patient declines',
  },
  {
    kind: 'look-alike',
    variant: 'number-deleted-on-request',
    description:
      'turn 1 asks to delete the old mobile number: op delete committed with previous_text, acknowledged, "removed from your notes"; a later snapshot lacks it',
  },
  {
    kind: 'fault',
    variant: 'lost-in-deploy',
    description: 'requested, enqueued, acknowledged + a promise; then a lifecycle deploy of memory-worker; a later snapshot lacks it',
  },
  {
    kind: 'look-alike',
    variant: 'restart-after-commit',
    description: 'requested, committed, acknowledged + a promise; then memory-worker restarts; a later snapshot holds it',
  },
];

const MODEL = 'gpt-4o';

export function lwCase(L, spec, id) {
  const W = L.lw;
  const store = 'patients';
  const me = { user: W.user };
  const mid = (s) => `${id}-${s}`;
  const P = open(`${id}-prev`, `${id}-prev`);
  P.t -= 30 * 86400000;
  P.add('request', 0, {
    request_id: `${id}-prev-r1`,
    model: MODEL,
    messages: [
      { role: 'system', content: PHYSIO_SYS },
      { role: 'user', content: W.prevUser },
    ],
    scope: me,
  });
  write(P, 0, `${id}-wp1`, { memory_id: mid('referral'), memory_type: 'fact', text: W.refMem, store, scope: me }, ['requested', 'committed']);
  write(P, 0, `${id}-wp2`, { memory_id: mid('phone'), memory_type: 'fact', text: W.phoneMem, store, scope: me }, ['requested', 'committed']);
  P.add('response', 0, { request_id: `${id}-prev-r1`, content: W.prevAnswer });

  const S = open(id);
  const sys = { role: 'system', content: PHYSIO_SYS };
  S.add('retrieval', 0, {
    retrieval_id: `${id}-q0`,
    query: W.bookAsk,
    top_k: 3,
    filters: { user_id: W.user },
    scope: me,
    candidates: [
      { id: mid('referral'), score: 0.81, text: W.refMem },
      { id: mid('phone'), score: 0.52, text: W.phoneMem },
    ],
  });
  const h = [sys, { role: 'system', content: `${W.memHeader}\n- ${W.refMem}\n- ${W.phoneMem}` }, { role: 'user', content: W.bookAsk }];
  call(S, 0, MODEL, h, W.a0);
  h.push({ role: 'assistant', content: W.a0 });

  const variant = spec.variant;
  const del = variant === 'number-deleted-on-request';
  const u1 = del ? W.delAsk : W.stmt;
  h.push({ role: 'user', content: u1 });
  const base = { memory_id: mid('hours'), memory_type: 'preference', text: W.mem, store, scope: me, source: 'user' };
  let a1 = W.promise;
  if (spec.tool) {
    const rid = `${S.id}-r${String(S.n + 1).padStart(3, '0')}`;
    const args = { patient: W.user, text: W.mem };
    S.add('request', 1, { request_id: rid, model: MODEL, messages: structuredClone(h) });
    S.add('response', 1, {
      request_id: rid,
      content: '',
      finish_reason: 'tool_calls',
      tool_calls: [{ id: `call_${id.replace(/[^a-z0-9]/gi, '')}`, type: 'function', function: { name: 'save_patient_note', arguments: JSON.stringify(args) } }],
    });
    const msgs = toolStep(
      S,
      1,
      'save_patient_note',
      args,
      { ok: false, error: 'storage quota exceeded for practice account' },
      `call_${id.replace(/[^a-z0-9]/gi, '')}`,
    );
    h.push(...msgs);
  }
  const writes = () => {
    if (variant === 'dead-lettered-after-retry') {
      write(
        S,
        1,
        `${id}-w1`,
        base,
        [
          'requested',
          'enqueued',
          'acknowledged',
          ['failed', { error: 'write timeout after 5000ms' }],
          'retried',
          ['failed', { error: 'write timeout after 5000ms' }],
          ['dead_lettered', { error: 'max retries (1) reached' }],
        ],
        900,
      );
    } else if (variant === 'acknowledged-never-committed') {
      write(S, 1, `${id}-w1`, base, ['requested', 'enqueued', 'acknowledged']);
    } else if (variant === 'retried-then-committed-then-acknowledged') {
      write(S, 1, `${id}-w1`, base, ['requested', ['failed', { error: 'write timeout after 5000ms' }], 'retried', 'committed', 'acknowledged'], 900);
    } else if (variant === 'lost-in-deploy') {
      write(S, 1, `${id}-w1`, base, ['requested', 'enqueued', 'acknowledged']);
    } else if (variant === 'restart-after-commit') {
      write(S, 1, `${id}-w1`, base, ['requested', 'committed', 'acknowledged']);
    } else if (del) {
      write(S, 1, `${id}-w1`, { memory_id: mid('phone'), memory_type: 'fact', op: 'delete', previous_text: W.phoneMem, store, scope: me, source: 'user' }, [
        'requested',
        'committed',
        'acknowledged',
      ]);
    }
  };
  if (variant === 'conditional-offer-declined') a1 = W.offer;
  if (del) a1 = W.delDone;
  call(S, 1, MODEL, h, a1, { between: writes });
  if (variant === 'lost-in-deploy') S.add('lifecycle', null, { event: 'deploy', process: 'memory-worker' }, 4000);
  if (variant === 'restart-after-commit') S.add('lifecycle', null, { event: 'restart', process: 'memory-worker' }, 4000);
  h.push({ role: 'assistant', content: a1 });
  const u2 = variant === 'conditional-offer-declined' ? W.decline : W.q2;
  const a2 = variant === 'conditional-offer-declined' ? W.a2decline : W.a2;
  h.push({ role: 'user', content: u2 });
  call(S, 2, MODEL, h, a2);
  h.push({ role: 'assistant', content: a2 });
  h.push({ role: 'user', content: W.q3 });
  call(S, 3, MODEL, h, W.a3);
  if (['retried-then-committed-then-acknowledged', 'lost-in-deploy', 'restart-after-commit'].includes(variant) || del) {
    const ids = [mid('referral'), ...(del ? [] : [mid('phone')]), ...(del || variant === 'lost-in-deploy' ? [] : [mid('hours')])];
    S.add('store_snapshot', null, { store, memory_ids: ids }, 60000);
  }
  return { jsonl: P.jsonl() + S.jsonl() };
}
