// recall-mismatch: a personal assistant with a memory store. The user tells it things (memories written and
// committed), then asks something a stored memory answers; a retrieval runs, its injected results go into the
// next prompt. Faults: the fitting memory was ranked below top_k, under the threshold, filtered out, reranked
// out, or dropped after retrieval. Look-alikes: a coincidental shared name, a memory of another user outside a
// search scoped by design, an old memory superseded by a newer one, a memory that reached the prompt pinned.
import { Session } from '../../lib/blind-session.mjs';

function write(s, turn, w, scope) {
  const base = { write_id: `w-${w.id}`, memory_id: w.id, memory_type: w.type ?? 'fact', text: w.text, store: 'memories' };
  if (w.slot) base.slot = w.slot;
  s.add('memory_write', turn, { ...base, phase: 'requested', scope }, 300);
  s.add('memory_write', turn, { write_id: `w-${w.id}`, memory_id: w.id, phase: 'committed', store: 'memories', scope }, 400);
}

function say(s, turn, sys, history, user, r) {
  history.push({ role: 'user', content: user });
  const rid = `${s.id}-r${turn}`;
  s.add('request', turn, { request_id: rid, model: 'gpt-4o-mini', messages: [sys, ...structuredClone(history)] }, 20000 + Math.floor(r() * 60000));
  return rid;
}

/**
 * One session: `told` memories are said one per turn (with their user sentence), then the question.
 * `cands` are [memory or kb id, score] pairs in search order; `ret` extra retrieval fields.
 */
function session({ id, start, r, L, told, extra = [], question, answer, cands, ret = {}, injectedIds, pinned, scope, retScope }) {
  const s = new Session(id, start, r);
  const sys = { role: 'system', content: L.memSys ?? 'You are a personal assistant with long-term memory.' };
  const history = [];
  const texts = {};
  let turn = 0;
  for (const m of told) {
    say(s, turn, sys, history, m.say, r);
    write(s, turn, m, m.scope ?? scope);
    s.add('response', turn, { request_id: `${id}-r${turn}`, content: L.okAck, finish_reason: 'stop' }, 900);
    history.push({ role: 'assistant', content: L.okAck });
    texts[m.id] = m.text;
    turn += 1;
  }
  for (const m of extra) {
    write(s, Math.max(0, turn - 1), m, m.scope ?? scope);
    texts[m.id] = m.text;
  }
  L.kb.forEach((t, i) => {
    texts[`kb-${i + 1}`] = t;
  });
  Object.assign(texts, ret.kbTexts ?? {});
  history.push({ role: 'user', content: question });
  const candidates = cands.map(([cid, score], i) => ({
    id: cid,
    score,
    rank: i + 1,
    text: texts[cid],
    metadata: { type: cid.startsWith('kb') ? 'document' : 'memory' },
  }));
  const rv = { retrieval_id: `${id}-q1`, query: question, top_k: ret.top_k ?? 3, candidates };
  for (const k of ['threshold', 'filters', 'rerank', 'injected']) if (ret[k] !== undefined) rv[k] = ret[k];
  const ev = s.add('retrieval', turn, rv, 1200);
  if (retScope ?? scope) ev.scope = retScope ?? scope;
  const ids = injectedIds ?? candidates.slice(0, rv.top_k).map((c) => c.id);
  const memBlock = `${L.memHead}\n${ids.map((i) => `- ${texts[i]}`).join('\n')}`;
  const msgs = [sys];
  if (pinned) msgs.push({ role: 'system', content: `${L.pinnedHead}\n- ${texts[pinned]}` });
  msgs.push({ role: 'system', content: memBlock }, ...structuredClone(history));
  s.add('request', turn, { request_id: `${id}-r${turn}`, model: 'gpt-4o-mini', messages: msgs }, 300);
  s.add('response', turn, { request_id: `${id}-r${turn}`, content: answer, finish_reason: 'stop' }, 2500);
  return s;
}

export function recallCases({ L, start, rngFor }) {
  const c = L.code;
  const scope = { user: L.user };
  const mem = (p, i) => ({ id: `m-${c}-${i}`, say: p.say, text: p.mem, type: p.type });
  const facts = L.facts.map((f, i) => ({ id: `m-${c}-f${i + 1}`, say: f.say, text: f.mem, type: 'fact' }));
  const specs = [];
  // F1: ranked 4th with top_k 3, score close to the cut
  {
    const t = mem(L.rm[0], 1);
    specs.push({
      v: 'rank-beyond-top-k',
      fault: true,
      d: `stored memory "${L.rm[0].mem}" ranked 4th with top_k=3 (0.77 vs cut 0.79)`,
      a: {
        told: [facts[0], t, facts[1]],
        question: L.rm[0].q,
        answer: L.rm[0].a,
        cands: [
          ['kb-1', 0.83],
          [facts[0].id, 0.8],
          ['kb-2', 0.79],
          [t.id, 0.77],
          ['kb-3', 0.61],
        ],
      },
    });
  }
  // F2: within top_k, under the absolute threshold
  {
    const t = mem(L.rm[1], 2);
    specs.push({
      v: 'below-threshold',
      fault: true,
      d: `stored preference "${L.rm[1].mem}" ranked 2nd but score 0.71 < threshold 0.72`,
      a: {
        told: [t, facts[1], facts[2]],
        question: L.rm[1].q,
        answer: L.rm[1].a,
        cands: [
          ['kb-1', 0.86],
          [t.id, 0.71],
          [facts[1].id, 0.58],
        ],
        ret: { top_k: 3, threshold: 0.72 },
        injectedIds: ['kb-1'],
      },
    });
  }
  // F3: a type filter excludes the memory
  {
    const t = mem(L.rm[3], 4);
    specs.push({
      v: 'filter-excludes',
      fault: true,
      d: `stored preference "${L.rm[3].mem}" excluded by a memory_type=fact filter; only unrelated facts returned`,
      a: {
        told: [facts[0], t, facts[2]],
        question: L.rm[3].q,
        answer: L.rm[3].a,
        cands: [
          [facts[0].id, 0.41],
          [facts[2].id, 0.38],
        ],
        ret: { top_k: 3, filters: { memory_type: 'fact' } },
      },
    });
  }
  // F4: reranked out
  {
    const t = mem(L.rm[2], 3);
    specs.push({
      v: 'reranked-out',
      fault: true,
      d: `memory "${L.rm[2].mem}" 1st in the vector search, moved to 4th by the reranker (top_n 2)`,
      a: {
        told: [facts[0], t, facts[1]],
        question: L.rm[2].q,
        answer: L.rm[2].a,
        cands: [
          [t.id, 0.82],
          ['kb-1', 0.8],
          [facts[1].id, 0.74],
          ['kb-3', 0.7],
        ],
        ret: {
          top_k: 2,
          rerank: {
            model: 'bge-reranker-v2-m3',
            top_n: 2,
            candidates: [
              { id: 'kb-1', score: 0.91, rank: 1 },
              { id: 'kb-3', score: 0.66, rank: 2 },
              { id: facts[1].id, score: 0.35, rank: 3 },
              { id: t.id, score: 0.22, rank: 4 },
            ],
          },
        },
        injectedIds: ['kb-1', 'kb-3'],
      },
    });
  }
  // F5: within every cut, but left out of the injected list (a token budget step)
  {
    const t = mem(L.rm[1], 2);
    specs.push({
      v: 'not-injected',
      fault: true,
      d: `stored preference "${L.rm[1].mem}" ranked 2nd within top_k=3 and the threshold, but not in the injected list`,
      a: {
        told: [facts[2], t],
        question: L.rm[1].q,
        answer: L.rm[1].a,
        cands: [
          ['kb-1', 0.88],
          [t.id, 0.84],
          [facts[2].id, 0.62],
        ],
        ret: { top_k: 3, threshold: 0.5, injected: ['kb-1', facts[2].id] },
        injectedIds: ['kb-1', facts[2].id],
      },
    });
  }
  // L1: a coincidental shared name
  {
    const t = { id: `m-${c}-pet`, say: L.pepper.say, text: L.pepper.mem, type: 'fact' };
    const kbTexts = { 'kb-r1': L.pepper.kb[0], 'kb-r2': L.pepper.kb[1], 'kb-r3': L.pepper.kb[2] };
    specs.push({
      v: 'coincidental-name',
      fault: false,
      d: 'a dog named like the dish the user asks a recipe for; the pet memory ranks low and shares only that word',
      a: {
        told: [t, facts[0]],
        question: L.pepper.q,
        answer: L.pepper.a,
        cands: [
          ['kb-r1', 0.86],
          ['kb-r2', 0.81],
          ['kb-r3', 0.78],
          [facts[0].id, 0.43],
          [t.id, 0.41],
        ],
        ret: { top_k: 3, kbTexts },
      },
    });
  }
  // L2: a memory of another user, outside a search scoped by design to this user
  {
    const other = { user: L.other };
    const t = { id: `m-${c}-other`, say: L.scoped.say, text: L.scoped.mem, type: 'preference', scope: other };
    const mine = L.scoped.mine.map((x, i) => ({ id: `m-${c}-mine${i}`, text: x, type: 'fact', scope }));
    specs.push({
      v: 'other-user-scope',
      fault: false,
      d: "another household member's seat preference lives in their own scope; the search is filtered to this user's scope by design",
      a: {
        told: [t],
        extra: mine,
        question: L.scoped.q,
        answer: L.scoped.a,
        cands: [
          [mine[0].id, 0.62],
          [mine[1].id, 0.58],
        ],
        ret: { top_k: 3, filters: { user_id: L.user, scope: { user: L.user } } },
        retScope: scope,
      },
    });
  }
  // L3: superseded by a newer memory of the same subject
  {
    const old = { id: `m-${c}-addr1`, say: L.address.sayOld, text: L.address.old, type: 'fact', slot: 'home_address' };
    const nu = { id: `m-${c}-addr2`, say: L.address.say, text: L.address.new, type: 'fact', slot: 'home_address' };
    specs.push({
      v: 'superseded',
      fault: false,
      d: 'the old home address was replaced by a newer memory of the same slot; the new one is injected, the old ranks 4th',
      a: {
        told: [old, facts[1], nu],
        question: L.address.q,
        answer: L.address.a,
        cands: [
          [nu.id, 0.88],
          ['kb-2', 0.8],
          [facts[1].id, 0.79],
          [old.id, 0.77],
        ],
      },
    });
  }
  // L4: ranked below the cut, but the memory is pinned verbatim in the prompt
  {
    const t = mem(L.rm[3], 4);
    specs.push({
      v: 'pinned-copy',
      fault: false,
      d: `preference "${L.rm[3].mem}" ranked 4th with top_k=3, but the agent pins standing preferences in the system prompt: it reached the prompt`,
      a: {
        told: [facts[0], t],
        question: L.rm[3].q,
        answer: L.rm[3].a,
        cands: [
          ['kb-2', 0.84],
          [facts[0].id, 0.8],
          ['kb-1', 0.79],
          [t.id, 0.77],
        ],
        pinned: t.id,
      },
    });
  }
  return specs.map((sp, i) => {
    const id = `rm-${sp.fault ? 'f' : 'l'}-${c}-${String(i + 1).padStart(2, '0')}`;
    const session = sessionFor(id, start(i), rngFor(id), L, sp.a, scope);
    return { id, fault: sp.fault, variant: sp.v, description: sp.d, session };
  });
}

function sessionFor(id, start, r, L, a, scope) {
  return session({ id, start, r, L, scope, ...a });
}
