// window-overflow: an on-call chat whose tool outputs (log searches) fill a real model's window; the agent
// drops its oldest turns to stay under its budget. Faults: a standing constraint stated early is dropped, and
// the last answer breaks it. Look-alikes: the same pressure and drops, but what was dropped is no standing
// constraint (an idiom, a withdrawn rule, a one-off request, a rule inside a pasted e-mail), or the
// constraint is kept (pinned in the system prompt).
import { countMessages, encodingFor, logLines, Session } from '../../lib/blind-session.mjs';

/** Plays a chat through an agent that trims its prompt to `budget` tokens (or summarizes once, `summarize`). */
export function playChat({ id, start, r, model, contextLimit, budget, system, plan, logTokens, summary }) {
  const s = new Session(id, start, r);
  const encoding = encodingFor(model);
  const sys = { role: 'system', content: system };
  let groups = [];
  let summarized = false;
  let req = 0;
  let call = 0;
  const prompt = () => [sys, ...groups.flatMap((g) => g.msgs)];
  const trim = () => {
    while (countMessages(prompt(), encoding) > budget && groups.length > 1) {
      if (summary && !summarized) {
        const current = groups[groups.length - 1];
        groups = [{ turn: -1, pinned: true, msgs: [{ role: 'system', content: summary }] }, current];
        summarized = true;
        continue;
      }
      const i = groups.findIndex((g) => !g.pinned);
      if (i < 0 || i === groups.length - 1) break;
      groups.splice(i, 1);
    }
  };
  const send = (turn) => {
    trim();
    req += 1;
    const messages = structuredClone(prompt());
    const tokens = countMessages(messages, encoding);
    const e = { request_id: `${id}-r${req}`, model, messages };
    if (contextLimit) e.context_limit = contextLimit;
    s.add('request', turn, e, 1500 + Math.floor(r() * 20000));
    return { rid: e.request_id, tokens, messages };
  };
  const trace = [];
  plan.forEach((step, turn) => {
    const g = { turn, msgs: [{ role: 'user', content: step.user }] };
    groups.push(g);
    if (step.tool) {
      const { rid, tokens } = send(turn);
      call += 1;
      const callId = `call_${id.replace(/[^a-z0-9]/gi, '')}_${call}`;
      const args = JSON.stringify({ query: step.toolQuery ?? 'level:ERROR OR level:WARN', minutes: 30 });
      const tc = [{ id: callId, type: 'function', function: { name: 'search_logs', arguments: args } }];
      s.add('response', turn, {
        request_id: rid,
        content: '',
        tool_calls: tc,
        finish_reason: 'tool_calls',
        usage: { input_tokens: tokens, output_tokens: 24 },
      });
      s.add('tool_call', turn, { call_id: callId, name: 'search_logs', arguments: JSON.parse(args) }, 50);
      const lines = Math.round(logTokens / 41);
      const content = logLines(r, s.t - 1800000, lines);
      s.add('tool_result', turn, { call_id: callId, name: 'search_logs', content }, 900 + Math.floor(r() * 3000));
      g.msgs.push({ role: 'assistant', content: '', tool_calls: tc });
      g.msgs.push({ role: 'tool', tool_call_id: callId, content });
    }
    const { rid, tokens, messages } = send(turn);
    s.add('response', turn, {
      request_id: rid,
      content: step.answer,
      finish_reason: 'stop',
      usage: { input_tokens: tokens, output_tokens: 60 + Math.floor(r() * 200) },
    });
    g.msgs.push({ role: 'assistant', content: step.answer });
    trace.push({ turn, tokens, texts: messages.map((m) => m.content) });
  });
  return { session: s, trace };
}

function xmlAnswer(L) {
  return `<incident id="INC-4821" severity="2">\n  <summary>${L.xml.summary}</summary>\n  <cause>${L.xml.cause}</cause>\n  <actions>\n    <action>${L.xml.action}</action>\n  </actions>\n</incident>`;
}

export function tableAnswer(t) {
  const row = (cells) => `| ${cells.join(' | ')} |`;
  return [t.intro, '', row(t.head), row(t.head.map(() => '---')), ...t.rows.map(row)].join('\n');
}

/** The models: real names with their real windows, or an application budget far below a large window. */
const SETUPS = {
  gpt4: { model: 'gpt-4', contextLimit: null, budget: 7700, logTokens: 1400, window: 8192 },
  gpt35: { model: 'gpt-3.5-turbo-0125', contextLimit: null, budget: 15600, logTokens: 2600, window: 16385 },
  llama3: { model: 'meta-llama/Meta-Llama-3-8B-Instruct', contextLimit: 8192, budget: 7700, logTokens: 1400, window: 8192 },
  appBudget: { model: 'gpt-4o-2024-08-06', contextLimit: null, budget: 6000, logTokens: 1100, window: 128000 },
};

/** hello, the opener (turn 1, when given), the six log questions with `inserts[i]` after question i, the final ask. */
function plan(L, opener, openerAnswer, inserts, final) {
  const steps = [{ user: L.hello, answer: L.helloA }];
  if (opener) steps.push({ user: opener, answer: openerAnswer ?? L.ack });
  L.asks.forEach((q, i) => {
    steps.push({ user: q, answer: L.answers[i], tool: true });
    if (inserts?.[i]) steps.push(inserts[i]);
  });
  steps.push({ ...final, tool: true });
  return steps;
}

export function windowOverflowCases({ L, start, rngFor }) {
  const out = [];
  const c = L.code;
  const specs = [
    {
      v: 'no-xml-gpt4',
      fault: true,
      setup: 'gpt4',
      opener: L.noXml,
      final: { user: L.askTicket, answer: xmlAnswer(L) },
      mustDrop: L.noXml,
      d: 'never use XML (turn 1), gpt-4 8,192-token window fills with log searches, oldest turns dropped, incident write-up answered in XML',
    },
    {
      v: 'no-emoji-gpt35',
      fault: true,
      setup: 'gpt35',
      opener: L.noEmoji,
      final: { user: L.askStatus, answer: L.emojiAnswer },
      mustDrop: L.noEmoji,
      d: 'no emoji (turn 1), gpt-3.5-turbo 16,385-token window overflows, turn 1 dropped, status answer full of emoji',
    },
    {
      v: 'no-tables-llama3',
      fault: true,
      setup: 'llama3',
      opener: L.noTables,
      final: { user: L.askTable, answer: tableAnswer(L.table) },
      mustDrop: L.noTables,
      d: 'lists instead of tables (turn 1), Llama-3-8B-Instruct 8,192 window (context_limit given), dropped, answer is a markdown table',
    },
    {
      v: 'no-emoji-app-budget',
      fault: true,
      setup: 'appBudget',
      opener: L.noEmoji,
      final: { user: L.askStatus, answer: L.emojiAnswer },
      mustDrop: L.noEmoji,
      d: 'no emoji (turn 1), gpt-4o with the application trimming its prompt to a 6,000-token budget, dropped, emoji answer',
    },
    {
      v: 'no-xml-summary',
      fault: true,
      setup: 'gpt4',
      opener: L.noXml,
      summary: `${L.summaryHead}\n${L.summaryBody}`,
      final: { user: L.askTicket, answer: xmlAnswer(L) },
      mustDrop: L.noXml,
      d: 'never use XML (turn 1); at the gpt-4 window the history is replaced by a summary that omits the rule; XML answer',
    },
    {
      v: 'idiom',
      fault: false,
      setup: 'gpt4',
      opener: null,
      inserts: { 0: { user: L.idiom1, answer: L.ack }, 2: { user: L.idiom2, answer: L.ack } },
      final: { user: L.askTable, answer: tableAnswer(L.table) },
      mustDrop: L.idiom1,
      d: 'encouragement and idioms ("keep it up", "never mind") after the first answers, dropped by the overflow; no constraint was ever given',
    },
    {
      v: 'withdrawn',
      fault: false,
      setup: 'gpt4',
      opener: L.noTables,
      inserts: { 1: { user: L.withdrawTables, answer: L.ack } },
      final: { user: L.askTable, answer: tableAnswer(L.table) },
      mustDrop: L.noTables,
      d: 'lists-not-tables stated, then withdrawn two turns later; both dropped by the overflow; the later table is allowed',
    },
    {
      v: 'one-off',
      fault: false,
      setup: 'gpt4',
      opener: null,
      inserts: { 0: { user: L.oneOff, answer: L.oneOffA } },
      final: { user: L.askTable, answer: tableAnswer(L.table) },
      mustDrop: L.oneOff,
      d: 'a one-off request to turn the first answer into bullet points (turn 3), dropped by the overflow; a later table breaks no standing rule',
    },
    {
      v: 'pasted-email',
      fault: false,
      setup: 'gpt4',
      opener: L.email,
      openerAnswer: L.emailA,
      final: { user: L.askStatus, answer: L.emojiAnswer },
      mustDrop: L.email,
      d: "a customer's e-mail pasted by the user says not to use emoji in replies to the customer; dropped; the assistant's own status to the user uses emoji",
    },
    {
      v: 'kept-pinned',
      fault: false,
      setup: 'gpt35',
      opener: L.noEmoji,
      pinned: L.pinnedEmoji,
      final: { user: L.askStatus, answer: L.plainFinal },
      mustDrop: L.noEmoji,
      d: 'no emoji (turn 1), the message is dropped by the overflow but the preference is pinned in the system prompt and kept',
    },
  ];
  specs.forEach((sp, i) => {
    const id = `wo-${sp.fault ? 'f' : 'l'}-${c}-${String(i + 1).padStart(2, '0')}`;
    const st = SETUPS[sp.setup];
    const r = rngFor(id);
    const system = sp.pinned ? `${L.sys}\n\n${sp.pinned}` : L.sys;
    const steps = plan(L, sp.opener, sp.openerAnswer, sp.inserts, sp.final);
    const { session, trace } = playChat({
      id,
      start: start(i),
      r,
      model: st.model,
      contextLimit: st.contextLimit,
      budget: st.budget,
      system,
      plan: steps,
      logTokens: st.logTokens,
      summary: sp.summary,
    });
    // The generator checks its own premise: the opener left the prompt before the last answer, under pressure.
    const last = trace[trace.length - 1];
    if (last.texts.includes(sp.mustDrop)) throw new Error(`${id}: turn 1 still in the last prompt`);
    const peak = Math.max(...trace.map((t) => t.tokens));
    if (peak < 0.8 * st.budget) throw new Error(`${id}: no pressure`);
    out.push({ id, fault: sp.fault, variant: sp.v, description: `${sp.d} (peak ${peak} tokens)`, session });
  });
  return out;
}
