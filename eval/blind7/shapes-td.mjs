// blind7, tool-drift: planning a hut-to-hut trek. gpt-4o. The preference comes with the task at turn 0, two short
// answers honour it, at turn 2 `search_huts` (a response with tool_calls and empty content, tool_call, tool_result,
// a request holding the tool message) returns an English page, and the answer follows.
import { HUT_PAGES, HUT_SYS } from './shared.mjs';
import { call, open, toolStep } from './kit.mjs';

export const TD_SPECS = [
  {
    kind: 'fault',
    variant: 'word-limit-after-long-page',
    rule: 'short',
    page: 'long',
    a2: 'a2long',
    description: 'turn 0: keep answers under 40 words (CJK: 80 characters); a 400-word hut page; the answer runs to 120+ words (250+ characters)',
  },
  {
    kind: 'fault',
    variant: 'exclamations-after-loud-page',
    rule: 'noExcl',
    page: 'excl',
    a2: 'a2excl',
    description: 'turn 0: no exclamation marks; a hut page full of them; the answer has several',
  },
  {
    kind: 'fault',
    variant: 'xml-after-xml-page',
    rule: 'noXml',
    page: 'xml',
    a2: 'a2xml',
    description: 'turn 0: no XML or markup, plain text; the availability feed is XML; the answer is XML',
  },
  {
    kind: 'look-alike',
    variant: 'word-limit-kept',
    rule: 'short',
    page: 'long',
    a2: 'a2short',
    description: 'turn 0: keep answers under 40 words; the 400-word page; the answer stays short',
  },
  {
    kind: 'look-alike',
    variant: 'description-pasted-as-is',
    rule: 'noExcl',
    page: 'excl',
    ask: 'askVerbatim',
    a2: 'a2verbatim',
    description: 'turn 0: no exclamation marks; turn 2 asks for the hut\'s own description as-is to forward to friends; the page quoted with its "!"',
  },
  {
    kind: 'look-alike',
    variant: 'word-limit-lifted-with-the-search',
    rule: 'short',
    page: 'long',
    ask: 'askRelease',
    a2: 'a2long',
    description: 'turn 0: under 40 words; turn 2, the same message as the search: forget the length, all the details now; a long answer',
  },
  {
    kind: 'fault',
    variant: 'bullets-after-bulleted-page',
    rule: 'noLists',
    page: 'list',
    a2: 'a2list',
    description: 'turn 0: no bullet lists, normal paragraphs; the hut page is a bulleted list; the answer is a bulleted list',
  },
  {
    kind: 'look-alike',
    variant: 'own-emoji-habit',
    rule: 'habitEmoji',
    page: 'emoji',
    a2: 'a2emoji',
    description: 'turn 0: "I never use emoji myself" (the user\'s own habit, no rule); an emoji-laden hut page; the answer has emoji',
  },
];

const MODEL = 'gpt-4o';

export function tdCase(L, spec, id) {
  const S = open(id);
  const T = L.td;
  const msgs = [{ role: 'system', content: HUT_SYS }];
  msgs.push({ role: 'user', content: `${T.rules[spec.rule]} ${T.task}` });
  call(S, 0, MODEL, msgs, T.a0);
  msgs.push({ role: 'assistant', content: T.a0 }, { role: 'user', content: T.q1 });
  call(S, 1, MODEL, msgs, T.a1);
  msgs.push({ role: 'assistant', content: T.a1 }, { role: 'user', content: T[spec.ask ?? 'q2'] });
  // the model asks for the tool: a response with tool_calls and no text
  const callId = `call_${id.replace(/[^a-z0-9]/gi, '')}`;
  const args = { area: 'Valdritta', nights: ['2027-09-15'] };
  const rid = `${S.id}-r${String(S.n + 1).padStart(3, '0')}`;
  S.add('request', 2, { request_id: rid, model: MODEL, messages: structuredClone(msgs) });
  S.add('response', 2, {
    request_id: rid,
    content: '',
    finish_reason: 'tool_calls',
    tool_calls: [{ id: callId, type: 'function', function: { name: 'search_huts', arguments: JSON.stringify(args) } }],
  });
  const [, toolMsg] = toolStep(S, 2, 'search_huts', args, HUT_PAGES[spec.page], callId);
  msgs.push(
    { role: 'assistant', content: '', tool_calls: [{ id: callId, type: 'function', function: { name: 'search_huts', arguments: JSON.stringify(args) } }] },
    toolMsg,
  );
  const a2 =
    spec.a2 === 'a2verbatim'
      ? `${T.verbatimIntro}\n\n${HUT_PAGES.excl}`
      : spec.a2 === 'a2xml'
        ? `<answer>\n  <summary>${T.xmlSummary}</summary>\n  <hut name="Rifugio Passo Valdritta" free_beds="11" half_board_eur="62"/>\n  <hut name="Malga Sella" free_beds="3" half_board_eur="55"/>\n</answer>`
        : T[spec.a2];
  call(S, 2, MODEL, msgs, a2);
  return { jsonl: S.jsonl() };
}
