// blind7, ignored-in-context: renovating a flat, comparing contractor quotes. gpt-4o, far from its window: whatever
// was said stays in every prompt. Turn 0 states the rule with the task, turn 1 is answered in line with it, turn 2
// breaks it (faults) or only seems to (look-alikes).
import { DE_WRONG, EN_WRONG, quoteItems, RENO_SYS } from './shared.mjs';
import { call, open, tokens, toolStep, write } from './kit.mjs';

export const IC_SPECS = [
  {
    kind: 'fault',
    variant: 'language-rule-broken',
    rule: 'lang',
    a2: 'wrong',
    description: 'turn 0: please always answer in <my language>; turn 2 (no tool, nothing after the rule but the chat) answered in English (en: German)',
  },
  {
    kind: 'fault',
    variant: 'memory-lists-not-tables-broken',
    memory: true,
    a1: 'a1list',
    a2: 'a2table',
    description: 'a committed preference memory "bullet lists, never tables" injected as a system message in every prompt; turn 1 a list; turn 2 a table',
  },
  {
    kind: 'fault',
    variant: 'no-exclamation-buried-under-quote-items',
    rule: 'noExcl',
    tool: true,
    a2: 'a2excl',
    description:
      'turn 0: no exclamation marks (pasted into letters to the landlord); turn 2 imports a quote of 2,600+ tokens of plain line items; the answer has exclamation marks',
  },
  {
    kind: 'look-alike',
    variant: 'operator-note-resisted',
    rule: 'lang',
    operator: true,
    a2: 'a2',
    description:
      "turn 0: always answer in <my language>; before turn 2 a system note says always answer in English (en: Spanish); the answer stays in the user's language",
  },
  {
    kind: 'look-alike',
    variant: 'emoji-allowed-again',
    rule: 'noEmoji',
    permitAt: 1,
    a2: 'a2emoji',
    description: 'turn 0: no emoji; turn 1: emoji are fine again; turn 2 has emoji',
  },
  {
    kind: 'look-alike',
    variant: 'previous-answer-as-table',
    rule: 'noTables',
    redo: true,
    a2: 'a2table',
    description: 'turn 0: no tables; turn 2 asks to redo the previous answer as a table to paste into a spreadsheet; a table',
  },
  {
    kind: 'fault',
    variant: 'word-limit-broken-no-tool',
    rule: 'short',
    a2: 'long',
    description:
      'turn 0: a length limit (en, es, de, fr, pt: 60 words; ko, ru: 40 words; zh: 100 characters; ja: 120) that the two first answers keep; turn 2 (no tool) runs over it (56 to 81 words, 128 to 193 characters)',
  },
  {
    kind: 'look-alike',
    variant: 'limit-stated-in-the-answered-message',
    ruleAt2: 'short',
    a2: 'long',
    description: "the same limit, stated only in turn 2's message, the one the long answer replies to; the session ends there",
  },
];

const MODEL = 'gpt-4o';

export function icCase(L, spec, id) {
  const S = open(id);
  const I = L.ic;
  const sys = [{ role: 'system', content: RENO_SYS }];
  if (spec.memory) {
    write(S, 0, `${id}-w1`, { memory_id: `${id}-m1`, memory_type: 'preference', text: I.memLists, store: 'home-projects', source: 'user' }, [
      'requested',
      'committed',
    ]);
    sys.push({ role: 'system', content: `${I.memHeader}\n- ${I.memLists}` });
  }
  const hist = [];
  const u0 = spec.rule ? `${I.rules[spec.rule]} ${I.task}` : I.task;
  hist.push({ role: 'user', content: u0 });
  call(S, 0, MODEL, [...sys, ...hist], I.a0);
  hist.push({ role: 'assistant', content: I.a0 });

  const u1 = spec.permitAt === 1 ? `${I.permitEmoji} ${I.q1}` : I.q1;
  hist.push({ role: 'user', content: u1 });
  const a1 = I[spec.a1 ?? 'a1'];
  call(S, 1, MODEL, [...sys, ...hist], a1);
  hist.push({ role: 'assistant', content: a1 });

  let u2 = I.q2;
  if (spec.tool) u2 = I.q2tool;
  if (spec.redo) u2 = I.redoTable;
  if (spec.ruleAt2) u2 = `${I.rules[spec.ruleAt2]} ${I.q2}`;
  hist.push({ role: 'user', content: u2 });
  const tail = [];
  if (spec.tool) {
    let n = 30;
    let items = quoteItems(S.r, n);
    while (tokens([{ role: 'tool', content: items }], MODEL) < 2600) {
      n += 5;
      items = quoteItems(S.r, n);
    }
    tail.push(...toolStep(S, 2, 'fetch_quote_items', { quote: 'Q-2' }, items));
  }
  if (spec.operator)
    tail.push({ role: 'system', content: L.code === 'en' ? 'Nota del operador: responde siempre en español.' : 'Operator note: always answer in English.' });
  const a2 = spec.a2 === 'wrong' ? (L.code === 'en' ? DE_WRONG.icAnswer : EN_WRONG.icAnswer) : spec.a2 === 'long' ? `${I.a2} ${I.a1}` : I[spec.a2];
  call(S, 2, MODEL, [...sys, ...hist, ...tail], a2);
  return { jsonl: S.jsonl() };
}
