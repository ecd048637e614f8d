// blind7: the event writing every shape shares. A chat harness that logs each model call as the native events
// (EVENTS.md) and, for the window cases, keeps its prompt under a budget by dropping whole turns, oldest first.
// Token counts are tiktoken's (eval/lib/blind-session.mjs). Written for issues 24 and 31 from the spec alone.
import { Session, countMessages, encodingFor, hashSeed, pick, rng } from '../lib/blind-session.mjs';

export { pick };

/** A new session for case `id`, its clock on a day of late November 2026 chosen from the id. */
export function open(id, sessionId = id) {
  const r = rng(hashSeed(id));
  const day = 16 + Math.floor(r() * 12);
  const hour = 7 + Math.floor(r() * 10);
  const start = `2026-11-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:${String(Math.floor(r() * 60)).padStart(2, '0')}:00.000Z`;
  return new Session(sessionId, start, r);
}

/** One model call: the request as sent and the answer (`extra.between`: events logged between the two). */
export function call(S, turn, model, messages, content, extra = {}) {
  const rid = `${S.id}-r${String(S.n + 1).padStart(3, '0')}`;
  const req = { request_id: rid, model, messages: structuredClone(messages) };
  if (extra.context_limit) req.context_limit = extra.context_limit;
  S.add('request', turn, req);
  extra.between?.();
  const res = { request_id: rid, content, finish_reason: 'stop' };
  S.add('response', turn, res, Math.floor(1500 + S.r() * 4000));
  return rid;
}

/** A tool call and its result as events, and the two messages the next request carries. */
export function toolStep(S, turn, name, args, content, id) {
  const callId = id ?? `call_${S.id.replace(/[^a-z0-9]/gi, '').slice(-10)}_${S.n + 1}`;
  S.add('tool_call', turn, { call_id: callId, name, arguments: args });
  S.add('tool_result', turn, { call_id: callId, name, content }, Math.floor(300 + S.r() * 900));
  return [
    { role: 'assistant', content: '', tool_calls: [{ id: callId, type: 'function', function: { name, arguments: JSON.stringify(args) } }] },
    { role: 'tool', tool_call_id: callId, content: typeof content === 'string' ? content : JSON.stringify(content) },
  ];
}

/** The steps of one memory write (`phases`: list of phase names or [phase, extra fields]). */
export function write(S, turn, writeId, base, phases, gapMs = 700) {
  let first = true;
  for (const p of phases) {
    const [phase, more] = Array.isArray(p) ? p : [p, {}];
    const ev = { write_id: writeId, phase, ...(first ? base : { memory_id: base.memory_id, store: base.store }), ...more };
    if (base.scope) ev.scope = base.scope;
    S.add('memory_write', turn, ev, gapMs);
    first = false;
  }
}

export function tokens(messages, model) {
  return countMessages(messages, encodingFor(model));
}

/**
 * A chat whose harness keeps `[system, ...pins, ...history]` under `budget` x window by dropping whole turns, oldest
 * first. `turns`: [{ user, tool?: { name, args, content }, answer }]. Returns, per request, the fill and whether the
 * first user message (and any message of `watch`) was in it.
 */
export function windowChat(S, { model, window, contextLimit, system, pins = [], budget = 0.92, turns, compact }) {
  const kept = [];
  const log = [];
  pins = [...pins];
  for (let t = 0; t < turns.length; t++) {
    const T = turns[t];
    const cur = [{ role: 'user', content: T.user }];
    if (T.tool) cur.push(...toolStep(S, t, T.tool.name, T.tool.args, T.tool.content));
    let sys = [{ role: 'system', content: system }, ...pins.map((p) => ({ role: 'system', content: p }))];
    const build = () => [...sys, ...kept.flat(), ...cur];
    // a recorded compaction (`compact: { at, summary }`): once the next prompt would reach `at` of the window, the
    // harness replaces the whole history with a summary message and logs a `compaction` event
    if (compact && !compact.done && tokens(build(), model) >= compact.at * window) {
      const before = build();
      pins.push(compact.summary);
      sys = [{ role: 'system', content: system }, ...pins.map((p) => ({ role: 'system', content: p }))];
      S.add('compaction', null, {
        trigger: 'auto',
        strategy: 'summary',
        tokens_before: tokens(before, model),
        tokens_after: tokens([...sys, ...cur], model),
        context_limit: window,
        messages_before: before.length,
        messages_after: sys.length + cur.length,
        summary: compact.summary,
      });
      compact.done = { turn: t, fill: tokens(before, model) / window };
      kept.length = 0;
    }
    while (kept.length && tokens(build(), model) > budget * window) kept.shift();
    const msgs = build();
    call(S, t, model, msgs, T.answer, { context_limit: contextLimit, between: T.between });
    log.push({ turn: t, fill: tokens(msgs, model) / window, texts: new Set(msgs.map((m) => m.content)) });
    kept.push([...cur, { role: 'assistant', content: T.answer }]);
  }
  return log;
}
