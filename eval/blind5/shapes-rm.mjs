// recall-mismatch cases: a cycling coach with long-term memory per rider (scope.user, filters.user_id). Three filler
// memories are committed at turn 0; the rider's statement at turn 1 becomes a third-person memory; at turn 3 the
// rider asks something the memory answers, a retrieval runs, and the next request holds the injected memories in a
// system message and only the previous exchange of history (turn 2's small talk, not the statement).
import { hashSeed, rng, Session } from '../lib/blind-session.mjs';

export const RM_SPECS = [
  {
    kind: 'fault',
    variant: 'rank-beyond-top-k',
    key: 'f1',
    description: 'knee memory ranked 3rd with top_k 2, score 0.73 within 0.02 of the lowest injected (0.75), shares the query words',
  },
  {
    kind: 'fault',
    variant: 'below-threshold',
    key: 'f2',
    description: 'Sunday-lunch memory 2nd (within top_k 3) at 0.71 under threshold 0.72, 0.03 below the injected 0.74',
  },
  {
    kind: 'fault',
    variant: 'reranked-out',
    key: 'f3',
    description: 'cassette memory 1st in the search (0.81, top_k 2), the reranker (bge-reranker-v2-m3) puts it 3rd; not injected',
  },
  {
    kind: 'fault',
    variant: 'filter-excludes-type',
    key: 'f4',
    description: 'back-lanes preference (memory_type preference) excluded by filters.memory_type = fact; three facts returned',
  },
  {
    kind: 'look-alike',
    variant: 'other-user-by-design',
    key: 'other',
    description: "another rider's memory (scope.user u-tom, an earlier session in the file) fits the query; the search is filtered by design to this rider",
  },
  {
    kind: 'look-alike',
    variant: 'superseded-by-slot',
    key: 'old',
    description: 'old training-days memory (slot training_days) superseded by a newer one of the same slot, which is injected; the old one is 2nd with top_k 1',
  },
  {
    kind: 'look-alike',
    variant: 'pinned-copy',
    key: 'pinned',
    description:
      'weekday-duration preference 3rd at 0.41 with top_k 2, but the app pins preferences: its exact text is in a system message of the next request',
  },
  {
    kind: 'look-alike',
    variant: 'write-never-committed',
    key: 'failed',
    description: 'the rest-day write failed (never acknowledged, the answer says it could not be saved); the later search does not find it',
  },
];

export function rmCase(L, spec, id) {
  const R = L.rm;
  const r = rng(hashSeed(id));
  const day = String(2 + Math.floor(r() * 20)).padStart(2, '0');
  const user = `u-${id.replace(/^rm-[fl]-/, '').replace(/[^a-z0-9-]/gi, '')}`;
  const scope = { user };
  const sessions = [];
  const model = 'gpt-4o-mini';
  const C = R[spec.key];

  if (spec.key === 'other') {
    // the partner's own session, earlier, on his own profile
    const o = new Session(`${id}-tom`, `2026-10-${day}T18:00:00Z`, r);
    o.add('request', 1, {
      model,
      scope: { user: 'u-tom' },
      messages: [
        { role: 'system', content: R.sys },
        { role: 'user', content: C.say },
      ],
    });
    o.add('memory_write', 1, {
      write_id: `${id}-wt`,
      phase: 'requested',
      memory_id: 'mem-tom-1',
      memory_type: 'preference',
      text: C.mem,
      scope: { user: 'u-tom' },
      store: 'riders',
    });
    o.add('memory_write', 1, { write_id: `${id}-wt`, phase: 'committed', scope: { user: 'u-tom' }, store: 'riders' });
    o.add('response', 1, { content: R.ack });
    sessions.push(o);
  }
  const s = new Session(id, `2026-11-${day}T06:30:00Z`, r);
  const mem = (turn, mid, text, type = 'fact', extra = {}) => {
    s.add('memory_write', turn, { write_id: `w-${mid}`, phase: 'requested', memory_id: mid, memory_type: type, text, scope, store: 'riders', ...extra });
    s.add('memory_write', turn, { write_id: `w-${mid}`, phase: 'committed', scope, store: 'riders' }, 300);
  };
  s.add('request', 0, {
    model,
    scope,
    messages: [
      { role: 'system', content: R.sys },
      { role: 'user', content: R.hello },
    ],
  });
  R.fillers.forEach((t, i) => mem(0, `mem-f${i + 1}`, t));
  if (spec.key === 'old') mem(0, 'mem-days-1', C.mem, 'preference', { slot: 'training_days' });
  s.add('response', 0, { content: R.helloAns });

  const target = spec.key === 'old' ? 'mem-days-2' : 'mem-t';
  const type = spec.key === 'f4' || spec.key === 'pinned' || spec.key === 'old' ? 'preference' : 'fact';
  if (spec.key !== 'other') {
    s.add('request', 1, {
      model,
      scope,
      messages: [
        { role: 'system', content: R.sys },
        { role: 'user', content: R.hello },
        { role: 'assistant', content: R.helloAns },
        { role: 'user', content: C.say },
      ],
    });
    if (spec.key === 'failed') {
      s.add('memory_write', 1, { write_id: 'w-mem-t', phase: 'requested', memory_id: 'mem-t', memory_type: 'fact', text: C.say, scope, store: 'riders' });
      s.add('memory_write', 1, { write_id: 'w-mem-t', phase: 'failed', error: 'timeout after 5000 ms', scope, store: 'riders' }, 5000);
      s.add('response', 1, { content: C.failAns });
    } else {
      const text = spec.key === 'old' ? C.mem2 : C.mem;
      mem(1, target, text, type, spec.key === 'old' ? { slot: 'training_days' } : {});
      s.add('response', 1, { content: R.ack });
    }
  }
  // turn 2: small talk, so the statement of turn 1 is not the previous exchange the next prompt keeps
  const before =
    spec.key === 'other'
      ? [
          { role: 'user', content: R.hello },
          { role: 'assistant', content: R.helloAns },
        ]
      : [
          { role: 'user', content: C.say },
          { role: 'assistant', content: spec.key === 'failed' ? C.failAns : R.ack },
        ];
  s.add('request', 2, { model, scope, messages: [{ role: 'system', content: R.sys }, ...before, { role: 'user', content: R.t2 }] }, 40000);
  s.add('response', 2, { content: R.t2Ans });

  // turn 3: the question, the search, the next prompt
  const f = (i) => ({ id: `mem-f${i}`, text: R.fillers[i - 1] });
  const q = C.q;
  let ret;
  let injected;
  if (spec.key === 'f1') {
    ret = {
      top_k: 2,
      candidates: [
        { ...f(3), score: 0.78 },
        { ...f(1), score: 0.75 },
        { id: target, text: C.mem, score: 0.73 },
        { ...f(2), score: 0.55 },
      ],
    };
    injected = [f(3), f(1)];
  } else if (spec.key === 'f2') {
    ret = {
      top_k: 3,
      threshold: 0.72,
      candidates: [
        { ...f(2), score: 0.74 },
        { id: target, text: C.mem, score: 0.71 },
        { ...f(3), score: 0.52 },
      ],
    };
    injected = [f(2)];
  } else if (spec.key === 'f3') {
    ret = {
      top_k: 2,
      candidates: [
        { id: target, text: C.mem, score: 0.81 },
        { ...f(1), score: 0.77 },
        { ...f(2), score: 0.7 },
        { ...f(3), score: 0.61 },
      ],
      rerank: {
        model: 'bge-reranker-v2-m3',
        top_n: 2,
        candidates: [
          { id: 'mem-f1', score: 0.92 },
          { id: 'mem-f2', score: 0.88 },
          { id: target, score: 0.31 },
          { id: 'mem-f3', score: 0.12 },
        ],
      },
    };
    injected = [f(1), f(2)];
  } else if (spec.key === 'f4') {
    ret = {
      top_k: 3,
      filters: { user_id: user, memory_type: 'fact' },
      candidates: [
        { ...f(3), score: 0.58 },
        { ...f(1), score: 0.49 },
        { ...f(2), score: 0.44 },
      ],
    };
    injected = [f(3), f(1), f(2)];
  } else if (spec.key === 'other') {
    ret = {
      top_k: 3,
      candidates: [
        { ...f(3), score: 0.52 },
        { ...f(1), score: 0.47 },
        { ...f(2), score: 0.33 },
      ],
    };
    injected = [f(3), f(1), f(2)];
  } else if (spec.key === 'old') {
    ret = {
      top_k: 1,
      candidates: [
        { id: target, text: C.mem2, score: 0.86 },
        { id: 'mem-days-1', text: C.mem, score: 0.84 },
        { ...f(1), score: 0.4 },
      ],
    };
    injected = [{ id: target, text: C.mem2 }];
  } else if (spec.key === 'pinned') {
    ret = {
      top_k: 2,
      candidates: [
        { ...f(2), score: 0.8 },
        { ...f(1), score: 0.72 },
        { id: target, text: C.mem, score: 0.41 },
      ],
    };
    injected = [f(2), f(1)];
  } else {
    ret = {
      top_k: 3,
      candidates: [
        { ...f(1), score: 0.5 },
        { ...f(3), score: 0.46 },
        { ...f(2), score: 0.3 },
      ],
    };
    injected = [f(1), f(3), f(2)];
  }
  const prevUser = R.t2;
  const prevAns = R.t2Ans;
  s.add(
    'retrieval',
    3,
    {
      retrieval_id: `${id}-r1`,
      query: q,
      scope,
      filters: ret.filters ?? { user_id: user },
      top_k: ret.top_k,
      ...(ret.threshold ? { threshold: ret.threshold } : {}),
      candidates: ret.candidates.map((c, i) => ({ ...c, rank: i + 1 })),
      ...(ret.rerank ? { rerank: ret.rerank } : {}),
      injected: injected.map((m) => m.id),
    },
    2200,
  );
  const sysMsgs = [
    { role: 'system', content: R.sys },
    { role: 'system', content: `${R.memLabel}\n${injected.map((m) => `- ${m.text}`).join('\n')}` },
  ];
  if (spec.key === 'pinned') sysMsgs.push({ role: 'system', content: `${C.pinLabel}\n- ${C.mem}` });
  s.add(
    'request',
    3,
    { model, scope, messages: [...sysMsgs, { role: 'user', content: prevUser }, { role: 'assistant', content: prevAns }, { role: 'user', content: q }] },
    200,
  );
  s.add('response', 3, { content: C.ans });
  sessions.push(s);
  return { jsonl: sessions.map((x) => x.jsonl()).join('') };
}
