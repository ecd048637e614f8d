// The shapes of the six new analyzers' cases: never-extracted, stale-memory, scope-leak, destructive-update,
// expired-state, memory-conflict. Every text comes from the language pack `L` (lang/<code>.mjs).
import { Case, Chat } from './kit.mjs';

const DAY = 86400;
const sysMsg = (L) => ({ role: 'system', content: L.sys });
const block = (L, lines) => ({ role: 'system', content: `${L.memBlock}\n${lines.map((t) => `- ${t}`).join('\n')}` });
function write(chat, wid, mid, text, extra = {}) {
  chat.event('memory_write', { write_id: wid, phase: 'requested', memory_id: mid, text, op: 'add', memory_type: 'fact', ...extra });
  chat.event('memory_write', { write_id: wid, phase: 'committed', memory_id: mid });
}

// ---------- never-extracted ----------

/** A memory system that writes every turn. Turn 0 holds the statement beside another fact; the system writes the
 * other fact, and another in turn 1; turn 2 follows. variant: remember, decision (faults); passing, reminisce
 * (look-alikes). */
export function neCase(id, L, variant) {
  const N = L.ne;
  const c = new Case(L.t0);
  const chat = new Chat(c, id, { system: L.sys, scope: { user: L.users.a } });
  const first = { remember: N.remember, decision: N.decision, passing: N.passing, reminisce: N.reminisce }[variant];
  const u0 = { role: 'user', content: N.order === 'after' ? `${N.other0} ${first}` : `${first} ${N.other0}` };
  let rid = chat.request([sysMsg(L), u0]);
  write(chat, 'w-0', 'm-0', N.w0, { scope: { user: L.users.a } });
  chat.response(N.a0, rid);
  chat.turn = 1;
  const h = [u0, { role: 'assistant', content: N.a0 }];
  const u1 = { role: 'user', content: N.q1 };
  rid = chat.request([sysMsg(L), ...h, u1]);
  write(chat, 'w-1', 'm-1', N.w1, { scope: { user: L.users.a } });
  chat.response(N.a1, rid);
  chat.turn = 2;
  h.push(u1, { role: 'assistant', content: N.a1 });
  rid = chat.request([sysMsg(L), ...h, { role: 'user', content: N.q2 }]);
  write(chat, 'w-2', 'm-2', N.w2, { scope: { user: L.users.a } });
  chat.response(N.a2, rid);
  return c.text();
}

// ---------- stale-memory ----------

/** notfiltered (fault): a move written under the same slot, superseding the old; a later search returns both and
 * injects only the old one. pending (look-alike): the search ran while the replacement was only enqueued. */
export function smMove(id, L, variant) {
  const S = L.sm;
  const c = new Case(L.t0);
  const scope = { user: L.users.a };
  const chat = new Chat(c, id, { system: L.sys, scope });
  let rid = chat.request([sysMsg(L), { role: 'user', content: S.oldMsg }]);
  write(chat, 'w-1', 'm-old', S.oldText, { slot: S.slot, scope });
  chat.response(S.oldA, rid);
  c.wait(DAY * 9);
  chat.turn = 1;
  rid = chat.request([sysMsg(L), { role: 'user', content: S.changeMsg }]);
  chat.event('memory_write', {
    write_id: 'w-2',
    phase: 'requested',
    memory_id: 'm-new',
    text: S.newText,
    op: 'add',
    memory_type: 'fact',
    slot: S.slot,
    supersedes: ['m-old'],
    scope,
  });
  if (variant === 'pending') chat.event('memory_write', { write_id: 'w-2', phase: 'enqueued', memory_id: 'm-new' });
  else chat.event('memory_write', { write_id: 'w-2', phase: 'committed', memory_id: 'm-new' });
  if (variant === 'pending') {
    // the same turn: the user asks at once, the search runs before the replacement is committed
    chat.event('retrieval', {
      retrieval_id: `${id}-q1`,
      query: S.q,
      top_k: 1,
      filters: { user_id: L.users.a },
      candidates: [{ id: 'm-old', score: 0.86, text: S.oldText }],
    });
    rid = chat.request([sysMsg(L), block(L, [S.oldText]), { role: 'user', content: S.changeMsg }]);
    chat.response(S.pendingA, rid);
    chat.event('memory_write', { write_id: 'w-2', phase: 'committed', memory_id: 'm-new' }, 8);
    return c.text();
  }
  chat.response(S.changeA, rid);
  c.wait(DAY * 2);
  chat.turn = 2;
  chat.event('retrieval', {
    retrieval_id: `${id}-q2`,
    query: S.q,
    top_k: 1,
    filters: { user_id: L.users.a },
    candidates: [
      { id: 'm-old', score: 0.88, text: S.oldText },
      { id: 'm-new', score: 0.84, text: S.newText },
    ],
  });
  rid = chat.request([sysMsg(L), block(L, [S.oldText]), { role: 'user', content: S.q }]);
  chat.response(S.answerOld, rid);
  return c.text();
}

/** deleted (fault): the user asked to forget a memory, the delete committed, a later search still injects it.
 * history (look-alike): the memory block keeps the replaced text marked as history, and the answer uses the new one. */
export function smDeleted(id, L, variant) {
  const S = L.sm;
  const c = new Case(L.t0);
  const scope = { user: L.users.a };
  const chat = new Chat(c, id, { system: L.sys, scope });
  if (variant === 'deleted') {
    let rid = chat.request([sysMsg(L), { role: 'user', content: S.delOrig }]);
    write(chat, 'w-1', 'm-del', S.delText, { scope });
    chat.response(S.delOrigA, rid);
    c.wait(DAY * 4);
    chat.turn = 1;
    rid = chat.request([sysMsg(L), { role: 'user', content: S.delMsg }]);
    chat.event('memory_write', { write_id: 'w-2', phase: 'requested', memory_id: 'm-del', op: 'delete', previous_text: S.delText, scope });
    chat.event('memory_write', { write_id: 'w-2', phase: 'committed', memory_id: 'm-del', op: 'delete' });
    chat.response(S.delA, rid);
    c.wait(DAY * 6);
    chat.turn = 2;
    chat.event('retrieval', {
      retrieval_id: `${id}-q2`,
      query: S.delQ,
      top_k: 2,
      filters: { user_id: L.users.a },
      candidates: [
        { id: 'm-del', score: 0.83, text: S.delText },
        { id: 'm-9', score: 0.61, text: S.other },
      ],
    });
    rid = chat.request([sysMsg(L), block(L, [S.delText, S.other]), { role: 'user', content: S.delQ }]);
    chat.response(S.delBad, rid);
    return c.text();
  }
  let rid = chat.request([sysMsg(L), { role: 'user', content: S.oldMsg }]);
  write(chat, 'w-1', 'm-old', S.oldText, { slot: S.slot, scope });
  chat.response(S.oldA, rid);
  c.wait(DAY * 9);
  chat.turn = 1;
  rid = chat.request([sysMsg(L), { role: 'user', content: S.changeMsg }]);
  write(chat, 'w-2', 'm-new', S.newText, { slot: S.slot, supersedes: ['m-old'], scope });
  chat.response(S.changeA, rid);
  c.wait(DAY * 2);
  chat.turn = 2;
  const mb = { role: 'system', content: `${L.memBlock}\n- ${S.newText}\n- ${S.pastLabel} ${S.oldText}` };
  rid = chat.request([sysMsg(L), mb, { role: 'user', content: S.q }]);
  chat.response(S.answerNew, rid);
  return c.text();
}

// ---------- scope-leak ----------

/** The owner's memory written in an earlier session; another user's session later.
 * wrongfilter, tenant (faults); tenantwide, agents (look-alikes). */
export function slCase(id, L, variant) {
  const S = L.sl;
  const c = new Case(L.t0);
  const T = L.tenant;
  let ownerScope;
  let readerScope;
  let filters;
  let text;
  let q;
  let answer;
  let ownerMsg;
  if (variant === 'wrongfilter') {
    ownerScope = { user: L.users.a, tenant: T };
    readerScope = { user: L.users.b, tenant: T };
    filters = { user_id: L.users.a, tenant_id: T };
    [text, q, answer, ownerMsg] = [S.memA, S.qB, S.answerB, S.msgA];
  } else if (variant === 'tenant') {
    ownerScope = { user: L.users.c, tenant: L.tenant2 };
    readerScope = { user: L.users.b, tenant: T };
    filters = { user_id: L.users.b, tenant_id: T };
    [text, q, answer, ownerMsg] = [S.memT, S.qT, S.answerT, S.msgT];
  } else if (variant === 'tenantwide') {
    ownerScope = { tenant: T };
    readerScope = { user: L.users.b, tenant: T };
    filters = { tenant_id: T };
    [text, q, answer, ownerMsg] = [S.memW, S.qW, S.answerW, S.msgW];
  } else {
    ownerScope = { user: L.users.a, tenant: T, agent: 'booking-agent' };
    readerScope = { user: L.users.a, tenant: T, agent: 'support-agent' };
    filters = { user_id: L.users.a, tenant_id: T };
    [text, q, answer, ownerMsg] = [S.memG, S.qG, S.answerG, S.msgG];
  }
  const prev = new Chat(c, `${id}-prev`, { system: L.sys, scope: ownerScope });
  let rid = prev.request([sysMsg(L), { role: 'user', content: ownerMsg }]);
  write(prev, 'w-1', 'm-owner', text, { scope: ownerScope, memory_type: 'fact' });
  prev.response(S.ackOwner, rid);
  c.wait(DAY * 2);
  const chat = new Chat(c, id, { system: L.sys, scope: readerScope });
  chat.event('retrieval', {
    retrieval_id: `${id}-q`,
    query: q,
    top_k: 2,
    filters,
    candidates: [
      { id: 'm-owner', score: 0.82, text },
      { id: 'm-gen', score: 0.58, text: S.generic },
    ],
  });
  rid = chat.request([sysMsg(L), block(L, [text, S.generic]), { role: 'user', content: q }]);
  chat.response(answer, rid);
  return c.text();
}

// ---------- destructive-update ----------

/** update, supersede (faults): an update drops a date, number or name. reversed, taskstate (look-alikes). */
export function duCase(id, L, variant) {
  const D = L.du;
  const c = new Case(L.t0);
  const scope = { user: L.users.a };
  const chat = new Chat(c, id, { system: L.sys, scope });
  const [oldT, msg0, msg, newT] = {
    update: [D.updOld, D.updMsg0, D.updMsg, D.updNew],
    supersede: [D.supOld, D.supMsg0, D.supMsg, D.supNew],
    reversed: [D.revOld, D.revMsg0, D.revMsg, D.revNew],
    taskstate: [D.taskOld, D.taskMsg0, D.taskMsg, D.taskNew],
  }[variant];
  const type = variant === 'taskstate' ? 'task_state' : 'fact';
  let rid = chat.request([sysMsg(L), { role: 'user', content: msg0 }]);
  write(chat, 'w-1', 'm-1', oldT, { scope, memory_type: type });
  chat.response(D.ack0, rid);
  c.wait(DAY * 3);
  chat.turn = 1;
  rid = chat.request([sysMsg(L), { role: 'user', content: msg }]);
  if (variant === 'supersede') {
    write(chat, 'w-2', 'm-2', newT, { scope, supersedes: ['m-1'], op: 'add' });
  } else {
    chat.event('memory_write', {
      write_id: 'w-2',
      phase: 'requested',
      memory_id: 'm-1',
      text: newT,
      previous_text: oldT,
      op: 'update',
      memory_type: type,
      scope,
    });
    chat.event('memory_write', { write_id: 'w-2', phase: 'committed', memory_id: 'm-1' });
  }
  chat.response(D.ack1, rid);
  return c.text();
}

// ---------- expired-state ----------

/** iso (fault): expires_at ISO, injected by a search days later over a current memory.
 * block (fault): ttl_s, carried by the memory block the next day with no search.
 * grace (look-alike): served 30 s after its ttl. refreshed (look-alike): a later write of the same id moved its expiry. */
export function esCase(id, L, variant) {
  const E = L.es;
  const c = new Case(L.t0);
  const scope = { user: L.users.a };
  const prev = new Chat(c, `${id}-prev`, { system: L.sys, scope });
  let rid = prev.request([sysMsg(L), { role: 'user', content: E.msg }]);
  const t0 = Date.parse(L.t0);
  const at = (h) => new Date(t0 + h * 3600 * 1000).toISOString();
  const ttl = 6 * 3600;
  if (variant === 'iso' || variant === 'refreshed') {
    write(prev, 'w-1', 'm-tmp', E.text, { scope, memory_type: 'task_state', expires_at: at(10) });
  } else {
    write(prev, 'w-1', 'm-tmp', E.text, { scope, memory_type: 'task_state', ttl_s: ttl });
  }
  const committed = Date.parse(c.lines.at(-1).ts);
  write(prev, 'w-2', 'm-cur', E.cur, { scope });
  prev.response(E.ack, rid);
  if (variant === 'refreshed') {
    c.wait(3600 * 5);
    prev.turn = 1;
    rid = prev.request([sysMsg(L), { role: 'user', content: E.refMsg }]);
    prev.event('memory_write', {
      write_id: 'w-3',
      phase: 'requested',
      memory_id: 'm-tmp',
      text: E.refText,
      previous_text: E.text,
      op: 'update',
      memory_type: 'task_state',
      expires_at: at(72),
      scope,
    });
    prev.event('memory_write', { write_id: 'w-3', phase: 'committed', memory_id: 'm-tmp' });
    prev.response(E.refAck, rid);
  }
  if (variant === 'grace') c.at(new Date(committed + (ttl + 30) * 1000).toISOString());
  else if (variant === 'refreshed') c.at(at(34));
  else if (variant === 'block') c.at(at(26));
  else c.at(at(4 * 24 + 2));
  const chat = new Chat(c, id, { system: L.sys, scope });
  const served = variant === 'refreshed' ? E.refText : E.text;
  if (variant === 'block') {
    rid = chat.request([sysMsg(L), block(L, [E.text, E.cur]), { role: 'user', content: E.q }]);
    chat.response(E.answerExpired, rid);
    return c.text();
  }
  chat.c.lines.push({
    kind: 'retrieval',
    ts: c.iso(),
    session: id,
    turn: 0,
    scope,
    retrieval_id: `${id}-q`,
    query: E.q,
    top_k: 1,
    filters: { user_id: L.users.a },
    candidates: [
      { id: 'm-tmp', score: 0.84, text: served },
      { id: 'm-cur', score: 0.79, text: E.cur },
    ],
  });
  rid = chat.request([sysMsg(L), block(L, [served]), { role: 'user', content: E.q }]);
  chat.response(variant === 'refreshed' ? E.refAnswer : E.answerExpired, rid);
  return c.text();
}

// ---------- memory-conflict ----------

/** workplace (fault) / newer (look-alike): two committed ADDs of where the user works, neither superseding the
 * other, injected by one search with no rule; the answer follows the older (fault) or the newer (look-alike). */
export function mcWork(id, L, variant) {
  const M = L.mc;
  const c = new Case(L.t0);
  const scope = { user: L.users.a };
  const prev = new Chat(c, `${id}-a`, { system: L.sys, scope });
  let rid = prev.request([sysMsg(L), { role: 'user', content: M.workMsgOld }]);
  write(prev, 'w-1', 'm-job-1', M.workOld, { scope });
  prev.response(M.ackOld, rid);
  c.wait(DAY * 40);
  const mid = new Chat(c, `${id}-b`, { system: L.sys, scope });
  rid = mid.request([sysMsg(L), { role: 'user', content: M.workMsgNew }]);
  write(mid, 'w-2', 'm-job-2', M.workNew, { scope });
  mid.response(M.ackNew, rid);
  c.wait(DAY * 6);
  const chat = new Chat(c, id, { system: L.sys, scope });
  chat.event('retrieval', {
    retrieval_id: `${id}-q`,
    query: M.workQ,
    top_k: 2,
    filters: { user_id: L.users.a },
    candidates: [
      { id: 'm-job-1', score: 0.8, text: M.workOld },
      { id: 'm-job-2', score: 0.79, text: M.workNew },
    ],
  });
  rid = chat.request([sysMsg(L), block(L, [M.workOld, M.workNew]), { role: 'user', content: M.workQ }]);
  chat.response(variant === 'newer' ? M.workANew : M.workAOld, rid);
  return c.text();
}

/** date (fault): the memory block carries two dated lines for one appointment, no search, no rule; the answer takes
 * the older date. twopeople (look-alike): one search returns the same fact of two different people. */
export function mcDate(id, L, variant) {
  const M = L.mc;
  const c = new Case(L.t0);
  const scope = { user: L.users.a };
  const chat = new Chat(c, id, { system: L.sys, scope });
  if (variant === 'date') {
    const mb = { role: 'system', content: `${L.memBlock}\n- [${M.dateOldAt}] ${M.dateOld}\n- [${M.dateNewAt}] ${M.dateNew}` };
    const rid = chat.request([sysMsg(L), mb, { role: 'user', content: M.dateQ }]);
    chat.response(M.dateA, rid);
    return c.text();
  }
  chat.event('retrieval', {
    retrieval_id: `${id}-q`,
    query: M.twoQ,
    top_k: 2,
    filters: { user_id: L.users.a },
    candidates: [
      { id: 'm-p1', score: 0.78, text: M.twoA, metadata: { created_at: '2026-05-02T10:00:00Z' } },
      { id: 'm-p2', score: 0.77, text: M.twoB, metadata: { created_at: '2026-07-19T16:30:00Z' } },
    ],
  });
  const rid = chat.request([sysMsg(L), block(L, [M.twoA, M.twoB]), { role: 'user', content: M.twoQ }]);
  chat.response(M.twoAns, rid);
  return c.text();
}
