// blind9's writer kit: a case is a few sessions of native events (docs/spec/EVENTS.md) written with the shared
// Session of eval/lib/blind-session.mjs, and laid out on disk in one of the forms EVENTS.md allows (ISO or epoch
// milliseconds, string or [{type: "text", text}] contents, lines in or out of time order).
import { gzipSync } from 'node:zlib';
import { countMessages, encodingFor, hashSeed, rng, Session } from '../lib/blind-session.mjs';

export { countMessages, encodingFor, hashSeed, rng };

/** A session whose clock starts at `start` (ISO); `r` is the case's seeded RNG. */
export function session(id, start, r) {
  return new Session(id, start, r);
}

/** One model call: a `request` with the messages as sent, then its `response`. */
export function call(s, turn, model, messages, answer, extra = {}) {
  const rid = `${s.id}-r${turn}-${s.n + 1}`;
  const req = { request_id: rid, model, messages: messages.map((m) => ({ ...m })) };
  if (extra.context_limit) req.context_limit = extra.context_limit;
  if (extra.usage) req.usage = extra.usage;
  if (extra.scope) req.scope = extra.scope;
  if (extra.actor) req.actor = extra.actor;
  s.add('request', turn, req, extra.ms);
  const res = { request_id: rid, content: answer, finish_reason: 'stop' };
  if (extra.scope) res.scope = extra.scope;
  if (extra.actor) res.actor = extra.actor;
  s.add('response', turn, res, extra.answerMs ?? 1500 + Math.floor(s.r() * 6000));
}

/** The steps of one memory write: `phases` is a list of phase names, or [phase, extra fields, ms] tuples. */
export function write(s, turn, writeId, phases, fields, first = {}) {
  let i = 0;
  for (const p of phases) {
    const [phase, more, ms] = Array.isArray(p) ? p : [p, {}, undefined];
    const e = { write_id: writeId, phase };
    if (i === 0) Object.assign(e, fields, first);
    else if (fields.scope) e.scope = fields.scope;
    Object.assign(e, more);
    s.add('memory_write', turn, e, ms ?? 120 + Math.floor(s.r() * 700));
    i++;
  }
}

/** Lays out the sessions' events as one file: `layout.epoch` (ts as epoch ms), `layout.parts` (message contents as
 * text parts), `layout.shuffle` (lines out of time order; every ts in a case is distinct, so the order is kept). */
export function render(sessions, layout = {}, seed = 1) {
  let events = sessions.flatMap((s) => s.events);
  events = events.map((e) => {
    const o = { ...e };
    if (layout.epoch) o.ts = Date.parse(o.ts);
    if (layout.parts && o.kind === 'request') {
      o.messages = o.messages.map((m) => (typeof m.content === 'string' && m.role !== 'tool' ? { ...m, content: [{ type: 'text', text: m.content }] } : m));
    }
    return o;
  });
  if (layout.shuffle) {
    const r = rng(seed);
    for (let i = events.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [events[i], events[j]] = [events[j], events[i]];
    }
  }
  return `${events.map((e) => JSON.stringify(e)).join('\n')}\n`;
}

export function gz(text) {
  return gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
}

/** Every ts of a case must be distinct (a shuffled file relies on it). */
export function checkDistinct(sessions, id) {
  const seen = new Set();
  for (const s of sessions) {
    for (const e of s.events) {
      const k = Date.parse(e.ts);
      if (seen.has(k)) throw new Error(`${id}: two events at ${e.ts}`);
      seen.add(k);
    }
  }
}

export const fill = (str, vars) => str.replace(/\{(\w+)\}/g, (_, k) => (vars[k] === undefined ? `{${k}}` : String(vars[k])));

export function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}
