// blind8, the memory and state shapes: recall-mismatch (an optician's shop, memory per customer), lost-write (a
// driving school's booking assistant, memory per learner) and concurrent-overwrite (a film shoot's call sheet
// shared by a `coordinator` and a `location-scout` agent).
import { Case, check } from './kit.mjs';
import { KB, SYS } from './shared.mjs';

/**
 * recall-mismatch. variant: 'threshold' (F: within top_k, under the threshold), 'flagged-out' (F: ranked 1st,
 * `injected: false` flag, the others flagged in), 'one-word' (L: a memory that shares one word, cut by rank),
 * 'deleted' (L: the memory that fits was deleted at the customer's request before the search).
 */
export function recallMismatch(id, L, li, variant) {
  const c = new Case(id, { shuffle: li % 2 === 1, parts: li % 3 === 1 });
  const R = L.rm;
  const scope = { user: `cust-${4100 + li * 7}` };
  const day = String(1 + li).padStart(2, '0');
  const M = (k) => `${id}-${k}`;
  const p = c.session(`${id}-prev`, `2026-03-${day}T10:00:00Z`);
  const w = (s, t, k, text, type) =>
    c.write(s, t, `${id}-w-${k}`, { memory_id: M(k), memory_type: type, text, store: 'optik-customers', source: 'user', scope }, ['requested', 'committed']);
  c.call(
    p,
    0,
    'gpt-4o',
    [
      { role: 'system', content: SYS.rm },
      { role: 'user', content: R.prevQ },
    ],
    R.prevA,
    { scope },
  );
  if (variant !== 'deleted') w(p, 0, 'lens', R.memLens, 'preference');
  w(p, 0, 'pay', R.memPay, 'fact');
  w(p, 0, 'sat', R.memSat, 'preference');
  if (variant === 'one-word') w(p, 0, 'sport', R.memSport, 'fact');
  if (variant === 'deleted') {
    w(p, 0, 'rx', R.memRx, 'fact');
    c.call(
      p,
      1,
      'gpt-4o',
      [
        { role: 'system', content: SYS.rm },
        { role: 'user', content: R.delRx },
      ],
      R.ackDel,
      { scope },
    );
    c.write(p, 1, `${id}-w-rx-del`, { memory_id: M('rx'), op: 'delete', previous_text: R.memRx, store: 'optik-customers', scope }, ['requested', 'committed']);
  }
  const s = c.session(id, `2026-05-${day}T15:30:00Z`);
  const hist = [];
  let t = 0;
  const small = li % 2 === 1 ? 2 : 1;
  for (let k = 0; k < small; k++) {
    const u = k === 0 ? R.hello : R.hello2;
    const a = k === 0 ? R.helloAns : R.hello2Ans;
    c.call(s, t, 'gpt-4o', [{ role: 'system', content: SYS.rm }, ...hist, { role: 'user', content: u }], a, { scope });
    hist.push({ role: 'user', content: u }, { role: 'assistant', content: a });
    t += 1;
  }
  const query = variant === 'deleted' ? R.rxQ : R.query;
  const kb = (k, score, extra = {}) => ({ id: `kb-${k}`, score, text: KB[k], metadata: { type: 'kb', source: 'catalog' }, ...extra });
  const mem = (k, score, text, type, extra = {}) => ({ id: M(k), score, text, metadata: { type, scope }, ...extra });
  const base = { retrieval_id: `${id}-search`, query, filters: { user_id: scope.user }, scope };
  let injectedTexts;
  let answer;
  if (variant === 'threshold') {
    s.add('retrieval', t, {
      ...base,
      top_k: 3,
      threshold: 0.65,
      candidates: [kb('frames', 0.71), mem('lens', 0.61, R.memLens, 'preference'), kb('care', 0.58)],
    });
    injectedTexts = [KB.frames];
    answer = R.ansMiss;
  } else if (variant === 'flagged-out') {
    s.add('retrieval', t, {
      ...base,
      top_k: 3,
      threshold: 0.5,
      candidates: [
        kb('progressive', 0.74, { rank: 2, injected: true }),
        mem('lens', 0.79, R.memLens, 'preference', { rank: 1, injected: false }),
        mem('sat', 0.52, R.memSat, 'preference', { rank: 3, injected: true }),
      ],
    });
    injectedTexts = [KB.progressive, R.memSat];
    answer = R.ansMiss;
  } else if (variant === 'one-word') {
    s.add('retrieval', t, { ...base, top_k: 2, candidates: [kb('frames', 0.82), kb('progressive', 0.77), mem('sport', 0.55, R.memSport, 'fact')] });
    injectedTexts = [KB.frames, KB.progressive];
    answer = R.ansMiss;
  } else {
    s.add('retrieval', t, { ...base, top_k: 2, threshold: 0.4, candidates: [kb('eyetest', 0.74), mem('sat', 0.41, R.memSat, 'preference')] });
    injectedTexts = [KB.eyetest, R.memSat];
    answer = R.ansRx;
  }
  const card = `${R.cardHeader}\n${injectedTexts.map((x) => `- ${x}`).join('\n')}`;
  const msgs = [{ role: 'system', content: SYS.rm }, { role: 'system', content: card }, ...hist, { role: 'user', content: query }];
  c.call(s, t, 'gpt-4o', msgs, answer, { scope });
  if (variant === 'threshold' || variant === 'flagged-out') check(!JSON.stringify(msgs).includes(R.memLens), `${id}: the memory reached the prompt`);
  return { c, detail: { turn: t } };
}

/**
 * lost-write. variant: 'snapshot' (F: committed, acknowledged, promised, then a snapshot without it),
 * 'no-write' (F, even languages: a promise and no write, the session searches memory) or 'failed' (F, odd
 * languages: acknowledged, promised, then failed with no retry), 'file' (L: "saved" an invoice file), 'late'
 * (L: acknowledged, promised, committed two turns later, a snapshot holding it; a `fact`, not critical).
 */
export function lostWrite(id, L, li, variant) {
  const c = new Case(id, { epoch: li % 2 === 0 });
  const W = L.lw;
  const scope = { user: `learner-${200 + li}` };
  const M = (k) => `${id}-${k}`;
  const store = 'learners';
  const day = String(3 + li).padStart(2, '0');
  const p = c.session(`${id}-prev`, `2026-08-${day}T16:00:00Z`);
  for (const [k, text] of [
    ['a', W.memA],
    ['b', W.memB],
  ])
    c.write(p, 0, `${id}-w-${k}`, { memory_id: M(k), memory_type: 'fact', text, store, source: 'user', scope }, ['requested', 'committed']);
  const s = c.session(id, `2026-09-${day}T18:40:00Z`);
  const hist = [];
  let t = 0;
  const turn = (u, a) => {
    const sys = [{ role: 'system', content: SYS.lw }];
    if (t === 0) {
      s.add('retrieval', t, {
        retrieval_id: `${id}-s0`,
        query: u,
        top_k: 3,
        filters: { user_id: scope.user },
        candidates: [
          { id: M('a'), score: 0.72, text: W.memA },
          { id: M('b'), score: 0.66, text: W.memB },
        ],
      });
      sys.push({ role: 'system', content: `${W.notesHeader}\n- ${W.memA}\n- ${W.memB}` });
    }
    hist.push({ role: 'user', content: u });
    c.call(s, t, 'gpt-4o-mini', [...sys, ...hist], a, { scope });
    hist.push({ role: 'assistant', content: a });
    t += 1;
  };
  turn(W.intro, W.introAns);
  const wr = { memory_id: M('pref'), memory_type: variant === 'late' ? 'fact' : 'preference', text: W.mem, store, source: 'user', scope };
  const f2 = variant === 'lost' ? (li % 2 === 0 ? 'no-write' : 'failed') : variant;
  // turn 1: the learner's times, the write, the promise
  hist.push({ role: 'user', content: W.pref });
  if (f2 === 'snapshot' || f2 === 'file') c.write(s, t, `${id}-w-pref`, wr, ['requested', 'committed', 'acknowledged']);
  if (f2 === 'failed' || f2 === 'late') c.write(s, t, `${id}-w-pref`, wr, ['requested', 'enqueued', 'acknowledged']);
  c.call(s, t, 'gpt-4o-mini', [{ role: 'system', content: SYS.lw }, ...hist], W.promise, { scope });
  hist.push({ role: 'assistant', content: W.promise });
  if (f2 === 'failed') s.add('memory_write', t, { write_id: `${id}-w-pref`, phase: 'failed', error: 'write rejected: index unavailable (503)' }, 5000);
  t += 1;
  turn(W.bookQ, W.bookA);
  if (f2 === 'file') turn(W.invQ, W.fileA);
  if (f2 === 'late') s.add('memory_write', t - 1, { write_id: `${id}-w-pref`, phase: 'committed' }, 45000);
  turn(W.byeQ, W.byeA);
  if (f2 === 'snapshot') s.add('store_snapshot', null, { store, memory_ids: [M('a'), M('b')] }, 60000);
  if (f2 === 'late' || f2 === 'file') s.add('store_snapshot', null, { store, memory_ids: [M('a'), M('b'), M('pref')] }, 60000);
  return { c, variant: f2 };
}

/**
 * concurrent-overwrite. variant: 'owner' (F: the coordinator writes the scout's own field), 'same-base' (F: both
 * read v7 and write the whole object; odd languages: both writes report v8), 'fields' (L: disjoint field lists
 * from v3), 'refused' (L: the second write refused in the store's language, re-read, rewritten).
 */
export function concurrentOverwrite(id, L, li, variant) {
  const c = new Case(id, { shuffle: li % 2 === 1, epoch: li % 3 === 0 });
  const C = L.co;
  const s = c.session(id, `2026-10-${String(1 + li).padStart(2, '0')}T04:50:00Z`);
  const st = (actor, key, f, ms) => s.add('state', 1, { actor, key, ...f }, ms);
  const CO = 'coordinator';
  const SC = 'location-scout';
  if (variant === 'owner') {
    const key = 'location:day3';
    st(SC, key, { op: 'write', value: C.locA, version: 1, owner: SC });
    st(CO, key, { op: 'read', value: C.locA, version: 1, owner: SC });
    st(SC, key, { op: 'read', value: C.locA, version: 1 });
    st(CO, key, { op: 'write', value: C.locB, expected_version: 1, version: 2 });
    st(SC, key, { op: 'read', value: C.locB, version: 2 }, 30000);
  } else if (variant === 'same-base') {
    const key = 'callsheet:day3';
    const v0 = { call: '06:30', location: C.locA, parking: C.park1 };
    st(CO, key, { op: 'read', value: v0, version: 7 });
    st(SC, key, { op: 'read', value: v0, version: 7 });
    st(CO, key, { op: 'write', value: { ...v0, call: '05:45' }, version: 8 });
    st(SC, key, { op: 'write', value: { ...v0, parking: C.park2 }, version: li % 2 === 1 ? 8 : 9 });
    st(CO, key, { op: 'read', value: { ...v0, parking: C.park2 }, version: li % 2 === 1 ? 8 : 9 }, 20000);
  } else if (variant === 'fields') {
    const key = 'callsheet:day3';
    const v0 = { call: '06:30', location: C.locA, parking: C.park1 };
    st(CO, key, { op: 'read', value: v0, version: 3 });
    st(SC, key, { op: 'read', value: v0, version: 3 });
    st(CO, key, { op: 'write', value: { call: '05:45' }, fields: ['call'], expected_version: 3, version: 4 });
    st(SC, key, { op: 'write', value: { parking: C.park2 }, fields: ['parking'], expected_version: 3, version: 5 });
    st(CO, key, { op: 'read', value: { call: '05:45', location: C.locA, parking: C.park2 }, version: 5 }, 20000);
  } else {
    const key = 'callsheet:day3';
    const v0 = { call: '06:30', location: C.locA, parking: C.park1 };
    const v1 = { ...v0, call: '05:45' };
    st(CO, key, { op: 'read', value: v0, version: 5 });
    st(SC, key, { op: 'read', value: v0, version: 5 });
    st(CO, key, { op: 'write', value: v1, expected_version: 5, version: 6 });
    st(SC, key, { op: 'write', value: { ...v0, parking: C.park2 }, expected_version: 5, result: C.conflict });
    st(SC, key, { op: 'read', value: v1, version: 6 });
    st(SC, key, { op: 'write', value: { ...v1, parking: C.park2 }, expected_version: 6, version: 7 });
    st(CO, key, { op: 'read', value: { ...v1, parking: C.park2 }, version: 7 }, 20000);
  }
  // the coordinator tells the crew, in the language (a chat line, no rule, no memory)
  c.call(
    s,
    2,
    'gpt-4o-mini',
    [
      { role: 'system', content: 'You are the production coordinator agent of a film shoot.' },
      { role: 'user', content: C.crewQ },
    ],
    C.crewA,
  );
  return { c };
}
