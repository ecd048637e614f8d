// Sessions of the analyzers that follow a user's constraint through a chat: window-overflow, ignored-in-context,
// tool-drift. Each shape takes a language pack (lang/*.mjs), a variant and a Log, writes the events and returns
// nothing; the variant's label (fault or look-alike) is in generate.mjs's table.
import { bullets, Chat, logOfTokens, table, tokens } from './kit.mjs';

const rot = (xs, k) => xs.map((_, i) => xs[(i + k) % xs.length]);
const listAnswer = (L, k) => `${L.intro}\n${bullets(rot(L.items, k).slice(0, 4))}`;
const tableAnswer = (L, k) => {
  const items = rot(L.items, k).slice(0, 4);
  return `${L.intro}\n\n${table(
    L.head,
    items.map((x, i) => [x, L.notes[(i + k) % L.notes.length]]),
  )}`;
};
const emojiAnswer = (L, k) => {
  const e = ['🎉', '✨', '👍', '🚀', '😊', '🙌'];
  const p = L.plain[k % L.plain.length];
  return `${e[k % e.length]} ${p} ${e[(k + 1) % e.length]}${e[(k + 2) % e.length]}`;
};

// ---------------------------------------------------------------- window-overflow
// evicted (fault): the framework trims the oldest turns to fit an 8k window; the turn that stated "no tables"
//   leaves while the prompt is near full, and the next answer is a table.
// compacted (fault): a recorded compaction replaces the history with a summary that does not carry the rule.
// pinned (look-alike): the same trimming, but the rule is pinned in the system prompt; answers stay lists.
// withdrawn (look-alike): the user lifts the rule before it is trimmed away; later answers use tables.
export function windowOverflow(L, variant, log) {
  const limit = 8192;
  const sys = variant === 'pinned' ? `${L.sys}\n${L.pinTables}` : L.sys;
  const chat = new Chat(log, { limit, budget: Math.round(limit * 0.9), system: sys });
  const r = log.r;
  if (variant === 'compacted') {
    chat.say(`${L.noTables} ${L.asks[0]}`, listAnswer(L, 0));
    for (let k = 1; k <= 3; k++) {
      const out = logOfTokens(r, L.items, 1200);
      chat.say(L.asks[k], listAnswer(L, k), { tool: { name: 'search_records', args: { q: L.items[k] }, output: out } });
    }
    const before = chat.history.flat();
    const tb = tokens(before.map((m) => m.content).join('\n')) + 4 * before.length;
    log.ev('compaction', {
      trigger: 'auto',
      strategy: 'summary',
      tokens_before: tb,
      tokens_after: tokens(L.summary) + 40,
      context_limit: limit,
      messages_before: before.length + 1,
      messages_after: 2,
      summary: L.summary,
    });
    chat.history = [[{ role: 'user', content: L.summary }]];
    chat.say(L.asks[4], tableAnswer(L, 4));
    chat.say(L.asks[5], tableAnswer(L, 5));
    return;
  }
  chat.say(`${L.noTables} ${L.asks[0]}`, listAnswer(L, 0));
  let lifted = false;
  for (let k = 1; k <= 7; k++) {
    const out = logOfTokens(r, rot(L.items, k), 1300);
    let user = L.asks[k];
    if (variant === 'withdrawn' && k === 2) {
      user = `${L.tablesOk} ${L.asks[k]}`;
      lifted = true;
    }
    // after the stated turn left the prompt, the fault's answers turn into tables
    const held = (messages) => messages.some((m) => m.role === 'user' && m.content.startsWith(L.noTables));
    const list = listAnswer(L, k);
    const tab = tableAnswer(L, k);
    let answer = list;
    if (variant === 'evicted') answer = (messages) => (held(messages) ? list : tab);
    if (variant === 'withdrawn' && lifted) answer = tab;
    chat.say(user, answer, { tool: { name: 'search_records', args: { q: L.items[k % L.items.length] }, output: out } });
  }
}

// ---------------------------------------------------------------- ignored-in-context
// buried (fault): "no emoji" stated; a 2,600-token plain log sits after it in the final prompt; the answer has emoji.
// top (fault): stated in the first message, two short exchanges after it; the third answer has emoji.
// restated (fault): a memory block restating the rule sits right before the last user message; emoji anyway.
// complied (look-alike): the buried shape, but the answer keeps to the rule.
// oneoff (look-alike): "no tables", then a request for one table this once; the answer is that table.
export function ignoredInContext(L, variant, log) {
  const chat = new Chat(log, { limit: 128000, system: L.sys });
  const r = log.r;
  if (variant === 'oneoff') {
    chat.say(`${L.noTables} ${L.asks[0]}`, listAnswer(L, 0));
    chat.say(L.asks[1], listAnswer(L, 1));
    chat.say(L.oneoffTable, tableAnswer(L, 2));
    return;
  }
  chat.say(`${L.noEmoji} ${L.asks[0]}`, L.plain[0]);
  if (variant === 'buried' || variant === 'complied') {
    const out = logOfTokens(r, L.items, 2600);
    const answer = variant === 'buried' ? emojiAnswer(L, 1) : L.plain[1];
    chat.say(L.asks[1], answer, { tool: { name: 'export_log', args: { day: '2026-05-06' }, output: out } });
    return;
  }
  chat.say(L.asks[1], L.plain[1]);
  if (variant === 'top') {
    chat.say(L.asks[2], L.plain[2]);
    chat.say(L.asks[3], emojiAnswer(L, 3));
    return;
  }
  // restated
  chat.say(L.asks[2], emojiAnswer(L, 2), { inject: [{ role: 'developer', content: L.emojiMemory }] });
}

// ---------------------------------------------------------------- tool-drift
// emoji (fault): "no emoji" in a calm style; plain answers; a tool returns hype full of emoji; the answer copies it.
// length (fault): a word / character limit; short answers; a tool returns a long page; the answer runs long.
// calm (look-alike): the same loud tool result, and the answer stays plain.
// lifted (look-alike): the user allows emoji again before the loud tool result.
export function toolDrift(L, variant, log) {
  const chat = new Chat(log, { limit: 128000, system: L.sys });
  if (variant === 'length') {
    chat.say(`${L.maxWords} ${L.asks[0]}`, L.plain[0]);
    chat.say(L.asks[1], L.plain[1]);
    chat.say(L.lookup[1], L.page.slice(0, 10).join(' '), { tool: { name: 'fetch_page', args: { url: L.pageUrl }, output: L.page.join(' ') } });
    return;
  }
  chat.say(`${L.calm} ${L.asks[0]}`, L.plain[0]);
  chat.say(variant === 'lifted' ? `${L.emojiOk} ${L.asks[1]}` : L.asks[1], L.plain[1]);
  const answer = variant === 'calm' ? L.plain[2] : L.promoAnswer;
  chat.say(L.lookup[0], answer, { tool: { name: 'web_search', args: { q: L.items[0] }, output: L.promo } });
}
