// window-overflow cases: a greenhouse-sensor assistant whose framework keeps [system, ...history] under 92% of the
// window by dropping the oldest turns (a turn: the user's message and everything after it). Each data turn reads a
// sensor export of about 12% of the window (machine lines, the same in every language). The last turn asks for an
// overall view without a tool, so the answer's style owes nothing to a tool result.
import { countMessages, encodingFor, hashSeed, pick, rng, Session } from '../lib/blind-session.mjs';

const HOUSE = 'B2';

function sensorLines(r, bed, day, tokens, encoding) {
  const out = [];
  let t = Date.parse(`2026-11-${String(10 + day).padStart(2, '0')}T00:00:00Z`);
  const probe = `sm-${String(bed).padStart(2, '0')}${pick(r, ['a', 'b', 'c'])}`;
  let sm = 26 + r() * 8;
  let n = 0;
  let text = '';
  while (n < tokens) {
    t += 600000;
    sm += (r() - 0.55) * 0.6;
    const temp = (14 + r() * 8).toFixed(1);
    const rh = Math.floor(68 + r() * 25);
    const co2 = Math.floor(420 + r() * 500);
    const valve = r() < 0.15 ? 'open' : 'closed';
    const flow = valve === 'open' ? (2 + r() * 3).toFixed(1) : '0.0';
    const line = `${new Date(t).toISOString()} site=eastfield house=${HOUSE} bed=${String(bed).padStart(2, '0')} probe=${probe} soil_moisture=${sm.toFixed(1)} air_temp_c=${temp} rh=${rh} co2_ppm=${co2} valve=${valve} flow_l_min=${flow}`;
    out.push(line);
    text = out.join('\n');
    n = countMessages([{ role: 'tool', content: text }], encoding);
  }
  return text;
}

const fill = (tpl, vars) => tpl.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));

export const WO_SPECS = [
  {
    kind: 'fault',
    variant: 'no-emoji-evicted',
    model: 'gpt-4',
    window: 8192,
    stmt: 'f_emoji',
    final: 'emoji',
    description: 'no emoji (stated turn 1) dropped by oldest-first trimming near the window (gpt-4, 8,192 built-in); the final answer uses emoji',
  },
  {
    kind: 'fault',
    variant: 'reply-language-evicted',
    model: 'gpt-3.5-turbo',
    window: 16385,
    stmt: 'f_lang',
    final: 'foreign',
    description:
      "always answer in the user's language (turn 1) dropped near the window (gpt-3.5-turbo, 16,385); the final answer is in another language (English; Spanish for en)",
  },
  {
    kind: 'fault',
    variant: 'lists-not-tables-evicted',
    model: 'qwen-plus',
    window: 8000,
    given: true,
    stmt: 'f_tables',
    final: 'table',
    description: 'lists, not tables (turn 1) dropped near the window (qwen-plus, context_limit 8,000 given); the final answer is a markdown table',
  },
  {
    kind: 'fault',
    variant: 'no-lists-compacted',
    model: 'llama-3.1-8b-instruct',
    window: 8192,
    given: true,
    stmt: 'f_lists',
    final: 'list',
    compaction: true,
    description:
      'no bullet or numbered lists (turn 1); a recorded auto compaction (summary titled in the language) replaced the history without the rule; the final answer is a bullet list',
  },
  {
    kind: 'look-alike',
    variant: 'reported-rule-of-other',
    model: 'gpt-4',
    window: 8192,
    stmt: 'l_reported',
    ack: 'ackReported',
    final: 'table',
    description:
      "the user reports a third person's habit (his agronomist never wants tables sent to him); dropped near the window, then a table: not an instruction to the assistant",
  },
  {
    kind: 'look-alike',
    variant: 'pinned-language',
    model: 'gpt-3.5-turbo',
    window: 16385,
    stmt: 'l_lang',
    pin: true,
    final: 'plain',
    description:
      "always answer in the user's language (turn 1), restated in the third person in a pinned system message from turn 2: the message is dropped near the window but the pin carries it",
  },
  {
    kind: 'look-alike',
    variant: 'permission-later',
    model: 'mistral-small-latest',
    window: 12000,
    given: true,
    stmt: 'l_perm1',
    stmt2: 'l_perm2',
    ack2: 'ackPerm2',
    final: 'table',
    description: 'no tables (turn 1), then at turn 2 the user takes it back (tables are fine now); both dropped near the window, then a table',
  },
  {
    kind: 'look-alike',
    variant: 'one-off-no-emoji',
    model: 'gpt-4',
    window: 8192,
    stmt: 'l_oneoff',
    ack: 'oneoffAns',
    final: 'emoji',
    description: 'no emoji asked for one answer only (a complaint text for a supplier); dropped near the window, later an answer with emoji',
  },
];

export function woCase(L, EN, spec, id) {
  const W = L.wo;
  const r = rng(hashSeed(id));
  const s = new Session(id, `2026-11-${String(16 + Math.floor(r() * 10)).padStart(2, '0')}T07:${String(Math.floor(r() * 50) + 10)}:00Z`, r);
  const enc = encodingFor(spec.model);
  const limit = spec.window;
  const base = spec.given ? { model: spec.model, context_limit: limit } : { model: spec.model };
  const sys = [{ role: 'system', content: W.sys }];
  const pin = { role: 'system', content: W.pin };
  let history = [];
  let lastCount = 0;
  let carried = false;
  let dropped = false;
  let dropFill = 0;
  let afterDrop = 0;
  const statement = W[spec.stmt];
  const system = (turn) => (spec.pin && turn >= 2 ? [...sys, pin] : sys);
  const has = (msgs) => msgs.some((m) => m.content === statement);

  function send(turn, msgs) {
    const n = countMessages(msgs, enc);
    s.add('request', turn, { ...base, messages: msgs });
    lastCount = n;
    if (has(msgs)) carried = true;
    else if (carried && !dropped) {
      dropped = true;
      dropFill = n / limit;
    }
    return n;
  }
  function trimmed(turn, tail) {
    let msgs = [...system(turn), ...history.flat(), ...tail];
    if (!spec.compaction) {
      while (countMessages(msgs, enc) > 0.92 * limit && history.length > 1) {
        history.shift();
        msgs = [...system(turn), ...history.flat(), ...tail];
      }
    }
    return msgs;
  }
  function chat(turn, userText, answer) {
    const u = { role: 'user', content: userText };
    send(turn, trimmed(turn, [u]));
    s.add('response', turn, { content: answer, finish_reason: 'stop' });
    history.push([u, { role: 'assistant', content: answer }]);
  }

  chat(0, W.hello, W.helloAns);
  chat(1, statement, W[spec.ack ?? 'ack']);
  let turn = 2;
  if (spec.stmt2) chat(turn++, W[spec.stmt2], W[spec.ack2]);
  let compacted = false;
  const beds = [2, 3, 4, 5, 6, 7, 8, 9, 3, 4, 5, 6, 7, 8];
  for (let i = 0; turn < 40; i++, turn++) {
    const bed = beds[i % beds.length];
    const u = { role: 'user', content: fill(W.ask[i % W.ask.length], { bed }) };
    const callId = `call_${id.replace(/[^a-z0-9]/gi, '')}_${turn}`;
    const args = { house: HOUSE, bed, day: i % 7 };
    const content = sensorLines(r, bed, i % 7, Math.round(limit * 0.12), enc);
    const call = {
      role: 'assistant',
      content: '',
      tool_calls: [{ id: callId, type: 'function', function: { name: 'read_sensor_export', arguments: JSON.stringify(args) } }],
    };
    const tool = { role: 'tool', tool_call_id: callId, content };
    if (spec.compaction && !compacted) {
      const would = countMessages([...system(turn), ...history.flat(), u, call, tool], enc);
      if (would > 0.9 * limit) {
        s.add(
          'compaction',
          null,
          {
            trigger: 'auto',
            strategy: 'summary',
            tokens_before: lastCount,
            context_limit: limit,
            messages_before: history.flat().length + 1,
            summary: W.summary,
          },
          900,
        );
        history = [[{ role: 'system', content: W.summary }]];
        compacted = true;
        dropped = true;
        dropFill = lastCount / limit;
      }
    }
    s.add('tool_call', turn, { call_id: callId, name: 'read_sensor_export', arguments: args });
    s.add('tool_result', turn, { call_id: callId, name: 'read_sensor_export', content }, 1500);
    const msgs = trimmed(turn, [u, call, tool]);
    send(turn, msgs);
    const a = (20 + r() * 15).toFixed(0);
    const b = (Number(a) - 3 - r() * 6).toFixed(0);
    const t = (9 + r() * 5).toFixed(1);
    const f = (2 + r() * 3).toFixed(1);
    const h = (72 + r() * 18).toFixed(0);
    const answer = fill(W.ans[i % W.ans.length], { bed, a, b, t, f, h });
    s.add('response', turn, { content: answer, finish_reason: 'stop' });
    history.push([u, call, tool, { role: 'assistant', content: answer }]);
    if (dropped) afterDrop += 1;
    if (afterDrop >= 2) break;
  }
  turn += 1;
  const finalAnswer =
    spec.final === 'emoji'
      ? W.emojiAns
      : spec.final === 'foreign'
        ? (W.foreignAns ?? EN.wo.weekEn)
        : spec.final === 'table'
          ? W.tableAns
          : spec.final === 'list'
            ? W.listAns
            : W.weekAns;
  chat(turn, W.final, finalAnswer);
  // checks: the statement was carried, then left the prompt, under window pressure (or a recorded compaction)
  const last = s.events.filter((e) => e.kind === 'request').at(-1);
  if (!carried || !dropped || has(last.messages)) throw new Error(`${id}: statement not carried then dropped`);
  if (!spec.compaction && dropFill < 0.75) throw new Error(`${id}: drop at ${dropFill.toFixed(2)} of the window`);
  return { jsonl: s.jsonl(), fill: dropFill, turns: turn + 1 };
}
