// blind6 recall-mismatch shapes: an independent bookshop's reading advisor with long-term memory per reader
// (store "readers", scope.user, filters.user_id). Three unrelated memories at turn 0; the reader's statement at
// turn 1 becomes a third-person memory; turn 2 is small talk; at turn 3 a question the memory answers, a retrieval,
// and the next request with the injected memories in a system message and only turn 2's exchange as history.
import { hashSeed, rng, Session } from '../lib/blind-session.mjs';
import { READER_SYS } from './shared.mjs';

export const RM_SPECS = [
  {
    kind: 'fault',
    variant: 'ranked-third-top-k-2',
    c: 'rank',
    description: 'the memory is 3rd at 0.76 with top_k 2 (lowest injected 0.79): rank_beyond_top_k',
  },
  {
    kind: 'fault',
    variant: 'under-threshold-in-top-k',
    c: 'threshold',
    description: 'the memory is 2nd at 0.68 within top_k 3, under threshold 0.70: below_threshold',
  },
  {
    kind: 'fault',
    variant: 'relative-cutoff',
    c: 'relative',
    description: 'no injected list; relative_threshold 0.85 of the best 0.91 cuts the memory at 0.74 (within top_k 3 and threshold 0.5): relative_cutoff',
  },
  {
    kind: 'fault',
    variant: 'left-out-of-injected',
    c: 'notInjected',
    description: 'the memory is 2nd at 0.80 within top_k 3 and threshold 0.6, but the injected list names the 1st and 3rd only: not_injected',
  },
  { kind: 'look-alike', variant: 'retrieved-and-used', c: 'fine', description: 'the memory is 1st and injected; the answer uses it' },
  {
    kind: 'look-alike',
    variant: 'deleted-on-request',
    c: 'deleted',
    description: 'turn 2: the reader asks to forget the memory; a committed op "delete"; the search at turn 3 does not return it',
  },
  {
    kind: 'look-alike',
    variant: 'coincidental-name',
    c: 'cat',
    description:
      "a memory that shares only a name with the query (the reader's cat is called after the detective the reader asks about), 3rd at 0.43 with top_k 2",
  },
  {
    kind: 'look-alike',
    variant: 'committed-after-search',
    c: 'after',
    description: 'the reader states a new fact with the question; the search runs first, the memory is committed 3 s after it',
  },
];

// the statements that are the reader's preferences (the others are facts about her life)
const PREFS = new Set(['rank', 'threshold', 'relative', 'fine']);

const SETUPS = {
  rank: {
    top_k: 2,
    cands: [
      ['f1', 0.83],
      ['f2', 0.79],
      ['T', 0.76],
      ['f3', 0.52],
    ],
    injected: ['f1', 'f2'],
  },
  threshold: {
    top_k: 3,
    threshold: 0.7,
    cands: [
      ['f1', 0.81],
      ['T', 0.68],
      ['f2', 0.55],
    ],
    injected: ['f1'],
  },
  relative: {
    top_k: 3,
    threshold: 0.5,
    relative_threshold: 0.85,
    cands: [
      ['f1', 0.91],
      ['T', 0.74],
      ['f2', 0.61],
    ],
  },
  notInjected: {
    top_k: 3,
    threshold: 0.6,
    cands: [
      ['f1', 0.84],
      ['T', 0.8],
      ['f2', 0.71],
    ],
    injected: ['f1', 'f2'],
  },
  fine: {
    top_k: 2,
    cands: [
      ['T', 0.86],
      ['f1', 0.64],
      ['f2', 0.5],
    ],
    injected: ['T', 'f1'],
  },
  deleted: {
    top_k: 2,
    cands: [
      ['f1', 0.7],
      ['f2', 0.66],
    ],
    injected: ['f1', 'f2'],
  },
  cat: {
    top_k: 2,
    cands: [
      ['f1', 0.82],
      ['f2', 0.8],
      ['T', 0.43],
    ],
    injected: ['f1', 'f2'],
  },
  after: {
    top_k: 2,
    cands: [
      ['f1', 0.7],
      ['f2', 0.6],
    ],
    injected: ['f1', 'f2'],
  },
};

export function rmCase(L, spec, id) {
  const R = L.rm;
  const C = R.cases[spec.c];
  const r = rng(hashSeed(id));
  const user = `reader-${(hashSeed(id) % 9000) + 1000}`;
  const s = new Session(id, '2026-09-15T17:30:00Z', r);
  const scope = { user };
  const sys = { role: 'system', content: READER_SYS };
  const mem = { f1: `m-${id}-f1`, f2: `m-${id}-f2`, f3: `m-${id}-f3`, T: `m-${id}-t` };
  const text = { f1: R.fillers[0], f2: R.fillers[1], f3: R.fillers[2], T: C.mem };
  const write = (t, key, w, extra = {}) => {
    const base = { write_id: w, memory_id: mem[key], store: 'readers', scope };
    s.add('memory_write', t, {
      ...base,
      phase: 'requested',
      memory_type: key === 'T' && PREFS.has(spec.c) ? 'preference' : 'fact',
      text: text[key],
      source: 'user',
      ...extra,
    });
    s.add('memory_write', t, { ...base, phase: 'committed' });
  };
  const exchange = (t, u, a, history) => {
    const messages = [sys, ...history, { role: 'user', content: u }];
    s.add('request', t, { request_id: `${id}-r${t}`, model: 'gpt-4o', messages, scope });
    s.add('response', t, { request_id: `${id}-r${t}`, content: a, finish_reason: 'stop', scope });
    return [
      { role: 'user', content: u },
      { role: 'assistant', content: a },
    ];
  };
  let h = exchange(0, R.greet, R.greetAnswer, []);
  write(0, 'f1', `w-${id}-1`);
  write(0, 'f2', `w-${id}-2`);
  write(0, 'f3', `w-${id}-3`);
  let t = 1;
  if (spec.c !== 'after') {
    h = exchange(1, C.say, C.ack, h);
    write(1, 'T', `w-${id}-t`);
    t = 2;
  }
  if (spec.c === 'deleted') {
    h = exchange(2, C.forget, C.forgetAck, h);
    s.add('memory_write', 2, { write_id: `w-${id}-del`, memory_id: mem.T, store: 'readers', scope, phase: 'requested', op: 'delete', previous_text: C.mem });
    s.add('memory_write', 2, { write_id: `w-${id}-del`, memory_id: mem.T, store: 'readers', scope, phase: 'committed', op: 'delete' });
  } else h = exchange(t, R.small, R.smallAnswer, h);
  t += 1;
  // the question and its retrieval
  const S = SETUPS[spec.c];
  const q = spec.c === 'after' ? C.sayq : C.q;
  const candidates = S.cands.map(([k, score], i) => ({
    id: mem[k],
    score,
    rank: i + 1,
    text: text[k],
    metadata: { type: k === 'T' && PREFS.has(spec.c) ? 'preference' : 'fact', scope },
  }));
  const ev = { retrieval_id: `q-${id}`, query: q, top_k: S.top_k, filters: { user_id: user }, candidates, scope };
  if (S.threshold !== undefined) ev.threshold = S.threshold;
  if (S.relative_threshold !== undefined) ev.relative_threshold = S.relative_threshold;
  if (S.injected) ev.injected = S.injected.map((k) => mem[k]);
  s.add('retrieval', t, ev);
  const injected = S.injected ?? ['f1'];
  const memMsg = { role: 'system', content: `Reader memories:\n${injected.map((k) => `- ${text[k]}`).join('\n')}` };
  const messages = [sys, memMsg, ...h, { role: 'user', content: q }];
  s.add('request', t, { request_id: `${id}-r${t}`, model: 'gpt-4o', messages, scope });
  if (spec.c === 'after') {
    s.add(
      'memory_write',
      t,
      { write_id: `w-${id}-t`, memory_id: mem.T, store: 'readers', scope, phase: 'requested', memory_type: 'fact', text: C.mem, source: 'user' },
      1500,
    );
    s.add('memory_write', t, { write_id: `w-${id}-t`, memory_id: mem.T, store: 'readers', scope, phase: 'committed' }, 1500);
  }
  s.add('response', t, { request_id: `${id}-r${t}`, content: C.a, finish_reason: 'stop', scope });
  return { jsonl: s.jsonl() };
}
