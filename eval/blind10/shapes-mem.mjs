// Sessions of the analyzers that read a memory system: recall-mismatch, lost-write, concurrent-overwrite,
// never-extracted, stale-memory, scope-leak, destructive-update, expired-state, memory-conflict.
// Every memory text comes from the language pack; the events follow docs/spec/EVENTS.md.
import { Chat } from './kit.mjs';

/** One memory write: its steps (phases) as events, the text and id on the first step, fields gathered there. */
function write(log, { turn, id, text, type = 'fact', scope, phases = ['committed'], extra = {}, session }) {
  // named by the case's event counter: the same ids whatever order the cases are written in
  const write_id = `w-${id}-${log.n + 1}`;
  phases.forEach((phase, i) => {
    const first = i === 0 ? { memory_id: id, memory_type: type, text, ...extra } : {};
    log.ev('memory_write', { turn, write_id, phase, ...first, ...(scope ? { scope } : {}) }, { session });
  });
  return write_id;
}

const block = (title, lines) => `${title}\n${lines.map((x) => `- ${x}`).join('\n')}`;

// ---------------------------------------------------------------- recall-mismatch
// The memory is written in an earlier session of the same user (long-term memory), so the later session's own
// history does not hold the user's words: only the search can bring the memory back.
// rank (fault): the memory was a candidate, ranked 3rd with top_k 2, within 0.02 of the cut.
// threshold (fault): within top_k but under the threshold.
// injected (look-alike): the memory ranked first and reached the prompt.
// unrelated (look-alike): the memory left below the cut shares nothing with the query and scored far below.
export function recallMismatch(L, variant, log) {
  const M = L.rm;
  const scope = { user: M.user };
  const prev = `${log.session}-prev`;
  const tell = variant === 'unrelated' ? M.tellOther : M.tell;
  log.ev(
    'request',
    {
      turn: 0,
      scope,
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: L.sys },
        { role: 'user', content: tell },
      ],
    },
    { session: prev },
  );
  log.ev('response', { turn: 0, scope, content: M.ack }, { session: prev });
  const memText = variant === 'unrelated' ? M.other : M.mem;
  write(log, { turn: 0, id: 'm-1', text: memText, type: 'fact', scope, phases: ['requested', 'committed'], session: prev });
  log.wait(2 * 86400);
  const chat = new Chat(log, { system: L.sys, scope });
  chat.say(L.asks[1], L.plain[1]);
  const kb = M.kb.map((text, i) => ({ id: `kb-${i + 1}`, text }));
  let cands;
  let top_k = 2;
  let threshold;
  if (variant === 'rank')
    cands = [
      { ...kb[0], score: 0.84 },
      { ...kb[1], score: 0.81 },
      { id: 'm-1', text: M.mem, score: 0.79 },
      { ...kb[2], score: 0.62 },
    ];
  else if (variant === 'threshold') {
    top_k = 3;
    threshold = 0.7;
    cands = [
      { ...kb[0], score: 0.78 },
      { id: 'm-1', text: M.mem, score: 0.68 },
      { ...kb[1], score: 0.55 },
      { ...kb[2], score: 0.51 },
    ];
  } else if (variant === 'injected')
    cands = [
      { id: 'm-1', text: M.mem, score: 0.88 },
      { ...kb[0], score: 0.8 },
      { ...kb[1], score: 0.7 },
    ];
  else
    cands = [
      { ...kb[0], score: 0.86 },
      { ...kb[1], score: 0.83 },
      { ...kb[2], score: 0.6 },
      { id: 'm-1', text: M.other, score: 0.31 },
    ];
  const injected = cands.filter((c, i) => i < top_k && (threshold === undefined || c.score >= threshold));
  const inject = [
    {
      role: 'system',
      content: block(
        M.title,
        injected.map((c) => c.text),
      ),
    },
  ];
  const answer = variant === 'injected' ? M.answerWith : M.answerWithout;
  chat.say(M.query, answer, {
    inject,
    beforeAnswer: (turn) =>
      log.ev('retrieval', {
        turn,
        scope,
        retrieval_id: `q-${turn}`,
        query: M.query,
        top_k,
        ...(threshold !== undefined ? { threshold } : {}),
        candidates: cands.map((c, i) => ({ id: c.id, score: c.score, rank: i + 1, text: c.text })),
      }),
  });
}

// ---------------------------------------------------------------- lost-write
// restart (fault): the write is enqueued and acknowledged, the assistant says it saved it, the memory worker
//   restarts before any commit and the snapshot lacks the memory.
// promised (fault): a session with a memory system; the assistant promises a save and no write is made that turn.
// committed (look-alike): the same promise, the write commits and the snapshot holds it.
// offer (look-alike): the assistant only offers to remember (a question); nothing is written.
export function lostWrite(L, variant, log) {
  const M = L.lw;
  const scope = { user: M.user };
  const chat = new Chat(log, { system: L.sys, scope });
  chat.say(M.firstAsk, M.firstAck, { afterAnswer: (turn) => write(log, { turn, id: 'm-0', text: M.firstMem, scope }) });
  if (variant === 'promised') {
    chat.say(M.ask, M.promise);
    chat.say(L.asks[2], L.plain[2]);
    return;
  }
  if (variant === 'offer') {
    chat.say(M.passing, M.offer);
    chat.say(L.asks[2], L.plain[2]);
    return;
  }
  // the look-alike commits before it acknowledges (a preference acknowledged first would be an ordering hazard)
  const phases = variant === 'restart' ? ['enqueued', 'acknowledged'] : ['enqueued', 'committed', 'acknowledged'];
  chat.say(M.ask, M.promise, {
    afterRequest: (turn) => write(log, { turn, id: 'm-7', text: M.mem, type: 'preference', scope, phases, extra: { store: 'memories' } }),
  });
  if (variant === 'restart') {
    log.ev('lifecycle', { event: 'restart', process: 'memory-worker' });
    log.wait(240);
    log.ev('store_snapshot', { store: 'memories', memory_ids: ['m-0'] });
    return;
  }
  chat.say(L.asks[2], L.plain[2]);
  log.wait(120);
  log.ev('store_snapshot', { store: 'memories', memory_ids: ['m-0', 'm-7'] });
}

// ---------------------------------------------------------------- concurrent-overwrite
// versioned (fault): two agents read version 3 and both write from it; the first update is lost.
// unversioned (fault): no versions: both read, A writes, B writes without reading again.
// refused (look-alike): compare-and-set refuses B's stale write (409); B reads again and writes from version 4.
// sequential (look-alike): A reads and writes, then B reads A's value and writes.
export function concurrentOverwrite(L, variant, log) {
  const M = L.co;
  const A = { actor: M.a };
  const B = { actor: M.b };
  const k = M.key;
  const chat = new Chat(log, { system: L.sys });
  chat.say(M.kickoff, M.kickoffAck);
  const turn = 1;
  const st = (who, f) => log.ev('state', { turn, ...who, key: k, ...f });
  if (variant === 'versioned') {
    st(A, { op: 'read', value: M.v0, version: 3 });
    st(B, { op: 'read', value: M.v0, version: 3 });
    st(A, { op: 'write', value: M.va, expected_version: 3, version: 4 });
    st(B, { op: 'write', value: M.vb, expected_version: 3, version: 5 });
    st(A, { op: 'read', value: M.vb, version: 5 });
  } else if (variant === 'unversioned') {
    st(A, { op: 'read', value: M.v0 });
    st(B, { op: 'read', value: M.v0 });
    st(A, { op: 'write', value: M.va });
    st(B, { op: 'write', value: M.vb });
    st(A, { op: 'read', value: M.vb });
  } else if (variant === 'refused') {
    st(A, { op: 'read', value: M.v0, version: 3 });
    st(B, { op: 'read', value: M.v0, version: 3 });
    st(A, { op: 'write', value: M.va, expected_version: 3, version: 4 });
    st(B, { op: 'write', value: M.vb, expected_version: 3, status: 409, result: 'conflict' });
    st(B, { op: 'read', value: M.va, version: 4 });
    st(B, { op: 'write', value: M.vab, expected_version: 4, version: 5 });
    st(A, { op: 'read', value: M.vab, version: 5 });
  } else {
    st(A, { op: 'read', value: M.v0, version: 3 });
    st(A, { op: 'write', value: M.va, expected_version: 3, version: 4 });
    st(B, { op: 'read', value: M.va, version: 4 });
    st(B, { op: 'write', value: M.vab, expected_version: 4, version: 5 });
    st(A, { op: 'read', value: M.vab, version: 5 });
  }
  chat.say(M.check, M.checkAns);
}

// ---------------------------------------------------------------- never-extracted
// preference / remember / lasting (faults): the user says it in turn 1 beside another fact; the memory system
//   writes the other fact, and in turn 2 another, never the statement.
// extracted (look-alike): the same, and a write about the statement is made in its turn.
// lastturn (look-alike): the memory system wrote in every earlier turn; the statement comes in the session's last
//   user turn and nothing is written after it (extraction may still run after the log ends).
export function neverExtracted(L, variant, log) {
  const M = L.ne;
  const scope = { user: M.user };
  const chat = new Chat(log, { system: L.sys, scope });
  chat.say(M.t0[0], M.acks[0], { afterAnswer: (turn) => write(log, { turn, id: 'm-1', text: M.t0[1], scope }) });
  if (variant === 'lastturn') {
    chat.say(M.others[0][0], M.acks[1], { afterAnswer: (turn) => write(log, { turn, id: 'm-2', text: M.others[0][1], scope }) });
    chat.say(M.others[1][0], M.acks[2], { afterAnswer: (turn) => write(log, { turn, id: 'm-4', text: M.others[1][1], scope }) });
    const last = { preference: M.pref, remember: M.remember, lasting: M.lasting }[M.extractedOf];
    chat.say(last, M.acks[2]);
    return;
  }
  const which = variant === 'extracted' ? M.extractedOf : variant;
  const statement = { preference: M.pref, remember: M.remember, lasting: M.lasting }[which];
  const about = { preference: M.prefMem, remember: M.rememberMem, lasting: M.lastingMem }[which];
  chat.say(`${statement} ${M.others[0][0]}`, M.acks[1], {
    afterAnswer: (turn) => {
      write(log, { turn, id: 'm-2', text: M.others[0][1], scope });
      if (variant === 'extracted') write(log, { turn, id: 'm-3', text: about, type: which === 'preference' ? 'preference' : 'fact', scope });
    },
  });
  chat.say(M.others[1][0], M.acks[2], { afterAnswer: (turn) => write(log, { turn, id: 'm-4', text: M.others[1][1], scope }) });
  chat.say(L.asks[3], L.plain[3]);
}

export { block, write };
