// blind8, the chat shapes: window-overflow (a beekeeping cooperative pasting its hive-scale exports), tool-drift
// (a campervan trip, a `search_campsites` tool) and ignored-in-context (a wedding's catering, two caterers' offers).
import { Case, check, countMessages, encodingFor, measure } from './kit.mjs';
import { SYS, TD_PAGE_EMOJI, TD_PAGE_FOREIGN, TD_ANSWER_FOREIGN, TD_RULES_FOREIGN, offerLines } from './shared.mjs';

// export lines per night, per language: the drop comes at another turn in each
const EXPORT_LINES = [24, 16, 20, 27, 18, 22, 26, 14, 21, 25];
const HIVES = ['H01', 'H02', 'H03', 'H04', 'H05', 'H06', 'H07', 'H08', 'H09', 'H10', 'H11', 'H12'];

function exportLines(c, code, hive, night, lines) {
  const out = [];
  let w = 38 + c.r() * 12;
  for (let h = 0; h < lines; h++) {
    const d = (c.r() - 0.6) * 0.2;
    w += d;
    const hh = `${String(Math.floor(h / 2) % 24).padStart(2, '0')}:${h % 2 ? '30' : '00'}`;
    out.push(
      `2026-05-${String(3 + night).padStart(2, '0')}T${hh} apiary=${code} hive=${hive} weight_kg=${w.toFixed(2)} d_kg=${d.toFixed(2)} brood_c=${(34 + c.r() * 1.4).toFixed(1)} hum_pct=${Math.floor(55 + c.r() * 20)} ext_c=${(6 + c.r() * 9).toFixed(1)}`,
    );
  }
  return out.join('\n');
}

const has = (msgs, text) => msgs.some((m) => m.content === text);

/**
 * window-overflow. variant: 'headings' (F, gpt-4 by the built-in table), 'length' (F, gpt-4o under the
 * application's own 6,000-token budget, usage reported), 'pinned' (L, the rule pinned as a system message),
 * 'talk' (L, small talk and a one-off table, no rule).
 */
export function windowOverflow(id, L, li, variant) {
  const c = new Case(id, { epoch: li % 3 === 2 });
  const s = c.session(id, `2026-05-${String(4 + li).padStart(2, '0')}T05:40:00Z`);
  const W = L.wo;
  const cfg = {
    headings: { model: 'gpt-4', window: 8192, budget: Math.floor(8192 * 0.9) },
    length: { model: 'gpt-4o', window: 128000, budget: 6000, usage: true },
    pinned: { model: 'llama-3.1-8b-instruct', window: 8000, budget: 7300, limit: true },
    talk: { model: 'deepseek-chat', window: 9000, budget: 8300, limit: true },
  }[variant];
  const enc = encodingFor(cfg.model);
  const extra = { ...(cfg.limit ? { context_limit: cfg.window } : {}), ...(cfg.usage ? { usage: true } : {}) };
  const rule = variant === 'length' ? W.ruleLen : variant === 'talk' ? null : W.ruleHead;
  let history = [];
  const prompts = [];
  let dropTurn = -1;
  let overviewTurn = -1;
  let wouldBeAtDrop = 0;
  let night = 0;
  let hi = li % HIVES.length;
  let endTurn = 99;
  for (let t = 0; t <= endTurn; t++) {
    let user;
    let answer;
    if (t === 0) {
      user = W.intro;
      answer = W.introAns;
    } else if (t === 1 && rule) {
      user = rule;
      answer = W.ack;
    } else if (t === overviewTurn) {
      user = W.overviewQ;
      const hs = HIVES.slice(0, variant === 'length' ? 11 : 3).map((h, k) => W.ans(h, (0.2 + k * 0.15).toFixed(1), (34.2 + (k % 5) * 0.2).toFixed(1)));
      if (variant === 'headings' || variant === 'talk') answer = `## ${W.h1}\n\n${hs.join(' ')}\n\n## ${W.h2}\n\n${W.nextText}`;
      else if (variant === 'length') answer = `${hs.join(' ')} ${W.closing}`;
      else answer = `${hs.join(' ')} ${W.nextText}`;
    } else {
      night += 1;
      const hive = HIVES[hi++ % HIVES.length];
      const talkAt = { 1: 0, 4: 1, 6: 2 };
      let lead = W.ask(night, hive);
      if (variant === 'talk' && talkAt[t] !== undefined) lead = `${W.talk[talkAt[t]]} ${lead}`;
      if (variant === 'talk' && t === 3) lead = `${W.tableQ} ${lead}`;
      user = `${lead}\n\n${exportLines(c, W.code, hive, night, EXPORT_LINES[li])}`;
      const dk = (0.1 + c.r() * 0.8).toFixed(1);
      const br = (34.1 + c.r()).toFixed(1);
      answer = W.ans(hive, dk, br);
      if (variant === 'talk' && t === 3)
        answer = `| ${W.hiveWord} | Δ kg | °C |\n|---|---|---|\n| ${hive} | -${dk} | ${br} |\n| ${HIVES[(hi + 3) % 12]} | -0.3 | 34.6 |`;
    }
    const sys = [{ role: 'system', content: SYS.wo }];
    if (variant === 'pinned' && t >= 2) sys.push({ role: 'system', content: W.pinned });
    const userMsg = { role: 'user', content: user };
    const wouldBe = countMessages([...sys, ...history, userMsg], enc);
    let msgs = [...sys, ...history, userMsg];
    while (countMessages(msgs, enc) > cfg.budget) {
      history = history.slice(2);
      msgs = [...sys, ...history, userMsg];
    }
    if (rule && t > 1 && dropTurn < 0 && !has(msgs, rule)) {
      dropTurn = t;
      wouldBeAtDrop = wouldBe;
      overviewTurn = t + 1 + (li % 2);
      endTurn = overviewTurn + 1 + (li % 2);
    }
    if (!rule && t >= 2 && dropTurn < 0 && !has(msgs, W.intro)) {
      dropTurn = t;
      wouldBeAtDrop = wouldBe;
      overviewTurn = t + 1 + (li % 2);
      endTurn = overviewTurn + 1 + (li % 2);
    }
    prompts.push({ t, msgs, n: countMessages(msgs, enc) });
    c.call(s, t, cfg.model, msgs, answer, extra);
    history = [...history, userMsg, { role: 'assistant', content: answer }];
    check(t < 40, `${id}: the rule never left the prompt`);
  }
  // what the case claims, checked
  if (rule) {
    for (const p of prompts) if (p.t >= 1 && p.t < dropTurn) check(has(p.msgs, rule), `${id}: rule missing at turn ${p.t} before the drop`);
    for (const p of prompts) if (p.t >= dropTurn) check(!has(p.msgs, rule), `${id}: rule back at turn ${p.t}`);
  }
  const at = prompts.find((p) => p.t === dropTurn);
  if (variant === 'length') {
    const max = Math.max(...prompts.map((p) => p.n));
    check(wouldBeAtDrop >= 0.95 * max && max >= 0.02 * cfg.window && at.n >= max / 2, `${id}: no budget pressure`);
    const ans = s.events.filter((e) => e.kind === 'response' && e.turn === overviewTurn)[0].content;
    const m = measure(ans);
    check(W.limit.unit === 'chars' ? m.cjk > W.limit.n * 1.5 : m.words > W.limit.n * 1.3, `${id}: long answer not long (${JSON.stringify(m)})`);
    for (const e of s.events) {
      if (e.kind !== 'response' || e.turn === overviewTurn || e.turn < 1 || e.turn > overviewTurn) continue;
      const k = measure(e.content);
      check(W.limit.unit === 'chars' ? k.cjk <= W.limit.n : k.words <= W.limit.n, `${id}: answer at turn ${e.turn} over the limit`);
    }
  } else {
    // EVENTS/README: the prompt before the drop, the one after it, or the would-be prompt at 75% of the window or more
    const before = prompts.find((p) => p.t === dropTurn - 1);
    check(Math.max(before.n, at.n) >= 0.75 * cfg.window && wouldBeAtDrop > cfg.budget, `${id}: fill around the drop ${before.n}, ${at.n}/${cfg.window}`);
  }
  if (variant === 'pinned') for (const p of prompts) if (p.t >= 2) check(has(p.msgs, W.pinned), `${id}: pinned copy missing`);
  return {
    c,
    detail: {
      dropTurn,
      overviewTurn,
      fill: +(at.n / cfg.window).toFixed(3),
      fillBefore: +(prompts.find((p) => p.t === dropTurn - 1).n / cfg.window).toFixed(3),
      wouldBe: +(wouldBeAtDrop / cfg.window).toFixed(3),
      turns: endTurn + 1,
      model: cfg.model,
    },
  };
}

/** tool-drift. variant: 'emoji' (F), 'language' (F), 'emoji-kept' (L), 'original' (L). */
export function toolDrift(id, L, li, variant) {
  const c = new Case(id, { parts: li % 4 === 1 });
  const s = c.session(id, `2026-06-${String(2 + li).padStart(2, '0')}T17:10:00Z`);
  const T = L.td;
  const events = li % 2 === 0; // even: tool_call + tool_result events; odd: the tool message in the request only
  const model = 'gpt-4o';
  const early = li % 3 === 0; // the rule comes with the trip at turn 0
  const rule = variant.startsWith('emoji') ? T.ruleEmoji : T.ruleLang;
  const msgs = [{ role: 'system', content: SYS.td }];
  let t = 0;
  let calls = 0;
  const turn = (user, answer) => {
    msgs.push({ role: 'user', content: user });
    c.call(s, t, model, [...msgs], answer);
    msgs.push({ role: 'assistant', content: answer });
    t += 1;
  };
  const toolTurn = (user, args, result, answer) => {
    msgs.push({ role: 'user', content: user });
    calls += 1;
    const call_id = `call_${id.replace(/-/g, '')}_${calls}`;
    const tc = [{ id: call_id, type: 'function', function: { name: 'search_campsites', arguments: JSON.stringify(args) } }];
    c.call(s, t, model, [...msgs], '', { tool_calls: tc });
    msgs.push({ role: 'assistant', content: '', tool_calls: tc });
    if (events) {
      s.add('tool_call', t, { call_id, name: 'search_campsites', arguments: args });
      s.add('tool_result', t, { call_id, name: 'search_campsites', content: result }, 1500);
    }
    msgs.push({ role: 'tool', tool_call_id: call_id, content: typeof result === 'string' ? result : JSON.stringify(result) });
    c.call(s, t, model, [...msgs], answer);
    msgs.push({ role: 'assistant', content: answer });
    t += 1;
  };
  if (early) turn(`${T.intro} ${rule}`, T.introAns);
  else {
    turn(T.intro, T.introAns);
    turn(rule, T.ack);
  }
  const data = [
    { name: T.site1, free_pitches: 4, price_eur: 27, dogs: true, distance_km: 3.1 },
    { name: T.site2, free_pitches: 0, price_eur: 31, dogs: false, distance_km: 5.4 },
    { name: T.site3, free_pitches: 2, price_eur: 24, dogs: true, distance_km: 8.9 },
  ];
  toolTurn(T.q1, { near: T.town, date: '2026-06-19', free: true }, data, T.a1);
  const foreign = L.code === 'en' ? 'de' : 'en';
  if (variant === 'emoji') toolTurn(T.q2, { name: T.site1, details: true }, TD_PAGE_EMOJI(T.site1), T.aEmoji);
  else if (variant === 'emoji-kept') toolTurn(T.q2, { name: T.site1, details: true }, TD_PAGE_EMOJI(T.site1), T.aPlain);
  else if (variant === 'language') toolTurn(T.q2, { name: T.site1, details: true }, TD_PAGE_FOREIGN[foreign](T.site1), TD_ANSWER_FOREIGN[foreign](T.site1));
  else toolTurn(T.qOrig, { name: T.site1, details: true }, TD_PAGE_FOREIGN[foreign](T.site1), `${T.aOrigLead}\n\n"${TD_RULES_FOREIGN[foreign]}"`);
  if (li % 2 === 1) turn(T.bye, T.byeAns);
  if (variant === 'emoji') check(/\p{Extended_Pictographic}/u.test(T.aEmoji) && !/\p{Extended_Pictographic}/u.test(T.a1 + T.ack + T.introAns), `${id}: emoji`);
  if (variant === 'emoji-kept') check(!/\p{Extended_Pictographic}/u.test(T.aPlain + T.a1 + T.byeAns), `${id}: plain`);
  return { c, detail: { early, tool_events: events } };
}

const bullets = (a) =>
  a
    .split('|')
    .map((x) => `- ${x.trim()}`)
    .join('\n');
const prose = (a) =>
  a
    .split('|')
    .map((x) => x.trim())
    .join(' ');

/**
 * ignored-in-context. variant: 'lists' (F: "no bullet lists" stated mid-session, broken turns later),
 * 'memory-emoji' (F: a constraint memory of an earlier session, injected by every search, broken),
 * 'once' (L: "just this once" a bullet list), 'withdrawn' (L: the memory rule withdrawn and deleted, then emoji).
 */
export function ignoredInContext(id, L, li, variant) {
  const c = new Case(id, { epoch: li % 2 === 1, parts: li % 3 === 2 });
  const I = L.ic;
  const user = { user: `couple-${100 + li}` };
  const day = String(1 + li).padStart(2, '0');
  const model = 'gpt-4o-mini';
  const mem = variant === 'memory-emoji' || variant === 'withdrawn';
  const mEmoji = `${id}-m-emoji`;
  const mOther = `${id}-m-venue`;
  if (mem) {
    const p = c.session(`${id}-prev`, `2026-07-${day}T19:00:00Z`);
    c.call(
      p,
      0,
      model,
      [
        { role: 'system', content: SYS.ic },
        { role: 'user', content: I.memSource },
      ],
      I.ackRule,
      { scope: user },
    );
    c.write(p, 0, `${id}-w1`, { memory_id: mEmoji, memory_type: 'constraint', text: I.memEmoji, store: 'couples', source: 'user', scope: user }, [
      'requested',
      'committed',
    ]);
    c.write(p, 0, `${id}-w2`, { memory_id: mOther, memory_type: 'fact', text: I.memOther, store: 'couples', source: 'user', scope: user }, [
      'requested',
      'committed',
    ]);
  }
  const s = c.session(id, `2026-07-${String(22 + (li % 6)).padStart(2, '0')}T20:15:00Z`);
  const hist = [];
  let t = 0;
  let live = [mEmoji, mOther];
  const turn = (u, answer) => {
    const sys = [{ role: 'system', content: SYS.ic }];
    if (mem) {
      const texts = { [mEmoji]: I.memEmoji, [mOther]: I.memOther };
      s.add('retrieval', t, {
        retrieval_id: `${id}-q${t}`,
        query: u.slice(0, 200),
        top_k: 3,
        filters: { user_id: user.user },
        scope: user,
        candidates: live.map((m, k) => ({
          id: m,
          score: +(0.81 - k * 0.07).toFixed(2),
          text: texts[m],
          metadata: { type: m === mEmoji ? 'constraint' : 'fact' },
        })),
      });
      // odd languages: the memory block as a developer message (EVENTS.md's roles)
      sys.push({ role: li % 2 === 1 ? 'developer' : 'system', content: `${I.memHeader}\n${live.map((m) => `- ${texts[m]}`).join('\n')}` });
    }
    hist.push({ role: 'user', content: u });
    c.call(s, t, model, [...sys, ...hist], answer, { scope: user });
    hist.push({ role: 'assistant', content: answer });
    t += 1;
  };
  const late = li % 2 === 1;
  const E = ' 🎉🥂💐';
  if (variant === 'lists' || variant === 'once') {
    turn(I.intro, I.introAns);
    turn(I.q[0], prose(I.a[0]));
    turn(I.ruleLists, I.ackLists);
    turn(`${I.q[1]}\n\n${offerLines(c.r)}`, prose(I.a[1]));
    if (late) turn(I.q[3], prose(I.a[3]));
    if (variant === 'lists') turn(I.q[2], bullets(I.a[2]));
    else turn(I.onceQ, bullets(I.a[2]));
    if (!late) turn(I.q[3], prose(I.a[3]));
  } else {
    turn(I.intro, I.introAns);
    if (variant === 'memory-emoji') {
      turn(I.q[0], prose(I.a[0]));
      if (late) turn(I.q[3], prose(I.a[3]));
      turn(I.q[2], `${prose(I.a[2])}${E}`);
    } else {
      const u = I.withdraw;
      turn(u, I.ackWithdraw);
      c.write(s, t - 1, `${id}-w3`, { memory_id: mEmoji, op: 'delete', previous_text: I.memEmoji, store: 'couples', scope: user }, ['requested', 'committed']);
      live = [mOther];
      turn(I.q[0], `${prose(I.a[0])}${E}`);
      if (late) turn(I.q[2], `${prose(I.a[2])} 💍✨`);
    }
  }
  for (const a of [I.introAns, ...I.a, I.ackLists, I.ackRule, I.ackWithdraw])
    check(!/\p{Extended_Pictographic}/u.test(a) && !/^\s*[-*•]/m.test(a), `${id}: plain texts`);
  check(I.a[2].split('|').length >= 3, `${id}: three sentences to list`);
  return { c, detail: { late } };
}
