// blind11's writing kit: a session writer (native amnesia.events/v1 lines), seeded randomness, token counts.
import { get_encoding } from 'tiktoken';

const enc = get_encoding('o200k_base');
/** Tokens of a text in gpt-4o's encoding (o200k_base). */
export const tokens = (text) => enc.encode(text).length;
/** Tokens of a chat prompt, roughly as the provider counts it: each message's text plus 4 of framing, plus 3. */
export const promptTokens = (messages) =>
  messages.reduce((n, m) => n + 4 + tokens(typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? m.tool_calls ?? '')), 3);

/** A seeded random source (mulberry32), so the set is the same on every run. */
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
export const hash = (s) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.codePointAt(0)) >>> 0, 7);

/** Writes the events of one or more sessions into one case file, in time order. */
export class Case {
  constructor(t0) {
    this.t = Date.parse(t0);
    this.lines = [];
  }
  /** Move the clock on by `s` seconds (may be fractional). */
  wait(s) {
    this.t += Math.round(s * 1000);
    return this;
  }
  /** Set the clock to an ISO time. */
  at(iso) {
    this.t = Date.parse(iso);
    return this;
  }
  iso(offsetS = 0) {
    return new Date(this.t + offsetS * 1000).toISOString();
  }
  ev(kind, session, fields, step = 1) {
    this.t += step * 1000;
    this.lines.push({ kind, ts: new Date(this.t).toISOString(), session, ...fields });
    return this;
  }
  text() {
    return `${this.lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
  }
}

/** A chat: the history an application keeps, and the requests and answers it logs. */
export class Chat {
  constructor(c, session, { system, model = 'gpt-4o', limit, scope, actor } = {}) {
    this.c = c;
    this.session = session;
    this.system = system;
    this.model = model;
    this.limit = limit;
    this.scope = scope;
    this.actor = actor;
    this.history = [];
    this.turn = 0;
    this.n = 0;
  }
  base(extra = {}) {
    const f = { turn: this.turn };
    if (this.scope) f.scope = this.scope;
    if (this.actor) f.actor = this.actor;
    return { ...f, ...extra };
  }
  /** Log one request with these messages (the whole prompt as sent). */
  request(messages, extra = {}) {
    const f = this.base({ request_id: `${this.session}-r${this.n++}`, model: this.model, messages });
    if (this.limit) f.context_limit = this.limit;
    this.c.ev('request', this.session, { ...f, ...extra }, 2);
    return f.request_id;
  }
  response(content, requestId, extra = {}) {
    this.c.ev('response', this.session, this.base({ request_id: requestId, content, finish_reason: 'stop', ...extra }), 4);
  }
  event(kind, fields, step = 1) {
    this.c.ev(kind, this.session, this.base(fields), step);
  }
  prompt(extraSystem = []) {
    const sys = this.system ? [{ role: 'system', content: this.system }] : [];
    return [...sys, ...extraSystem, ...this.history.flat()];
  }
}
