#!/usr/bin/env node
// Generates the blind4 cases: node eval/blind4/gen.mjs  (deterministic: the same bytes every time)
// Written from the READMEs and the spec only (see README.md). Every text is in lang/<code>.mjs.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { dataLines } from './data.mjs';
import { Session, countMessages, countText, encodingFor, hashSeed, rng } from '../lib/blind-session.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const CORE = ['en', 'zh-Hans', 'zh-Hant', 'es', 'de', 'fr', 'ja', 'pt', 'ko', 'ru'];
export const EXTRAS = ['it', 'pl', 'tr', 'vi', 'id', 'ar', 'hi'];

const cases = [];
function emit(analyzer, prefix, lang, kind, n, variant, description, s, gz = false) {
  const id = `${prefix}-${kind === 'fault' ? 'f' : 'l'}-${lang}-${String(n).padStart(2, '0')}`;
  const file = `cases/${analyzer}/${id}.jsonl${gz ? '.gz' : ''}`;
  cases.push({ id, file, expected: kind === 'fault' ? analyzer : null, language: lang, kind, variant, description, body: s.jsonl(), gz });
}

// ---------------------------------------------------------------- window-overflow
// A chat agent that keeps [system, ...history] under `budget` tokens by dropping its oldest turns
// (a turn = the user's message and everything after it up to the next user message).
const WO = [
  {
    v: 'no-code-blocks',
    kind: 'fault',
    domain: 'code',
    tool: 'run_tests',
    model: 'gpt-4',
    W: 8192,
    first: 'noCode',
    final: 'codeAnswer',
    d: 'coding agent; "no code blocks" stated at turn 1; test-run output fills gpt-4 (8,192, built-in table); the agent drops the oldest turns; final answer has a code block',
  },
  {
    v: 'cite-sources',
    kind: 'fault',
    domain: 'travel',
    tool: 'search_fares',
    model: 'gpt-3.5-turbo',
    W: 16385,
    first: 'cite',
    final: 'uncitedAnswer',
    d: 'travel booking; "always cite your sources" at turn 1; fare/visa search output fills gpt-3.5-turbo (16,385, built-in); final answer cites nothing',
  },
  {
    v: 'length-limit',
    kind: 'fault',
    domain: 'support',
    tool: 'list_tickets',
    model: 'deepseek-chat',
    W: 8192,
    limit: 8192,
    first: 'maxLen',
    final: 'shortAnswer',
    d: 'customer support; a word (CJK: character) limit at turn 1; ticket exports fill deepseek-chat (context_limit 8,192 given); the limit leaves the prompt (final answer happens to stay short: a warning)',
  },
  {
    v: 'no-markdown-summary',
    kind: 'fault',
    domain: 'recipe',
    tool: 'search_recipes',
    model: 'mistral-large-latest',
    W: 12000,
    limit: 12000,
    first: 'noMd',
    final: 'mdAnswer',
    summary: true,
    d: 'recipe app; "no markdown, plain text" at turn 1; recipe rows fill mistral-large (context_limit 12,000); the agent replaces the history with a summary (titled in the language) that omits the rule, under window pressure; final answer in markdown',
  },
  {
    v: 'one-off-request',
    kind: 'look-alike',
    domain: 'code',
    tool: 'run_tests',
    model: 'gpt-4',
    W: 8192,
    first: 'oneOff',
    reply: 'oneOffReply',
    final: 'codeAnswer',
    d: 'coding agent; turn 1 asks for the NEXT answer only without code ("just this once"); the window overflows, a later answer has a code block',
  },
  {
    v: 'question-about-rule',
    kind: 'look-alike',
    domain: 'code',
    tool: 'run_tests',
    model: 'deepseek-chat',
    W: 8192,
    limit: 8192,
    first: 'question',
    reply: 'questionReply',
    final: 'codeAnswer',
    d: 'coding agent; turn 1 is a question about code blocks ("why do you always...?"), not a rule; overflow; a later code block',
  },
  {
    v: 'withdrawn',
    kind: 'look-alike',
    domain: 'travel',
    tool: 'search_fares',
    model: 'gpt-3.5-turbo',
    W: 16385,
    first: 'cite',
    second: 'withdrawCite',
    final: 'uncitedAnswer',
    d: 'travel booking; "always cite sources" at turn 1, withdrawn at turn 2 by naming it; overflow drops both; a later answer without sources',
  },
  {
    v: 'pasted-style-guide',
    kind: 'look-alike',
    domain: 'recipe',
    tool: 'search_recipes',
    model: 'gpt-4',
    W: 8192,
    first: 'paste',
    reply: 'pasteReply',
    final: 'mdAnswer',
    d: 'recipe app; the user pastes their club newsletter\'s style guide ("never use markdown ...") and asks what it means: a pasted document; overflow; a later markdown answer',
  },
];

function buildWO(L, lang) {
  WO.forEach((c, i) => {
    const sid = `wo-${c.kind === 'fault' ? 'f' : 'l'}-${lang}-${String(i + 1).padStart(2, '0')}`;
    const r = rng(hashSeed(sid));
    const s = new Session(sid, '2026-11-0' + ((i % 8) + 1) + 'T08:00:00Z', r);
    const encoding = encodingFor(c.model);
    const budget = Math.floor(c.W * 0.92);
    const target = Math.round(c.W * 0.12);
    const system = { role: 'system', content: L.wo.sys[c.domain] };
    let history = []; // array of turn groups
    let summarized = false;
    let turn = 0;
    const stated = [];
    const req = (msgs, t) => {
      const f = { model: c.model, messages: msgs, request_id: `${sid}-r${t}` };
      if (c.limit) f.context_limit = c.limit;
      s.add('request', t, f, 1500);
    };
    const send = (newMsgs, answer) => {
      const group = [...newMsgs];
      let msgs = [system, ...history.flat(), ...group];
      while (countMessages(msgs, encoding) > budget) {
        if (c.summary && !summarized) {
          summarized = true;
          const keep = history.slice(-1);
          history = [[{ role: 'system', content: L.wo.summary }], ...keep];
        } else {
          const drop = history.findIndex((g) => g[0].role !== 'system');
          history.splice(drop, 1);
        }
        msgs = [system, ...history.flat(), ...group];
      }
      req(msgs, turn);
      const content = typeof answer === 'string' ? answer : answer;
      s.add('response', turn, { request_id: `${sid}-r${turn}`, content, finish_reason: 'stop' }, 4000);
      group.push({ role: 'assistant', content });
      history.push(group);
      turn += 1;
      return msgs;
    };
    const present = (msgs) => stated.every((m) => msgs.includes(m));
    // turn 0: the task
    send([{ role: 'user', content: L.wo.hello[c.domain] }], L.wo.helloReply[c.domain]);
    // turn 1: the rule (or the look-alike)
    const firstMsg = { role: 'user', content: L.wo[c.first] };
    stated.push(firstMsg);
    send([firstMsg], L.wo[c.reply ?? 'ack0']);
    if (c.second) send([{ role: 'user', content: L.wo[c.second] }], L.wo.ack1);
    // tool turns until the first statement has left the prompt, then two more turns
    let gone = -1;
    let k = 0;
    while (true) {
      const callId = `call_${sid}_${turn}`;
      let data = dataLines(r, c.domain, 20);
      let size = countText(data, encoding);
      while (size < target) {
        const more = `\n${dataLines(r, c.domain, 10)}`;
        size += countText(more, encoding);
        data += more;
      }
      const m = send(
        [
          { role: 'user', content: L.wo.next[k % L.wo.next.length] },
          {
            role: 'assistant',
            content: '',
            tool_calls: [{ id: callId, type: 'function', function: { name: c.tool, arguments: JSON.stringify({ page: k + 1 }) } }],
          },
          { role: 'tool', tool_call_id: callId, content: data },
        ],
        L.wo.ack[k % L.wo.ack.length],
      );
      k += 1;
      if (!present(m) && gone < 0) gone = turn - 1;
      if (gone >= 0 && turn - 1 >= gone + 1) break;
      if (k > 40) throw new Error(`${sid}: never overflowed`);
    }
    const last = send([{ role: 'user', content: L.wo.finalAsk[c.domain] }], L.wo[c.final]);
    if (present(last)) throw new Error(`${sid}: statement still present`);
    emit('window-overflow', 'wo', lang, c.kind, i + 1, c.v, c.d, s, true);
  });
}

// ---------------------------------------------------------------- recall-mismatch
// A recipe / tutoring / travel / support assistant with long-term memory. The user's words are extracted
// into third-person memories and committed; a later question runs a retrieval; the next request injects.
const RM = [
  {
    v: 'relative-cutoff',
    kind: 'fault',
    item: 'allergy',
    d: 'recipe app; allergy memory ranked 2nd within top_k 3 and threshold 0.3, cut by relative_threshold 0.8 (0.66 < 0.8 x 0.91)',
  },
  {
    v: 'search-timeout',
    kind: 'fault',
    item: 'exam',
    d: 'tutoring bot; the retrieval failed (error: timeout, no candidates); the committed exam memory fits the question',
  },
  {
    v: 'index-lag',
    kind: 'fault',
    item: 'seat',
    lag: true,
    d: 'travel booking; the seat preference was committed 1.2 s before the search (index_lag_ms 5000) and is not among the 3 returned',
  },
  {
    v: 'not-indexed',
    kind: 'fault',
    item: 'printer',
    d: 'customer support; the search returned 2 candidates with top_k 5 and no threshold; the printer memory, committed turns earlier, is not among them',
  },
  {
    v: 'deleted-memory',
    kind: 'look-alike',
    item: 'address',
    d: 'delivery: the old address was deleted (op: delete, committed) when the user moved; the new one is injected; the old one never comes back',
  },
  {
    v: 'name-coincidence',
    kind: 'look-alike',
    item: 'dog',
    d: 'travel: the dog is named Tokyo; a hotel search in Tokyo ranks the dog memory 3rd (top_k 2), far under the cut; it shares only the name',
  },
  {
    v: 'successful-retry',
    kind: 'look-alike',
    item: 'allergy',
    retry: true,
    d: 'recipe app: the first search timed out, the retry a second later injected the allergy memory; the next request holds it',
  },
  {
    v: 'committed-after-search',
    kind: 'look-alike',
    item: 'seat',
    after: true,
    d: 'travel: the user states the seat preference in the same message as the question; its write commits after the search ran',
  },
];

function buildRM(L, lang) {
  RM.forEach((c, i) => {
    const sid = `rm-${c.kind === 'fault' ? 'f' : 'l'}-${lang}-${String(i + 1).padStart(2, '0')}`;
    const r = rng(hashSeed(sid));
    const s = new Session(sid, `2026-11-1${i}T09:00:00Z`, r);
    const scope = { user: `u-${lang}-${i + 1}` };
    const it = L.rm.items[c.item];
    const sys = { role: 'system', content: L.rm.sys };
    let w = 0;
    const write = (turn, memId, text, extra = {}, gap = 300) => {
      w += 1;
      const wid = `w-${sid}-${w}`;
      s.add(
        'memory_write',
        turn,
        {
          scope,
          write_id: wid,
          phase: 'requested',
          memory_id: memId,
          memory_type: extra.memory_type ?? 'preference',
          text,
          store: 'memories',
          source: 'user',
          ...extra,
        },
        gap,
      );
      s.add(
        'memory_write',
        turn,
        { scope, write_id: wid, phase: 'committed', memory_id: memId, store: 'memories', ...(extra.op ? { op: extra.op } : {}) },
        400,
      );
    };
    const fillers = L.rm.fillers.map((t, j) => ({ id: `mem-${lang}-${i + 1}-f${j}`, text: t }));
    const target = { id: `mem-${lang}-${i + 1}-t`, text: it.mem };
    // turn 0: small talk; the store already holds the fillers (extracted in earlier turns)
    s.add('request', 0, { model: 'gpt-4o-mini', messages: [sys, { role: 'user', content: L.rm.hello }] }, 1000);
    s.add('response', 0, { content: L.rm.helloReply }, 2000);
    for (const f of fillers) write(0, f.id, f.text, { memory_type: 'fact', source: 'inferred' });
    let prev = [
      { role: 'user', content: L.rm.hello },
      { role: 'assistant', content: L.rm.helloReply },
    ];
    if (c.item === 'address') {
      // turn 1: old address; turn 2: moved, forget the old one
      s.add('request', 1, { model: 'gpt-4o-mini', messages: [sys, ...prev, { role: 'user', content: it.say }] }, 60000);
      write(1, target.id, it.mem, { memory_type: 'fact', slot: 'home_address' });
      s.add('response', 1, { content: L.rm.thanks }, 1500);
      prev = [
        { role: 'user', content: it.say },
        { role: 'assistant', content: L.rm.thanks },
      ];
      s.add('request', 2, { model: 'gpt-4o-mini', messages: [sys, ...prev, { role: 'user', content: it.say2 }] }, 3600000);
      w += 1;
      s.add(
        'memory_write',
        2,
        { scope, write_id: `w-${sid}-${w}`, phase: 'requested', memory_id: target.id, op: 'delete', previous_text: it.mem, store: 'memories', source: 'user' },
        500,
      );
      s.add('memory_write', 2, { scope, write_id: `w-${sid}-${w}`, phase: 'committed', memory_id: target.id, op: 'delete', store: 'memories' }, 300);
      write(2, `${target.id}2`, it.mem2, { memory_type: 'fact', slot: 'home_address' });
      s.add('response', 2, { content: L.rm.thanks }, 1500);
      prev = [
        { role: 'user', content: it.say2 },
        { role: 'assistant', content: L.rm.thanks },
      ];
    } else if (!c.lag && !c.after) {
      s.add('request', 1, { model: 'gpt-4o-mini', messages: [sys, ...prev, { role: 'user', content: it.say }] }, 60000);
      write(1, target.id, it.mem);
      s.add('response', 1, { content: L.rm.thanks }, 1500);
      prev = [
        { role: 'user', content: it.say },
        { role: 'assistant', content: L.rm.thanks },
      ];
    }
    // the question
    const qt = 3;
    const question = c.lag || c.after ? `${it.say} ${it.query}` : it.query;
    s.tick(3600000);
    if (c.lag) write(qt, target.id, it.mem, {}, 200);
    const cand = (x, score, rank) => ({ id: x.id, score, rank, text: x.text });
    const base = { scope, query: question, filters: { user_id: scope.user } };
    let injected = [];
    if (c.v === 'relative-cutoff') {
      s.add(
        'retrieval',
        qt,
        {
          ...base,
          retrieval_id: `${sid}-q`,
          top_k: 3,
          threshold: 0.3,
          relative_threshold: 0.8,
          candidates: [cand(fillers[0], 0.91, 1), cand(target, 0.66, 2), cand(fillers[1], 0.58, 3)],
        },
        800,
      );
      injected = [fillers[0]];
    } else if (c.v === 'search-timeout') {
      s.add('retrieval', qt, { ...base, retrieval_id: `${sid}-q`, top_k: 3, error: 'timeout', candidates: [] }, 800);
    } else if (c.v === 'index-lag') {
      s.add(
        'retrieval',
        qt,
        { ...base, retrieval_id: `${sid}-q`, top_k: 3, candidates: [cand(fillers[0], 0.55, 1), cand(fillers[1], 0.51, 2), cand(fillers[2], 0.47, 3)] },
        1000,
      );
      injected = fillers.slice(0, 3);
    } else if (c.v === 'not-indexed') {
      s.add('retrieval', qt, { ...base, retrieval_id: `${sid}-q`, top_k: 5, candidates: [cand(fillers[0], 0.44, 1), cand(fillers[1], 0.4, 2)] }, 800);
      injected = fillers.slice(0, 2);
    } else if (c.v === 'deleted-memory') {
      const now = { id: `${target.id}2`, text: it.mem2 };
      s.add(
        'retrieval',
        qt,
        { ...base, retrieval_id: `${sid}-q`, top_k: 3, threshold: 0.3, candidates: [cand(now, 0.86, 1), cand(fillers[0], 0.34, 2), cand(fillers[1], 0.31, 3)] },
        800,
      );
      injected = [now, fillers[0], fillers[1]];
    } else if (c.v === 'name-coincidence') {
      s.add(
        'retrieval',
        qt,
        { ...base, retrieval_id: `${sid}-q`, top_k: 2, candidates: [cand(fillers[0], 0.52, 1), cand(fillers[1], 0.47, 2), cand(target, 0.31, 3)] },
        800,
      );
      injected = fillers.slice(0, 2);
    } else if (c.v === 'successful-retry') {
      s.add('retrieval', qt, { ...base, retrieval_id: `${sid}-q1`, top_k: 3, error: 'timeout', candidates: [] }, 800);
      s.add(
        'retrieval',
        qt,
        { ...base, retrieval_id: `${sid}-q2`, top_k: 3, threshold: 0.3, candidates: [cand(target, 0.82, 1), cand(fillers[0], 0.35, 2)] },
        1000,
      );
      injected = [target, fillers[0]];
    } else if (c.v === 'committed-after-search') {
      s.add(
        'retrieval',
        qt,
        { ...base, retrieval_id: `${sid}-q`, top_k: 2, threshold: 0.3, candidates: [cand(fillers[0], 0.41, 1), cand(fillers[1], 0.37, 2)] },
        800,
      );
      injected = fillers.slice(0, 2);
    }
    const msgs = [sys];
    if (injected.length) msgs.push({ role: 'system', content: `${L.rm.memHeader}\n${injected.map((x) => `- ${x.text}`).join('\n')}` });
    msgs.push(...prev, { role: 'user', content: question });
    s.add('request', qt, { model: 'gpt-4o-mini', messages: msgs }, 300);
    s.add('response', qt, { content: it.answer }, 3000);
    if (c.after) write(qt, target.id, it.mem, {}, 2500);
    emit('recall-mismatch', 'rm', lang, c.kind, i + 1, c.v, c.d, s);
  });
}

// ---------------------------------------------------------------- lost-write
const LW = [
  { v: 'dead-lettered', kind: 'fault', item: 0, d: 'medical intake; enqueued + acknowledged + promise, then failed, retried, failed, dead_lettered' },
  {
    v: 'memory-tool-failed',
    kind: 'fault',
    item: 1,
    d: 'tutoring bot; a save_memory tool call whose tool_result is {ok:false, error: quota exceeded}, then the answer promises it was saved',
  },
  {
    v: 'lost-in-deploy',
    kind: 'fault',
    item: 2,
    d: 'customer support; enqueued + acknowledged + promise, then lifecycle deploy of memory-writer before any commit; the snapshot lacks it',
  },
  {
    v: 'snapshot-records',
    kind: 'fault',
    item: 3,
    d: 'travel booking; committed, acknowledged, promised; a later store_snapshot (records form) does not hold it',
  },
  {
    v: 'promise-without-write',
    kind: 'fault',
    item: 4,
    d: 'recipe app with memory (a retrieval at turn 0); the answer promises to remember; no write or memory tool in that turn',
  },
  {
    v: 'committed-then-deleted',
    kind: 'look-alike',
    item: 3,
    d: 'committed, acknowledged, promised; the user later asks to forget it; op: delete committed; the snapshot without it is expected',
  },
  { v: 'failure-told', kind: 'look-alike', item: 0, d: 'the write failed, was never acknowledged, and the assistant says it could not save it' },
  {
    v: 'file-saved',
    kind: 'look-alike',
    item: 2,
    d: 'a memory system is present; the assistant exports a PDF to a folder via export_file and says it saved it there (a file, not a memory)',
  },
  {
    v: 'late-commit-fact',
    kind: 'look-alike',
    item: 1,
    d: 'a fact (not a critical type) enqueued + acknowledged + promised, committed 40 s later; the snapshot holds it',
  },
];

function buildLW(L, lang) {
  LW.forEach((c, i) => {
    const sid = `lw-${c.kind === 'fault' ? 'f' : 'l'}-${lang}-${String(i + 1).padStart(2, '0')}`;
    const r = rng(hashSeed(sid));
    const s = new Session(sid, `2026-11-2${i}T10:00:00Z`, r);
    const scope = { user: `u-${lang}-lw${i + 1}` };
    const it = L.lw.items[c.item];
    const memId = `mem-${sid}`;
    const wid = `w-${sid}`;
    const sys = { role: 'system', content: L.lw.sys };
    const mw = (turn, phase, extra = {}, gap = 400) =>
      s.add('memory_write', turn, { scope, write_id: wid, phase, memory_id: memId, store: 'memories', ...extra }, gap);
    // turn 0: greeting, the memory system recalls the profile
    s.add(
      'retrieval',
      0,
      { scope, retrieval_id: `${sid}-q0`, query: L.lw.hello, top_k: 3, candidates: [{ id: `mem-${sid}-old`, score: 0.71, rank: 1, text: L.lw.oldMem }] },
      500,
    );
    s.add(
      'request',
      0,
      { model: 'claude-sonnet-4', messages: [sys, { role: 'system', content: `${L.lw.memHeader}\n- ${L.lw.oldMem}` }, { role: 'user', content: L.lw.hello }] },
      300,
    );
    s.add('response', 0, { content: L.lw.helloReply }, 2500);
    const prev = [
      { role: 'user', content: L.lw.hello },
      { role: 'assistant', content: L.lw.helloReply },
    ];
    const t = 1;
    const userText = c.v === 'file-saved' ? L.lw.exportAsk : it.say;
    s.add('request', t, { model: 'claude-sonnet-4', messages: [sys, ...prev, { role: 'user', content: userText }] }, 30000);
    const text = it.mem;
    const type = c.v === 'late-commit-fact' ? 'fact' : it.type;
    let answer = it.promise;
    if (c.v === 'dead-lettered') {
      mw(t, 'enqueued', { memory_type: type, text, critical: true });
      mw(t, 'acknowledged');
      s.add('response', t, { content: answer }, 1500);
      mw(t, 'failed', { error: 'ETIMEDOUT writing to vector store' }, 5000);
      mw(t, 'retried', {}, 2000);
      mw(t, 'failed', { error: 'ETIMEDOUT writing to vector store' }, 5000);
      mw(t, 'dead_lettered', { error: 'max attempts (2) reached' }, 500);
    } else if (c.v === 'memory-tool-failed') {
      const callId = `call_${sid}`;
      const args = { text };
      s.add(
        'response',
        t,
        { content: '', tool_calls: [{ id: callId, type: 'function', function: { name: 'save_memory', arguments: JSON.stringify(args) } }] },
        1500,
      );
      s.add('tool_call', t, { call_id: callId, name: 'save_memory', arguments: args }, 100);
      s.add(
        'tool_result',
        t,
        { call_id: callId, name: 'save_memory', content: { ok: false, error: 'quota exceeded: 500 memories per user' }, is_error: true },
        700,
      );
      s.add(
        'request',
        t,
        {
          model: 'claude-sonnet-4',
          messages: [
            sys,
            ...prev,
            { role: 'user', content: userText },
            {
              role: 'assistant',
              content: '',
              tool_calls: [{ id: callId, type: 'function', function: { name: 'save_memory', arguments: JSON.stringify(args) } }],
            },
            { role: 'tool', tool_call_id: callId, content: JSON.stringify({ ok: false, error: 'quota exceeded: 500 memories per user' }) },
          ],
        },
        200,
      );
      s.add('response', t, { content: answer }, 1800);
    } else if (c.v === 'lost-in-deploy') {
      mw(t, 'enqueued', { memory_type: type, text });
      mw(t, 'acknowledged');
      s.add('response', t, { content: answer }, 1500);
      s.add('lifecycle', null, { event: 'deploy', process: 'memory-writer' }, 3000);
    } else if (c.v === 'snapshot-records' || c.v === 'committed-then-deleted') {
      mw(t, 'requested', { memory_type: type, text });
      mw(t, 'committed');
      mw(t, 'acknowledged');
      s.add('response', t, { content: answer }, 1500);
    } else if (c.v === 'promise-without-write') {
      s.add('response', t, { content: answer }, 1500);
    } else if (c.v === 'failure-told') {
      mw(t, 'requested', { memory_type: type, text });
      mw(t, 'failed', { error: 'vector store unavailable (503)' }, 3000);
      answer = L.lw.failTold;
      s.add('response', t, { content: answer }, 800);
    } else if (c.v === 'file-saved') {
      const callId = `call_${sid}`;
      const args = { format: 'pdf', path: L.lw.exportPath };
      s.add('tool_call', t, { call_id: callId, name: 'export_file', arguments: args, files: [L.lw.exportPath] }, 1200);
      s.add('tool_result', t, { call_id: callId, name: 'export_file', content: { ok: true, path: L.lw.exportPath, bytes: 48213 } }, 900);
      answer = L.lw.fileSaved;
      s.add('response', t, { content: answer }, 1500);
    } else if (c.v === 'late-commit-fact') {
      mw(t, 'enqueued', { memory_type: type, text });
      mw(t, 'acknowledged');
      s.add('response', t, { content: answer }, 1500);
      mw(t, 'committed', {}, 40000);
    }
    // turn 2: a follow-up
    const prev2 = [
      { role: 'user', content: userText },
      { role: 'assistant', content: answer },
    ];
    const t2 = 2;
    let ask2 = L.lw.follow;
    let reply2 = L.lw.followReply;
    if (c.v === 'committed-then-deleted') {
      ask2 = it.forget;
      reply2 = L.lw.forgetDone;
    }
    s.add('request', t2, { model: 'claude-sonnet-4', messages: [sys, ...prev2, { role: 'user', content: ask2 }] }, 120000);
    if (c.v === 'committed-then-deleted') {
      s.add(
        'memory_write',
        t2,
        { scope, write_id: `${wid}-del`, phase: 'requested', memory_id: memId, op: 'delete', previous_text: text, store: 'memories' },
        400,
      );
      s.add('memory_write', t2, { scope, write_id: `${wid}-del`, phase: 'committed', memory_id: memId, op: 'delete', store: 'memories' }, 400);
    }
    s.add('response', t2, { content: reply2 }, 2000);
    // the store's snapshot at the end
    const others = [`mem-${sid}-old`];
    if (c.v === 'snapshot-records') {
      s.add('store_snapshot', null, { store: 'memories', records: [{ id: `mem-${sid}-old`, text: L.lw.oldMem, version: 3 }] }, 600000);
    } else if (c.v === 'late-commit-fact') {
      s.add('store_snapshot', null, { store: 'memories', memory_ids: [...others, memId] }, 600000);
    } else if (c.v !== 'memory-tool-failed' && c.v !== 'promise-without-write' && c.v !== 'file-saved') {
      s.add('store_snapshot', null, { store: 'memories', memory_ids: others }, 600000);
    }
    emit('lost-write', 'lw', lang, c.kind, i + 1, c.v, c.d, s);
  });
}

// ---------------------------------------------------------------- concurrent-overwrite
const CO = [
  {
    v: 'same-new-version',
    kind: 'fault',
    key: 'itinerary',
    actors: ['flight-agent', 'hotel-agent'],
    d: 'travel booking: both agents read v5; both writes report version 6 (no expected_version, nothing refusing); the next read shows only the second',
  },
  {
    v: 'merge-same-field',
    kind: 'fault',
    key: 'order',
    actors: ['intake-bot', 'pharmacy-bot'],
    d: 'medical intake: two merge writes (merge: true) of the SAME field from expected_version 2; the first is lost',
  },
  {
    v: 'owner-on-read',
    kind: 'fault',
    key: 'lesson_plan',
    actors: ['tutor-agent', 'quiz-agent'],
    d: 'tutoring: lesson_plan owned by tutor-agent (owner given on the earlier read events only); quiz-agent writes it',
  },
  {
    v: 'no-versions-reviewer',
    kind: 'fault',
    key: 'patch_plan',
    actors: ['coder', 'reviewer'],
    d: 'coding agent: no versions; coder and reviewer read, coder writes, reviewer writes without re-reading',
  },
  {
    v: 'cas-409-in-result',
    kind: 'look-alike',
    key: 'itinerary',
    actors: ['flight-agent', 'hotel-agent'],
    d: 'travel: the second write from v3 is answered result: { status_code: 409 }; it re-reads v4 and writes from it',
  },
  {
    v: 'cas-ok-false',
    kind: 'look-alike',
    key: 'reply_draft',
    actors: ['support-agent', 'qa-agent'],
    d: 'customer support: the second write from v8 is answered ok: false; it re-reads and writes from v9',
  },
  {
    v: 'field-masks',
    kind: 'look-alike',
    key: 'order',
    actors: ['intake-bot', 'pharmacy-bot'],
    d: 'medical intake: two writes from v2 with fields [allergies] and [pharmacy]: different fields',
  },
  {
    v: 'reducer-merged',
    kind: 'look-alike',
    key: 'shopping_list',
    actors: ['menu-planner', 'pantry-checker'],
    d: 'recipe app: two writes in one step marked merged: true by the reducer',
  },
];

function buildCO(L, lang) {
  CO.forEach((c, i) => {
    const sid = `co-${c.kind === 'fault' ? 'f' : 'l'}-${lang}-${String(i + 1).padStart(2, '0')}`;
    const r = rng(hashSeed(sid));
    const s = new Session(sid, `2026-11-0${i + 1}T11:00:00Z`, r);
    const [A, B] = c.actors;
    const V = L.co[c.key];
    const st = (actor, f) => s.add('state', 1, { actor, key: c.key, ...f });
    if (c.v === 'same-new-version') {
      st(A, { op: 'read', value: V[0], version: 5 });
      st(B, { op: 'read', value: V[0], version: 5 });
      st(A, { op: 'write', value: V[1], version: 6 });
      st(B, { op: 'write', value: V[2], version: 6 });
      st(A, { op: 'read', value: V[2], version: 6 });
    } else if (c.v === 'merge-same-field') {
      st(A, { op: 'read', value: { allergies: V[0], pharmacy: V[1] }, version: 2 });
      st(B, { op: 'read', value: { allergies: V[0], pharmacy: V[1] }, version: 2 });
      st(A, { op: 'write', merge: true, value: { allergies: V[2] }, expected_version: 2, version: 3 });
      st(B, { op: 'write', merge: true, value: { allergies: V[3] }, expected_version: 2, version: 4 });
      st(A, { op: 'read', value: { allergies: V[3], pharmacy: V[1] }, version: 4 });
    } else if (c.v === 'owner-on-read') {
      st(A, { op: 'read', value: V[0], version: 11, owner: A });
      st(B, { op: 'read', value: V[0], version: 11, owner: A });
      st(A, { op: 'write', value: V[1], expected_version: 11, version: 12 });
      st(B, { op: 'read', value: V[1], version: 12 });
      st(B, { op: 'write', value: V[2], expected_version: 12, version: 13 });
      st(A, { op: 'read', value: V[2], version: 13 });
    } else if (c.v === 'no-versions-reviewer') {
      st(A, { op: 'read', value: V[0] });
      st(B, { op: 'read', value: V[0] });
      st(A, { op: 'write', value: V[1] });
      st(B, { op: 'write', value: V[2] });
      st(A, { op: 'read', value: V[2] });
    } else if (c.v === 'cas-409-in-result') {
      st(A, { op: 'read', value: V[0], version: 3 });
      st(B, { op: 'read', value: V[0], version: 3 });
      st(A, { op: 'write', value: V[1], expected_version: 3, version: 4 });
      st(B, { op: 'write', value: V[2], expected_version: 3, result: { status_code: 409, message: 'version mismatch' } });
      st(B, { op: 'read', value: V[1], version: 4 });
      st(B, { op: 'write', value: V[3], expected_version: 4, version: 5 });
      st(A, { op: 'read', value: V[3], version: 5 });
    } else if (c.v === 'cas-ok-false') {
      st(A, { op: 'read', value: V[0], version: 8 });
      st(B, { op: 'read', value: V[0], version: 8 });
      st(A, { op: 'write', value: V[1], expected_version: 8, version: 9 });
      st(B, { op: 'write', value: V[2], expected_version: 8, ok: false });
      st(B, { op: 'read', value: V[1], version: 9 });
      st(B, { op: 'write', value: V[3], expected_version: 9, version: 10 });
      st(A, { op: 'read', value: V[3], version: 10 });
    } else if (c.v === 'field-masks') {
      st(A, { op: 'read', value: { allergies: V[0], pharmacy: V[1] }, version: 2 });
      st(B, { op: 'read', value: { allergies: V[0], pharmacy: V[1] }, version: 2 });
      st(A, { op: 'write', fields: ['allergies'], value: { allergies: V[2] }, expected_version: 2, version: 3 });
      st(B, { op: 'write', fields: ['pharmacy'], value: { pharmacy: V[4] }, expected_version: 2, version: 4 });
      st(A, { op: 'read', value: { allergies: V[2], pharmacy: V[4] }, version: 4 });
    } else if (c.v === 'reducer-merged') {
      st(A, { op: 'read', value: [V[0]], version: 1 });
      st(B, { op: 'read', value: [V[0]], version: 1 });
      st(A, { op: 'write', value: [V[1]], expected_version: 1, merged: true });
      st(B, { op: 'write', value: [V[2]], expected_version: 1, merged: true });
      st(A, { op: 'read', value: [V[0], V[1], V[2]], version: 2 });
    }
    emit('concurrent-overwrite', 'co', lang, c.kind, i + 1, c.v, c.d, s);
  });
}

// ---------------------------------------------------------------- tool-drift
// A party-planning / recipe assistant: the preference comes with the task, two compliant answers, then a
// tool result and the answer after it.
const EMOJI_TOOL =
  '🎉🎂 PARTY PACK SALE 🎂🎉\nOur Superhero Birthday Box is back 🦸‍♂️💥 Balloons 🎈, cupcake toppers 🧁, glow sticks ✨ and a pinata 🪅 for just 24.90 EUR 🤩\nOrder by Friday 📦🚚 and get free candles 🕯️🔥\n⭐⭐⭐⭐⭐ Parents love it 😍👍';
const EXCL_TOOL =
  'BIG NEWS!!! The Dino Cake Kit is finally here! Everything you need in one box! Sponge mix, green icing, six edible dinosaurs and a volcano topper! Kids go wild for it! Bake it in 40 minutes! Only 19.90 EUR this week! Do not miss it!';
const HEAD_TOOL =
  '# Kids party timeline\n\n## Two weeks before\nSend invitations and ask about allergies.\n\n## One week before\nOrder the cake and buy decorations.\n\n## On the day\nSet up the games corner, then the food table.\n\n## After the party\nSend thank-you notes.';
const EN_RECIPE =
  'Classic banana bread. Preheat the oven to 175 C. Mash three ripe bananas with a fork, stir in 75 g of melted butter, 150 g of sugar, one beaten egg and a teaspoon of vanilla. Add a teaspoon of baking soda, a pinch of salt and 190 g of flour. Pour into a buttered loaf pan and bake for about 60 minutes, until a skewer comes out clean. Let it cool before slicing.';
const ES_RECIPE =
  'Tortilla de patatas. Pela y corta en láminas finas 600 g de patatas y media cebolla. Fríelas a fuego medio en abundante aceite de oliva durante unos 20 minutos, sin que se doren demasiado. Bate seis huevos con sal, escurre las patatas y mézclalas con el huevo. Cuaja la tortilla en una sartén pequeña, dale la vuelta con un plato y deja que termine de hacerse un par de minutos más.';
const EN_ANSWER =
  'Here is the banana bread recipe. Preheat the oven to 175 C, mash three ripe bananas, mix in melted butter, sugar, one egg and vanilla, then add baking soda, salt and flour. Bake it in a loaf pan for about an hour and let it cool before you slice it.';
const ES_ANSWER =
  'Aquí tienes la receta de la tortilla de patatas. Corta las patatas y la cebolla en láminas finas, fríelas a fuego medio unos veinte minutos, mézclalas con seis huevos batidos y sal, y cuaja la tortilla en una sartén pequeña, dándole la vuelta con un plato.';

const TD = [
  {
    v: 'no-emoji-support',
    kind: 'fault',
    pref: 'noEmoji',
    tool: 'web_search',
    out: EMOJI_TOOL,
    answer: 'emojiAnswer',
    d: 'no emoji (the user forwards answers to a school) -> web_search returns emoji marketing -> answer with emoji',
  },
  {
    v: 'no-exclamation',
    kind: 'fault',
    pref: 'noExcl',
    tool: 'web_search',
    out: EXCL_TOOL,
    answer: 'exclAnswer',
    d: 'no exclamation marks -> a shop page full of "!" -> answer full of "!"',
  },
  {
    v: 'reply-language',
    kind: 'fault',
    pref: 'langPref',
    tool: 'fetch_recipe',
    out: 'foreign',
    answer: 'foreign',
    d: 'always answer in my language -> a recipe page in another language (English; Spanish for the English user) -> answer in that language',
  },
  {
    v: 'no-headings',
    kind: 'fault',
    pref: 'noHead',
    tool: 'get_guide',
    out: HEAD_TOOL,
    answer: 'headAnswer',
    d: 'no headings, plain paragraphs -> a markdown guide with headings -> answer with headings',
  },
  {
    v: 'own-habit',
    kind: 'look-alike',
    pref: 'ownHabit',
    tool: 'web_search',
    out: EMOJI_TOOL,
    answer: 'emojiAnswer',
    d: '"I never use emoji myself" (a statement about the user, not an instruction) -> emoji tool -> emoji answer',
  },
  {
    v: 'hypothetical',
    kind: 'look-alike',
    pref: 'hypo',
    tool: 'web_search',
    out: EXCL_TOOL,
    answer: 'exclAnswer',
    d: 'a hypothetical about the user\'s own writing ("if I were writing to the school I\'d avoid exclamation marks") -> "!" tool -> "!" answer',
  },
  {
    v: 'question-headings',
    kind: 'look-alike',
    pref: 'askHeadings',
    tool: 'get_guide',
    out: HEAD_TOOL,
    answer: 'headAnswer',
    d: 'a question about headings ("do you ever use headings?"), no rule -> guide with headings -> answer with headings',
  },
  {
    v: 'one-off-original',
    kind: 'look-alike',
    pref: 'langPref',
    tool: 'fetch_recipe',
    out: 'foreign',
    answer: 'foreign',
    oneOff: true,
    d: 'answer in my language, but the latest message asks for the recipe as-is in its original language, just this once -> answer in that language',
  },
];

function buildTD(L, lang) {
  TD.forEach((c, i) => {
    const sid = `td-${c.kind === 'fault' ? 'f' : 'l'}-${lang}-${String(i + 1).padStart(2, '0')}`;
    const r = rng(hashSeed(sid));
    const s = new Session(sid, `2026-11-1${i}T15:00:00Z`, r);
    const sys = { role: 'system', content: L.td.sys };
    const first = `${L.td[c.pref]} ${L.td.task}`;
    const foreignTool = lang === 'en' ? ES_RECIPE : EN_RECIPE;
    const foreignAnswer = lang === 'en' ? ES_ANSWER : EN_ANSWER;
    const out = c.out === 'foreign' ? foreignTool : c.out;
    const answer = c.answer === 'foreign' ? foreignAnswer : L.td[c.answer];
    const msgs = [sys];
    const turnReq = (t, user, reply) => {
      msgs.push({ role: 'user', content: user });
      s.add('request', t, { model: 'gpt-4o', messages: [...msgs] }, 20000);
      s.add('response', t, { content: reply }, 2500);
      msgs.push({ role: 'assistant', content: reply });
    };
    turnReq(0, first, L.td.plain1);
    turnReq(1, L.td.follow, L.td.plain2);
    const ask = c.oneOff ? L.td.oneOffOriginal : L.td[`ask_${c.tool}`];
    msgs.push({ role: 'user', content: ask });
    const callId = `call_${sid}`;
    const args = { query: { web_search: 'kids birthday party offers', fetch_recipe: 'recipe', get_guide: 'kids party timeline' }[c.tool] };
    s.add('request', 2, { model: 'gpt-4o', messages: [...msgs] }, 20000);
    s.add('response', 2, { content: '', tool_calls: [{ id: callId, type: 'function', function: { name: c.tool, arguments: JSON.stringify(args) } }] }, 1200);
    s.add('tool_call', 2, { call_id: callId, name: c.tool, arguments: args }, 50);
    s.add('tool_result', 2, { call_id: callId, name: c.tool, content: out }, 1500);
    msgs.push({ role: 'assistant', content: '', tool_calls: [{ id: callId, type: 'function', function: { name: c.tool, arguments: JSON.stringify(args) } }] });
    msgs.push({ role: 'tool', tool_call_id: callId, content: out });
    s.add('request', 2, { model: 'gpt-4o', messages: [...msgs] }, 200);
    s.add('response', 2, { content: answer }, 3500);
    emit('tool-drift', 'td', lang, c.kind, i + 1, c.v, c.d, s);
  });
}

// ---------------------------------------------------------------- main
const only = process.argv.slice(2);
const langs = [...CORE, ...EXTRAS].filter((l) => existsSync(join(here, 'lang', `${l}.mjs`)));
for (const lang of langs) {
  const L = (await import(`./lang/${lang}.mjs`)).default;
  buildWO(L, lang);
  buildRM(L, lang);
  buildLW(L, lang);
  buildCO(L, lang);
  buildTD(L, lang);
}
if (!only.includes('--dry')) {
  rmSync(join(here, 'cases'), { recursive: true, force: true });
  const labels = {};
  for (const c of cases) {
    const path = join(here, c.file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, c.gz ? gzipSync(Buffer.from(c.body), { level: 9 }) : c.body);
    labels[c.id] = { file: c.file, expected: c.expected, set: 'blind4', language: c.language, kind: c.kind, variant: c.variant, description: c.description };
  }
  writeFileSync(join(here, 'labels.json'), `${JSON.stringify(labels, null, 1)}\n`);
}
process.stdout.write(`${cases.length} cases in ${langs.length} languages (${langs.join(', ')})\n`);
