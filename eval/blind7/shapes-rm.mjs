// blind7, recall-mismatch: a bicycle repair shop's service desk with memory per customer (store `customers`,
// `scope.user`, `filters.user_id`). Two unrelated memories from an earlier visit; the customer's bike (turn 0)
// becomes a third-person memory (requested, committed); turn 1 is small talk; at turn 2 a question the bike memory
// answers, a `retrieval`, and the next request with the injected memories in a system message and only turn 1's
// exchange as history.
import { BIKE_SYS } from './shared.mjs';
import { call, open, write } from './kit.mjs';

export const RM_SPECS = [
  {
    kind: 'fault',
    variant: 'reranked-out',
    mech: 'rerank',
    description: 'the bike memory is 1st in the search (0.83) and the reranker puts it last (0.42, top_n 2): reranked_out',
  },
  {
    kind: 'fault',
    variant: 'filtered-by-type',
    mech: 'filter',
    description: 'the search filters memory_type "fact"; the bike memory is a preference and never a candidate (2 of top_k 3 returned): not_retrieved, filter',
  },
  {
    kind: 'fault',
    variant: 'gap-to-best',
    mech: 'gap',
    description: 'top_k 3, max_score_gap 0.10 from the best 0.88: the bike memory at 0.74 is cut, no injected list: relative_cutoff',
  },
  {
    kind: 'look-alike',
    variant: 'replaced-by-newer-bike',
    mech: 'superseded',
    description: 'turn 1: "I sold that bike, now I ride another" (same slot); the search injects the new memory and cuts the old one (3rd of top_k 2)',
  },
  {
    kind: 'look-alike',
    variant: 'other-customers-bike',
    mech: 'otherUser',
    description: 'only another customer (an earlier session, another scope.user) told the shop about such a bike; the search is filtered to this customer',
  },
  {
    kind: 'look-alike',
    variant: 'cut-but-on-the-customer-card',
    mech: 'card',
    description: 'the bike memory is cut by rank (3rd, top_k 2) but the request carries it verbatim in a customer card system message',
  },
  {
    kind: 'fault',
    variant: 'search-timed-out',
    mech: 'error',
    description: 'the search fails (error "timeout", no candidates); the prompt holds no memory; the answer asks which bike: not_retrieved, error',
  },
  {
    kind: 'look-alike',
    variant: 'inside-an-injected-chunk',
    mech: 'chunk',
    description: 'the bike memory is returned as chunk <id>#0 of itself plus the lease note, ranked 1st and injected: it reached the prompt',
  },
];

const MODEL = 'gpt-4o-mini';

export function rmCase(L, spec, id) {
  const R = L.rm;
  const store = 'customers';
  const me = { user: R.user };
  const mid = (s) => `${id}-${s}`;
  // an earlier visit of the same customer: two unrelated memories (long-term memory)
  const P = open(`${id}-prev`, `${id}-prev`);
  P.t -= 21 * 86400000;
  P.add('request', 0, {
    request_id: `${id}-prev-r1`,
    model: MODEL,
    messages: [
      { role: 'system', content: BIKE_SYS },
      { role: 'user', content: R.prevUser },
    ],
    scope: me,
  });
  write(P, 0, `${id}-wd1`, { memory_id: mid('pickup'), memory_type: 'fact', text: R.d1, store, scope: me }, ['requested', 'committed']);
  write(P, 0, `${id}-wd2`, { memory_id: mid('lease'), memory_type: 'fact', text: R.d2, store, scope: me }, ['requested', 'committed']);
  P.add('response', 0, { request_id: `${id}-prev-r1`, content: R.prevAnswer });
  let prev = P.jsonl();
  if (spec.mech === 'otherUser') {
    const O = open(`${id}-other`, `${id}-other`);
    O.t -= 9 * 86400000;
    const them = { user: R.other };
    O.add('request', 0, {
      request_id: `${id}-other-r1`,
      model: MODEL,
      messages: [
        { role: 'system', content: BIKE_SYS },
        { role: 'user', content: R.stmt },
      ],
      scope: them,
    });
    write(O, 0, `${id}-wo1`, { memory_id: mid('bike-other'), memory_type: 'preference', text: R.memKey, store, scope: them, slot: 'bike' }, [
      'requested',
      'committed',
    ]);
    O.add('response', 0, { request_id: `${id}-other-r1`, content: R.ack0 });
    prev += O.jsonl();
  }

  const S = open(id);
  const sys = { role: 'system', content: BIKE_SYS };
  const u0 = spec.mech === 'otherUser' ? R.bookOnly : R.stmt;
  call(S, 0, MODEL, [sys, { role: 'user', content: u0 }], R.ack0, {
    between: () =>
      spec.mech !== 'otherUser' &&
      write(S, 0, `${id}-w1`, { memory_id: mid('bike'), memory_type: 'preference', text: R.memKey, store, scope: me, slot: 'bike' }, [
        'requested',
        'committed',
      ]),
  });
  const u1 = spec.mech === 'superseded' ? R.stmtNew : R.smalltalk;
  const a1 = spec.mech === 'superseded' ? R.ackNew : R.smalltalkAns;
  call(S, 1, MODEL, [sys, { role: 'user', content: u0 }, { role: 'assistant', content: R.ack0 }, { role: 'user', content: u1 }], a1, {
    between: () =>
      spec.mech === 'superseded' &&
      write(S, 1, `${id}-w2`, { memory_id: mid('bike2'), memory_type: 'preference', text: R.memNew, store, scope: me, slot: 'bike' }, [
        'requested',
        'committed',
      ]),
  });

  // turn 2: the question and the search
  const c = (s, score, text) => ({ id: mid(s), score, text });
  const ret = { retrieval_id: `${id}-q1`, query: R.query, scope: me, filters: { user_id: R.user } };
  let injected;
  let answer = R.ansMiss;
  const extraSys = [];
  if (spec.mech === 'rerank') {
    Object.assign(ret, {
      top_k: 2,
      candidates: [c('bike', 0.83, R.memKey), c('pickup', 0.71, R.d1), c('lease', 0.66, R.d2)],
      rerank: {
        model: 'bge-reranker-v2-m3',
        top_n: 2,
        candidates: [
          { id: mid('pickup'), score: 0.91, rank: 1 },
          { id: mid('lease'), score: 0.88, rank: 2 },
          { id: mid('bike'), score: 0.42, rank: 3 },
        ],
      },
    });
    injected = [R.d1, R.d2];
  } else if (spec.mech === 'filter') {
    Object.assign(ret, { top_k: 3, filters: { user_id: R.user, memory_type: 'fact' }, candidates: [c('pickup', 0.72, R.d1), c('lease', 0.69, R.d2)] });
    injected = [R.d1, R.d2];
  } else if (spec.mech === 'gap') {
    Object.assign(ret, { top_k: 3, max_score_gap: 0.1, candidates: [c('pickup', 0.88, R.d1), c('bike', 0.74, R.memKey), c('lease', 0.7, R.d2)] });
    injected = [R.d1];
  } else if (spec.mech === 'superseded') {
    Object.assign(ret, { top_k: 2, candidates: [c('bike2', 0.84, R.memNew), c('pickup', 0.7, R.d1), c('bike', 0.66, R.memKey)] });
    injected = [R.memNew, R.d1];
    answer = R.ansNew;
  } else if (spec.mech === 'otherUser') {
    Object.assign(ret, { top_k: 3, candidates: [c('pickup', 0.61, R.d1), c('lease', 0.57, R.d2)] });
    injected = [R.d1, R.d2];
  } else if (spec.mech === 'card') {
    Object.assign(ret, { top_k: 2, candidates: [c('pickup', 0.79, R.d1), c('lease', 0.77, R.d2), c('bike', 0.75, R.memKey)] });
    injected = [R.d1, R.d2];
    extraSys.push({ role: 'system', content: `${R.cardHeader}\n${R.memKey}` });
    answer = R.ansUse;
  } else if (spec.mech === 'error') {
    Object.assign(ret, { top_k: 3, error: 'timeout', candidates: [] });
    injected = [];
  } else if (spec.mech === 'chunk') {
    const chunk = `${R.memKey} ${R.d2}`;
    Object.assign(ret, { top_k: 2, candidates: [{ id: `${mid('bike')}#0`, score: 0.81, text: chunk }, c('pickup', 0.7, R.d1)] });
    injected = [chunk, R.d1];
    answer = R.ansUse;
  }
  for (const cand of ret.candidates) cand.metadata = { scope: me, created_at: '2026-10-28T10:00:00Z' };
  S.add('retrieval', 2, ret);
  const mem = injected.length ? [{ role: 'system', content: `${R.memHeader}\n${injected.map((t) => `- ${t}`).join('\n')}` }] : [];
  call(S, 2, MODEL, [sys, ...mem, ...extraSys, { role: 'user', content: u1 }, { role: 'assistant', content: a1 }, { role: 'user', content: R.query }], answer);
  return { jsonl: prev + S.jsonl() };
}
