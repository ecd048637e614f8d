// The new group (issue 31): a holiday-apartment agency with memory per guest (store `guests`, tenant per agency).
// stale-memory, scope-leak, destructive-update, never-extracted, and the two analyzers the issue asks for,
// memory-conflict and expired-state (EVENTS.md's `expires_at` / `ttl_s`).
import { call, session, write } from './kit.mjs';

const SYS = 'You are the guest assistant of a holiday-apartment agency. Answer guests from their memory and the house guide given below.';
const MODEL = 'gpt-4o-mini';
const day = 86_400_000;
const iso = (t) => new Date(t).toISOString();

/** The case's people: guest A (another guest), guest B (whose session this is), the agency's tenant. */
function people(ctx) {
  const tenant = `casa-${(ctx.num % 97) + 10}`;
  return { tenant, A: { user: `g-${ctx.num}-a`, tenant }, B: { user: `g-${ctx.num}-b`, tenant } };
}

/** A committed memory write in session `s`. */
function mem(s, turn, wid, fields, phases = ['requested', 'committed']) {
  write(s, turn, wid, phases, { store: 'guests', memory_type: 'fact', op: 'add', ...fields });
}

/** A conversation of guest `scope` in session `s`; `turn(user, answer, system?)` adds one model call. */
function convo(s, scope) {
  const msgs = [{ role: 'system', content: SYS }];
  let t = 0;
  return {
    turn(user, answer, block) {
      const m = [...msgs];
      if (block) m.splice(1, 0, { role: 'system', content: block });
      m.push({ role: 'user', content: user });
      call(s, t, MODEL, m, answer, { scope });
      msgs.push({ role: 'user', content: user }, { role: 'assistant', content: answer });
      t++;
      return t - 1;
    },
    get next() {
      return t;
    },
  };
}

const block = (N, texts) => `${N.blockTitle}\n${texts.map((x) => `- ${x}`).join('\n')}`;
const cand = (id, score, text, scope, extra = {}) => ({ id, score, text, metadata: { scope, ...extra } });
const kb = (id, score, text) => ({ id, score, text, metadata: { type: 'house-guide' } });

export function staleMemory(L, ctx, variant) {
  const N = L.nw;
  const { B } = people(ctx);
  const t0 = Date.parse(ctx.start);
  const prev = session(`${ctx.sid()}-booking`, iso(t0 - 10 * day), ctx.r);
  const s = session(ctx.sid(), ctx.start, ctx.r);
  const c = convo(s, B);
  const id = (x) => `m-${ctx.num}-${x}`;
  if (variant === 'not-filtered') {
    mem(prev, 0, `w-${ctx.num}-1`, { memory_id: id('basket'), text: N.basketOld, slot: 'welcome_basket', memory_type: 'preference', scope: B });
    c.turn(N.basketChange, N.basketAck);
    mem(s, 0, `w-${ctx.num}-2`, {
      memory_id: id('basket2'),
      text: N.basketNew,
      slot: 'welcome_basket',
      supersedes: id('basket'),
      memory_type: 'preference',
      scope: B,
    });
    const cands = [cand(id('basket'), 0.84, N.basketOld, B), kb('kb-basket', 0.78, N.kbBasket), cand(id('basket2'), 0.74, N.basketNew, B)];
    s.add('retrieval', c.next, { query: N.basketQ, top_k: 2, store: 'guests', scope: B, filters: { user_id: B.user }, candidates: cands });
    c.turn(N.basketQ, N.basketAnswerOld, block(N, [N.basketOld, N.kbBasket]));
    return { sessions: [prev, s] };
  }
  mem(prev, 0, `w-${ctx.num}-1`, { memory_id: id('arr'), text: N.arrOld, slot: 'arrival', scope: B });
  if (variant === 'update-same-id') {
    c.turn(N.changeArr, N.changeAck);
    mem(s, 0, `w-${ctx.num}-2`, { memory_id: id('arr'), op: 'update', previous_text: N.arrOld, text: N.arrNew, slot: 'arrival', scope: B });
    s.add('retrieval', 1, {
      query: N.keysQ,
      top_k: 2,
      store: 'guests',
      scope: B,
      filters: { user_id: B.user },
      candidates: [cand(id('arr'), 0.83, N.arrOld, B), kb('kb-keys', 0.71, N.kbKeys)],
    });
    c.turn(N.keysQ, N.answerOldArr, block(N, [N.arrOld, N.kbKeys]));
  } else if (variant === 'committed-after') {
    const f = { memory_id: id('arr'), op: 'update', previous_text: N.arrOld, text: N.arrNew, slot: 'arrival', scope: B };
    c.turn(N.changeArr, N.changeAck);
    mem(s, 0, `w-${ctx.num}-2`, f, ['requested', 'enqueued']);
    s.add('retrieval', 1, {
      query: N.keysQ,
      top_k: 2,
      store: 'guests',
      scope: B,
      filters: { user_id: B.user },
      candidates: [cand(id('arr'), 0.83, N.arrOld, B), kb('kb-keys', 0.71, N.kbKeys)],
    });
    c.turn(N.keysQ, N.answerOldArr, block(N, [N.arrOld, N.kbKeys]));
    write(s, 1, `w-${ctx.num}-2`, [['committed', {}, 6_500]], { scope: B });
  } else {
    c.turn(N.changeArr, N.changeAck);
    mem(s, 0, `w-${ctx.num}-2`, { memory_id: id('arr2'), text: N.arrNew, slot: 'arrival', supersedes: id('arr'), scope: B });
    c.turn(N.keysQ, N.answerNewArr, block(N, [N.arrNew, `${N.prev} ${N.arrOld}`, N.kbKeys]));
  }
  return { sessions: [prev, s] };
}

export function scopeLeak(L, ctx, variant) {
  const N = L.nw;
  const { A, B, tenant } = people(ctx);
  const t0 = Date.parse(ctx.start);
  const id = (x) => `m-${ctx.num}-${x}`;
  const sa = session(`${ctx.sid()}-a`, iso(t0 - 20 * day), ctx.r);
  const sb = session(`${ctx.sid()}-b`, iso(t0 - 2 * day), ctx.r);
  const s = session(ctx.sid(), ctx.start, ctx.r);
  if (variant === 'agent-filter') {
    const bill = { ...B, agent: 'billing' };
    const hk = { ...B, agent: 'housekeeping' };
    mem(sb, 0, `w-${ctx.num}-1`, { memory_id: id('dep'), text: N.depositB, scope: bill, actor: 'billing' });
    mem(sb, 0, `w-${ctx.num}-2`, { memory_id: id('linen'), text: N.linenB, memory_type: 'preference', scope: hk, actor: 'housekeeping' });
    const c = convo(s, hk);
    s.add('retrieval', 0, {
      query: N.towelsQ,
      top_k: 2,
      store: 'guests',
      scope: hk,
      filters: { user_id: B.user, agent_id: 'housekeeping' },
      candidates: [cand(id('dep'), 0.79, N.depositB, bill), cand(id('linen'), 0.75, N.linenB, hk)],
      actor: 'housekeeping',
    });
    c.turn(N.towelsQ, N.answerTowels, block(N, [N.depositB, N.linenB]));
    return { sessions: [sb, s] };
  }
  if (variant === 'same-words') {
    mem(sa, 0, `w-${ctx.num}-1`, { memory_id: id('tr-a'), text: N.transfer, scope: A });
    mem(sb, 0, `w-${ctx.num}-2`, { memory_id: id('tr-b'), text: N.transfer, scope: B });
    const c = convo(s, B);
    c.turn(N.transferQ, N.answerTransfer, block(N, [N.transfer]));
    return { sessions: [sa, sb, s] };
  }
  mem(sa, 0, `w-${ctx.num}-1`, { memory_id: id('door-a'), text: N.doorA, scope: A });
  mem(sb, 0, `w-${ctx.num}-2`, { memory_id: id('door-b'), text: N.doorB, scope: B });
  const c = convo(s, B);
  const filters = variant === 'not-enforced' ? { user_id: B.user, tenant_id: tenant } : { tenant_id: tenant };
  const cands =
    variant === 'below-cut'
      ? [cand(id('door-b'), 0.88, N.doorB, B), kb('kb-keys', 0.8, N.kbKeys), cand(id('door-a'), 0.61, N.doorA, A)]
      : [cand(id('door-a'), 0.86, N.doorA, A), cand(id('door-b'), 0.84, N.doorB, B)];
  s.add('retrieval', 0, { query: N.howEnter, top_k: 2, store: 'guests', scope: B, filters, candidates: cands });
  const injected = variant === 'below-cut' ? [N.doorB, N.kbKeys] : [N.doorA, N.doorB];
  c.turn(N.howEnter, variant === 'below-cut' ? N.answerOwn : N.answerLeak, block(N, injected));
  return { sessions: [sa, sb, s] };
}

export function destructiveUpdate(L, ctx, variant) {
  const N = L.nw;
  const { B } = people(ctx);
  const t0 = Date.parse(ctx.start);
  const id = `m-${ctx.num}-upd`;
  const prev = session(`${ctx.sid()}-before`, iso(t0 - (variant === 'task-state' ? 3 * 3_600_000 : 6 * day)), ctx.r);
  const s = session(ctx.sid(), ctx.start, ctx.r);
  const c = convo(s, B);
  const pair = {
    'date-lost': [N.ciOld, N.cotAsk, N.ciLost, 'fact'],
    'negation-lost': [N.cleanOld, N.towelsAsk, N.cleanLost, 'preference'],
    'value-changed': [N.ciOld, N.ciLater, N.ciChanged, 'fact'],
    'user-reversed': [N.cleanOld, N.cleanReverse, N.cleanReversed, 'preference'],
    'task-state': [N.taskOld, N.readyQ, N.taskNew, 'task_state'],
  }[variant];
  const [oldText, ask, newText, type] = pair;
  const actor = type === 'task_state' ? { actor: 'housekeeping' } : {};
  mem(prev, 0, `w-${ctx.num}-1`, { memory_id: id, text: oldText, memory_type: type, scope: B, ...actor });
  c.turn(N.hello, N.helloAns);
  c.turn(ask, type === 'task_state' ? N.readyAns : N.ok);
  mem(s, 1, `w-${ctx.num}-2`, { memory_id: id, op: 'update', previous_text: oldText, text: newText, memory_type: type, scope: B, ...actor });
  return { sessions: [prev, s] };
}

export function neverExtracted(L, ctx, variant) {
  const N = L.nw;
  const { B } = people(ctx);
  const s = session(ctx.sid(), ctx.start, ctx.r);
  const c = convo(s, B);
  const id = (x) => `m-${ctx.num}-${x}`;
  c.turn(N.arrivalMsg, N.thanks);
  mem(s, 0, `w-${ctx.num}-1`, { memory_id: id('arr'), text: N.arrivalMem, scope: B });
  const statement = {
    lasting: N.allergy,
    extracted: N.allergy,
    preference: N.prefShort,
    decision: N.decisionDog,
    story: N.story,
    'remember-question': N.rememberQ,
  }[variant];
  c.turn(statement, variant === 'remember-question' ? N.rememberA : N.thanks);
  if (variant === 'extracted') mem(s, 1, `w-${ctx.num}-2`, { memory_id: id('allergy'), text: N.allergyMem, scope: B });
  c.turn(N.chairMsg, N.chairAns);
  mem(s, 2, `w-${ctx.num}-3`, { memory_id: id('chair'), text: N.chairMem, scope: B });
  return { sessions: [s] };
}

export function memoryConflict(L, ctx, variant) {
  const N = L.nw;
  const { B } = people(ctx);
  const t0 = Date.parse(ctx.start);
  const id = (x) => `m-${ctx.num}-${x}`;
  const p1 = session(`${ctx.sid()}-booking`, iso(t0 - 40 * day), ctx.r);
  const p2 = session(`${ctx.sid()}-update`, iso(t0 - 3 * day), ctx.r);
  const s = session(ctx.sid(), ctx.start, ctx.r);
  const c = convo(s, B);
  if (variant === 'block-both') {
    mem(p1, 0, `w-${ctx.num}-1`, { memory_id: id('late'), text: N.lateOld, scope: B });
    mem(p2, 0, `w-${ctx.num}-2`, { memory_id: id('std'), text: N.lateNew, scope: B });
    c.turn(N.checkoutQ, N.answerLate, block(N, [N.lateOld, N.lateNew]));
    return { sessions: [p1, p2, s] };
  }
  const [olderText, newerText] = variant === 'compatible' ? [N.trainNew, N.trainTime] : [N.carOld, N.trainNew];
  mem(p1, 0, `w-${ctx.num}-1`, { memory_id: id('m1'), text: olderText, scope: B });
  mem(p2, 0, `w-${ctx.num}-2`, { memory_id: id('m2'), text: newerText, scope: B });
  let cands;
  let inj;
  if (variant === 'old-below-cut') {
    cands = [cand(id('m2'), 0.85, newerText, B), kb('kb-arrive', 0.8, N.kbArrive), cand(id('m1'), 0.62, olderText, B)];
    inj = [newerText, N.kbArrive];
  } else {
    cands = [cand(id('m2'), 0.84, newerText, B), cand(id('m1'), 0.82, olderText, B), kb('kb-arrive', 0.77, N.kbArrive)];
    inj = [newerText, olderText, N.kbArrive];
  }
  s.add('retrieval', 0, { query: N.howGetQ, top_k: 3, store: 'guests', scope: B, filters: { user_id: B.user }, candidates: cands });
  const answer = { 'search-both': N.answerCar, 'follows-newer': N.answerTrain, 'old-below-cut': N.answerTrain, compatible: N.answerBoth }[variant];
  c.turn(N.howGetQ, answer, block(N, inj));
  return { sessions: [p1, p2, s] };
}

export function expiredState(L, ctx, variant) {
  const N = L.nw;
  const { B } = people(ctx);
  const t0 = Date.parse(ctx.start);
  const id = (x) => `m-${ctx.num}-${x}`;
  const s = session(ctx.sid(), ctx.start, ctx.r);
  const c = convo(s, B);
  if (variant === 'expires-at' || variant === 'within') {
    // the host posts the notice in the morning: three days before (expired), or two hours before (still valid)
    const back = variant === 'within' ? 2 * 3_600_000 : 3 * day + 8 * 3_600_000;
    const p = session(`${ctx.sid()}-notice`, iso(t0 - back), ctx.r);
    const wts = t0 - back + 5_000;
    mem(p, null, `w-${ctx.num}-1`, {
      memory_id: id('hw'),
      text: N.hotWater,
      memory_type: 'notice',
      expires_at: iso(wts + (variant === 'within' ? 7 : 10) * 3_600_000),
      scope: B,
      actor: 'host',
    });
    s.add('retrieval', 0, {
      query: N.eveningQ,
      top_k: 2,
      store: 'guests',
      scope: B,
      filters: { user_id: B.user },
      candidates: [cand(id('hw'), 0.8, N.hotWater, B), kb('kb-pool', 0.7, N.kbPool)],
    });
    c.turn(N.eveningQ, N.hotWaterAns, block(N, [N.hotWater, N.kbPool]));
    return { sessions: [p, s] };
  }
  if (variant === 'ttl') {
    const p = session(`${ctx.sid()}-arrival`, iso(t0 - 7 * day), ctx.r);
    mem(p, null, `w-${ctx.num}-1`, { memory_id: id('bags'), text: N.luggage, memory_type: 'task_state', ttl_s: 21_600, scope: B, actor: 'host' });
    c.turn(N.bagsQ, N.luggageAns, block(N, [N.luggage]));
    return { sessions: [p, s] };
  }
  if (variant === 'no-lifetime') {
    const p = session(`${ctx.sid()}-maint`, iso(t0 - 5 * day), ctx.r);
    mem(p, null, `w-${ctx.num}-1`, { memory_id: id('wifi'), text: N.wifi, memory_type: 'task_state', scope: B, actor: 'host' });
    s.add('retrieval', 0, {
      query: N.wifiQ,
      top_k: 2,
      store: 'guests',
      scope: B,
      filters: { user_id: B.user },
      candidates: [cand(id('wifi'), 0.86, N.wifi, B), kb('kb-pool', 0.4, N.kbPool)],
    });
    c.turn(N.wifiQ, N.wifiAns, block(N, [N.wifi, N.kbPool]));
    return { sessions: [p, s] };
  }
  // the pool's one-day closure, stated as a date (the end of that day, UTC)
  const p = session(`${ctx.sid()}-notice`, iso(t0 - 4 * day), ctx.r);
  const date = iso(t0 - 4 * day).slice(0, 10);
  mem(p, null, `w-${ctx.num}-1`, { memory_id: id('pool'), text: N.pool, memory_type: 'notice', expires_at: date, scope: B, actor: 'host' });
  const below = variant === 'below-cut';
  const cands = below
    ? [kb('kb-pool', 0.83, N.kbPool), kb('kb-kids', 0.74, N.kbKids), cand(id('pool'), 0.69, N.pool, B)]
    : [cand(id('pool'), 0.82, N.pool, B), kb('kb-pool', 0.79, N.kbPool)];
  s.add('retrieval', 0, { query: N.swimQ, top_k: 2, store: 'guests', scope: B, filters: { user_id: B.user }, candidates: cands });
  c.turn(N.swimQ, below ? N.poolOpenAns : N.poolAns, block(N, below ? [N.kbPool, N.kbKids] : [N.pool, N.kbPool]));
  return { sessions: [p, s] };
}

export const NEW = {
  'stale-memory': {
    ab: 'sm',
    date: '2026-06-08T08:10:00Z',
    even: [
      ['update-same-id', 'not-filtered'],
      ['committed-after', 'history-line'],
    ],
    fn: staleMemory,
  },
  'scope-leak': {
    ab: 'sl',
    date: '2026-06-22T17:40:00Z',
    even: [
      ['unscoped', 'not-enforced'],
      ['below-cut', 'same-words'],
    ],
    odd: [
      ['unscoped', 'agent-filter'],
      ['below-cut', 'same-words'],
    ],
    fn: scopeLeak,
  },
  'destructive-update': {
    ab: 'du',
    date: '2026-07-06T10:25:00Z',
    even: [
      ['date-lost', 'negation-lost'],
      ['value-changed', 'task-state'],
    ],
    odd: [
      ['date-lost', 'negation-lost'],
      ['user-reversed', 'task-state'],
    ],
    fn: destructiveUpdate,
  },
  'never-extracted': {
    ab: 'ne',
    date: '2026-07-20T19:05:00Z',
    even: [
      ['lasting', 'preference'],
      ['extracted', 'story'],
    ],
    odd: [
      ['lasting', 'decision'],
      ['extracted', 'remember-question'],
    ],
    fn: neverExtracted,
  },
  'memory-conflict': {
    ab: 'mc',
    date: '2026-08-03T07:50:00Z',
    even: [
      ['search-both', 'block-both'],
      ['follows-newer', 'compatible'],
    ],
    odd: [
      ['search-both', 'block-both'],
      ['follows-newer', 'old-below-cut'],
    ],
    fn: memoryConflict,
  },
  'expired-state': {
    ab: 'es',
    date: '2026-08-24T16:15:00Z',
    even: [
      ['expires-at', 'ttl'],
      ['within', 'no-lifetime'],
    ],
    odd: [
      ['expires-at', 'date-only'],
      ['within', 'below-cut'],
    ],
    fn: expiredState,
  },
};
