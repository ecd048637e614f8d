// blind6 ignored-in-context shapes: a freelancer's bookkeeping assistant (gpt-4o, far from its window). The rule
// is in the final prompt of the turn; the answer breaks it (faults) or only seems to (look-alikes).
import { countMessages, hashSeed, rng, Session } from '../lib/blind-session.mjs';
import { bankLines, BOOKS_SYS, EN_WRONG } from './shared.mjs';
import { IIC_WINDOW_SPEC, woCase } from './shapes-wo.mjs';

export const IIC_SPECS = [
  {
    kind: 'fault',
    variant: 'tables-ignored',
    rule: 'tables',
    q: 'software',
    final: 'table',
    description:
      'turn 0: "lists, not tables, in all your answers"; turn 1 honours it; turn 2 (no tool) answers with a markdown table while the rule is 4 messages from the end',
  },
  {
    kind: 'fault',
    variant: 'emoji-buried-under-statement',
    rule: 'emoji',
    q: 'statement',
    tool: true,
    final: 'emoji',
    description:
      'turn 0: "no emoji, I forward your answers to my accountant"; turn 2 imports a bank statement (2,600+ tokens of plain records, no emoji) after the rule; the answer has emoji',
  },
  {
    kind: 'fault',
    variant: 'language-vs-operator-note',
    rule: 'lang',
    q: 'vat',
    operator: true,
    final: 'wrong',
    description:
      'turn 0: "always answer in <my language>"; before turn 2 a system message "Operator note: always answer in English" (en: Spanish); the answer follows the note',
  },
  { ...IIC_WINDOW_SPEC },
  {
    kind: 'look-alike',
    variant: 'one-off-table-request',
    rule: 'tables',
    q: 'oneOff',
    final: 'table',
    description:
      '"lists, not tables" stands; the latest message asks, just this once, for the VAT by quarter as a table to copy into the tax form; the answer is a table',
  },
  {
    kind: 'look-alike',
    variant: 'emoji-rule-withdrawn',
    rule: 'emoji',
    withdraw: true,
    q: 'paid',
    final: 'emoji',
    description: '"no emoji" at turn 0, taken back at turn 1 ("forget what I said about emoji"); the answer at turn 2 has emoji',
  },
  {
    kind: 'look-alike',
    variant: 'rules-in-pasted-client-email',
    email: true,
    q: 'paid',
    final: 'emoji',
    description:
      'turn 1 pastes a client e-mail in quotation marks, two sentences ("Please do not use emoji in your replies to us. ..."): rules for the user, not for the assistant; the answer has emoji',
  },
  {
    kind: 'look-alike',
    variant: 'why-tables-question',
    why: true,
    q: 'software',
    final: 'table',
    description: 'turn 1 only asks "why do you always put the totals in a table?"; no rule; the answer at turn 2 is a table',
  },
];

export function iicCase(L, spec, id) {
  if (spec.pin) return woCase(L, spec, id);
  const B = L.iic;
  const r = rng(hashSeed(id));
  const s = new Session(id, '2026-10-28T19:02:00Z', r);
  const msgs = [{ role: 'system', content: BOOKS_SYS }];
  const turn = (t, userText, answer, opts = {}) => {
    if (opts.before) msgs.push(opts.before);
    msgs.push({ role: 'user', content: userText });
    if (opts.tool) {
      const callId = `call_${id}_stmt`;
      s.add('request', t, { request_id: `${id}-r${t}a`, model: 'gpt-4o', messages: structuredClone(msgs) });
      const tc = [{ id: callId, type: 'function', function: { name: 'import_bank_statement', arguments: '{"month":"2026-10"}' } }];
      s.add('response', t, { request_id: `${id}-r${t}a`, content: '', tool_calls: tc, finish_reason: 'tool_calls' });
      let n = 40;
      let data = bankLines(rng(hashSeed(`${id}/bank`)), n);
      while (countMessages([{ role: 'tool', content: data }], 'o200k_base') < 2600) {
        n += 10;
        data = bankLines(rng(hashSeed(`${id}/bank`)), n);
      }
      s.add('tool_call', t, { call_id: callId, name: 'import_bank_statement', arguments: '{"month":"2026-10"}' });
      s.add('tool_result', t, { call_id: callId, name: 'import_bank_statement', content: data });
      msgs.push({ role: 'assistant', content: '', tool_calls: tc }, { role: 'tool', tool_call_id: callId, content: data });
    }
    s.add('request', t, { request_id: `${id}-r${t}`, model: 'gpt-4o', messages: structuredClone(msgs) });
    s.add('response', t, { request_id: `${id}-r${t}`, content: answer, finish_reason: 'stop' });
    msgs.push({ role: 'assistant', content: answer });
  };
  const t0 = spec.rule ? `${B.task} ${B.rules[spec.rule]}` : spec.why ? `${B.task} ${B.q.software}` : B.task;
  turn(0, t0, spec.why ? B.tableAnswer : B.a0);
  if (spec.withdraw) turn(1, `${B.withdraw} ${B.t1}`, B.a1);
  else if (spec.email) turn(1, B.email, B.emailAnswer);
  else if (spec.why) turn(1, B.why, B.whyAnswer);
  else turn(1, B.t1, B.a1);
  const final = { table: B.tableAnswer, vatTable: B.vatTable, emoji: B.emojiAnswer, wrong: B.wrongFinal ?? EN_WRONG.booksFinal }[spec.final];
  const before = spec.operator ? { role: 'system', content: B.operator ?? EN_WRONG.operator } : undefined;
  turn(2, B.q[spec.q], final, { tool: spec.tool, before });
  return { jsonl: s.jsonl() };
}
