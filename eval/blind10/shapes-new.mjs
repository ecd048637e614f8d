// Sessions of issue 31's memory analyzers: stale-memory, scope-leak, destructive-update, expired-state,
// memory-conflict. Each writes a memory system's events (writes, searches, the prompt's memory block) and the
// answer after them.
import { Chat } from './kit.mjs';
import { block, write } from './shapes-mem.mjs';

const retrieve = (log, turn, f) => log.ev('retrieval', { turn, retrieval_id: `q-${turn}`, ...f });
const cand = (id, text, score, i, metadata) => ({ id, score, rank: i + 1, text, ...(metadata ? { metadata } : {}) });

// ---------------------------------------------------------------- stale-memory
// indexed (fault): the move is committed under the same slot; a later search injects the old address only.
// cached (fault): no search; the prompt's cached memory block still carries the old text.
// past (look-alike): the search injects the old memory because the user asks where they lived before.
// below (look-alike): the search returns both and injects only the replacement (top_k 1).
export function staleMemory(L, variant, log) {
  const M = L.sm;
  const scope = { user: M.user };
  const chat = new Chat(log, { system: L.sys, scope });
  chat.say(M.tell, M.ack0, { afterAnswer: (turn) => write(log, { turn, id: 'm-old', text: M.oldMem, scope, extra: { slot: M.slot } }) });
  chat.say(M.moveMsg, M.ack1, {
    afterAnswer: (turn) =>
      write(log, { turn, id: 'm-new', text: M.newMem, scope, phases: ['requested', 'committed'], extra: { slot: M.slot, supersedes: 'm-old' } }),
  });
  chat.say(L.asks[2], L.plain[2]);
  const q = variant === 'past' ? M.pastQuery : M.query;
  if (variant === 'cached') {
    chat.say(M.query, M.answerOld, { inject: [{ role: 'system', content: block(M.title, [M.oldMem, M.otherMem]) }] });
    return;
  }
  const cands =
    variant === 'below'
      ? [cand('m-new', M.newMem, 0.88, 0), cand('m-old', M.oldMem, 0.83, 1), cand('kb-1', M.kb, 0.5, 2)]
      : [cand('m-old', M.oldMem, 0.86, 0), cand('kb-1', M.kb, 0.52, 1)];
  const injected = variant === 'below' ? [M.newMem] : [M.oldMem];
  const answer = { indexed: M.answerOld, past: M.answerPast, below: M.answerNew }[variant];
  chat.say(q, answer, {
    inject: [{ role: 'system', content: block(M.title, injected) }],
    beforeAnswer: (turn) => retrieve(log, turn, { scope, query: q, top_k: 1, candidates: cands }),
  });
}

// ---------------------------------------------------------------- scope-leak
// unscoped (fault): user A's memory, written in an earlier session, is injected into user B's search (no filter).
// cached (fault): B's prompt carries a memory block holding A's memory; no search.
// own (look-alike): A's own memory reaches A's later search, filtered to A.
// below (look-alike): B's search, filtered to B, returns A's memory below the cut.
export function scopeLeak(L, variant, log) {
  const M = L.sl;
  const tenant = M.tenant;
  const A = { user: M.a, tenant };
  const B = { user: M.b, tenant };
  const prev = `${log.session}-prev`;
  log.ev(
    'request',
    {
      turn: 0,
      scope: A,
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: L.sys },
        { role: 'user', content: M.aTell },
      ],
    },
    { session: prev },
  );
  log.ev('response', { turn: 0, scope: A, content: M.aAck }, { session: prev });
  write(log, { turn: 0, id: 'm-a1', text: M.aMem, scope: A, session: prev });
  if (variant !== 'own') write(log, { turn: 0, id: 'm-b1', text: M.bMem, scope: B, session: `${log.session}-prevb` });
  log.wait(3 * 86400);
  const me = variant === 'own' ? A : B;
  const chat = new Chat(log, { system: L.sys, scope: me });
  if (variant === 'cached') {
    chat.say(M.bQuery, M.bLeakAnswer, { inject: [{ role: 'system', content: block(M.title, [M.aMem, M.bMem]) }] });
    return;
  }
  if (variant === 'own') {
    chat.say(M.aQuery, M.aAnswer, {
      inject: [{ role: 'system', content: block(M.title, [M.aMem]) }],
      beforeAnswer: (turn) =>
        retrieve(log, turn, {
          scope: A,
          filters: { user_id: M.a },
          query: M.aQuery,
          top_k: 2,
          candidates: [cand('m-a1', M.aMem, 0.87, 0), cand('kb-1', M.kb, 0.44, 1)],
        }),
    });
    return;
  }
  const unscoped = variant === 'unscoped';
  const cands = unscoped
    ? [cand('m-a1', M.aMem, 0.84, 0), cand('m-b1', M.bMem, 0.77, 1), cand('kb-1', M.kb, 0.4, 2)]
    : [cand('m-b1', M.bMem, 0.82, 0), cand('kb-1', M.kb, 0.61, 1), cand('m-a1', M.aMem, 0.58, 2)];
  const injected = unscoped ? [M.aMem, M.bMem] : [M.bMem, M.kb];
  chat.say(M.bQuery, unscoped ? M.bLeakAnswer : M.bOwnAnswer, {
    inject: [{ role: 'system', content: block(M.title, injected) }],
    beforeAnswer: (turn) => retrieve(log, turn, { scope: B, ...(unscoped ? {} : { filters: { user_id: M.b } }), query: M.bQuery, top_k: 2, candidates: cands }),
  });
}

// ---------------------------------------------------------------- destructive-update
// fact (fault): an update rewrites the memory and drops its date, time and name; nothing else keeps them.
// negation (fault): an update merges a new detail and states the old negated sentence without its negation.
// changed (look-alike): the user changed the value; the update writes the new value in its place.
// kept (look-alike): the fact dropped by the update is held by another current memory of the same user.
export function destructiveUpdate(L, variant, log) {
  const M = L.du;
  const scope = { user: M.user };
  const chat = new Chat(log, { system: L.sys, scope });
  const [old, msg, neu] = {
    fact: [M.old, M.msg, M.lost],
    kept: [M.old, M.msg, M.lost],
    negation: [M.negOld, M.negMsg, M.negNew],
    changed: [M.chOld, M.chMsg, M.chNew],
  }[variant];
  chat.say(M.tell[variant === 'negation' ? 1 : variant === 'changed' ? 2 : 0], M.ack, {
    afterAnswer: (turn) => {
      write(log, { turn, id: 'm-1', text: old, scope });
      if (variant === 'kept') write(log, { turn, id: 'm-2', text: M.keeper, scope });
    },
  });
  chat.say(L.asks[1], L.plain[1]);
  chat.say(msg, M.ack2, {
    afterAnswer: (turn) => write(log, { turn, id: 'm-1', text: neu, scope, phases: ['requested', 'committed'], extra: { op: 'update', previous_text: old } }),
  });
  chat.say(L.asks[3], L.plain[3]);
}

// ---------------------------------------------------------------- expired-state
// ttl (fault): a task state with ttl_s (6 h) written yesterday is injected by today's search over a current one.
// date (fault): a memory with a date-only expires_at is carried by a cached memory block five days later.
// live (look-alike): the same ttl memory injected two hours after it was written.
// aside (look-alike): injected after it expired, and the answer says it no longer holds.
export function expiredState(L, variant, log) {
  const M = L.es;
  const scope = { user: M.user };
  const prev = `${log.session}-prev`;
  log.jump('2026-05-04T08:00:00Z');
  log.ev(
    'request',
    {
      turn: 0,
      scope,
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: L.sys },
        { role: 'user', content: M.tell },
      ],
    },
    { session: prev },
  );
  log.ev('response', { turn: 0, scope, content: M.ack }, { session: prev });
  if (variant === 'date') write(log, { turn: 0, id: 'm-offer', text: M.offer, type: 'fact', scope, session: prev, extra: { expires_at: '2026-05-05' } });
  else write(log, { turn: 0, id: 'm-task', text: M.task, type: 'task_state', scope, session: prev, extra: { ttl_s: 21600 } });
  write(log, { turn: 0, id: 'm-cur', text: M.current, type: 'fact', scope, session: prev });
  if (variant === 'live') log.wait(2 * 3600);
  else if (variant === 'date') log.jump('2026-05-10T09:30:00Z');
  else log.jump('2026-05-05T09:00:00Z');
  const chat = new Chat(log, { system: L.sys, scope });
  if (variant === 'date') {
    chat.say(M.offerQuery, M.offerAnswer, { inject: [{ role: 'system', content: block(M.title, [M.offer, M.current]) }] });
    return;
  }
  const answer = variant === 'aside' ? M.answerAside : M.answerUse;
  chat.say(M.query, answer, {
    inject: [{ role: 'system', content: block(M.title, [M.task]) }],
    beforeAnswer: (turn) =>
      retrieve(log, turn, { scope, query: M.query, top_k: 1, candidates: [cand('m-task', M.task, 0.83, 0), cand('m-cur', M.current, 0.78, 1)] }),
  });
}

// ---------------------------------------------------------------- memory-conflict
// value (fault): two ADDs committed in two turns, one sentence around two places; one search injects both with
//   no rule; the answer follows the older.
// negation (fault): no writes in the log; one search returns a statement and its negation, each with its
//   created_at; both injected; the answer follows the older (negated) one.
// preference (fault): the prompt's memory block carries two dated format preferences that contradict; no rule;
//   the answer follows the older.
// compatible (look-alike): two likings (many values at once) injected together.
// ruled (look-alike): the value pair injected under a stated rule (the newest wins); the answer follows the newer.
export function memoryConflict(L, variant, log) {
  const M = L.mc;
  const scope = { user: M.user };
  const chat = new Chat(log, { system: L.sys, scope });
  if (variant === 'preference') {
    chat.say(L.asks[0], L.plain[0]);
    chat.say(M.prefQuery, M.prefAnsOld, { inject: [{ role: 'system', content: block(M.title, [`[2026-01-12] ${M.prefOld}`, `[2026-04-02] ${M.prefNew}`]) }] });
    return;
  }
  if (variant === 'negation') {
    chat.say(L.asks[0], L.plain[0]);
    const cands = [
      cand('m-n1', M.negOld, 0.86, 0, { created_at: '2026-01-20T10:00:00Z' }),
      cand('m-n2', M.negNew, 0.84, 1, { created_at: '2026-04-18T18:30:00Z' }),
      cand('kb-1', M.kb, 0.42, 2),
    ];
    chat.say(M.negQuery, M.negAnsOld, {
      inject: [{ role: 'system', content: block(M.title, [M.negOld, M.negNew]) }],
      beforeAnswer: (turn) => retrieve(log, turn, { scope, query: M.negQuery, top_k: 2, candidates: cands }),
    });
    return;
  }
  const [a, b, query, answer] =
    variant === 'compatible' ? [M.compA, M.compB, M.compQuery, M.compAns] : [M.valOld, M.valNew, M.valQuery, variant === 'ruled' ? M.valAnsNew : M.valAnsOld];
  const [tellA, tellB] = variant === 'compatible' ? M.compTell : M.valTell;
  chat.say(tellA, M.ack, { afterAnswer: (turn) => write(log, { turn, id: 'm-a', text: a, scope }) });
  log.wait(86400 * 6);
  chat.say(tellB, M.ack, { afterAnswer: (turn) => write(log, { turn, id: 'm-b', text: b, scope }) });
  log.wait(3600);
  const title = variant === 'ruled' ? `${M.rule}\n${M.title}` : M.title;
  chat.say(query, answer, {
    inject: [{ role: 'system', content: block(title, [a, b]) }],
    beforeAnswer: (turn) =>
      retrieve(log, turn, { scope, query, top_k: 2, candidates: [cand('m-a', a, 0.85, 0), cand('m-b', b, 0.83, 1), cand('kb-1', M.kb, 0.4, 2)] }),
  });
}
