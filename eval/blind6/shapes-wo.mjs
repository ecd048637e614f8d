// blind6 window-overflow shapes (and ignored-in-context's window differential): a ferry quay's duty officer asks
// about the berth log every turn; the harness keeps [system, pins..., history] under 92% of the window by
// dropping whole old turns, oldest first (or, in one fault, compacts the history into a summary).
import { countMessages, encodingFor, hashSeed, rng, Session } from '../lib/blind-session.mjs';
import { berthLog, EN_WRONG, FERRY_SYS } from './shared.mjs';

export const WO_SPECS = [
  {
    kind: 'fault',
    variant: 'no-tables-evicted',
    model: 'gpt-4',
    limit: 8192,
    rule: 'tables',
    final: 'table',
    description: 'turn 0: "no tables in this whole chat"; the turn leaves the window (oldest-first trim, >=75% fill); the last answer is a markdown table',
  },
  {
    kind: 'fault',
    variant: 'reply-language-evicted',
    model: 'gpt-3.5-turbo',
    limit: 16385,
    ctx: true,
    rule: 'lang',
    final: 'wrong',
    description: 'turn 0: "always answer in <my language>, even if the log notes are in another one"; trimmed away; the last answer is in English (en: German)',
  },
  {
    kind: 'fault',
    variant: 'word-limit-evicted',
    model: 'qwen-plus',
    limit: 8000,
    ctx: true,
    rule: 'length',
    final: 'long',
    description: 'turn 0: "every answer under 40 words" (CJK: 60 characters); trimmed away; the last answer runs far over',
  },
  {
    kind: 'fault',
    variant: 'no-emoji-compacted',
    model: 'llama-3.1-8b-instruct',
    limit: 8192,
    ctx: true,
    rule: 'emoji',
    compaction: true,
    final: 'emoji',
    description:
      'turn 0: "no emoji in replies"; an auto compaction (tokens_before 82-96%) writes a summary without the rule; two turns later the answer has emoji',
  },
  {
    kind: 'look-alike',
    variant: 'encouragement-keep-it-up',
    model: 'gpt-4',
    limit: 8192,
    cheer: true,
    final: 'table',
    description: 'turn 1: praise that sounds like an order ("keep it up, never stop being this sharp"); trimmed away; a table at the end breaks nothing',
  },
  {
    kind: 'look-alike',
    variant: 'pinned-in-system',
    model: 'qwen-plus',
    limit: 8000,
    ctx: true,
    pin: 'emoji',
    final: 'plain',
    description:
      '"no emoji" at turn 0, restated in the third person in a second system message from turn 1 on; turn 0 leaves the window, the pin stays; the answers keep the rule',
  },
  {
    kind: 'look-alike',
    variant: 'language-switched-back',
    model: 'gpt-3.5-turbo',
    limit: 16385,
    ctx: true,
    temp: true,
    final: 'plain',
    description:
      'turn 0: "reply in English (en: German) today, a colleague reads along"; turn 2: "he has gone, back to <my language>"; both leave the window; the last answer is in the user\'s language',
  },
  {
    kind: 'look-alike',
    variant: 'one-off-short-answer',
    model: 'qwen-plus',
    limit: 8000,
    ctx: true,
    once: true,
    final: 'long',
    description: 'turn 0: "just this once, under 30 words, I read it over the radio" (a one-off); trimmed away; the last answer is long',
  },
];

/** ignored-in-context's window differential: the rule left the history but is pinned in the system prompt. */
export const IIC_WINDOW_SPEC = {
  kind: 'fault',
  variant: 'pinned-rule-ignored-after-trim',
  model: 'llama-3.1-8b-instruct',
  limit: 8192,
  ctx: true,
  rule: 'lang',
  pin: 'lang',
  final: 'wrong',
  description:
    '"always answer in <my language>" at turn 0, pinned in a second system message from turn 1; turn 0 is trimmed away (window pressure) but the pin is in the final prompt; the last answer is in English (en: German): ignored, not evicted',
};

export function woCase(L, spec, id) {
  const W = L.wo;
  const r = rng(hashSeed(id));
  const s = new Session(id, '2026-11-02T05:40:00Z', r);
  const enc = encodingFor(spec.model);
  const limit = spec.limit;
  const sys = { role: 'system', content: FERRY_SYS };
  const pins = [];
  const history = []; // blocks of messages, one per turn
  const wrongFinal = W.wrongFinal ?? EN_WRONG.woFinal;
  const temp = W.tempAnswers ?? EN_WRONG.woTemp;

  let ruleText = null;
  const keyTurns = new Set([0]);
  const userText = (t) => {
    const q = W.questions[t % W.questions.length];
    if (t === 0) {
      if (spec.rule) ruleText = W.rules[spec.rule];
      if (spec.pin === 'emoji') ruleText = W.pinRule;
      if (spec.temp) ruleText = W.tempRule;
      if (spec.once) ruleText = W.once;
      return [W.intro, ruleText, q].filter(Boolean).join(' ');
    }
    if (t === 1 && spec.cheer) {
      keyTurns.add(1);
      return `${W.cheer} ${q}`;
    }
    if (t === 2 && spec.temp) {
      keyTurns.add(2);
      return `${W.back} ${q}`;
    }
    return q;
  };
  const answerText = (t) => {
    if (spec.temp && t < 2) return temp[t % temp.length];
    if (spec.once && t === 0) return W.onceAnswer;
    return W.answers[t % W.answers.length];
  };

  const prompt = (current) => [sys, ...pins, ...history.flat(), ...current];
  const requests = [];
  let compacted = -1;
  let droppedAt = -1;
  let t = 0;
  let finished = false;
  while (!finished) {
    if (t > 40) throw new Error(`${id}: never dropped the rule`);
    if (t === 1 && spec.pin) pins.push({ role: 'system', content: spec.pin === 'emoji' ? W.pinned : W.pinnedLang });
    const allDropped = [...keyTurns].every((k) => !history.some((b) => b.turn === k));
    const isFinal = spec.compaction ? compacted >= 0 && t >= compacted + 2 : allDropped && droppedAt >= 0 && t >= droppedAt + 1 && t > 2;
    const user = { role: 'user', content: isFinal ? W.finalQ : userText(t) };
    let current = [user];
    let call = null;
    if (!isFinal) {
      const callId = `call_${id}_${t}`;
      const args = JSON.stringify({ day: `2026-11-${String(2 + t).padStart(2, '0')}` });
      let lines = 6;
      let log = berthLog(r, Date.parse('2026-11-02T05:00:00Z') + t * 86400000, lines);
      while (countMessages([{ role: 'tool', content: log }], enc) < 0.12 * limit) {
        lines += 2;
        log = berthLog(rng(hashSeed(`${id}/${t}`)), Date.parse('2026-11-02T05:00:00Z') + t * 86400000, lines);
      }
      call = { callId, args, log };
      current = [
        user,
        { role: 'assistant', content: '', tool_calls: [{ id: callId, type: 'function', function: { name: 'read_berth_log', arguments: args } }] },
        { role: 'tool', tool_call_id: callId, content: log },
      ];
    }
    // compaction (one fault): when the next prompt would pass 82% of the window
    if (spec.compaction && compacted < 0 && countMessages(prompt(current), enc) > 0.82 * limit) {
      const before = countMessages(prompt(current), enc);
      const summary = { role: 'system', content: `${W.summaryTitle}\n${W.summary}` };
      const kept = history.slice(-1);
      s.add('compaction', null, {
        trigger: 'auto',
        strategy: 'summary',
        tokens_before: before,
        context_limit: limit,
        messages_before: 1 + history.flat().length,
        messages_after: 2 + kept.flat().length,
        summary: summary.content,
      });
      history.splice(0, history.length, ...kept);
      pins.push(summary);
      compacted = t;
    }
    while (countMessages(prompt(current), enc) > 0.92 * limit && history.length) {
      const b = history.shift();
      if (keyTurns.has(b.turn) && [...keyTurns].every((k) => k === b.turn || !history.some((h) => h.turn === k))) droppedAt = t;
    }
    if (call) {
      s.add('tool_call', t, { call_id: call.callId, name: 'read_berth_log', arguments: call.args });
      s.add('tool_result', t, { call_id: call.callId, name: 'read_berth_log', content: call.log });
    }
    const messages = prompt(current);
    const req = { request_id: `${id}-r${t}`, model: spec.model, messages };
    if (spec.ctx) req.context_limit = limit;
    s.add('request', t, req);
    requests.push({ t, messages, n: countMessages(messages, enc) });
    let content;
    if (isFinal) {
      content = { table: W.finalTable, wrong: wrongFinal, long: W.finalLong, emoji: W.finalEmoji, plain: W.finalPlain }[spec.final];
      finished = true;
    } else content = answerText(t);
    s.add('response', t, { request_id: `${id}-r${t}`, content, finish_reason: 'stop' });
    const block = [...current, { role: 'assistant', content }];
    block.turn = t;
    history.push(block);
    t += 1;
  }
  // checks: the rule was carried, then is absent from the last prompt; the first prompt without it is near full
  const has = (q) => q.messages.some((m) => m.role === 'user' && m.content.includes(ruleText ?? W.intro));
  if (!has(requests[0])) throw new Error(`${id}: rule not in the first prompt`);
  if (has(requests.at(-1))) throw new Error(`${id}: rule still in the last prompt`);
  const firstWithout = requests.find((q) => !has(q));
  const fill = firstWithout.n / limit;
  if (!spec.compaction && fill < 0.75) throw new Error(`${id}: first prompt without the rule at ${fill.toFixed(2)}`);
  return { jsonl: s.jsonl(), fill, turns: t };
}
