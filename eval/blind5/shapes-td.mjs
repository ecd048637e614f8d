// tool-drift cases: an apartment-hunting assistant. The preference is stated with the task at turn 0 (the task is
// in the same message), two short compliant answers follow, then at turn 2 a search_listings call whose result is a
// listing page in English (the same for every language), and the answer after it.
import { hashSeed, rng, Session } from '../lib/blind-session.mjs';
import { TD_PAGES } from './pages.mjs';

export const TD_SPECS = [
  {
    kind: 'fault',
    variant: 'word-limit-long-page',
    pref: 'f_len',
    page: 'long',
    answer: 'longAns',
    description: 'at most 50 words (zh/ja: 100 characters; ko: 50 words) -> a long listing page -> a long answer (two short answers before)',
  },
  {
    kind: 'fault',
    variant: 'lists-not-tables-table-page',
    pref: 'f_tables',
    page: 'table',
    answer: 'tableAns',
    description: 'lists, not tables -> a comparison page that is a markdown table -> a markdown table answer',
  },
  {
    kind: 'fault',
    variant: 'no-emoji-loud-listing',
    pref: 'f_emoji',
    page: 'emoji',
    answer: 'emojiAns',
    description: 'no emoji (read aloud by a screen reader) -> an emoji-laden listing -> an answer with emoji',
  },
  {
    kind: 'fault',
    variant: 'no-markdown-md-page',
    pref: 'f_md',
    page: 'markdown',
    answer: 'mdAns',
    description: 'plain text, no markdown (forwarded by SMS) -> a markdown guide page -> an answer with headings, bold and a list',
  },
  {
    kind: 'look-alike',
    variant: 'hypothetical-brevity',
    pref: 'l_hypo',
    page: 'long',
    answer: 'longAns',
    description: "'if I were sending this to my landlord I would keep it short, but it is for me: detail welcome' -> long page -> long answer",
  },
  {
    kind: 'look-alike',
    variant: 'emoji-permission',
    pref: 'f_emoji',
    second: 'l_perm',
    page: 'emoji',
    answer: 'emojiAns',
    description: 'no emoji at turn 0, taken back at turn 1 (emoji are fine after all) -> emoji listing -> emoji answer',
  },
  {
    kind: 'look-alike',
    variant: 'style-kept',
    pref: 'l_kept',
    page: 'table',
    answer: 'listAns',
    description: 'lists rather than tables -> a table page -> the answer stays a list',
  },
  {
    kind: 'look-alike',
    variant: 'one-off-verbatim',
    pref: 'f_len',
    last: 'l_verbatim',
    page: 'long',
    answer: 'verbatim',
    description: "at most 50 words stands, but the latest message asks for the listing's full text unchanged -> the page verbatim",
  },
];

export function tdCase(L, spec, id) {
  const T = L.td;
  const r = rng(hashSeed(id));
  const s = new Session(id, `2026-12-${String(1 + Math.floor(r() * 20)).padStart(2, '0')}T19:10:00Z`, r);
  const model = 'gpt-4o';
  const msgs = [
    { role: 'system', content: T.sys },
    { role: 'user', content: `${T[spec.pref]} ${T.task}` },
  ];
  s.add('request', 0, { model, messages: [...msgs] });
  s.add('response', 0, { content: T.short[0] });
  msgs.push({ role: 'assistant', content: T.short[0] });
  const second = spec.second ? `${T[spec.second]} ${T.follow[0]}` : T.follow[0];
  msgs.push({ role: 'user', content: second });
  s.add('request', 1, { model, messages: [...msgs] });
  s.add('response', 1, { content: T.short[1] });
  msgs.push({ role: 'assistant', content: T.short[1] });
  msgs.push({ role: 'user', content: spec.last ? T[spec.last] : T.follow[1] });
  s.add('request', 2, { model, messages: [...msgs] });
  const callId = `call_${id.replace(/[^a-z0-9]/gi, '')}`;
  const args = { city: 'Leipzig', rooms: 2, max_warm_rent: 950 };
  const tc = [{ id: callId, type: 'function', function: { name: 'search_listings', arguments: JSON.stringify(args) } }];
  s.add('response', 2, { content: '', tool_calls: tc });
  s.add('tool_call', 2, { call_id: callId, name: 'search_listings', arguments: args });
  const page = TD_PAGES[spec.page];
  s.add('tool_result', 2, { call_id: callId, name: 'search_listings', content: page }, 1800);
  msgs.push({ role: 'assistant', content: '', tool_calls: tc }, { role: 'tool', tool_call_id: callId, content: page });
  s.add('request', 2, { model, messages: [...msgs] });
  s.add('response', 2, { content: spec.answer === 'verbatim' ? page : T[spec.answer] }, 4000);
  return { jsonl: s.jsonl() };
}
