// The building blocks of blind10's sessions: a seeded random source, token counts (tiktoken, o200k_base, the
// recipe of docs/tokens.md: 3 tokens of framing per message, 3 to prime the reply) and a log writer that emits
// native `amnesia.events/v1` lines (docs/spec/EVENTS.md) with increasing timestamps.
import { get_encoding } from 'tiktoken';

const enc = get_encoding('o200k_base');

/** Tokens of a text, as tiktoken counts it. */
export function tokens(text) {
  return enc.encode(text, [], []).length;
}

/** Tokens of a prompt: each message's content plus 3 of framing, plus 3 to prime the reply. */
export function promptTokens(messages) {
  let n = 3;
  for (const m of messages) {
    n += 3 + tokens(typeof m.content === 'string' ? m.content : '');
    if (m.tool_calls) n += tokens(JSON.stringify(m.tool_calls));
  }
  return n;
}

export function freeEncoder() {
  enc.free();
}

/** mulberry32: a small seeded generator, the same sequence for the same seed. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from a string (FNV-1a), so each case has its own sequence whatever order cases are written in. */
export function seedOf(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export const pick = (r, xs) => xs[Math.floor(r() * xs.length)];

/** Shuffled copy (Fisher-Yates). */
export function shuffle(r, xs) {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** One case's log: events in time order, each line one JSON object. */
export class Log {
  constructor(session, start, r) {
    this.session = session;
    this.t = Date.parse(start);
    this.r = r;
    this.lines = [];
    this.n = 0;
  }

  /** Move the clock on by `sec` seconds (plus up to a second of jitter). */
  wait(sec) {
    this.t += Math.round(sec * 1000 + this.r() * 900);
  }

  /** Jump the clock to an absolute time. */
  jump(iso) {
    this.t = Math.max(this.t, Date.parse(iso));
  }

  ev(kind, fields, { session } = {}) {
    this.wait(1 + this.r() * 3);
    this.n += 1;
    const e = { kind, ts: new Date(this.t).toISOString(), session: session ?? this.session, id: `${session ?? this.session}-e${this.n}`, ...fields };
    this.lines.push(e);
    return e;
  }

  text() {
    return `${this.lines.map((e) => JSON.stringify(e)).join('\n')}\n`;
  }
}

/**
 * A chat whose requests repeat the history, as an agent framework sends them. `limit` is the model's window;
 * `budget` (tokens) is what the framework trims the prompt to, dropping the oldest whole turns; `pinned` are
 * system/developer messages kept first in every request.
 */
export class Chat {
  constructor(log, { model = 'gpt-4o', limit = 128000, budget = null, system, scope = null }) {
    this.log = log;
    this.model = model;
    this.limit = limit;
    this.budget = budget;
    this.system = system ? [{ role: 'system', content: system }] : [];
    this.history = []; // groups: one array of messages per turn
    this.turn = 0;
    this.scope = scope;
    this.calls = 0;
  }

  fit(messages) {
    if (!this.budget) return messages;
    while (this.history.length > 1 && promptTokens([...this.system, ...this.history.flat(), ...messages]) > this.budget) this.history.shift();
    return messages;
  }

  extra() {
    return this.scope ? { scope: this.scope } : {};
  }

  /**
   * One user turn. `tool`: { name, args, output } answered before the final answer; `inject`: messages put
   * between the history and the user's message (a memory block, a reminder); `beforeAnswer`: a hook run before
   * the final request (a search); `afterRequest`: between the final request and its answer (a write the answer
   * reports); `afterAnswer`: after the answer (extraction).
   */
  say(user, answer, { tool = null, inject = [], beforeAnswer = null, afterRequest = null, afterAnswer = null } = {}) {
    const turn = this.turn;
    const u = { role: 'user', content: user };
    const base = { turn, model: this.model, context_limit: this.limit, ...this.extra() };
    let tail = [...inject, u];
    if (tool) {
      this.calls += 1;
      const callId = `call_${turn}_${this.calls}`;
      const call = { id: callId, type: 'function', function: { name: tool.name, arguments: JSON.stringify(tool.args ?? {}) } };
      this.fit(tail);
      this.log.ev('request', { ...base, request_id: `r${turn}a`, messages: [...this.system, ...this.history.flat(), ...tail] });
      this.log.ev('response', { turn, request_id: `r${turn}a`, content: '', finish_reason: 'tool_calls', tool_calls: [call], ...this.extra() });
      this.log.ev('tool_call', { turn, call_id: callId, name: tool.name, arguments: tool.args ?? {}, ...this.extra() });
      this.log.ev('tool_result', { turn, call_id: callId, name: tool.name, content: tool.output, ...this.extra() });
      tail = [...tail, { role: 'assistant', content: '', tool_calls: [call] }, { role: 'tool', tool_call_id: callId, name: tool.name, content: tool.output }];
    }
    if (beforeAnswer) beforeAnswer(turn);
    this.fit(tail);
    const messages = [...this.system, ...this.history.flat(), ...tail];
    this.log.ev('request', { ...base, request_id: `r${turn}`, messages });
    if (afterRequest) afterRequest(turn);
    // an answer may depend on what the final prompt still holds
    const text = typeof answer === 'function' ? answer(messages) : answer;
    this.log.ev('response', { turn, request_id: `r${turn}`, content: text, finish_reason: 'stop', ...this.extra() });
    if (afterAnswer) afterAnswer(turn);
    // an injected block is rebuilt each turn, not kept in the history
    this.history.push([...tail.filter((m) => !inject.includes(m)), { role: 'assistant', content: text }]);
    this.turn += 1;
    return { turn, messages, tokens: promptTokens(messages) };
  }
}

/** Log lines of a tool (data, not prose): `n` lines built from the given words, in a fixed shape. */
export function logLines(r, words, n, day = '2026-05-06') {
  const out = [];
  let s = 8 * 3600;
  for (let i = 0; i < n; i++) {
    s += 3 + Math.floor(r() * 40);
    const hh = String(Math.floor(s / 3600)).padStart(2, '0');
    const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
    const ss = String(s % 60).padStart(2, '0');
    const w = words[i % words.length];
    const lvl = r() < 0.85 ? 'INFO' : 'WARN';
    out.push(
      `${day}T${hh}:${mm}:${ss}Z ${lvl} ref=${1000 + Math.floor(r() * 9000)} item="${w}" qty=${1 + Math.floor(r() * 30)} status=${r() < 0.9 ? 'ok' : 'retry'} ms=${20 + Math.floor(r() * 400)}`,
    );
  }
  return out.join('\n');
}

/** Log lines until the text holds at least `min` tokens. */
export function logOfTokens(r, words, min, day) {
  let n = 20;
  let text = logLines(r, words, n, day);
  while (tokens(text) < min) {
    n += 10;
    text = logLines(r, words, n, day);
  }
  return text;
}

/** A markdown bullet list. */
export const bullets = (items) => items.map((x) => `- ${x}`).join('\n');

/** A markdown table of rows [a, b]. */
export function table(head, rows) {
  return [`| ${head[0]} | ${head[1]} |`, '|---|---|', ...rows.map((r) => `| ${r[0]} | ${r[1]} |`)].join('\n');
}
