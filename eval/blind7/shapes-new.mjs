// blind7, the new group: four analyzers being written for issue 31 (stale-memory, scope-leak, destructive-update,
// never-extracted), labelled from issue 31's definitions and EVENTS.md alone. A weekly recipe-box delivery service
// with memory per household (store `households`, `scope.user`, `filters.user_id`). Each case: an earlier session of
// the household (long-term memory), then the session under test.
import { BOX_SYS } from './shared.mjs';
import { call, open, write } from './kit.mjs';

const MODEL = 'gpt-4o-mini';
const STORE = 'households';

const STALE = [
  {
    kind: 'fault',
    variant: 'old-address-injected-after-move',
    description:
      'turn 0: "we moved", a new address memory committed with supersedes: [old]; turn 1 the search injects the old address (new one 3rd of top_k 2)',
  },
  {
    kind: 'fault',
    variant: 'vegetarian-injected-after-fish-again',
    description:
      'diet memory "vegetarian, no fish" replaced by "fish again, still no meat" (same slot, committed at turn 0); turn 1 injects both (injected list)',
  },
  {
    kind: 'look-alike',
    variant: 'old-address-searched-before-the-move-committed',
    description:
      "the move is stated at turn 1; the search of that turn and the answer's prompt carry the old address; the new memory (requested before the search) commits only after the answer; nothing later reads the store",
  },
  {
    kind: 'look-alike',
    variant: 'weekday-and-weekend-addresses',
    description:
      'an office address (slot address_weekday) and, committed later, a home address for Saturdays (slot address_weekend): both current, both injected',
  },
];

const SCOPE = [
  {
    kind: 'fault',
    variant: 'other-household-allergy-injected',
    description:
      'household A\'s "son allergic to sesame" (scope.user A, earlier session) is a candidate and injected into household B\'s prompt (search filtered to B)',
  },
  {
    kind: 'fault',
    variant: 'same-user-id-other-tenant',
    description:
      'a memory written under tenant boxco-at, user u-1187 is injected into a session of tenant boxco-ch with the same user id (filters name boxco-ch)',
  },
  {
    kind: 'look-alike',
    variant: 'own-memory-from-last-month',
    description: "the household's own memory from an earlier session (same scope.user) is injected: long-term memory, no leak",
  },
  {
    kind: 'look-alike',
    variant: 'own-memory-names-the-neighbour',
    description: "household B's own memory names the neighbour (who is household A in the same store): written under B's scope, injected into B's prompt",
  },
];

const DESTRUCTIVE = [
  {
    kind: 'fault',
    variant: 'day-moved-time-and-negation-lost',
    description:
      '"Tuesdays before 10:00; never leave the box in the stairwell" updated (op update, previous_text) to "Thursdays" only: the time and the negation are lost, no other memory holds them',
  },
  {
    kind: 'fault',
    variant: 'household-update-lost-ages-and-name',
    description:
      '"household of four, children aged 6 and 9; Lena (9) does not eat mushrooms" updated to "household with children and a grandmother": ages, name and negation lost',
  },
  {
    kind: 'look-alike',
    variant: 'update-keeps-everything-adds-bell',
    description: 'the delivery memory updated to the same text plus "ring the bell twice": nothing lost',
  },
  {
    kind: 'look-alike',
    variant: 'update-split-into-two-memories',
    description:
      'the delivery memory updated to "Thursdays"; the same turn commits a new memory holding "before 10:00" and "never in the stairwell": another current memory keeps them',
  },
];

const NEVER = [
  {
    kind: 'fault',
    variant: 'peanut-allergy-never-written',
    description: 'turn 0 writes the delivery day (committed); turn 1 the user states a lasting peanut allergy of the son; no write is ever attempted',
  },
  {
    kind: 'fault',
    variant: 'veggie-only-decision-never-written',
    description: 'turn 0 writes the delivery day; turn 1 "we have decided: no more meat boxes, only veggie from now on"; no write is ever attempted',
  },
  {
    kind: 'look-alike',
    variant: 'peanut-allergy-written',
    description: 'the same allergy statement; a fact memory is requested and committed in that turn',
  },
  {
    kind: 'look-alike',
    variant: 'this-week-only-neighbour',
    description: 'turn 1: "just this week leave the box with the neighbour, we are away until Sunday" (one-off, not durable); no write',
  },
];

/** The earlier session of a household: memories committed three weeks before. */
function earlier(id, tag, scope, mems, prevUser, prevAnswer) {
  const P = open(`${id}-${tag}`, `${id}-${tag}`);
  P.t -= 21 * 86400000;
  call(
    P,
    0,
    MODEL,
    [
      { role: 'system', content: BOX_SYS },
      { role: 'user', content: prevUser },
    ],
    prevAnswer,
    {
      between: () => {
        for (const m of mems)
          write(
            P,
            0,
            `${id}-${tag}-${m.id}`,
            { memory_id: `${id}-${m.id}`, memory_type: m.type ?? 'fact', text: m.text, store: STORE, scope, ...(m.slot ? { slot: m.slot } : {}) },
            ['requested', 'committed'],
          );
      },
    },
  );
  return P.jsonl();
}

function search(S, turn, id, query, scope, filters, cands, extra = {}) {
  S.add('retrieval', turn, {
    retrieval_id: `${id}-q${turn}`,
    query,
    scope,
    filters,
    candidates: cands.map(([m, score, text, mscope]) => ({ id: `${id}-${m}`, score, text, metadata: { scope: mscope ?? scope } })),
    ...extra,
  });
}

const memMsg = (B, texts) => ({ role: 'system', content: `${B.memHeader}\n${texts.map((t) => `- ${t}`).join('\n')}` });

function staleCase(L, spec, id) {
  const B = L.box;
  const me = { user: 'hh-2077' };
  const sys = { role: 'system', content: BOX_SYS };
  const f = { user_id: 'hh-2077' };
  let prev;
  const S = open(id);
  switch (spec.variant) {
    case 'old-address-injected-after-move': {
      prev = earlier(
        id,
        'prev',
        me,
        [
          { id: 'addr', text: B.addrOld, slot: 'address' },
          { id: 'day', text: B.dayMem, slot: 'delivery_day' },
        ],
        B.prevUser,
        B.prevAnswer,
      );
      call(S, 0, MODEL, [sys, { role: 'user', content: B.moveStmt }], B.moveAck, {
        between: () =>
          write(
            S,
            0,
            `${id}-w1`,
            {
              memory_id: `${id}-addr2`,
              memory_type: 'fact',
              text: B.addrNew,
              store: STORE,
              scope: me,
              slot: 'address',
              supersedes: [`${id}-addr`],
              source: 'user',
            },
            ['requested', 'committed'],
          ),
      });
      search(
        S,
        1,
        id,
        B.askWhen,
        me,
        f,
        [
          ['addr', 0.86, B.addrOld],
          ['day', 0.8, B.dayMem],
          ['addr2', 0.79, B.addrNew],
        ],
        { top_k: 2 },
      );
      call(
        S,
        1,
        MODEL,
        [
          sys,
          memMsg(B, [B.addrOld, B.dayMem]),
          { role: 'user', content: B.moveStmt },
          { role: 'assistant', content: B.moveAck },
          { role: 'user', content: B.askWhen },
        ],
        B.ansOldAddr,
      );
      break;
    }
    case 'vegetarian-injected-after-fish-again': {
      prev = earlier(
        id,
        'prev',
        me,
        [
          { id: 'diet', text: B.dietOld, slot: 'diet', type: 'preference' },
          { id: 'day', text: B.dayMem, slot: 'delivery_day' },
        ],
        B.prevUser,
        B.prevAnswer,
      );
      call(S, 0, MODEL, [sys, { role: 'user', content: B.dietStmt }], B.dietAck, {
        between: () =>
          write(
            S,
            0,
            `${id}-w1`,
            { memory_id: `${id}-diet2`, memory_type: 'preference', text: B.dietNew, store: STORE, scope: me, slot: 'diet', source: 'user' },
            ['requested', 'committed'],
          ),
      });
      search(
        S,
        1,
        id,
        B.askRecipes,
        me,
        f,
        [
          ['diet', 0.84, B.dietOld],
          ['diet2', 0.82, B.dietNew],
          ['day', 0.55, B.dayMem],
        ],
        { top_k: 2, injected: [`${id}-diet`, `${id}-diet2`] },
      );
      call(
        S,
        1,
        MODEL,
        [
          sys,
          memMsg(B, [B.dietOld, B.dietNew]),
          { role: 'user', content: B.dietStmt },
          { role: 'assistant', content: B.dietAck },
          { role: 'user', content: B.askRecipes },
        ],
        B.ansVeg,
      );
      break;
    }
    case 'old-address-searched-before-the-move-committed': {
      prev = earlier(
        id,
        'prev',
        me,
        [
          { id: 'addr', text: B.addrOld, slot: 'address' },
          { id: 'day', text: B.dayMem, slot: 'delivery_day' },
        ],
        B.prevUser,
        B.prevAnswer,
      );
      call(S, 0, MODEL, [sys, { role: 'user', content: B.hello }], B.helloAns);
      const u1 = `${B.moveStmt} ${B.askWhen}`;
      S.add(
        'memory_write',
        1,
        {
          write_id: `${id}-w1`,
          phase: 'requested',
          memory_id: `${id}-addr2`,
          memory_type: 'fact',
          text: B.addrNew,
          store: STORE,
          scope: me,
          slot: 'address',
          supersedes: [`${id}-addr`],
          source: 'user',
        },
        300,
      );
      search(
        S,
        1,
        id,
        B.askWhen,
        me,
        f,
        [
          ['addr', 0.86, B.addrOld],
          ['day', 0.8, B.dayMem],
        ],
        { top_k: 2 },
      );
      S.add(
        'request',
        1,
        {
          request_id: `${id}-r-ans`,
          model: MODEL,
          messages: [
            sys,
            memMsg(B, [B.addrOld, B.dayMem]),
            { role: 'user', content: B.hello },
            { role: 'assistant', content: B.helloAns },
            { role: 'user', content: u1 },
          ],
        },
        300,
      );
      S.add('response', 1, { request_id: `${id}-r-ans`, content: B.ansMoveBoth, finish_reason: 'stop' }, 2500);
      // the extraction pipeline commits the new address only after the answer went out: nothing later reads the old one
      S.add('memory_write', 1, { write_id: `${id}-w1`, phase: 'committed', memory_id: `${id}-addr2`, store: STORE, scope: me }, 2000);
      break;
    }
    case 'weekday-and-weekend-addresses': {
      prev = earlier(
        id,
        'prev',
        me,
        [
          { id: 'office', text: B.addrWeekday, slot: 'address_weekday' },
          { id: 'day', text: B.dayMem2, slot: 'delivery_day' },
        ],
        B.prevUser,
        B.prevAnswer,
      );
      call(S, 0, MODEL, [sys, { role: 'user', content: B.weekendStmt }], B.weekendAck, {
        between: () =>
          write(
            S,
            0,
            `${id}-w1`,
            { memory_id: `${id}-home`, memory_type: 'fact', text: B.addrWeekend, store: STORE, scope: me, slot: 'address_weekend', source: 'user' },
            ['requested', 'committed'],
          ),
      });
      search(
        S,
        1,
        id,
        B.askWhere,
        me,
        f,
        [
          ['office', 0.83, B.addrWeekday],
          ['home', 0.82, B.addrWeekend],
          ['day', 0.6, B.dayMem2],
        ],
        { top_k: 2 },
      );
      call(
        S,
        1,
        MODEL,
        [
          sys,
          memMsg(B, [B.addrWeekday, B.addrWeekend]),
          { role: 'user', content: B.weekendStmt },
          { role: 'assistant', content: B.weekendAck },
          { role: 'user', content: B.askWhere },
        ],
        B.ansWhere,
      );
      break;
    }
    default:
      throw new Error(spec.variant);
  }
  return { jsonl: prev + S.jsonl() };
}

function scopeCase(L, spec, id) {
  const B = L.box;
  const sys = { role: 'system', content: BOX_SYS };
  const A = { user: 'hh-1042' };
  const me = { user: 'hh-2077' };
  let prev = '';
  let scope = me;
  let filters = { user_id: 'hh-2077' };
  let cands;
  let injected;
  let ask = B.askRecipes;
  let answer;
  switch (spec.variant) {
    case 'other-household-allergy-injected':
      prev = earlier(id, 'hh-a', A, [{ id: 'sesame', text: B.sesameMem }], B.sesameStmt, B.sesameAck);
      prev += earlier(id, 'prev', me, [{ id: 'quick', text: B.quickMem }], B.quickStmt, B.quickAck);
      cands = [
        ['sesame', 0.81, B.sesameMem, A],
        ['quick', 0.78, B.quickMem],
      ];
      injected = [B.sesameMem, B.quickMem];
      answer = B.ansSesame;
      break;
    case 'same-user-id-other-tenant': {
      const at = { tenant: 'boxco-at', user: 'u-1187' };
      scope = { tenant: 'boxco-ch', user: 'u-1187' };
      filters = { tenant: 'boxco-ch', user_id: 'u-1187' };
      prev = earlier(id, 'at', at, [{ id: 'sesame', text: B.sesameMem }], B.sesameStmt, B.sesameAck);
      prev += earlier(id, 'prev', scope, [{ id: 'quick', text: B.quickMem }], B.quickStmt, B.quickAck);
      cands = [
        ['sesame', 0.81, B.sesameMem, at],
        ['quick', 0.78, B.quickMem],
      ];
      injected = [B.sesameMem, B.quickMem];
      answer = B.ansSesame;
      break;
    }
    case 'own-memory-from-last-month':
      prev = earlier(id, 'hh-a', A, [{ id: 'sesame', text: B.sesameMem }], B.sesameStmt, B.sesameAck);
      prev += earlier(
        id,
        'prev',
        me,
        [
          { id: 'quick', text: B.quickMem },
          { id: 'kids', text: B.kidsMem },
        ],
        B.quickStmt,
        B.quickAck,
      );
      cands = [
        ['quick', 0.84, B.quickMem],
        ['kids', 0.77, B.kidsMem],
      ];
      injected = [B.quickMem, B.kidsMem];
      answer = B.ansQuick;
      break;
    case 'own-memory-names-the-neighbour':
      prev = earlier(id, 'hh-a', A, [{ id: 'sesame', text: B.sesameMem }], B.sesameStmt, B.sesameAck);
      prev += earlier(
        id,
        'prev',
        me,
        [
          { id: 'neigh', text: B.neighbourMem },
          { id: 'quick', text: B.quickMem },
        ],
        B.neighbourStmt,
        B.neighbourAck,
      );
      cands = [
        ['neigh', 0.85, B.neighbourMem],
        ['quick', 0.52, B.quickMem],
      ];
      injected = [B.neighbourMem, B.quickMem];
      ask = B.askAway;
      answer = B.ansAway;
      break;
    default:
      throw new Error(spec.variant);
  }
  const S = open(id);
  call(S, 0, MODEL, [sys, { role: 'user', content: B.hello }], B.helloAns);
  search(S, 1, id, ask, scope, filters, cands, { top_k: 2 });
  const msgs = [sys, memMsg(B, injected), { role: 'user', content: B.hello }, { role: 'assistant', content: B.helloAns }, { role: 'user', content: ask }];
  const rid = `${id}-r1`;
  S.add('request', 1, { request_id: rid, model: MODEL, messages: msgs, scope });
  S.add('response', 1, { request_id: rid, content: answer, finish_reason: 'stop', scope });
  for (const e of S.events) e.scope ??= scope;
  return { jsonl: prev + S.jsonl() };
}

function destructiveCase(L, spec, id) {
  const B = L.box;
  const me = { user: 'hh-2077' };
  const sys = { role: 'system', content: BOX_SYS };
  const house = spec.variant === 'household-update-lost-ages-and-name';
  const prev = earlier(
    id,
    'prev',
    me,
    [house ? { id: 'house', text: B.houseOld, slot: 'household' } : { id: 'deliv', text: B.delivOld, slot: 'delivery' }, { id: 'quick', text: B.quickMem }],
    B.prevUser,
    B.prevAnswer,
  );
  const S = open(id);
  const upd = (memId, prevText, text) =>
    write(
      S,
      0,
      `${id}-w-upd`,
      { memory_id: `${id}-${memId}`, op: 'update', previous_text: prevText, memory_type: 'fact', text, store: STORE, scope: me, source: 'inferred' },
      ['requested', 'committed'],
    );
  let u0;
  let a0;
  let writes;
  switch (spec.variant) {
    case 'day-moved-time-and-negation-lost':
      [u0, a0] = [B.moveDayStmt, B.moveDayAck];
      writes = () => upd('deliv', B.delivOld, B.delivNewBad);
      break;
    case 'household-update-lost-ages-and-name':
      [u0, a0] = [B.grandmaStmt, B.grandmaAck];
      writes = () => upd('house', B.houseOld, B.houseNewBad);
      break;
    case 'update-keeps-everything-adds-bell':
      [u0, a0] = [B.bellStmt, B.bellAck];
      writes = () => upd('deliv', B.delivOld, B.delivNewGood);
      break;
    case 'update-split-into-two-memories':
      [u0, a0] = [B.moveDayStmt, B.moveDayAck];
      writes = () => {
        write(S, 0, `${id}-w-rule`, { memory_id: `${id}-rule`, memory_type: 'fact', text: B.delivSplitRule, store: STORE, scope: me, source: 'inferred' }, [
          'requested',
          'committed',
        ]);
        upd('deliv', B.delivOld, B.delivNewBad);
      };
      break;
    default:
      throw new Error(spec.variant);
  }
  call(S, 0, MODEL, [sys, { role: 'user', content: u0 }], a0, { between: writes });
  call(S, 1, MODEL, [sys, { role: 'user', content: u0 }, { role: 'assistant', content: a0 }, { role: 'user', content: B.thanks }], B.thanksAns);
  return { jsonl: prev + S.jsonl() };
}

function neverCase(L, spec, id) {
  const B = L.box;
  const me = { user: 'hh-2077' };
  const sys = { role: 'system', content: BOX_SYS };
  const prev = earlier(id, 'prev', me, [{ id: 'quick', text: B.quickMem }], B.quickStmt, B.quickAck);
  const S = open(id);
  const h = [sys, { role: 'user', content: B.fridayStmt }];
  call(S, 0, MODEL, h, B.fridayAck, {
    between: () =>
      write(
        S,
        0,
        `${id}-w0`,
        { memory_id: `${id}-friday`, memory_type: 'preference', text: B.fridayMem, store: STORE, scope: me, slot: 'delivery_day', source: 'user' },
        ['requested', 'committed'],
      ),
  });
  h.push({ role: 'assistant', content: B.fridayAck });
  const [u1, a1] = {
    'peanut-allergy-never-written': [B.allergyStmt, B.allergyAck],
    'veggie-only-decision-never-written': [B.veggieStmt, B.veggieAck],
    'peanut-allergy-written': [B.allergyStmt, B.allergyAck],
    'this-week-only-neighbour': [B.awayStmt, B.awayAck],
  }[spec.variant];
  h.push({ role: 'user', content: u1 });
  call(S, 1, MODEL, h, a1, {
    between: () =>
      spec.variant === 'peanut-allergy-written' &&
      write(S, 1, `${id}-w1`, { memory_id: `${id}-peanut`, memory_type: 'fact', text: B.allergyMem, store: STORE, scope: me, source: 'user' }, [
        'requested',
        'committed',
      ]),
  });
  h.push({ role: 'assistant', content: a1 }, { role: 'user', content: B.askNext });
  call(S, 2, MODEL, h, B.ansNext);
  return { jsonl: prev + S.jsonl() };
}

// [analyzer, id prefix, specs, writer]
export const NEW_GROUP = [
  ['stale-memory', 'sm', STALE, staleCase],
  ['scope-leak', 'sl', SCOPE, scopeCase],
  ['destructive-update', 'du', DESTRUCTIVE, destructiveCase],
  ['never-extracted', 'ne', NEVER, neverCase],
];
