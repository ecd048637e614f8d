// The shapes of the six core analyzers' cases: window-overflow, ignored-in-context, tool-drift, recall-mismatch,
// lost-write, concurrent-overwrite. Every text comes from the language pack `L` (lang/<code>.mjs).
import { Case, Chat, hash, promptTokens, rng } from './kit.mjs';

const toolCall = (id, name, args) => ({
  role: 'assistant',
  content: '',
  tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
});
const toolMsg = (id, content) => ({ role: 'tool', tool_call_id: id, content });

/** A log dump of the business's records: data lines (a timestamp and a level first), no table, no emoji. */
function dump(L, seed, target = 1060) {
  const r = rng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const lines = [];
  let t = Date.parse('2026-09-10T06:00:00Z') + Math.floor(r() * 4e8);
  const { items, sites, statuses, ref } = L.wo.data;
  while (lines.length < 8 || promptTokens([{ content: lines.join('\n') }]) < target) {
    t += Math.floor(60000 + r() * 900000);
    const lvl = r() < 0.08 ? 'WARN' : 'INFO';
    lines.push(
      `${new Date(t).toISOString()} ${lvl} ${ref}=${1000 + Math.floor(r() * 8999)} item="${pick(items)}" qty=${1 + Math.floor(r() * 60)} site="${pick(sites)}" status=${pick(statuses)}`,
    );
  }
  return lines.join('\n');
}

// ---------- window-overflow ----------

/** The framework trims whole oldest turns to 90% of a 4,096-token window. variant: evicted (fault), restated and
 * summarized (look-alikes). */
export function woTrim(id, L, variant) {
  if (variant !== 'restated') return woRun(id, L, variant, -1).text;
  const { firstDrop } = woRun(id, L, 'summarized', -1);
  return woRun(id, L, variant, firstDrop - 1).text;
}

function woRun(id, L, variant, restateAt) {
  const c = new Case(L.t0);
  const limit = 4096;
  const chat = new Chat(c, id, { system: L.sys, limit });
  const W = L.wo;
  const u0 = { role: 'user', content: `${W.task0} ${W.rule}` };
  const a0 = { role: 'assistant', content: W.a0 };
  let rid = chat.request([{ role: 'system', content: L.sys }, u0]);
  chat.response(W.a0, rid);
  chat.history.push([u0, a0]);
  let summary = null;
  let dropped = false;
  let firstDrop = -1;
  const trim = (next) => {
    const full = () => promptTokens([...chat.prompt(summary ? [summary] : []), ...next]);
    while (full() > 0.9 * limit && chat.history.length > 0) {
      const gone = chat.history.shift();
      if (gone[0] === u0) {
        dropped = true;
        firstDrop = chat.turn;
        if (variant === 'summarized') summary = { role: 'system', content: W.summary };
      }
    }
    return [...chat.prompt(summary ? [summary] : []), ...next];
  };
  for (let i = 0; i < W.asks.length; i++) {
    chat.turn += 1;
    const ask = chat.turn === restateAt ? `${W.restate} ${W.asks[i]}` : W.asks[i];
    const u = { role: 'user', content: ask };
    const callId = `call_${id.replace(/[^a-z0-9]/gi, '')}_${i}`;
    const data = dump(L, hash(id) + i);
    chat.event('tool_call', { call_id: callId, name: W.tool, arguments: { day: i + 1 } });
    chat.event('tool_result', { call_id: callId, name: W.tool, content: data });
    const msgs = [u, toolCall(callId, W.tool, { day: i + 1 }), toolMsg(callId, data)];
    rid = chat.request(trim(msgs));
    chat.response(W.oks[i], rid);
    chat.history.push([...msgs, { role: 'assistant', content: W.oks[i] }]);
    // the fault: one answer after the drop honours it by chance, then the comparison; look-alikes stop at the drop
    if (dropped && (variant !== 'evicted' || chat.turn > firstDrop)) break;
  }
  if (!dropped) throw new Error(`${id}: the window never filled`);
  chat.turn += 1;
  const uf = { role: 'user', content: W.final };
  const finalPrompt = trim([uf]);
  if (finalPrompt.some((m) => m === u0)) throw new Error(`${id}: the rule is still in the final prompt`);
  if (variant === 'restated' && !finalPrompt.some((m) => typeof m.content === 'string' && m.content.startsWith(W.restate)))
    throw new Error(`${id}: the restatement left the final prompt`);
  rid = chat.request(finalPrompt);
  chat.response(variant === 'evicted' ? W.bad : W.good, rid);
  return { text: c.text(), firstDrop };
}

/** A trimmer that keeps the first exchange and the last two turns cuts the rule out of the middle, at a low fill. */
export function woCut(id, L) {
  const c = new Case(L.t0);
  const chat = new Chat(c, id, { system: L.sys, limit: 128000 });
  const W = L.wo;
  const turns = [];
  const say = (user, answer, tool) => {
    const u = { role: 'user', content: user };
    const msgs = [u];
    if (tool) {
      const callId = `call_${chat.turn}`;
      const data = dump(L, hash(id) + chat.turn, 500);
      chat.event('tool_call', { call_id: callId, name: W.tool, arguments: { day: chat.turn } });
      chat.event('tool_result', { call_id: callId, name: W.tool, content: data });
      msgs.push(toolCall(callId, W.tool, { day: chat.turn }), toolMsg(callId, data));
    }
    const kept = turns.length > 3 ? [turns[0], ...turns.slice(-2)] : turns;
    const rid = chat.request([{ role: 'system', content: L.sys }, ...kept.flat(), ...msgs]);
    chat.response(answer, rid);
    turns.push([...msgs, { role: 'assistant', content: answer }]);
    chat.turn += 1;
  };
  say(W.task0, W.a0, false);
  say(W.mid, W.midA, false);
  say(W.asks[0], W.oks[0], true);
  say(W.asks[1], W.oks[1], true);
  say(W.final, W.bad, false);
  return c.text();
}

// ---------- ignored-in-context ----------

/** competing: a developer note later in the prompt asks for tables; the answer follows it against the user's rule. */
export function iicCompeting(id, L) {
  const I = L.iic;
  const c = new Case(L.t0);
  const chat = new Chat(c, id, { system: L.sys });
  const u0 = { role: 'user', content: I.compRule };
  let rid = chat.request([{ role: 'system', content: L.sys }, u0]);
  chat.response(I.compA0, rid);
  chat.turn = 1;
  rid = chat.request([
    { role: 'system', content: L.sys },
    u0,
    { role: 'assistant', content: I.compA0 },
    { role: 'developer', content: I.dev },
    { role: 'user', content: I.compQ },
  ]);
  chat.response(I.compBad, rid);
  return c.text();
}

/** memory: a preference written in an earlier session comes back through search into the prompt; the second answer breaks it. */
export function iicMemory(id, L) {
  const I = L.iic;
  const c = new Case(L.t0);
  const scope = { user: L.users.a };
  const prev = new Chat(c, `${id}-prev`, { system: L.sys, scope });
  const up = { role: 'user', content: I.memPrev };
  let rid = prev.request([{ role: 'system', content: L.sys }, up]);
  prev.event('memory_write', { write_id: 'w1', phase: 'requested', memory_id: 'm-pref-1', memory_type: 'preference', text: I.memText, source: 'user' });
  prev.event('memory_write', { write_id: 'w1', phase: 'committed', memory_id: 'm-pref-1' });
  prev.response(I.memPrevA, rid);
  c.wait(86400 * 3);
  const chat = new Chat(c, id, { system: L.sys, scope });
  const hist = [];
  for (const [q, a] of [
    [I.memQ0, I.memA0],
    [I.memQ1, I.memBad],
  ]) {
    chat.event('retrieval', {
      retrieval_id: `${id}-q${chat.turn}`,
      query: q,
      top_k: 2,
      filters: { user_id: L.users.a },
      candidates: [
        { id: 'm-pref-1', score: 0.81, text: I.memText, metadata: { type: 'preference' } },
        { id: 'm-fact-2', score: 0.64, text: I.memOther, metadata: { type: 'fact' } },
      ],
    });
    const block = { role: 'system', content: `${L.memBlock}\n- ${I.memText}\n- ${I.memOther}` };
    const u = { role: 'user', content: q };
    rid = chat.request([{ role: 'system', content: L.sys }, block, ...hist, u]);
    chat.response(a, rid);
    hist.push(u, { role: 'assistant', content: a });
    chat.turn += 1;
  }
  return c.text();
}

/** leftout (look-alike): "never suggest anything with X"; the answer names X only as left out. */
export function iicLeftout(id, L) {
  const I = L.iic;
  const c = new Case(L.t0);
  const chat = new Chat(c, id, { system: L.sys });
  const u0 = { role: 'user', content: I.forbidRule };
  const a0 = { role: 'assistant', content: I.forbidA0 };
  let rid = chat.request([{ role: 'system', content: L.sys }, u0]);
  chat.response(I.forbidA0, rid);
  chat.turn = 1;
  rid = chat.request([{ role: 'system', content: L.sys }, u0, a0, { role: 'user', content: I.forbidQ }]);
  chat.response(I.forbidGood, rid);
  return c.text();
}

/** sameturn (look-alike): the rule arrives in the last message, and the only answer to it breaks it. */
export function iicSameTurn(id, L) {
  const I = L.iic;
  const c = new Case(L.t0);
  const chat = new Chat(c, id, { system: L.sys });
  const u0 = { role: 'user', content: I.sameQ0 };
  let rid = chat.request([{ role: 'system', content: L.sys }, u0]);
  chat.response(I.sameA0, rid);
  chat.turn = 1;
  rid = chat.request([{ role: 'system', content: L.sys }, u0, { role: 'assistant', content: I.sameA0 }, { role: 'user', content: I.sameQ }]);
  chat.response(I.sameBad, rid);
  return c.text();
}

// ---------- tool-drift ----------

function tdSession(id, L, { rule, a0, q1, tool, toolName, toolText, answer }) {
  const c = new Case(L.t0);
  const chat = new Chat(c, id, { system: L.sys });
  const u0 = { role: 'user', content: rule };
  const sys = { role: 'system', content: L.sys };
  let rid = chat.request([sys, u0]);
  chat.response(a0, rid);
  chat.turn = 1;
  const u1 = { role: 'user', content: q1 };
  const callId = `call_${id.replace(/[^a-z0-9]/gi, '')}`;
  rid = chat.request([sys, u0, { role: 'assistant', content: a0 }, u1]);
  chat.response('', rid, {
    finish_reason: 'tool_calls',
    tool_calls: [{ id: callId, type: 'function', function: { name: toolName, arguments: JSON.stringify(tool) } }],
  });
  chat.event('tool_call', { call_id: callId, name: toolName, arguments: tool });
  chat.event('tool_result', { call_id: callId, name: toolName, content: toolText }, 3);
  rid = chat.request([sys, u0, { role: 'assistant', content: a0 }, u1, toolCall(callId, toolName, tool), toolMsg(callId, toolText)]);
  chat.response(answer, rid);
  return c.text();
}

/** language (fault) / verbatim (look-alike): a language rule, a page in another language. */
export function tdLanguage(id, L, variant) {
  const T = L.td;
  return tdSession(id, L, {
    rule: T.langRule,
    a0: T.langA0,
    q1: variant === 'verbatim' ? T.verbQ : T.langQ1,
    tool: { query: T.toolQuery },
    toolName: 'web_search',
    toolText: T.toolText,
    answer: variant === 'verbatim' ? T.verbA : T.langBad,
  });
}

/** table (fault) / kept (look-alike): "lists, not tables", a tool returns a table. */
export function tdTable(id, L, variant) {
  const T = L.td;
  return tdSession(id, L, {
    rule: T.tabRule,
    a0: T.tabA0,
    q1: T.tabQ1,
    tool: { sheet: T.tabSheet },
    toolName: 'read_spreadsheet',
    toolText: T.tabTool,
    answer: variant === 'kept' ? T.tabGood : T.tabBad,
  });
}

// ---------- recall-mismatch ----------

/** The memory is committed in an earlier session of the same user; the later search cuts it.
 * variant: reranked, relative (faults); otheruser, superseded (look-alikes). */
export function rmCase(id, L, variant) {
  const R = L.rm;
  const c = new Case(L.t0);
  const owner = variant === 'otheruser' ? L.users.b : L.users.a;
  const prev = new Chat(c, `${id}-prev`, { system: L.sys, scope: { user: owner, tenant: L.tenant } });
  let rid = prev.request([
    { role: 'system', content: L.sys },
    { role: 'user', content: R.prevUser },
  ]);
  prev.event('memory_write', { write_id: 'w1', phase: 'requested', memory_id: 'm-1', memory_type: 'preference', text: R.mem, source: 'user' });
  prev.event('memory_write', { write_id: 'w1', phase: 'committed', memory_id: 'm-1' });
  prev.response(R.prevA, rid);
  if (variant === 'superseded') {
    prev.turn = 1;
    c.wait(600);
    rid = prev.request([
      { role: 'system', content: L.sys },
      { role: 'user', content: R.prevUser2 },
    ]);
    prev.event('memory_write', {
      write_id: 'w2',
      phase: 'requested',
      memory_id: 'm-2',
      memory_type: 'preference',
      text: R.memNew,
      source: 'user',
      supersedes: ['m-1'],
    });
    prev.event('memory_write', { write_id: 'w2', phase: 'committed', memory_id: 'm-2' });
    prev.response(R.prevA2, rid);
  }
  c.wait(86400 * 5);
  const chat = new Chat(c, id, { system: L.sys, scope: { user: L.users.a, tenant: L.tenant } });
  const [d1, d2, d3] = R.d;
  let retrieval;
  let injected;
  if (variant === 'reranked') {
    retrieval = {
      top_k: 2,
      candidates: [
        { id: 'kb-1', score: 0.83, text: d1 },
        { id: 'm-1', score: 0.81, text: R.mem },
        { id: 'kb-2', score: 0.74, text: d2 },
        { id: 'kb-3', score: 0.7, text: d3 },
      ],
      rerank: {
        model: 'bge-reranker-v2-m3',
        top_n: 2,
        candidates: [
          { id: 'kb-1', score: 0.92 },
          { id: 'kb-2', score: 0.88 },
          { id: 'm-1', score: 0.41 },
          { id: 'kb-3', score: 0.2 },
        ],
      },
    };
    injected = [d1, d2];
  } else if (variant === 'relative') {
    retrieval = {
      top_k: 3,
      threshold: 0.5,
      relative_threshold: 0.95,
      candidates: [
        { id: 'kb-1', score: 0.74, text: d1 },
        { id: 'kb-2', score: 0.72, text: d2 },
        { id: 'm-1', score: 0.69, text: R.mem },
        { id: 'kb-3', score: 0.52, text: d3 },
      ],
    };
    injected = [d1, d2];
  } else if (variant === 'otheruser') {
    retrieval = {
      top_k: 2,
      filters: { user_id: L.users.a },
      candidates: [
        { id: 'kb-1', score: 0.79, text: d1 },
        { id: 'kb-2', score: 0.71, text: d2 },
        { id: 'kb-3', score: 0.55, text: d3 },
      ],
    };
    injected = [d1, d2];
  } else {
    retrieval = {
      top_k: 2,
      filters: { user_id: L.users.a },
      candidates: [
        { id: 'm-2', score: 0.84, text: R.memNew },
        { id: 'kb-1', score: 0.77, text: d1 },
        { id: 'm-1', score: 0.75, text: R.mem },
        { id: 'kb-2', score: 0.6, text: d2 },
      ],
    };
    injected = [R.memNew, d1];
  }
  chat.event('retrieval', { retrieval_id: `${id}-q`, query: R.q, ...retrieval });
  rid = chat.request([
    { role: 'system', content: L.sys },
    { role: 'system', content: `${L.memBlock}\n${injected.map((t) => `- ${t}`).join('\n')}` },
    { role: 'user', content: R.q },
  ]);
  chat.response(variant === 'superseded' ? R.answerNew : R.answer, rid);
  return c.text();
}

// ---------- lost-write ----------

/** failed (fault): acknowledged, "saved" said, then the write fails and nothing retries it.
 * retried (look-alike): the same failure, retried to a commit that the snapshot holds. */
export function lwFailed(id, L, variant) {
  const W = L.lw;
  const c = new Case(L.t0);
  const chat = new Chat(c, id, { system: L.sys, scope: { user: L.users.a } });
  const sys = { role: 'system', content: L.sys };
  const u0 = { role: 'user', content: W.failQ };
  let rid = chat.request([sys, u0]);
  chat.event('memory_write', { write_id: 'w-1', phase: 'enqueued', memory_id: 'm-41', memory_type: 'fact', text: W.failMem, store: 'memories' });
  chat.event('memory_write', { write_id: 'w-1', phase: 'acknowledged', memory_id: 'm-41', store: 'memories' });
  chat.response(W.failSaid, rid);
  chat.event(
    'memory_write',
    { write_id: 'w-1', phase: 'failed', memory_id: 'm-41', store: 'memories', error: 'upsert timed out after 30000 ms (vector store unavailable)' },
    6,
  );
  if (variant === 'retried') {
    chat.event('memory_write', { write_id: 'w-1', phase: 'retried', memory_id: 'm-41', store: 'memories' }, 20);
    chat.event('memory_write', { write_id: 'w-1', phase: 'committed', memory_id: 'm-41', store: 'memories' }, 2);
  }
  chat.turn = 1;
  rid = chat.request([sys, u0, { role: 'assistant', content: W.failSaid }, { role: 'user', content: W.failQ2 }]);
  chat.response(W.failA2, rid);
  chat.event('store_snapshot', { store: 'memories', memory_ids: variant === 'retried' ? ['m-12', 'm-41'] : ['m-12'] }, 60);
  return c.text();
}

/** nowrite (fault): a session with a memory system (a search in turn 0); the answer in turn 1 promises to keep
 * something and nothing is written. filesave (look-alike): the answer says it saved a file, and it did. */
export function lwPromise(id, L, variant) {
  const W = L.lw;
  const c = new Case(L.t0);
  const chat = new Chat(c, id, { system: L.sys, scope: { user: L.users.a } });
  const sys = { role: 'system', content: L.sys };
  chat.event('retrieval', { retrieval_id: `${id}-q0`, query: W.q0, top_k: 3, candidates: [{ id: 'm-12', score: 0.77, text: W.m12 }] });
  const u0 = { role: 'user', content: W.q0 };
  const block = { role: 'system', content: `${L.memBlock}\n- ${W.m12}` };
  let rid = chat.request([sys, block, u0]);
  chat.response(W.a0, rid);
  chat.turn = 1;
  const hist = [u0, { role: 'assistant', content: W.a0 }];
  if (variant === 'nowrite') {
    rid = chat.request([sys, block, ...hist, { role: 'user', content: W.noQ }]);
    chat.response(W.noSaid, rid);
  } else {
    const u1 = { role: 'user', content: W.fileQ };
    rid = chat.request([sys, block, ...hist, u1]);
    const callId = 'call_write_1';
    const args = { path: W.filePath, content: W.fileBody };
    chat.response('', rid, {
      finish_reason: 'tool_calls',
      tool_calls: [{ id: callId, type: 'function', function: { name: 'write_file', arguments: JSON.stringify(args) } }],
    });
    chat.event('tool_call', { call_id: callId, name: 'write_file', arguments: args, files: [W.filePath] });
    chat.event('tool_result', { call_id: callId, name: 'write_file', content: JSON.stringify({ ok: true, bytes: W.fileBody.length * 2 }) });
    rid = chat.request([sys, block, ...hist, u1, toolCall(callId, 'write_file', args), toolMsg(callId, '{"ok":true}')]);
    chat.response(W.fileSaid, rid);
  }
  chat.turn = 2;
  rid = chat.request([sys, block, ...hist, { role: 'user', content: W.q2 }]);
  chat.response(W.a2, rid);
  return c.text();
}

// ---------- concurrent-overwrite ----------

/** owner (fault): the field's owner wrote it; another agent read it and wrote over it. */
export function coOwner(id, L) {
  const O = L.co;
  const c = new Case(L.t0);
  const s = (actor, f) => c.ev('state', id, { turn: 1, actor, key: O.key, ...f }, 2);
  const [a, b] = O.actors;
  s(a, { op: 'write', value: O.v1, version: 1, owner: a });
  s(b, { op: 'read', value: O.v1, version: 1, owner: a });
  s(b, { op: 'write', value: O.v2, expected_version: 1, version: 2 });
  c.wait(300);
  s(a, { op: 'read', value: O.v2, version: 2, owner: a });
  return c.text();
}

/** replicas (fault): two instances of one agent read version 7 and both write version 8; nothing refuses the second. */
export function coReplicas(id, L) {
  const O = L.co;
  const c = new Case(L.t0);
  const a = O.actors[2];
  const s = (instance, f, step = 1) => c.ev('state', id, { turn: 2, actor: a, instance, key: O.key2, ...f }, step);
  s('pod-7f9c', { op: 'read', value: O.r0, version: 7 });
  s('pod-b21e', { op: 'read', value: O.r0, version: 7 }, 0.3);
  s('pod-7f9c', { op: 'write', value: O.rA, expected_version: 7, version: 8 }, 2);
  s('pod-b21e', { op: 'write', value: O.rB, expected_version: 7, version: 8 }, 0.6);
  c.wait(120);
  c.ev('state', id, { turn: 3, actor: O.actors[0], key: O.key2, op: 'read', value: O.rB, version: 8 }, 1);
  return c.text();
}

/** merge (look-alike): two agents patch different fields of one object from the same version. */
export function coMerge(id, L) {
  const O = L.co;
  const c = new Case(L.t0);
  const [a, b] = O.actors;
  const s = (actor, f, step = 1) => c.ev('state', id, { turn: 1, actor, key: O.key3, ...f }, step);
  s(a, { op: 'read', value: O.m0, version: 4 });
  s(b, { op: 'read', value: O.m0, version: 4 }, 0.5);
  s(a, { op: 'write', value: O.mA, merge: true, expected_version: 4, version: 5 }, 2);
  s(b, { op: 'write', value: O.mB, merge: true, expected_version: 4, version: 6 }, 0.8);
  s(a, { op: 'read', value: { ...O.m0, ...O.mA, ...O.mB }, version: 6 }, 30);
  return c.text();
}

/** retry412 (look-alike): compare-and-set refuses the second writer with 412; it reads again and writes from the new version. */
export function coRetry(id, L) {
  const O = L.co;
  const c = new Case(L.t0);
  const [a, b] = O.actors;
  const s = (actor, f, step = 1) => c.ev('state', id, { turn: 1, actor, key: O.key, ...f }, step);
  s(a, { op: 'read', value: O.v1, version: 2 });
  s(b, { op: 'read', value: O.v1, version: 2 }, 0.4);
  s(a, { op: 'write', value: O.v2, expected_version: 2, version: 3, status: 200 }, 2);
  s(b, { op: 'write', value: O.v3, expected_version: 2, status: 412, result: 'precondition failed: version 3 is current' }, 0.5);
  s(b, { op: 'read', value: O.v2, version: 3 }, 0.5);
  s(b, { op: 'write', value: O.v23, expected_version: 3, version: 4, status: 200 }, 1);
  s(a, { op: 'read', value: O.v23, version: 4 }, 60);
  return c.text();
}
