// blind8, the new group (issue 31): a private tutoring agency with memory per family (store `families`, family A
// `fam-311`, family B `fam-587`, tenant `tutor-nord`). Labelled from each analyzer's README and FINDINGS.md.
// Even languages get the first shape of each kind, odd languages the second.
import { Case } from './kit.mjs';
import { SYS } from './shared.mjs';

const A = { user: 'fam-311', tenant: 'tutor-nord' };
const B = { user: 'fam-587', tenant: 'tutor-nord' };
const STORE = 'families';

function base(id, li, opts) {
  const c = new Case(id, opts);
  const day = String(1 + li).padStart(2, '0');
  return { c, prevStart: `2026-02-${day}T09:00:00Z`, start: `2026-03-${day}T16:00:00Z` };
}

function chat(c, s, N, scope, role = 'system') {
  const hist = [];
  let t = 0;
  return {
    get t() {
      return t;
    },
    turn(u, a, block) {
      const sys = [{ role: 'system', content: SYS.nw }];
      if (block) sys.push({ role, content: `${N.profileHeader}\n${block.map((x) => `- ${x}`).join('\n')}` });
      hist.push({ role: 'user', content: u });
      c.call(s, t, 'gpt-4o', [...sys, ...hist], a, { scope });
      hist.push({ role: 'assistant', content: a });
      t += 1;
      return t - 1;
    },
  };
}

const commit = (c, s, t, wid, fields, scope) => c.write(s, t, wid, { store: STORE, source: 'user', scope, ...fields }, ['requested', 'committed']);

/** stale-memory. 'cached' (F even: the old slot in a cached profile block after its replacement committed),
 * 'deleted' (F odd: a deleted memory injected by a search), 'below-cut' (L even: the old slot a candidate below the
 * cut), 'past' (L odd: a search that asks which day it was before the change). */
export function staleMemory(id, L, li, kind) {
  const N = L.nw;
  const { c, prevStart, start } = base(id, li, { epoch: li % 3 === 1 });
  const p = c.session(`${id}-prev`, prevStart);
  const m = (k) => `${id}-${k}`;
  const odd = li % 2 === 1;
  commit(c, p, 0, `${id}-w-slot`, { memory_id: m('slot'), memory_type: 'fact', slot: 'lesson_time', text: N.slotOld }, A);
  commit(c, p, 0, `${id}-w-pick`, { memory_id: m('pick'), memory_type: 'fact', text: N.pickupMem }, A);
  const s = c.session(id, start);
  const ch = chat(c, s, N, A, li % 3 === 2 ? 'developer' : 'system');
  const shape = kind === 'fault' ? (odd ? 'deleted' : 'cached') : odd ? 'past' : 'below-cut';
  if (shape === 'deleted') {
    ch.turn(N.delReq, N.ackDel);
    c.write(s, 0, `${id}-w-del`, { memory_id: m('pick'), op: 'delete', previous_text: N.pickupMem, store: STORE, scope: A }, ['requested', 'committed']);
    s.add('retrieval', 1, {
      retrieval_id: `${id}-s1`,
      query: N.pickupQ,
      top_k: 2,
      filters: { user_id: A.user },
      scope: A,
      candidates: [
        { id: m('pick'), score: 0.84, text: N.pickupMem },
        { id: m('slot'), score: 0.61, text: N.slotOld },
      ],
    });
    ch.turn(N.pickupQ, N.ansPickup, [N.pickupMem, N.slotOld]);
    return { c, shape };
  }
  ch.turn(N.moveReq, N.ackMove, shape === 'cached' ? [N.slotOld, N.pickupMem] : null);
  commit(c, s, 0, `${id}-w-slot2`, { memory_id: m('slot2'), memory_type: 'fact', slot: 'lesson_time', supersedes: [m('slot')], text: N.slotNew }, A);
  if (shape === 'cached') {
    ch.turn(N.smallTalk, N.smallAns);
    ch.turn(N.whenQ, N.ansOld, [N.slotOld, N.pickupMem]);
  } else if (shape === 'below-cut') {
    s.add('retrieval', 1, {
      retrieval_id: `${id}-s1`,
      query: N.whenQ,
      top_k: 2,
      filters: { user_id: A.user },
      scope: A,
      candidates: [
        { id: m('slot2'), score: 0.86, text: N.slotNew },
        { id: m('pick'), score: 0.7, text: N.pickupMem },
        { id: m('slot'), score: 0.64, text: N.slotOld },
      ],
    });
    ch.turn(N.whenQ, N.ansNew, [N.slotNew, N.pickupMem]);
  } else {
    s.add('retrieval', 1, {
      retrieval_id: `${id}-s1`,
      query: N.pastQ,
      top_k: 1,
      filters: { user_id: A.user },
      scope: A,
      candidates: [
        { id: m('slot'), score: 0.88, text: N.slotOld },
        { id: m('slot2'), score: 0.8, text: N.slotNew },
      ],
    });
    ch.turn(N.pastQ, N.ansPast, [N.slotOld]);
  }
  return { c, shape };
}

/** scope-leak. 'cached-other' (F even: family A's memory in family B's cached profile block, no search),
 * 'wrong-filter' (F odd: B's search filtered to A), 'tenant-wide' (L even: a memory of the agency, no user,
 * injected into B's search), 'other-agent' (L odd: B's memory written by the booking agent, read by billing). */
export function scopeLeak(id, L, li, kind) {
  const N = L.nw;
  const { c, prevStart, start } = base(id, li, { shuffle: li % 4 === 3 });
  const odd = li % 2 === 1;
  const shape = kind === 'fault' ? (odd ? 'wrong-filter' : 'cached-other') : odd ? 'other-agent' : 'tenant-wide';
  const m = (k) => `${id}-${k}`;
  const pa = c.session(`${id}-prev-a`, prevStart);
  commit(c, pa, 0, `${id}-w-health`, { memory_id: m('health'), memory_type: 'fact', text: N.healthA }, A);
  const pb = c.session(`${id}-prev-b`, prevStart.replace('T09', 'T15'));
  const bScope = shape === 'other-agent' ? { ...B, agent: 'booking' } : B;
  commit(c, pb, 0, `${id}-w-bill`, { memory_id: m('bill'), memory_type: 'fact', text: N.billingMem }, bScope);
  if (shape === 'tenant-wide') commit(c, pb, 0, `${id}-w-hol`, { memory_id: m('hol'), memory_type: 'fact', text: N.holidayMem }, { tenant: 'tutor-nord' });
  const runScope = shape === 'other-agent' ? { ...B, agent: 'billing' } : B;
  const s = c.session(id, start);
  const ch = chat(c, s, N, runScope, li % 3 === 2 ? 'developer' : 'system');
  if (shape === 'cached-other') {
    ch.turn(N.confirmQ, N.ansConfirm, [N.billingMem, N.healthA]);
  } else if (shape === 'wrong-filter') {
    s.add('retrieval', 0, {
      retrieval_id: `${id}-s0`,
      query: N.confirmQ,
      top_k: 2,
      filters: { user_id: A.user },
      scope: B,
      candidates: [{ id: m('health'), score: 0.66, text: N.healthA, metadata: { scope: A } }],
    });
    ch.turn(N.confirmQ, N.ansConfirm, [N.healthA]);
  } else if (shape === 'tenant-wide') {
    s.add('retrieval', 0, {
      retrieval_id: `${id}-s0`,
      query: N.holidayQ,
      top_k: 2,
      filters: { tenant_id: 'tutor-nord' },
      scope: B,
      candidates: [
        { id: m('hol'), score: 0.83, text: N.holidayMem, metadata: { scope: { tenant: 'tutor-nord' } } },
        { id: m('bill'), score: 0.41, text: N.billingMem, metadata: { scope: B } },
      ],
    });
    ch.turn(N.holidayQ, N.ansHoliday, [N.holidayMem, N.billingMem]);
  } else {
    s.add('retrieval', 0, {
      retrieval_id: `${id}-s0`,
      query: N.billQ,
      top_k: 2,
      filters: { user_id: B.user },
      scope: runScope,
      candidates: [{ id: m('bill'), score: 0.87, text: N.billingMem, metadata: { scope: bScope } }],
    });
    ch.turn(N.billQ, N.ansBill, [N.billingMem]);
  }
  return { c, shape };
}

/** destructive-update. 'facts' (F even: the day, time and length lost), 'negation' (F odd: "must not use a
 * calculator" rewritten without the negation), 'changed' (L even: the day and time changed at the parent's
 * request), 'kept' (L odd: an update drops the slot that another current memory keeps). */
export function destructiveUpdate(id, L, li, kind) {
  const N = L.nw;
  const { c, prevStart, start } = base(id, li, { epoch: li % 3 === 0 });
  const odd = li % 2 === 1;
  const shape = kind === 'fault' ? (odd ? 'negation' : 'facts') : odd ? 'kept' : 'changed';
  const m = (k) => `${id}-${k}`;
  const p = c.session(`${id}-prev`, prevStart);
  const old = shape === 'negation' ? N.calcOld : N.lessonsOld;
  commit(c, p, 0, `${id}-w-1`, { memory_id: m('main'), memory_type: 'fact', text: old }, B);
  commit(c, p, 0, `${id}-w-2`, { memory_id: m('bill'), memory_type: 'fact', text: N.billingMem }, B);
  if (shape === 'kept') commit(c, p, 0, `${id}-w-3`, { memory_id: m('slotkeep'), memory_type: 'fact', text: N.slotKeep }, B);
  const s = c.session(id, start);
  const ch = chat(c, s, N, B);
  const [req, neu, ans] = {
    facts: [N.physicsReq, N.lessonsNew, N.ackPhysics],
    negation: [N.geoReq, N.calcNew, N.ackGeo],
    changed: [N.moveReq, N.lessonsMoved, N.ackMove],
    kept: [N.physicsReq, N.lessonsNew, N.ackPhysics],
  }[shape];
  if (li % 2 === 0) ch.turn(N.smallTalk, N.smallAns);
  const t = ch.turn(req, ans);
  c.write(s, t, `${id}-w-upd`, { memory_id: m('main'), memory_type: 'fact', op: 'update', previous_text: old, text: neu, store: STORE, scope: B }, [
    'requested',
    'committed',
  ]);
  return { c, shape };
}

/** never-extracted. 'pref' (F even: "from now on, no emoji" and writes about other things after it), 'remember' (F
 * odd: "remember that my son is dyslexic", the same), 'pref-written' (L even: the preference written in its turn),
 * 'passing' (L odd: a fact said in passing, writes about other things). */
export function neverExtracted(id, L, li, kind) {
  const N = L.nw;
  const { c, start } = base(id, li, { parts: li % 3 === 2 });
  const odd = li % 2 === 1;
  const shape = kind === 'fault' ? (odd ? 'remember' : 'pref') : odd ? 'passing' : 'pref-written';
  const m = (k) => `${id}-${k}`;
  const s = c.session(id, start);
  const ch = chat(c, s, N, B);
  const stmt = { pref: N.prefEmoji, 'pref-written': N.prefEmoji, remember: N.rememberDys, passing: N.factHandball }[shape];
  const t0 = ch.turn(N.startQ, N.startA);
  commit(c, s, t0, `${id}-w-0`, { memory_id: m('start'), memory_type: 'fact', text: N.startMem }, B);
  const t1 = ch.turn(stmt, N.thanks);
  if (shape === 'pref-written') commit(c, s, t1, `${id}-w-1`, { memory_id: m('pref'), memory_type: 'preference', text: N.memPrefEmoji }, B);
  const t2 = ch.turn(N.dayReq, N.ackDay);
  commit(c, s, t2, `${id}-w-2`, { memory_id: m('day'), memory_type: 'fact', text: N.dayMem }, B);
  return { c, shape };
}
