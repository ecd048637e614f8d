// Blind generator: builds cases from docs only. node gen.mjs
import { writeFileSync, mkdirSync } from 'node:fs';
import { L, LANGS } from './lang.mjs';
const OUT = new URL('.', import.meta.url).pathname;
const T0 = Date.parse('2026-05-11T08:00:00Z');
const ts = (i) => new Date(T0 + i * 7000).toISOString();
const big = (n, seed) =>
  Array.from(
    { length: n },
    (_, i) =>
      `2026-05-11T0${i % 10}:1${i % 6}:0${i % 9} node-${seed}-${i % 13} pool timeout conn=${(i * 7) % 97} latency_ms=${(i * 37) % 900} shard=${i % 11} retry=${i % 3}`,
  ).join('\n');
function mk(id) {
  const sets = {};
  const labels = [];
  return {
    sets,
    labels,
    add(file, session, evs, label) {
      (sets[file] ??= []).push(...evs.map((e) => ({ session, ...e })));
      labels.push({ session, analyzer: id, ...label });
    },
  };
}
function flush(id, g) {
  const dir = OUT + id;
  mkdirSync(dir, { recursive: true });
  for (const [f, evs] of Object.entries(g.sets)) writeFileSync(`${dir}/${f}`, evs.map((e) => JSON.stringify(e)).join('\n') + '\n');
  writeFileSync(`${dir}/labels.jsonl`, g.labels.map((l) => JSON.stringify(l)).join('\n') + '\n');
}
const pick = (arr, i) => arr[i % arr.length];

// ---------------- window-overflow ----------------
{
  const g = mk('window-overflow');
  let _n = 0;
  const SYS = { role: 'system', content: 'You are TripMate, a travel and logistics assistant for a small agency.' };
  const kinds = ['evict', 'evict', 'memory', 'summary', 'reset', 'evict-lists'];
  for (let i = 0; i < 24; i++) {
    const lang = LANGS[i % 8],
      k = kinds[i % kinds.length],
      p = L[lang];
    const s = `wo-f-${lang}-${String(i).padStart(2, '0')}`;
    const limit = pick([8192, 16384, 8192], i);
    const lines = limit === 8192 ? 140 : 290;
    const cMsg = { role: 'user', content: (k === 'evict-lists' ? p.lists : p.noEmoji) + ' ' + p.task };
    const a1 = { role: 'assistant', content: p.plain };
    const u2 = { role: 'user', content: 'logs 1' };
    const t2 = { role: 'tool', tool_call_id: 'c1', content: big(lines, 'a' + i) };
    const a2 = { role: 'assistant', content: p.plain + ' (2)' };
    const u3 = { role: 'user', content: 'logs 2' };
    const t3 = { role: 'tool', tool_call_id: 'c2', content: big(lines, 'b' + i) };
    const a3 = { role: 'assistant', content: p.plain + ' (3)' };
    const u4 = { role: 'user', content: p.task + ' #4' };
    const evs = [];
    let j = 0;
    const R = (turn, messages, inTok) =>
      evs.push({ kind: 'request', ts: ts(j++), turn, model: 'llama-3-8b', context_limit: limit, messages, usage: { input_tokens: inTok, output_tokens: 80 } });
    const resp = (turn, content) => evs.push({ kind: 'response', ts: ts(j++), turn, content });
    R(1, [SYS, cMsg], 120);
    resp(1, p.plain);
    if (k === 'memory')
      evs.push({
        kind: 'memory_write',
        ts: ts(j++),
        turn: 1,
        write_id: 'w' + i,
        phase: 'committed',
        memory_id: 'mc' + i,
        memory_type: 'constraint',
        text: p.noEmoji,
      });
    R(2, [SYS, cMsg, a1, u2, t2], Math.round(limit * 0.45));
    resp(2, p.plain);
    R(3, [SYS, cMsg, a1, u2, t2, a2, u3, t3], Math.round(limit * 0.88));
    resp(3, p.plain);
    const bad = k === 'evict-lists' ? '| Hotel | Price |\n|---|---|\n| Tejo | 95 |\n| Alfama | 120 |' : p.emojiAns;
    if (k === 'summary') {
      R(
        4,
        [
          SYS,
          {
            role: 'system',
            content: 'Summary of the conversation so far: the user is looking for a hotel near a river for three nights; three options were found.',
          },
          u4,
        ],
        300,
      );
    } else if (k === 'reset') {
      R(4, [SYS, u4], 90);
    } else R(4, [SYS, u3, t3, a3, u4], Math.round(limit * 0.8));
    resp(4, bad);
    const cause = {
      evict: 'constraint_evicted',
      'evict-lists': 'constraint_evicted',
      memory: 'memory_not_injected',
      summary: 'summarized_away',
      reset: 'context_reset',
    }[k];
    g.add(`faults-${lang}.jsonl`, s, evs, {
      expect: 'flag',
      cause,
      lang,
      why: `${k}: constraint at turn 1 gone from turn-4 prompt (${k === 'reset' ? 'reset, low fill' : k === 'summary' ? 'unlabelled-rule summary' : '80-88% of ' + limit})`,
    });
    _n++;
  }
  const lk = ['pinned', 'restated', 'withdrawn', 'oneoff', 'question', 'narrative', 'roomy', 'subagent', 'summary-carries'];
  for (let i = 0; i < 18; i++) {
    const lang = LANGS[(i + 3) % 8],
      k = lk[i % lk.length],
      p = L[lang];
    const s = `wo-l-${lang}-${String(i).padStart(2, '0')}`;
    const limit = 8192,
      lines = 140;
    const stated = { oneoff: p.oneoff, question: p.question, narrative: p.narr }[k] ?? p.noEmoji;
    const sys = k === 'pinned' ? { role: 'system', content: SYS.content + ' ' + p.noEmoji } : SYS;
    const cMsg = { role: 'user', content: stated + ' ' + p.task };
    const a1 = { role: 'assistant', content: p.plain };
    const tl = k === 'roomy' ? 3 : lines;
    const t2 = { role: 'tool', tool_call_id: 'c1', content: big(tl, 'x' + i) };
    const t3 = { role: 'tool', tool_call_id: 'c2', content: big(tl, 'y' + i) };
    const evs = [];
    let j = 0;
    const R = (turn, messages, inTok, actor) =>
      evs.push({
        kind: 'request',
        ts: ts(j++),
        turn,
        model: 'llama-3-8b',
        context_limit: limit,
        messages,
        usage: { input_tokens: inTok, output_tokens: 80 },
        ...(actor ? { actor } : {}),
      });
    const resp = (turn, content) => evs.push({ kind: 'response', ts: ts(j++), turn, content });
    R(1, [sys, cMsg], 120, 'main');
    resp(1, p.plain);
    const mid =
      k === 'withdrawn'
        ? [{ role: 'user', content: p.withdraw }]
        : k === 'restated'
          ? [{ role: 'user', content: p.noEmoji }]
          : [{ role: 'user', content: 'logs' }];
    R(2, [sys, cMsg, a1, ...mid, t2], k === 'roomy' ? 260 : 3700, 'main');
    resp(2, p.plain);
    R(3, [sys, cMsg, a1, ...mid, t2, { role: 'user', content: 'more' }, t3], k === 'roomy' ? 420 : 7200, 'main');
    resp(3, p.plain);
    const u4 = { role: 'user', content: p.task + ' #4' };
    if (k === 'roomy') {
      R(4, [sys, a1, u4], 100, 'main');
      resp(4, p.plain);
    } else if (k === 'subagent') {
      R(
        4,
        [
          { role: 'system', content: 'You are a price-checking sub-agent. Return JSON only.' },
          { role: 'user', content: 'check prices for 3 hotels' },
        ],
        90,
        'price-checker',
      );
      resp(4, '{"ok":true}');
    } else if (k === 'summary-carries') {
      R(
        4,
        [
          sys,
          { role: 'system', content: 'Summary of the conversation so far: the user wants hotels near a river; the user asked for answers without emoji.' },
          u4,
        ],
        200,
        'main',
      );
      resp(4, p.plain);
    } else {
      R(4, [sys, ...mid, t3, u4], 6500, 'main');
      resp(4, k === 'withdrawn' || k === 'oneoff' || k === 'question' || k === 'narrative' ? p.emojiAns : p.plain);
    }
    g.add(`lookalikes.jsonl`, s, evs, {
      expect: 'quiet',
      lang,
      why: {
        pinned: 'constraint pinned in system prompt survives trimming',
        restated: 'restated in a later message kept in the prompt',
        withdrawn: 'user withdrew the emoji rule before the trim',
        oneoff: 'one-off request, not a standing constraint',
        question: 'a question, not a directive',
        narrative: "statement about the user's own habits",
        roomy: 'dropped at ~1% fill while keeping some history: no pressure, no summary, no reset',
        subagent: 'another actor with its own prompt, not a truncation',
        'summary-carries': 'summary rewords the rule (no emoji)',
      }[k],
    });
  }
  flush('window-overflow', g);
}

// ---------------- recall-mismatch ----------------
{
  const g = mk('recall-mismatch');
  const fk = ['rank', 'threshold', 'relative', 'rerank', 'notinj', 'filter', 'error', 'chunk', 'cross', 'rank-stages', 'notinj-flags', 'gap'];
  const build = (s, lang, k, i) => {
    const p = L[lang];
    const evs = [];
    let j = 0;
    const user = 'u-' + s;
    const sc = { user };
    const M = `m-${100 + i}`;
    const D = `m-${200 + i}`;
    const write = (sess, id, text, extra = {}, t = j++) => {
      evs.push({
        kind: 'memory_write',
        ts: ts(t),
        session: sess,
        scope: sc,
        turn: 1,
        write_id: 'w' + id,
        phase: 'requested',
        memory_id: id,
        memory_type: 'fact',
        text,
        ...extra,
      });
      evs.push({ kind: 'memory_write', ts: ts(j++), session: sess, scope: sc, turn: 1, write_id: 'w' + id, phase: 'committed' });
    };
    let sess = s;
    if (k === 'cross') {
      sess = s + '-prev';
      write(sess, M, p.mem);
      write(sess, D, p.other);
      j += 50;
      evs.push({ kind: 'request', ts: ts(j++), session: s, scope: sc, turn: 0, model: 'qwen-max', messages: [{ role: 'user', content: p.task }] });
    } else {
      evs.push({ kind: 'request', ts: ts(j++), session: s, scope: sc, turn: 0, model: 'qwen-max', messages: [{ role: 'user', content: p.mem }] });
      write(s, M, p.mem);
      write(s, D, p.other);
    }
    j += 3;
    const r = { kind: 'retrieval', ts: ts(j++), session: s, scope: sc, turn: 3, retrieval_id: 'r' + i, query: p.q };
    const kb = (n, sc2) => ({ id: 'kb-' + n, score: sc2, text: 'clinic opening hours and parking ' + n });
    switch (k) {
      case 'rank':
        Object.assign(r, { top_k: 2, candidates: [kb(1, 0.81), kb(2, 0.79), { id: M, score: 0.77 }, { id: D, score: 0.4 }] });
        break;
      case 'gap':
        Object.assign(r, { top_k: 1, candidates: [kb(1, 0.9), { id: M, score: 0.88 }] });
        break;
      case 'threshold':
        Object.assign(r, { top_k: 4, threshold: 0.7, candidates: [kb(1, 0.83), { id: M, score: 0.68 }, { id: D, score: 0.3 }] });
        break;
      case 'relative':
        Object.assign(r, { top_k: 5, threshold: 0.3, relative_threshold: 0.9, candidates: [kb(1, 0.95), { id: M, score: 0.8 }, { id: D, score: 0.35 }] });
        break;
      case 'rerank':
        Object.assign(r, {
          top_k: 2,
          candidates: [{ id: M, score: 0.9 }, kb(1, 0.85), kb(2, 0.8)],
          rerank: {
            model: 'bge-reranker-v2',
            top_n: 2,
            candidates: [
              { id: 'kb-1', score: 0.93 },
              { id: 'kb-2', score: 0.9 },
              { id: M, score: 0.2 },
            ],
          },
        });
        break;
      case 'rank-stages':
        Object.assign(r, {
          top_k: 2,
          candidates: [{ id: M, score: 0.92 }, kb(1, 0.85), kb(2, 0.84)],
          stages: [
            {
              name: 'cross-encoder',
              top_n: 2,
              candidates: [
                { id: 'kb-2', score: 0.7 },
                { id: 'kb-1', score: 0.6 },
                { id: M, score: 0.1 },
              ],
            },
          ],
        });
        break;
      case 'notinj':
        Object.assign(r, { top_k: 3, candidates: [kb(1, 0.9), { id: M, score: 0.86 }, kb(2, 0.8)], injected: ['kb-1', 'kb-2'] });
        break;
      case 'notinj-flags':
        Object.assign(r, {
          top_k: 3,
          candidates: [
            { ...kb(1, 0.9), injected: true },
            { id: M, score: 0.86, injected: false },
            { ...kb(2, 0.8), injected: true },
          ],
        });
        break;
      case 'filter':
        Object.assign(r, { top_k: 3, filters: { memory_type: 'document' }, candidates: [kb(1, 0.7), kb(2, 0.6)] });
        break;
      case 'error':
        Object.assign(r, { top_k: 3, error: 'timeout', candidates: [] });
        break;
      case 'chunk':
        Object.assign(r, { top_k: 1, candidates: [kb(1, 0.8), { id: M + '#0', score: 0.55, text: p.mem + '. ' + big(12, 'chunk') }] });
        break;
      case 'cross':
        Object.assign(r, { top_k: 1, candidates: [kb(1, 0.8), { id: M, score: 0.74 }] });
        break;
      // look-alikes
      case 'L-injected':
        Object.assign(r, { top_k: 2, candidates: [{ id: M, score: 0.9 }, kb(1, 0.8), { id: D, score: 0.2 }] });
        break;
      case 'L-superseded': {
        write(s, M + 'b', p.mem + ' (updated 2026)', { slot: 'allergy' });
        evs.find((e) => e.memory_id === M).slot = 'allergy';
        Object.assign(r, {
          ts: ts(j++),
          top_k: 1,
          candidates: [
            { id: M + 'b', score: 0.9 },
            { id: M, score: 0.85 },
          ],
        });
        break;
      }
      case 'L-deleted': {
        evs.push({ kind: 'memory_write', ts: ts(j++), session: s, scope: sc, turn: 2, write_id: 'wdel', phase: 'committed', memory_id: M, op: 'delete' });
        Object.assign(r, { ts: ts(j++), top_k: 1, candidates: [kb(1, 0.9), { id: M, score: 0.85 }] });
        break;
      }
      case 'L-irrelevant':
        Object.assign(r, { query: p.task, top_k: 1, candidates: [kb(1, 0.9), { id: D, score: 0.1 }, { id: M, score: 0.05 }] });
        break;
      case 'L-pinned':
        Object.assign(r, { top_k: 1, candidates: [kb(1, 0.9), { id: M, score: 0.6 }] });
        break;
      case 'L-chunk-in':
        Object.assign(r, { top_k: 1, candidates: [{ id: M + '#0', score: 0.9, text: p.mem }, kb(1, 0.5)] });
        break;
    }
    evs.push(r);
    const sysMsg =
      k === 'L-pinned'
        ? [{ role: 'system', content: 'Known facts about the patient: ' + p.mem }]
        : [{ role: 'system', content: 'You are a clinic assistant.' }];
    evs.push({ kind: 'request', ts: ts(j++), session: s, scope: sc, turn: 3, model: 'qwen-max', messages: [...sysMsg, { role: 'user', content: p.q }] });
    evs.push({ kind: 'response', ts: ts(j++), session: s, scope: sc, turn: 3, content: 'Amoxicillin is a common choice.' });
    return evs;
  };
  const cause = {
    rank: 'rank_beyond_top_k',
    gap: 'rank_beyond_top_k',
    threshold: 'below_threshold',
    relative: 'relative_cutoff',
    rerank: 'reranked_out',
    'rank-stages': 'reranked_out',
    notinj: 'not_injected',
    'notinj-flags': 'not_injected',
    filter: 'not_retrieved',
    error: 'not_retrieved',
    chunk: 'chunk_dilution',
    cross: 'rank_beyond_top_k',
  };
  for (let i = 0; i < 24; i++) {
    const lang = LANGS[(i * 3) % 8],
      k = fk[i % fk.length];
    const s = `rm-f-${lang}-${String(i).padStart(2, '0')}`;
    g.add(
      `faults.jsonl`,
      s,
      build(s, lang, k, i).map(({ session, ...e }) => ({ ...e, session })),
      { expect: 'flag', cause: cause[k], lang, why: `${k}: committed allergy memory fits the query but missed the prompt` },
    );
  }
  const lk = ['L-injected', 'L-superseded', 'L-deleted', 'L-irrelevant', 'L-pinned', 'L-chunk-in'];
  const lw = {
    'L-injected': 'memory was injected (rank 1 within top_k)',
    'L-superseded': 'old memory superseded by a newer one of the same slot, which was injected',
    'L-deleted': 'memory deleted (op delete committed) before the retrieval',
    'L-irrelevant': 'query about hotels does not fit the allergy memory; low scores',
    'L-pinned': "memory pinned verbatim in the next prompt's system message",
    'L-chunk-in': 'short chunk of the memory was injected',
  };
  for (let i = 0; i < 18; i++) {
    const lang = LANGS[(i * 5 + 1) % 8],
      k = lk[i % lk.length];
    const s = `rm-l-${lang}-${String(i).padStart(2, '0')}`;
    g.add(
      `lookalikes.jsonl`,
      s,
      build(s, lang, k, 50 + i).map(({ session, ...e }) => ({ ...e, session })),
      { expect: 'quiet', lang, why: lw[k] },
    );
  }
  flush('recall-mismatch', g);
}

// ---------------- lost-write ----------------
{
  const g = mk('lost-write');
  const build = (_s, lang, k, i) => {
    const p = L[lang];
    const evs = [];
    let j = 0;
    const W = 'w-' + i,
      M = 'mem-' + i;
    const req = (turn, text) =>
      evs.push({
        kind: 'request',
        ts: ts(j++),
        turn,
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'Clinic front-desk assistant.' },
          { role: 'user', content: text },
        ],
      });
    const resp = (turn, content, extra = {}) => evs.push({ kind: 'response', ts: ts(j++), turn, content, ...extra });
    const mw = (turn, phase, extra = {}) =>
      evs.push({
        kind: 'memory_write',
        ts: ts(j++),
        turn,
        write_id: W,
        phase,
        memory_id: M,
        memory_type: 'fact',
        store: 'pg-memories',
        actor: 'memory-worker',
        ...extra,
      });
    const hasMem = !k.startsWith('L-nomem');
    // turn 1: some memory system activity (unless none)
    req(1, p.task);
    if (hasMem) evs.push({ kind: 'retrieval', ts: ts(j++), turn: 1, query: p.task, top_k: 3, candidates: [{ id: 'old-1', score: 0.5 }] });
    resp(1, p.plain);
    req(2, p.mem);
    const tool = (name, ok) => {
      const call_id = 'call-' + i;
      evs.push({ kind: 'tool_call', ts: ts(j++), turn: 2, call_id, name, arguments: { user_id: 'u1', fact: p.mem } });
      evs.push({
        kind: 'tool_result',
        ts: ts(j++),
        turn: 2,
        call_id,
        name,
        content: ok ? { ok: true, id: M } : { ok: false, error: 'connection reset by peer' },
      });
    };
    switch (k) {
      case 'P-nowrite':
        resp(2, p.promise);
        break;
      case 'P-filler':
        resp(
          2,
          {
            en: 'Hmm, okay, right... ',
            'zh-Hans': '嗯，好喔，那…',
            'zh-Hant': '嗯，好喔，那…',
            ja: 'えっと、はい、',
            de: 'Hm, okay, also… ',
            fr: "Euh, d'accord, alors… ",
            es: 'Mmm, vale, pues… ',
            pt: 'Hum, tá, então… ',
          }[lang] + p.promise,
        );
        break;
      case 'P-afterwrite':
        resp(2, p.promise);
        req(3, p.task);
        mw(3, 'committed', { text: p.other, memory_id: M + 'x', write_id: W + 'x' });
        resp(3, p.plain);
        break;
      case 'C-never':
        mw(2, 'enqueued', { text: p.mem });
        mw(2, 'acknowledged');
        resp(2, p.plain);
        break;
      case 'C-failed':
        mw(2, 'enqueued', { text: p.mem });
        mw(2, 'acknowledged');
        mw(2, 'failed', { error: 'deadlock detected' });
        resp(2, p.plain);
        break;
      case 'C-dead':
        mw(2, 'requested', { text: p.mem });
        mw(2, 'acknowledged');
        mw(2, 'retried');
        mw(2, 'dead_lettered', { error: 'max retries' });
        resp(2, p.plain);
        break;
      case 'C-restart':
        mw(2, 'enqueued', { text: p.mem });
        mw(2, 'acknowledged');
        resp(2, p.promise);
        evs.push({ kind: 'lifecycle', ts: ts(j++), event: 'deploy', process: 'memory-worker' });
        break;
      case 'C-snapshot':
        mw(2, 'enqueued', { text: p.mem });
        mw(2, 'committed');
        mw(2, 'acknowledged');
        resp(2, p.plain);
        evs.push({ kind: 'store_snapshot', ts: ts(j + 30), store: 'pg-memories', memory_ids: ['old-1', 'mem-x'] });
        break;
      case 'C-upsert':
        tool('upsert_user_fact', false);
        resp(2, p.promise);
        break;
      case 'C-savenote':
        tool('save_note', false);
        resp(2, p.promise);
        break;
      case 'C-crash-promise':
        mw(2, 'requested', { text: p.mem });
        resp(2, p.promise);
        evs.push({ kind: 'lifecycle', ts: ts(j++), event: 'crash', process: 'memory-worker' });
        break;
      case 'C-retry-fail':
        mw(2, 'enqueued', { text: p.mem });
        mw(2, 'acknowledged');
        mw(2, 'failed', { error: 'timeout' });
        mw(2, 'retried');
        mw(2, 'failed', { error: 'timeout' });
        resp(2, p.plain);
        break;
      // look-alikes
      case 'L-nomem-promise':
        resp(2, p.promise);
        break;
      case 'L-offer':
        resp(2, p.offer);
        break;
      case 'L-file':
        resp(2, p.file);
        break;
      case 'L-narr':
        resp(2, p.narrP);
        break;
      case 'L-neg':
        resp(2, p.neg);
        break;
      case 'L-tool-ok':
        tool('save_note', true);
        resp(2, p.promise);
        break;
      case 'L-upsert-ok':
        tool('upsert_user_fact', true);
        resp(2, p.promise);
        break;
      case 'L-committed':
        mw(2, 'enqueued', { text: p.mem });
        mw(2, 'acknowledged');
        mw(2, 'committed');
        resp(2, p.promise);
        evs.push({ kind: 'store_snapshot', ts: ts(j++), store: 'pg-memories', memory_ids: ['old-1', M] });
        break;
      case 'L-retried':
        mw(2, 'enqueued', { text: p.mem });
        mw(2, 'acknowledged');
        mw(2, 'failed', { error: 'timeout' });
        mw(2, 'retried');
        mw(2, 'committed');
        resp(2, p.promise);
        break;
      case 'L-delete':
        mw(2, 'enqueued', { text: p.mem });
        mw(2, 'committed');
        resp(2, p.plain);
        mw(3, 'committed', { write_id: W + 'd', op: 'delete' });
        evs.push({ kind: 'store_snapshot', ts: ts(j++), store: 'pg-memories', memory_ids: ['old-1'] });
        break;
      case 'L-otherstore':
        mw(2, 'enqueued', { text: p.mem });
        mw(2, 'acknowledged');
        mw(2, 'committed');
        resp(2, p.plain);
        evs.push({ kind: 'store_snapshot', ts: ts(j++), store: 'redis-cache', memory_ids: ['sess-1'] });
        break;
      case 'L-toldfail':
        mw(2, 'requested', { text: p.mem });
        mw(2, 'failed', { error: 'quota exceeded' });
        resp(2, p.neg);
        break;
      case 'L-restart-after':
        mw(2, 'enqueued', { text: p.mem });
        mw(2, 'acknowledged');
        mw(2, 'committed');
        resp(2, p.promise);
        evs.push({ kind: 'lifecycle', ts: ts(j++), event: 'restart', process: 'memory-worker' });
        break;
    }
    return evs;
  };
  const F = [
    ['P-nowrite', 'promise', 'promised_not_written'],
    ['P-filler', 'promise', 'promised_not_written'],
    ['P-afterwrite', 'promise', 'promised_not_written'],
    ['C-crash-promise', 'promise', 'lost_in_restart'],
    ['C-never', 'lifecycle', 'never_committed'],
    ['C-failed', 'lifecycle', 'failed_without_retry'],
    ['C-dead', 'lifecycle', 'failed_without_retry'],
    ['C-restart', 'lifecycle', 'lost_in_restart'],
    ['C-snapshot', 'lifecycle', 'missing_from_snapshot'],
    ['C-upsert', 'lifecycle', 'failed_without_retry'],
    ['C-savenote', 'lifecycle', 'failed_without_retry'],
    ['C-retry-fail', 'lifecycle', 'failed_without_retry'],
  ];
  const FW = {
    'P-nowrite': 'promise in a session with retrieval, no write in that turn',
    'P-filler': 'promise after fillers, no write in that turn',
    'P-afterwrite': 'promise at turn 2, the only write is at turn 3 about something else',
    'C-crash-promise': 'requested write + promise, then memory-worker crashed before any commit',
    'C-never': 'enqueued+acknowledged, never committed',
    'C-failed': 'acknowledged then failed, no retry',
    'C-dead': 'acknowledged, retried, dead-lettered',
    'C-restart': 'acknowledged + promise then deploy of memory-worker before commit',
    'C-snapshot': 'committed but later snapshot of same store lacks it',
    'C-upsert': 'upsert_user_fact tool returned ok:false, assistant promised',
    'C-savenote': 'save_note tool failed, assistant promised',
    'C-retry-fail': 'acknowledged, failed, retried, failed again',
  };
  for (let i = 0; i < 24; i++) {
    const [k, focus, cause] = F[i % F.length];
    const lang = LANGS[(i * 3 + 1) % 8];
    const s = `lw-f-${lang}-${String(i).padStart(2, '0')}`;
    g.add(`faults-${focus}.jsonl`, s, build(s, lang, k, i), { expect: 'flag', cause, lang, focus, why: FW[k] });
  }
  const LK = [
    ['L-nomem-promise', 'promise', 'promise in a chat with no memory system'],
    ['L-offer', 'promise', 'an offer/question, not a promise'],
    ['L-file', 'promise', 'saved a file, not a memory'],
    ['L-narr', 'promise', 'narrative "always remember our trip"'],
    ['L-neg', 'promise', 'negation: could not save'],
    ['L-tool-ok', 'promise', 'promise backed by a successful save_note call'],
    ['L-upsert-ok', 'lifecycle', 'promise backed by a successful upsert_user_fact call'],
    ['L-committed', 'lifecycle', 'acknowledged then committed, snapshot holds it'],
    ['L-retried', 'lifecycle', 'failed, retried, committed'],
    ['L-delete', 'lifecycle', 'committed then deleted; snapshot without it expected'],
    ['L-otherstore', 'lifecycle', 'committed; snapshot of another store ignored'],
    ['L-toldfail', 'lifecycle', 'failed, never acked, user told it failed'],
    ['L-restart-after', 'lifecycle', 'restart after the commit'],
  ];
  for (let i = 0; i < 18; i++) {
    const [k, focus, why] = LK[i % LK.length];
    const lang = LANGS[(i * 5 + 2) % 8];
    const s = `lw-l-${lang}-${String(i).padStart(2, '0')}`;
    g.add(`lookalikes-${focus}.jsonl`, s, build(s, lang, k, 100 + i), { expect: 'quiet', lang, focus, why });
  }
  flush('lost-write', g);
}

// ---------------- concurrent-overwrite ----------------
{
  const g = mk('concurrent-overwrite');
  const V = {
    en: ['ship order #4411', 'refund order #4411'],
    'zh-Hans': ['发货订单4411', '退款订单4411'],
    'zh-Hant': ['出貨訂單4411', '退款訂單4411'],
    es: ['enviar pedido 4411', 'reembolsar pedido 4411'],
    de: ['Bestellung 4411 versenden', 'Bestellung 4411 erstatten'],
    fr: ['expédier la commande 4411', 'rembourser la commande 4411'],
    pt: ['enviar pedido 4411', 'reembolsar pedido 4411'],
    ja: ['注文4411を発送', '注文4411を返金'],
  };
  const AC = {
    en: ['planner', 'executor'],
    'zh-Hans': ['规划代理', '执行代理'],
    'zh-Hant': ['規劃代理', '執行代理'],
    es: ['planificador', 'ejecutor'],
    de: ['Planer', 'Ausführer'],
    fr: ['planificateur', 'exécutant'],
    pt: ['planejador', 'executor'],
    ja: ['計画エージェント', '実行エージェント'],
  };
  const build = (lang, k, i) => {
    const [va, vb] = V[lang];
    let [A, B] = AC[lang];
    const key = pick(['current_task', 'cart.status', 'quest_state', 'deploy_target', 'homework_queue'], i);
    const evs = [];
    let j = 0;
    const st = (actor, op, extra) => evs.push({ kind: 'state', ts: ts(j++), turn: 1, actor, key, op, ...extra });
    const refuse = {
      'L-409': { status: 409 },
      'L-412': { status_code: '412' },
      'L-word': { result: pick(['版本冲突', 'Konflikt', 'conflit', '競合', 'conflict'], i) },
      'L-conflictfield': { conflict: { current_version: 4 } },
      'L-okfalse': { ok: false },
      'L-err': { error: 'stale write' },
    };
    if (k === 'replica') B = A;
    const ia = k === 'replica' ? { instance: 'pod-a' } : {},
      ib = k === 'replica' ? { instance: 'pod-b' } : {};
    switch (k) {
      case 'same-exp':
      case 'replica':
        st(A, 'read', { value: 'idle', version: 3, ...ia });
        st(B, 'read', { value: 'idle', version: 3, ...ib });
        st(A, 'write', { value: va, expected_version: 3, version: 4, ...ia });
        st(B, 'write', { value: vb, expected_version: 3, version: 5, ...ib });
        st(A, 'read', { value: vb, version: 5, ...ia });
        break;
      case 'same-noexp':
        st(A, 'read', { value: 'idle', version: 7 });
        st(B, 'read', { value: 'idle', version: 7 });
        st(A, 'write', { value: va, version: 8 });
        st(B, 'write', { value: vb, version: 9 });
        st(B, 'read', { value: vb, version: 9 });
        break;
      case 'same-newver':
        st(A, 'read', { value: 'idle', version: 2 });
        st(B, 'read', { value: 'idle', version: 2 });
        st(A, 'write', { value: va, expected_version: 2, version: 3, status: 200 });
        st(B, 'write', { value: vb, expected_version: 2, version: 3, status: 200 });
        st(A, 'read', { value: vb, version: 3 });
        break;
      case 'reread':
        st(A, 'read', { value: 'idle' });
        st(B, 'read', { value: 'idle' });
        st(A, 'write', { value: va });
        st(B, 'write', { value: vb });
        st(A, 'read', { value: vb });
        break;
      case 'owner':
        st(A, 'read', { value: va, version: 1, owner: A });
        st(B, 'read', { value: va, version: 1 });
        st(B, 'write', { value: vb, expected_version: 1, version: 2 });
        break;
      case 'merge-same':
        st(A, 'read', { value: { status: 'new', note: '' }, version: 4 });
        st(B, 'read', { value: { status: 'new', note: '' }, version: 4 });
        st(A, 'write', { value: { status: va }, merge: true, expected_version: 4, version: 5 });
        st(B, 'write', { value: { status: vb }, merge: true, expected_version: 4, version: 6 });
        st(A, 'read', { value: { status: vb, note: '' }, version: 6 });
        break;
      // look-alikes
      case 'L-409':
      case 'L-412':
      case 'L-word':
      case 'L-conflictfield':
      case 'L-okfalse':
      case 'L-err':
        st(A, 'read', { value: 'idle', version: 3 });
        st(B, 'read', { value: 'idle', version: 3 });
        st(A, 'write', { value: va, expected_version: 3, version: 4 });
        st(B, 'write', { value: vb, expected_version: 3, ...refuse[k] });
        st(B, 'read', { value: va, version: 4 });
        break;
      case 'L-merge':
        st(A, 'read', { value: { status: 'new', note: '' }, version: 4 });
        st(B, 'read', { value: { status: 'new', note: '' }, version: 4 });
        st(A, 'write', { value: { status: va }, merge: true, expected_version: 4, version: 5 });
        st(B, 'write', { value: { note: vb }, merge: true, expected_version: 4, version: 6 });
        st(A, 'read', { value: { status: va, note: vb }, version: 6 });
        break;
      case 'L-fields':
        st(A, 'read', { value: { a: 1, b: 1 }, version: 1 });
        st(B, 'read', { value: { a: 1, b: 1 }, version: 1 });
        st(A, 'write', { value: { a: 2, b: 1 }, fields: ['a'], expected_version: 1, version: 2 });
        st(B, 'write', { value: { a: 2, b: 3 }, fields: ['b'], expected_version: 1, version: 3 });
        break;
      case 'L-seq':
        st(A, 'read', { value: 'idle', version: 1 });
        st(A, 'write', { value: va, expected_version: 1, version: 2 });
        st(B, 'read', { value: va, version: 2 });
        st(B, 'write', { value: vb, expected_version: 2, version: 3 });
        break;
      case 'L-self':
        st(A, 'read', { value: 'idle', version: 1 });
        st(A, 'write', { value: va, version: 2 });
        st(A, 'write', { value: vb, version: 3 });
        break;
      case 'L-keys':
        st(A, 'read', { value: 'idle', version: 1 });
        evs.push({ kind: 'state', ts: ts(j++), turn: 1, actor: B, key: key + '_b', op: 'read', value: 'idle', version: 1 });
        st(A, 'write', { value: va, expected_version: 1, version: 2 });
        evs.push({ kind: 'state', ts: ts(j++), turn: 1, actor: B, key: key + '_b', op: 'write', value: vb, expected_version: 1, version: 2 });
        break;
      case 'L-mergedflag':
        st(A, 'read', { value: [], version: 1 });
        st(B, 'read', { value: [], version: 1 });
        st(A, 'write', { value: [va], merged: true, version: 2 });
        st(B, 'write', { value: [vb], merged: true, version: 2 });
        st(A, 'read', { value: [va, vb], version: 2 });
        break;
      case 'L-sameversion-refused':
        st(A, 'read', { value: 'idle', version: 5 });
        st(B, 'read', { value: 'idle', version: 5 });
        st(A, 'write', { value: va, expected_version: 5, version: 6 });
        st(B, 'write', { value: vb, expected_version: 5, version: 6 });
        st(B, 'read', { value: va, version: 6 });
        break;
      case 'L-owner-over':
        st(B, 'read', { value: 'idle', version: 1 });
        st(B, 'write', { value: vb, expected_version: 1, version: 2 });
        st(A, 'read', { value: vb, version: 2, owner: A });
        st(A, 'write', { value: va, expected_version: 2, version: 3, owner: A });
        break;
    }
    return evs;
  };
  const FK = [
    ['same-exp', 'same_base_version', 'both read v3, both wrote expected_version 3'],
    ['replica', 'same_base_version', 'two replicas of one actor name (instance pod-a/pod-b) wrote from v3'],
    ['same-noexp', 'same_base_version', 'both read v7 and wrote without expected_version'],
    ['same-newver', 'same_base_version', 'both writes from v2 report the same new version 3 with HTTP 200; later read shows only the second'],
    ['reread', 'write_without_reread', 'no versions: B wrote after A without re-reading'],
    ['owner', 'owner_violation', 'B wrote a field owned by A'],
    ['merge-same', 'same_base_version', 'merge writes to the SAME field from the same version'],
  ];
  for (let i = 0; i < 24; i++) {
    const [k, cause, why] = FK[i % FK.length];
    const lang = LANGS[(i * 3 + 2) % 8];
    const s = `co-f-${lang}-${String(i).padStart(2, '0')}`;
    g.add('faults.jsonl', s, build(lang, k, i), { expect: 'flag', cause, lang, why });
  }
  const LKs = [
    ['L-409', 'CAS refusal as HTTP 409'],
    ['L-412', 'CAS refusal as status_code "412"'],
    ['L-word', 'refusing word in result'],
    ['L-conflictfield', 'conflict object present'],
    ['L-okfalse', 'ok:false refusal'],
    ['L-err', 'error on the second write'],
    ['L-merge', 'merge writes to different fields'],
    ['L-fields', 'field-mask writes to different fields'],
    ['L-seq', 'sequential read-write-read-write'],
    ['L-self', 'same actor writing twice'],
    ['L-keys', 'actors write different keys'],
    ['L-mergedflag', 'reducer merged:true writes'],
    ['L-sameversion-refused', 'second write reports no advance and the next read does not show it (refused)'],
    ['L-owner-over', 'owner writing over a non-owner write after reading it'],
  ];
  for (let i = 0; i < 18; i++) {
    const [k, why] = LKs[i % LKs.length];
    const lang = LANGS[(i * 5 + 3) % 8];
    const s = `co-l-${lang}-${String(i).padStart(2, '0')}`;
    g.add('lookalikes.jsonl', s, build(lang, k, i), { expect: 'quiet', lang, why });
  }
  flush('concurrent-overwrite', g);
}

// ---------------- tool-drift ----------------
{
  const g = mk('tool-drift');
  const LEN = {
    en: 'Keep every answer under 40 words.',
    de: 'Antworte bitte immer in höchstens 40 Wörtern.',
    es: 'Sé breve: máximo 40 palabras.',
    fr: 'Réponds toujours en 40 mots maximum.',
    pt: 'Responda sempre com no máximo 40 palavras.',
    'zh-Hans': '以后回答请控制在100字以内。',
    'zh-Hant': '以後回答請控制在100字以內。',
    ja: '回答は100文字以内でお願いします。',
  };
  const ASIS = {
    en: 'Show me the table as-is.',
    de: 'Zeig mir die Tabelle bitte unverändert.',
    es: 'Muéstrame la tabla tal cual.',
    fr: 'Montre-moi le tableau tel quel.',
    pt: 'Mostre a tabela como está.',
    'zh-Hans': '把表格原样给我看。',
    'zh-Hant': '把表格原樣給我看。',
    ja: '表をそのまま見せて。',
  };
  const TABLE = '| Item | Price | Stock |\n|---|---|---|\n| Potion | 12 | 40 |\n| Shield | 80 | 3 |\n| Bow | 55 | 9 |';
  const EMOJI_TOOL = '🚀🔥 MEGA SALE!!! 🔥🚀 ✨ Best loot EVER 🎁🎉 Limited time ONLY!!! 💥⚡ Buy now 🤑🤑';
  const build = (lang, k, i) => {
    const p = L[lang];
    const evs = [];
    let j = 0;
    const sys = { role: 'system', content: 'You are the shop keeper assistant in an online game.' };
    const pref = {
      emoji: p.noEmoji,
      'emoji-same': p.noEmoji,
      lang: p.lang,
      len: LEN[lang],
      table: p.lists,
      'L-kept': p.noEmoji,
      'L-withdrawn': p.noEmoji,
      'L-notool': p.noEmoji,
      'L-plaintool': p.noEmoji,
      'L-asis': p.lists,
      'L-question': p.question,
      'L-narr': p.narr,
      'L-before': p.noEmoji,
      'L-loudignored': p.noEmoji,
    }[k];
    const u0 = { role: 'user', content: pref + (k === 'emoji-same' ? ' ' + p.task : '') };
    evs.push({ kind: 'request', ts: ts(j++), turn: 0, model: 'claude-sonnet-4', messages: [sys, u0] });
    if (k !== 'emoji-same') evs.push({ kind: 'response', ts: ts(j++), turn: 0, content: k === 'L-before' ? p.emojiAns : p.plain });
    let u1 = { role: 'user', content: p.task };
    if (k === 'L-withdrawn') u1 = { role: 'user', content: p.withdraw + ' ' + p.task };
    if (k === 'L-asis') u1 = { role: 'user', content: ASIS[lang] };
    const longTool = Array.from({ length: 30 }, () => p.plain).join(' ');
    const foreign = (lang === 'en' ? L.de.plain + ' ' : '') + (lang === 'en' ? L.de.foreign : p.foreign);
    const TT = {
      emoji: EMOJI_TOOL,
      'emoji-same': EMOJI_TOOL,
      lang: foreign + ' ' + foreign,
      len: longTool,
      table: TABLE,
      'L-asis': TABLE,
      'L-plaintool': 'price=12 stock=40 sku=POT-1',
      'L-notool': null,
    };
    const toolText = k in TT ? TT[k] : EMOJI_TOOL; // fixed after baseline: `null ?? x` gave L-notool a tool
    const after = {
      emoji: p.emojiAns,
      'emoji-same': p.emojiAns,
      lang: foreign,
      len: longTool,
      table: TABLE,
      'L-kept': p.plain,
      'L-withdrawn': p.emojiAns,
      'L-notool': p.emojiAns,
      'L-plaintool': p.emojiAns,
      'L-asis': TABLE,
      'L-question': p.emojiAns,
      'L-narr': p.emojiAns,
      'L-before': p.emojiAns,
      'L-loudignored': p.plain,
    }[k];
    const msgs = [sys, u0, ...(k === 'emoji-same' ? [] : [{ role: 'assistant', content: p.plain }, u1])];
    if (toolText !== null) {
      const call_id = 'tc-' + i;
      const name = pick(['web_search', 'shop_catalog', 'fetch_page'], i);
      evs.push({ kind: 'tool_call', ts: ts(j++), turn: 1, call_id, name, arguments: { q: 'potions' } });
      evs.push({ kind: 'tool_result', ts: ts(j++), turn: 1, call_id, name, content: toolText });
      msgs.push(
        { role: 'assistant', content: '', tool_calls: [{ id: call_id, type: 'function', function: { name, arguments: '{"q":"potions"}' } }] },
        { role: 'tool', tool_call_id: call_id, content: toolText },
      );
    }
    evs.push({ kind: 'request', ts: ts(j++), turn: 1, model: 'claude-sonnet-4', messages: msgs });
    evs.push({ kind: 'response', ts: ts(j++), turn: 1, content: after });
    return evs;
  };
  const FK = [
    ['emoji', 'emoji_after_tool', 'no-emoji pref, compliant answer, emoji tool result, emoji answer'],
    ['lang', 'language_after_tool', 'language pref, tool result in another language, answer switched'],
    ['len', 'length_after_tool', 'word/char limit, long tool result, long answer'],
    ['table', 'style_drift_after_tool', 'lists-not-tables pref, tool table, answer table'],
    ['emoji-same', 'emoji_after_tool', 'pref stated with the task; first answer after the emoji tool has emoji'],
  ];
  for (let i = 0; i < 25; i++) {
    const [k, cause, why] = FK[i % FK.length];
    const lang = LANGS[(i * 3) % 8];
    const s = `td-f-${lang}-${String(i).padStart(2, '0')}`;
    g.add('faults.jsonl', s, build(lang, k, i), { expect: 'flag', cause, lang, why });
  }
  const LK = [
    ['L-kept', 'answer kept the style after an emoji tool result'],
    ['L-withdrawn', 'user allowed emoji again before the tool'],
    ['L-notool', 'violation with no tool result before it'],
    ['L-plaintool', 'plain-data tool result, then emoji answer'],
    ['L-asis', 'explicit one-off request for the table as-is'],
    ['L-question', 'a question, not a preference'],
    ['L-narr', "statement about the user's own habits"],
    ['L-before', 'already broke the preference before any tool'],
    ['L-loudignored', 'loud tool result not taken on'],
  ];
  for (let i = 0; i < 18; i++) {
    const [k, why] = LK[i % LK.length];
    const lang = LANGS[(i * 5 + 4) % 8];
    const s = `td-l-${lang}-${String(i).padStart(2, '0')}`;
    g.add('lookalikes.jsonl', s, build(lang, k, i), { expect: 'quiet', lang, why });
  }
  flush('tool-drift', g);
}
