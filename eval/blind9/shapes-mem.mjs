// recall-mismatch, lost-write, concurrent-overwrite: sessions of a memory system (and of shared state).
import { call, session, write } from './kit.mjs';

const SYS_RM = 'You are the assistant of a small-animal veterinary practice. Answer pet owners using the owner file and the knowledge base given below.';
const SYS_LW = 'You are the booking assistant of a dog-walking service. Keep each client\u2019s notes in memory with the memory tools.';
const SYS_CO = 'You are the desk assistant of a regional newsroom. Answer the night editor from the shared story budget.';

const day = 86_400_000;
const iso = (t) => new Date(t).toISOString();

/** recall-mismatch: a veterinary practice, memory per owner (store `vet-owners`) and a knowledge base. */
export function recallMismatch(L, ctx, variant) {
  const R = L.rm;
  const r = ctx.r;
  const user = `own-${ctx.num}`;
  const t0 = Date.parse(ctx.start);
  const prev = session(`${ctx.sid()}-before`, iso(t0 - 61 * day), r);
  const mem = (id, text, extra = {}) => ({ id, text, ...extra });
  const agentOf = (m) => (variant === 'filter' ? (m === 'diet' ? 'vet-nurse' : 'front-desk') : 'front-desk');
  const sc = (m) => ({ user, agent: agentOf(m) });
  call(
    prev,
    0,
    'gpt-4o-mini',
    [
      { role: 'system', content: SYS_RM },
      { role: 'user', content: R.earlierUser },
    ],
    R.earlierAnswer,
    { scope: { user } },
  );
  const mems = {
    diet: mem(`m-${ctx.num}-diet`, R.memDiet, { memory_type: 'fact', slot: 'diet' }),
    dietOld: mem(`m-${ctx.num}-diet0`, R.memDietOld, { memory_type: 'fact', slot: 'diet' }),
    insurance: mem(`m-${ctx.num}-ins`, R.memInsurance, { memory_type: 'fact' }),
    appt: mem(`m-${ctx.num}-appt`, R.memAppt, { memory_type: 'preference' }),
    vacc: mem(`m-${ctx.num}-vacc`, R.memVacc, { memory_type: 'fact' }),
  };
  const stored = {
    reranked: ['diet', 'insurance', 'appt'],
    relative: ['diet', 'insurance', 'appt'],
    filter: ['diet', 'insurance', 'appt'],
    'name-only': ['vacc', 'insurance', 'appt'],
    superseded: ['dietOld', 'insurance', 'appt'],
  }[variant];
  let w = 0;
  for (const k of stored) {
    const m = mems[k];
    write(prev, 0, `w-${ctx.num}-${++w}`, ['requested', 'committed'], {
      memory_id: m.id,
      memory_type: m.memory_type,
      text: m.text,
      store: 'vet-owners',
      scope: sc(k),
      ...(m.slot ? { slot: m.slot } : {}),
    });
  }
  const s = session(ctx.sid(), ctx.start, r);
  const msgs = [{ role: 'system', content: SYS_RM }];
  let turn = 0;
  for (const [u, a] of ctx.odd ? R.smalltalk : R.smalltalk.slice(0, 1)) {
    msgs.push({ role: 'user', content: u });
    call(s, turn, 'gpt-4o-mini', msgs, a, { scope: { user } });
    msgs.push({ role: 'assistant', content: a });
    turn++;
  }
  if (variant === 'superseded') {
    // the owner told the nurse about the new diet last week: a newer memory of the same slot
    const mid = session(`${ctx.sid()}-diet`, iso(t0 - 8 * day), r);
    call(
      mid,
      0,
      'gpt-4o-mini',
      [
        { role: 'system', content: SYS_RM },
        { role: 'user', content: R.dietChangeUser },
      ],
      R.dietChangeAnswer,
      { scope: { user } },
    );
    write(mid, 0, `w-${ctx.num}-9`, ['requested', 'committed'], {
      memory_id: mems.diet.id,
      memory_type: 'fact',
      slot: 'diet',
      supersedes: mems.dietOld.id,
      text: R.memDietNew,
      store: 'vet-owners',
      scope: { user, agent: 'front-desk' },
    });
    mems.diet.text = R.memDietNew;
    ctx.extraSessions.push(mid);
  }
  const kb = (id, text, score, extra = {}) => ({ id, score, text, metadata: { type: 'kb', source: 'practice-handbook' }, ...extra });
  const mc = (k, score) => ({ id: mems[k].id, score, text: mems[k].text, metadata: { type: mems[k].memory_type, scope: sc(k) } });
  const base = { query: R.question, rewritten_query: R.rewritten, store: 'vet-owners', scope: { user } };
  let ret;
  let injected;
  if (variant === 'reranked') {
    ret = {
      ...base,
      top_k: 2,
      filters: { user_id: user },
      candidates: [kb('kb-weight', R.kbWeight, 0.78), mc('diet', 0.74), kb('kb-senior', R.kbSenior, 0.7), mc('appt', 0.41)],
      rerank: {
        model: 'bge-reranker-v2-m3',
        top_n: 2,
        candidates: [
          { id: 'kb-senior', score: 0.91 },
          { id: 'kb-weight', score: 0.87 },
          { id: mems.diet.id, score: 0.22 },
          { id: mems.appt.id, score: 0.04 },
        ],
      },
    };
    injected = ['kb-senior', 'kb-weight'];
  } else if (variant === 'relative') {
    ret = {
      ...base,
      top_k: 3,
      threshold: 0.5,
      relative_threshold: 0.85,
      filters: { user_id: user },
      candidates: [kb('kb-weight', R.kbWeight, 0.82), kb('kb-senior', R.kbSenior, 0.79), mc('diet', 0.66), mc('appt', 0.38)],
    };
    injected = ['kb-weight', 'kb-senior'];
  } else if (variant === 'filter') {
    ret = {
      ...base,
      top_k: 3,
      filters: { user_id: user, agent_id: 'front-desk' },
      candidates: [kb('kb-weight', R.kbWeight, 0.8), kb('kb-senior', R.kbSenior, 0.77), mc('appt', 0.36)],
    };
    injected = ['kb-weight', 'kb-senior', mems.appt.id];
  } else if (variant === 'name-only') {
    ret = {
      ...base,
      top_k: 2,
      filters: { user_id: user },
      candidates: [kb('kb-weight', R.kbWeight, 0.79), kb('kb-senior', R.kbSenior, 0.72), mc('vacc', 0.41)],
    };
    injected = ['kb-weight', 'kb-senior'];
  } else {
    ret = { ...base, top_k: 2, filters: { user_id: user }, candidates: [mc('diet', 0.81), kb('kb-weight', R.kbWeight, 0.77), mc('dietOld', 0.69)] };
    injected = [mems.diet.id, 'kb-weight'];
  }
  s.add('retrieval', turn, { retrieval_id: `q-${ctx.num}`, ...ret });
  const texts = injected.map((id) => ret.candidates.find((c) => c.id === id).text);
  const block = { role: 'system', content: `${R.blockTitle}\n${texts.map((t) => `- ${t}`).join('\n')}` };
  msgs.splice(1, 0, block);
  msgs.push({ role: 'user', content: R.question });
  const good = variant === 'superseded';
  call(s, turn, 'gpt-4o-mini', msgs, good ? R.answerGood : R.answerBad, { scope: { user } });
  return { sessions: [prev, ...ctx.extraSessions, s] };
}

/** lost-write: a dog-walking service; the client's new rule for the dog is written (or not) to memory. */
export function lostWrite(L, ctx, variant) {
  const D = L.lw;
  const r = ctx.r;
  const user = `cl-${ctx.num}`;
  const t0 = Date.parse(ctx.start);
  const store = 'walkers-crm';
  const prev = session(`${ctx.sid()}-before`, iso(t0 - 23 * day), r);
  call(
    prev,
    0,
    'gpt-4o-mini',
    [
      { role: 'system', content: SYS_LW },
      { role: 'user', content: D.earlierUser },
    ],
    D.earlierAnswer,
    { scope: { user } },
  );
  write(prev, 0, `w-${ctx.num}-a`, ['requested', 'committed'], { memory_id: `m-${ctx.num}-key`, memory_type: 'fact', text: D.memKey, store, scope: { user } });
  write(prev, 0, `w-${ctx.num}-b`, ['requested', 'committed'], { memory_id: `m-${ctx.num}-dog`, memory_type: 'fact', text: D.memDog, store, scope: { user } });
  const s = session(ctx.sid(), ctx.start, r);
  const msgs = [{ role: 'system', content: SYS_LW }];
  s.add('retrieval', 0, {
    retrieval_id: `q-${ctx.num}`,
    query: D.q0,
    top_k: 3,
    store,
    filters: { user_id: user },
    scope: { user },
    candidates: [
      { id: `m-${ctx.num}-dog`, score: 0.72, text: D.memDog },
      { id: `m-${ctx.num}-key`, score: 0.64, text: D.memKey },
    ],
  });
  msgs.push({ role: 'system', content: `${D.blockTitle}\n- ${D.memDog}\n- ${D.memKey}` }, { role: 'user', content: D.q0 });
  call(s, 0, 'gpt-4o-mini', msgs, D.a0, { scope: { user } });
  msgs.push({ role: 'assistant', content: D.a0 }, { role: 'user', content: D.rule });
  const mid = `m-${ctx.num}-leash`;
  const f = { memory_id: mid, memory_type: 'fact', text: D.memLeash, store, scope: { user }, actor: 'memory-worker' };
  const wid = `w-${ctx.num}-leash`;
  s.add('request', 1, { request_id: `${s.id}-r1`, model: 'gpt-4o-mini', messages: msgs.map((m) => ({ ...m })), scope: { user } });
  const respond = () => s.add('response', 1, { request_id: `${s.id}-r1`, content: D.promise, finish_reason: 'stop', scope: { user } });
  if (variant === 'restart') {
    write(s, 1, wid, ['requested', 'enqueued', 'acknowledged'], f);
    respond();
    s.add('lifecycle', 1, { event: 'restart', process: 'memory-worker', actor: 'memory-worker' }, 3200);
  } else if (variant === 'dead-letter') {
    write(s, 1, wid, ['requested', 'enqueued', 'acknowledged'], f);
    respond();
    write(
      s,
      1,
      wid,
      [
        ['failed', { error: 'upstream timeout after 10000 ms (vector-index)' }, 10400],
        ['retried', {}, 30000],
        ['failed', { error: 'upstream timeout after 10000 ms (vector-index)' }, 10100],
        ['dead_lettered', { error: 'max attempts (2) reached' }, 300],
      ],
      f,
    );
  } else if (variant === 'never') {
    write(s, 1, wid, ['requested', 'enqueued', 'acknowledged'], f);
    respond();
  } else if (variant === 'retried') {
    write(s, 1, wid, ['requested', 'enqueued', 'acknowledged'], f);
    respond();
    write(
      s,
      1,
      wid,
      [
        ['failed', { error: 'upstream timeout after 10000 ms (vector-index)' }, 10400],
        ['retried', {}, 30000],
        ['committed', {}, 900],
      ],
      f,
    );
  } else {
    write(s, 1, wid, ['requested', 'enqueued', 'committed', 'acknowledged'], f);
    respond();
  }
  msgs.push({ role: 'assistant', content: D.promise }, { role: 'user', content: D.q2 });
  call(s, 2, 'gpt-4o-mini', msgs, D.a2, { scope: { user }, ms: 40_000 });
  msgs.push({ role: 'assistant', content: D.a2 });
  if (ctx.odd || variant === 'never') {
    msgs.push({ role: 'user', content: D.bye });
    call(s, 3, 'gpt-4o-mini', msgs, D.byeAnswer, { scope: { user }, ms: 95_000 });
  }
  if (variant === 'restart-after') s.add('lifecycle', null, { event: 'deploy', process: 'memory-worker', actor: 'memory-worker' }, 120_000);
  const ids = [`m-${ctx.num}-key`, `m-${ctx.num}-dog`];
  if (variant === 'retried' || variant === 'restart-after') ids.push(mid);
  if (variant !== 'never' && (variant !== 'restart' || !ctx.odd)) s.add('store_snapshot', null, { store, memory_ids: ids }, 240_000);
  return { sessions: [prev, s] };
}

/** concurrent-overwrite: a newsroom's shared story budget, written by two agents (or two replicas of one). */
export function concurrentOverwrite(L, ctx, variant) {
  const N = L.co;
  const s = session(ctx.sid(), ctx.start, ctx.r);
  const st = (actor, key, op, fields, ms) => s.add('state', 0, { actor, key, op, ...fields }, ms);
  const [h0, h1, h2] = N.headlines;
  let surviving;
  if (variant === 'no-versions') {
    st('editor-bot', 'frontpage:lead', 'read', { value: h0 });
    st('factcheck-bot', 'frontpage:lead', 'read', { value: h0 }, 700);
    st('editor-bot', 'frontpage:lead', 'write', { value: h1 }, 41_000);
    st('factcheck-bot', 'frontpage:lead', 'write', { value: `${h0} ${N.correction}` }, 9_000);
    surviving = `${h0} ${N.correction}`;
    st('editor-bot', 'frontpage:lead', 'read', { value: surviving }, 120_000);
  } else if (variant === 'replicas') {
    const v = { lead: h0, photo: N.photo0, teaser: N.teaser0 };
    st('layout-agent', 'page:A1', 'read', { value: v, version: 12, instance: 'layout-7f9c4' });
    st('layout-agent', 'page:A1', 'read', { value: v, version: 12, instance: 'layout-2b1d8' }, 350);
    st('layout-agent', 'page:A1', 'write', { value: { ...v, lead: h1 }, expected_version: 12, version: 13, instance: 'layout-7f9c4' }, 6_000);
    st('layout-agent', 'page:A1', 'write', { value: { ...v, photo: N.photo1 }, expected_version: 12, version: 14, instance: 'layout-2b1d8' }, 1_100);
    surviving = h0;
    st('editor-bot', 'page:A1', 'read', { value: { ...v, photo: N.photo1 }, version: 14 }, 90_000);
  } else if (variant === 'sequential') {
    st('editor-bot', 'frontpage:lead', 'read', { value: h0, version: 3 });
    st('editor-bot', 'frontpage:lead', 'write', { value: h1, expected_version: 3, version: 4 }, 20_000);
    st('factcheck-bot', 'frontpage:lead', 'read', { value: h1, version: 4 }, 60_000);
    st('factcheck-bot', 'frontpage:lead', 'write', { value: `${h1} ${N.correction}`, expected_version: 4, version: 5 }, 30_000);
    surviving = `${h1} ${N.correction}`;
    st('editor-bot', 'frontpage:lead', 'read', { value: surviving, version: 5 }, 90_000);
  } else if (variant === 'json-patch') {
    const v = { lead: h0, photo_credit: N.photo0, teaser: N.teaser0 };
    st('editor-bot', 'page:A1', 'read', { value: v, version: 5 });
    st('factcheck-bot', 'page:A1', 'read', { value: v, version: 5 }, 500);
    st('editor-bot', 'page:A1', 'write', { value: [{ op: 'replace', path: '/lead', value: h1 }], expected_version: 5, version: 6 }, 8_000);
    st('factcheck-bot', 'page:A1', 'write', { value: [{ op: 'replace', path: '/photo_credit', value: N.photo1 }], expected_version: 5, version: 7 }, 1_300);
    surviving = h1;
    st('editor-bot', 'page:A1', 'read', { value: { ...v, lead: h1, photo_credit: N.photo1 }, version: 7 }, 60_000);
  } else {
    st('editor-bot', 'frontpage:lead', 'read', { value: h0, version: 5 });
    st('factcheck-bot', 'frontpage:lead', 'read', { value: h0, version: 5 }, 500);
    st('editor-bot', 'frontpage:lead', 'write', { value: h1, expected_version: 5, version: 6 }, 8_000);
    st(
      'factcheck-bot',
      'frontpage:lead',
      'write',
      { value: `${h0} ${N.correction}`, expected_version: 5, status: 412, result: { status: 412, message: 'Precondition Failed: version is 6' } },
      1_300,
    );
    st('factcheck-bot', 'frontpage:lead', 'read', { value: h1, version: 6 }, 700);
    st('factcheck-bot', 'frontpage:lead', 'write', { value: `${h1} ${N.correction}`, expected_version: 6, version: 7 }, 9_000);
    surviving = `${h1} ${N.correction}`;
  }
  const lead = typeof surviving === 'string' ? surviving : h2;
  call(
    s,
    1,
    'gpt-4o-mini',
    [
      { role: 'system', content: SYS_CO },
      { role: 'user', content: N.ask },
    ],
    `${N.answer} ${lead}`,
    { actor: 'desk-assistant', ms: 40_000 },
  );
  return { sessions: [s] };
}
