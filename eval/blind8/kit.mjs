// blind8: the event writer every shape shares, over eval/lib/blind-session.mjs (tiktoken counts, seeded RNG,
// Session). A case is one file of one or more sessions (an earlier session of the same user when the case needs
// long-term memory). Written for issues 24 and 31 from the READMEs and docs/spec/ alone.
import { Session, countMessages, encodingFor, hashSeed, rng } from '../lib/blind-session.mjs';

export { countMessages, encodingFor };

/** One case: its sessions, written in order, and how its lines are laid out (the spec allows every layout here). */
export class Case {
  constructor(id, opts = {}) {
    this.id = id;
    this.r = rng(hashSeed(id));
    this.sessions = [];
    this.epoch = !!opts.epoch; // `ts` as epoch milliseconds (EVENTS.md: ISO-8601 or epoch ms)
    this.shuffle = !!opts.shuffle; // lines out of order (EVENTS.md: events are ordered by `ts`)
    this.parts = !!opts.parts; // message contents as [{type:"text", text}] (EVENTS.md)
    this.nReq = 0;
  }
  session(sid, start) {
    const s = new Session(sid, start, this.r);
    this.sessions.push(s);
    return s;
  }
  /** A model call: the request exactly as sent, then the answer. */
  call(s, turn, model, messages, content, extra = {}) {
    this.nReq += 1;
    const request_id = `${s.id}-req${String(this.nReq).padStart(3, '0')}`;
    const msgs = this.parts
      ? messages.map((m) => (typeof m.content === 'string' && m.role !== 'tool' ? { ...m, content: [{ type: 'text', text: m.content }] } : m))
      : messages;
    const req = { request_id, model, messages: msgs };
    if (extra.context_limit) req.context_limit = extra.context_limit;
    if (extra.usage) req.usage = { input_tokens: countMessages(messages, encodingFor(model)), output_tokens: 0 };
    if (extra.scope) req.scope = extra.scope;
    s.add('request', turn, req, extra.reqMs);
    const res = { request_id, content, finish_reason: extra.tool_calls ? 'tool_calls' : 'stop' };
    if (extra.tool_calls) res.tool_calls = extra.tool_calls;
    if (extra.scope) res.scope = extra.scope;
    s.add('response', turn, res, extra.resMs ?? 1800 + Math.floor(this.r() * 3000));
    return request_id;
  }
  /** A memory write's phases, in order (`phases`: names, or [name, extra fields]). */
  write(s, turn, write_id, fields, phases, ms) {
    phases.forEach((p, i) => {
      const [phase, more] = Array.isArray(p) ? p : [p, {}];
      s.add('memory_write', turn, { write_id, phase, ...(i === 0 ? fields : {}), ...more }, ms ?? 300 + Math.floor(this.r() * 500));
    });
  }
  jsonl() {
    const lines = [];
    for (const s of this.sessions) {
      for (const e of s.events) {
        const o = { ...e };
        if (this.epoch) o.ts = Date.parse(o.ts);
        lines.push(JSON.stringify(o));
      }
    }
    if (this.shuffle) {
      const r = rng(hashSeed(`${this.id}:shuffle`));
      for (let i = lines.length - 1; i > 0; i--) {
        const j = Math.floor(r() * (i + 1));
        [lines[i], lines[j]] = [lines[j], lines[i]];
      }
    }
    return `${lines.join('\n')}\n`;
  }
}

/** Words of a text (spaced scripts) and its Han / kana / Hangul-syllable characters. */
export function measure(text) {
  const cjk = (text.match(/[\u3040-\u30ff\u3400-\u9fff]/g) ?? []).length;
  const words = text
    .replace(/[\u3040-\u30ff\u3400-\u9fff]/g, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return { cjk, words };
}

export function check(cond, what) {
  if (!cond) throw new Error(`blind8 generator: ${what}`);
}
