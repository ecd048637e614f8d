// blind6 tool-drift shapes: a used-camera-gear assistant (gpt-4o). The preference comes with the task at turn 0,
// two short plain answers follow, then at turn 2 a search_listings call returns an English page (en: German for
// the language case) and the answer after it takes on the page's style (faults) or not / with leave (look-alikes).
import { hashSeed, rng, Session } from '../lib/blind-session.mjs';
import { EN_WRONG, LENS_SYS, PAGES } from './shared.mjs';

export const TD_SPECS = [
  {
    kind: 'fault',
    variant: 'emoji-page-emoji-answer',
    rule: 'emoji',
    page: 'emoji',
    final: 'emoji',
    description: '"no emoji in your answers" at turn 0; the listing page is full of emoji; the answer after it has emoji',
  },
  {
    kind: 'fault',
    variant: 'english-page-english-answer',
    rule: 'lang',
    page: 'prose',
    final: 'wrong',
    description:
      '"always answer in <my language>, even if the listings are in English" (en: in English, even if they are in German); the page is English (en: German); the answer switches to it',
  },
  {
    kind: 'fault',
    variant: 'table-page-table-answer',
    rule: 'tables',
    page: 'table',
    final: 'table',
    description: '"lists, not tables, I read on a small phone"; the page is a markdown table; the answer is a table',
  },
  {
    kind: 'fault',
    variant: 'headings-page-headings-answer',
    rule: 'headings',
    page: 'headings',
    final: 'headings',
    description: '"no headings in your answers, just plain paragraphs"; the page has ## headings and bold labels; the answer has headings',
  },
  {
    kind: 'look-alike',
    variant: 'emoji-page-style-kept',
    rule: 'emoji',
    page: 'emoji',
    final: 'plain',
    description: '"no emoji"; the emoji-laden page; the answer has none (kept the style)',
  },
  {
    kind: 'look-alike',
    variant: 'original-language-one-off',
    rule: 'lang',
    page: 'prose',
    final: 'original',
    q: 'original',
    description:
      'the language rule stands; the latest message asks for the seller\'s description "in its original language"; the answer quotes it in English (en: German)',
  },
  {
    kind: 'look-alike',
    variant: 'tables-allowed-again',
    rule: 'tables',
    permit: true,
    page: 'table',
    final: 'table',
    description: '"lists, not tables" at turn 0; turn 1 "tables are fine now, I\'m at my laptop"; table page; table answer',
  },
  {
    kind: 'look-alike',
    variant: 'dads-rule-reported',
    dad: true,
    page: 'emoji',
    final: 'emoji',
    description: 'turn 0 reports the father\'s rule ("my dad always says: no emoji in messages to him"); no rule for the assistant; emoji page, emoji answer',
  },
];

export function tdCase(L, spec, id) {
  const T = L.td;
  const r = rng(hashSeed(id));
  const s = new Session(id, '2026-11-14T10:15:00Z', r);
  const msgs = [{ role: 'system', content: LENS_SYS }];
  const turn = (t, text, answer) => {
    msgs.push({ role: 'user', content: text });
    s.add('request', t, { request_id: `${id}-r${t}`, model: 'gpt-4o', messages: structuredClone(msgs) });
    s.add('response', t, { request_id: `${id}-r${t}`, content: answer, finish_reason: 'stop' });
    msgs.push({ role: 'assistant', content: answer });
  };
  const first = spec.dad ? `${T.dad} ${T.task}` : `${T.rules[spec.rule]} ${T.task}`;
  turn(0, first, T.a0);
  turn(1, spec.permit ? `${T.permission} ${T.t1}` : T.t1, T.a1);
  // turn 2: the search
  const callId = `call_${id}_search`;
  msgs.push({ role: 'user', content: spec.q === 'original' ? T.original : T.t2 });
  s.add('request', 2, { request_id: `${id}-r2a`, model: 'gpt-4o', messages: structuredClone(msgs) });
  const args = JSON.stringify({ query: 'Fujifilm X 35mm lens', max_price_eur: 400 });
  const tc = [{ id: callId, type: 'function', function: { name: 'search_listings', arguments: args } }];
  s.add('response', 2, { request_id: `${id}-r2a`, content: '', tool_calls: tc, finish_reason: 'tool_calls' });
  s.add('tool_call', 2, { call_id: callId, name: 'search_listings', arguments: args });
  const page = spec.page === 'prose' && T.proseDe ? PAGES.proseDe : PAGES[spec.page];
  s.add('tool_result', 2, { call_id: callId, name: 'search_listings', content: page });
  msgs.push({ role: 'assistant', content: '', tool_calls: tc }, { role: 'tool', tool_call_id: callId, content: page });
  s.add('request', 2, { request_id: `${id}-r2`, model: 'gpt-4o', messages: structuredClone(msgs) });
  const final = {
    emoji: T.emojiAnswer,
    plain: T.plainAnswer,
    table: T.tableAnswer,
    headings: T.headingsAnswer,
    wrong: T.wrongAnswer ?? EN_WRONG.lensFinal,
    original: T.originalAnswer ?? `${T.originalIntro}\n\n${EN_WRONG.lensOriginal}`,
  }[spec.final];
  s.add('response', 2, { request_id: `${id}-r2`, content: final, finish_reason: 'stop' });
  return { jsonl: s.jsonl() };
}
