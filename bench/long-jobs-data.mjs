// Event logs (amnesia.events/v1 JSONL) for the TUI's long jobs (issue 35): many small sessions, and
// one session of thousands of turns. Used by bench/long-jobs.mjs and test/tui-long-jobs.e2e.test.ts,
// so that no large file is committed. Deterministic: the same arguments give the same lines.

const WORDS = ['deploy', 'failed', 'because', 'database', 'migration', 'timed', 'out', 'check', 'logs', 'latency', 'cache', 'query', 'index', 'retry', 'pool'];

/** A sentence of `n` words, the same for the same `seed`. */
const words = (seed, n) => Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]).join(' ');

const at = (minutes) => new Date(Date.UTC(2026, 2, 1) + minutes * 60_000).toISOString();

/** `sessions` sessions of one request (a system prompt and a user message) and its response each. */
export function* manySessions(sessions) {
  for (let s = 0; s < sessions; s++) {
    const session = `many-${String(s).padStart(6, '0')}`;
    const messages = [
      { role: 'system', content: 'You are a careful assistant.' },
      { role: 'user', content: `Question ${s}: ${words(s, 12)}?` },
    ];
    yield JSON.stringify({ kind: 'request', ts: at(s), session, turn: 0, request_id: 'r1', model: 'gpt-4o', context_limit: 128000, messages });
    yield JSON.stringify({ kind: 'response', ts: at(s + 0.5), session, turn: 0, request_id: 'r1', content: words(s + 1, 20) });
  }
}

/**
 * One session of `turns` turns, as an application that keeps the system prompt and the last `keep`
 * messages sends it: each request repeats that window, then the response. The user's instruction
 * of turn 0 falls out of the window a few turns later (window-overflow finds it), and every
 * request fills most of `contextLimit`.
 */
export function* longSession(turns, { session = 'long-session', keep = 12, contextLimit = 400 } = {}) {
  const system = { role: 'system', content: 'You are DevPilot, the engineering assistant of the payments team.' };
  const history = [];
  for (let t = 0; t < turns; t++) {
    const said = t === 0 ? 'From now on, always answer in English and never use tables.' : `Turn ${t}: ${words(t, 10)}.`;
    const user = { role: 'user', content: said };
    const messages = [system, ...history.slice(-keep), user];
    const rid = `r${t + 1}`;
    yield JSON.stringify({ kind: 'request', ts: at(t), session, turn: t, request_id: rid, model: 'gpt-4o', context_limit: contextLimit, messages });
    const answer = `Turn ${t}: ${words(t + 3, 24)}.`;
    yield JSON.stringify({ kind: 'response', ts: at(t + 0.5), session, turn: t, request_id: rid, content: answer });
    history.push(user, { role: 'assistant', content: answer });
  }
}
