// window-overflow, tool-drift, ignored-in-context: chat sessions built from each language's texts (lang/<code>.mjs).
import { assert, call, countMessages, encodingFor, fill, session } from './kit.mjs';

const SYS_WO =
  'You are ClearPath, the customs-clearance assistant of a freight forwarder. Read container manifests with the fetch_manifest tool and help the clearance clerk spot problems before the goods are declared.';
const SYS_TD =
  'You are the assistant of an antiquarian bookshop. Use catalog_lookup to read the shop catalogue and dealer listings. Help the bookseller price, describe and answer customers.';
const SYS_IC = 'You are TaxMate, an assistant that helps private households prepare their annual income tax return. Be accurate; do not give legal advice.';

const HS = ['9403.60.10', '9401.61.00', '9403.50.00', '9403.89.00', '4421.99.99', '9405.21.00', '6304.93.00', '9401.79.00'];
const DESC = [
  'OAK SIDEBOARD 3 DRAWERS',
  'RATTAN ARMCHAIR',
  'BOOKSHELF PINE 5 TIERS',
  'BED FRAME ACACIA 160',
  'WALL SHELF TEAK',
  'FLOOR LAMP BRASS',
  'CUSHION COVER LINEN',
  'STOOL METAL BLACK',
];

function manifest(r, c, lines, consignee) {
  const out = [`manifest container=${c} vessel="MSC ALINA" voyage=FA548W pol=VNSGN status=AVAILABLE lines=${lines}`];
  for (let i = 1; i <= lines; i++) {
    const k = Math.floor(r() * HS.length);
    const pk = 2 + Math.floor(r() * 40);
    const net = Math.round(pk * (8 + r() * 30) * 10) / 10;
    const gross = Math.round((net + (r() < 0.04 ? -3.5 : pk * (0.4 + r()))) * 10) / 10;
    out.push(
      `line=${String(i).padStart(3, '0')} hbl=HLCU${String(4_200_000 + Math.floor(r() * 700_000))} hs=${HS[k]} desc="${DESC[k]}" pkgs=${pk} gross_kg=${gross} net_kg=${net} origin=VN consignee="${consignee}"`,
    );
  }
  return out.join('\n');
}

/** window-overflow: the clerk reads one manifest per turn; the harness trims (or compacts) to stay in the window. */
export function windowOverflow(L, ctx, variant) {
  const W = L.wo;
  const r = ctx.r;
  const compact = variant === 'compacted' || variant === 'compacted-kept';
  const model = compact ? 'mistral-small-2409' : 'qwen-max';
  const limit = compact ? 32000 : 32768; // mistral: given on the request; qwen-max: the built-in table's
  const enc = encodingFor(model);
  const budget = compact ? Math.floor(limit * 0.85) : Math.floor(limit * 0.9);
  const rule = compact ? W.ruleEmoji : W.ruleTables;
  const containers = Array.from({ length: 16 }, (_, i) => `${['MSCU', 'MEDU', 'TGHU', 'CAIU'][i % 4]}${String(7_310_000 + i * 3_917 + Math.floor(r() * 900))}`);
  const sizes = containers.map(() => 62 + Math.floor(r() * 50));

  function simulate(reminderAt) {
    const s = session(ctx.sid(), ctx.start, r);
    const sys = { role: 'system', content: SYS_WO };
    let hist = [];
    const log = [];
    const ask = (turn, user, answer, tool) => {
      const u = { role: 'user', content: user };
      const group = [u];
      let msgs = [sys, ...hist, u];
      let cut = 0;
      let compacted = null;
      const wouldBe = countMessages(msgs, enc) + (tool ? tool.tokens : 0);
      if (wouldBe > budget && !compact) {
        while (countMessages([sys, ...hist, u], enc) + (tool ? tool.tokens : 0) > budget) {
          hist = hist.slice(hist[0].groupLen);
          cut++;
        }
        msgs = [sys, ...hist, u];
      } else if (wouldBe > budget && compact) {
        const summary = { role: ctx.odd ? 'user' : 'system', content: variant === 'compacted' ? W.summary : W.summaryKept };
        const before = countMessages(msgs, enc);
        const mb = msgs.length;
        hist = [summary];
        hist[0].groupLen = 1;
        msgs = [sys, ...hist, u];
        compacted = { before, after: countMessages(msgs, enc), mb, ma: msgs.length };
        s.add('compaction', null, {
          trigger: 'auto',
          strategy: 'summary',
          tokens_before: before,
          tokens_after: compacted.after,
          context_limit: limit,
          messages_before: mb,
          messages_after: compacted.ma,
          summary: summary.content,
        });
      }
      const extra = compact ? { context_limit: limit } : {};
      if (tool) {
        const callId = `call_${turn}_${Math.floor(r() * 1e6).toString(36)}`;
        const tc = [{ id: callId, type: 'function', function: { name: 'fetch_manifest', arguments: JSON.stringify({ container: tool.c }) } }];
        s.add('request', turn, { request_id: `${s.id}-r${turn}a`, model, messages: msgs.map(strip), ...extra });
        s.add('response', turn, { request_id: `${s.id}-r${turn}a`, content: '', tool_calls: tc, finish_reason: 'tool_calls' });
        const a1 = { role: 'assistant', content: '', tool_calls: tc };
        const tm = { role: 'tool', tool_call_id: callId, content: tool.text };
        if (!ctx.odd) {
          s.add('tool_call', turn, { call_id: callId, name: 'fetch_manifest', arguments: { container: tool.c } });
          s.add('tool_result', turn, { call_id: callId, name: 'fetch_manifest', content: tool.text });
        }
        group.push(a1, tm);
        msgs = [...msgs, a1, tm];
      }
      s.add('request', turn, { request_id: `${s.id}-r${turn}`, model, messages: msgs.map(strip), ...extra });
      s.add('response', turn, { request_id: `${s.id}-r${turn}`, content: answer, finish_reason: 'stop' }, 2500 + Math.floor(r() * 9000));
      group.push({ role: 'assistant', content: answer });
      group[0].groupLen = group.length;
      hist = [...hist, ...group];
      log.push({ turn, wouldBe, tokens: countMessages(msgs, enc), hasRule: msgs.some((m) => m.content === rule), cut, compacted, msgs });
    };
    ask(0, fill(W.hello, { port: W.port }), W.helloAnswer);
    ask(1, rule, W.ack);
    let turn = 2;
    let dropped = null;
    let i = 0;
    while (dropped === null || turn <= dropped + (ctx.odd ? 2 : 1)) {
      const c = containers[i];
      const tool = { c, text: manifest(r, c, sizes[i], W.consignee) };
      tool.tokens = countMessages([{ role: 'tool', content: tool.text }], enc) + 40;
      const k = i % W.asks.length;
      let user = fill(W.asks[k], { c });
      if (reminderAt !== undefined && turn === reminderAt) user = `${user} ${W.reminder}`;
      const flagged = 1 + Math.floor(r() * (sizes[i] - 1));
      const answer = fill(W.answers[k], { c, n: sizes[i], k: String(flagged).padStart(3, '0') });
      ask(turn, user, answer, tool);
      const last = log[log.length - 1];
      if (dropped === null && !last.hasRule) dropped = turn;
      turn++;
      i++;
      assert(i < containers.length, `${ctx.id}: the rule never left the prompt`);
    }
    // the overview for the broker call, from the history (no tool)
    const rows = containers.slice(0, i).map((c, j) => ({ c, s: W.status[j % W.status.length], note: W.notes[j % W.notes.length] }));
    let overview;
    if (variant === 'evicted') {
      overview = `${W.tableIntro}\n\n| ${W.tableHead.join(' | ')} |\n|---|---|---|\n${rows.map((x) => `| ${x.c} | ${x.s} | ${x.note} |`).join('\n')}`;
    } else if (variant === 'restated') {
      overview = `${W.listIntro}\n${rows.map((x) => `- ${x.c}: ${x.s}, ${x.note}`).join('\n')}`;
    } else if (variant === 'compacted') {
      overview = `${W.emojiIntro} 📋\n${rows.map((x, j) => `${j % 3 === 1 ? '⚠️' : '✅'} ${x.c}: ${x.s}`).join('\n')}\n${W.emojiOutro} 🚚`;
    } else {
      overview = `${W.listIntro}\n${rows.map((x) => `- ${x.c}: ${x.s}`).join('\n')}\n${W.plainOutro}`;
    }
    ask(turn, W.overviewAsk, overview);
    return { s, log, dropped, overviewTurn: turn };
  }

  let run = simulate();
  if (variant === 'restated') run = simulate(run.dropped - 1);
  const { s, log, dropped } = run;
  const at = log.findIndex((x) => x.turn === dropped);
  const before = log[at - 1];
  const after = log[at];
  // the checks the labels rest on
  for (const x of log) if (x.turn >= 1 && x.turn < dropped) assert(x.hasRule, `${ctx.id}: rule missing at turn ${x.turn} before the drop`);
  for (const x of log) if (x.turn >= dropped) assert(!x.hasRule, `${ctx.id}: rule back at turn ${x.turn}`);
  if (!compact) {
    assert(before.tokens / limit >= 0.75 || after.tokens / limit >= 0.75 || after.wouldBe / limit >= 0.75, `${ctx.id}: no window pressure at the drop`);
    if (variant === 'restated') {
      for (const x of log)
        if (x.turn >= dropped)
          assert(
            x.msgs.some((m) => m.content.includes(W.reminder)),
            `${ctx.id}: reminder missing at turn ${x.turn}`,
          );
    }
  } else {
    assert(after.compacted, `${ctx.id}: no compaction at the drop`);
  }
  return {
    sessions: [s],
    detail: {
      model,
      context_limit: limit,
      drop_turn: dropped,
      overview_turn: run.overviewTurn,
      fill_before: +(before.tokens / limit).toFixed(3),
      fill_after: +(after.tokens / limit).toFixed(3),
      would_be: +(after.wouldBe / limit).toFixed(3),
    },
  };
}

const strip = (m) => {
  const { groupLen, ...rest } = m;
  return rest;
};

/** tool-drift: the bookseller's rule, a plain answer, then catalog_lookup and the answer after it. */
export function toolDrift(L, ctx, variant) {
  const T = L.td;
  const s = session(ctx.sid(), ctx.start, ctx.r);
  const model = 'gpt-4o';
  const sys = { role: 'system', content: SYS_TD };
  const rule = {
    short: T.ruleShort,
    'short-held': T.ruleShort,
    table: T.ruleLists,
    'table-verbatim': T.ruleLists,
    loud: T.ruleCalm,
    'loud-verbatim': T.ruleCalm,
  }[variant];
  const msgs = [sys];
  let turn = 0;
  const say = (user, answer) => {
    msgs.push({ role: 'user', content: user });
    call(s, turn, model, msgs, answer);
    msgs.push({ role: 'assistant', content: answer });
    turn++;
  };
  if (ctx.odd) {
    say(rule, T.ack);
    say(T.q0, T.a0);
  } else {
    say(`${rule} ${T.q0}`, T.a0);
  }
  const kind = variant.startsWith('short') ? 'long' : variant.startsWith('table') ? 'table' : 'blurb';
  const toolText = { long: T.longEntry, table: T.editionsTable, blurb: T.blurb }[kind];
  let ask = { long: T.qLong, table: T.qTable, blurb: T.qBlurb }[kind];
  if (variant === 'table-verbatim') ask = `${ask} ${T.verbatimTable}`;
  if (variant === 'loud-verbatim') ask = `${ask} ${T.verbatimBlurb}`;
  const answer = {
    short: T.longAnswer,
    'short-held': T.shortAnswer,
    table: T.tableAnswer,
    'table-verbatim': T.tableAnswer,
    loud: T.loudAnswer,
    'loud-verbatim': T.quotedBlurb,
  }[variant];
  msgs.push({ role: 'user', content: ask });
  const callId = `call_${ctx.r().toString(36).slice(2, 10)}`;
  const tc = [{ id: callId, type: 'function', function: { name: 'catalog_lookup', arguments: JSON.stringify({ q: T.book }) } }];
  s.add('request', turn, { request_id: `${s.id}-t${turn}a`, model, messages: msgs.map((m) => ({ ...m })) });
  s.add('response', turn, { request_id: `${s.id}-t${turn}a`, content: '', tool_calls: tc, finish_reason: 'tool_calls' });
  s.add('tool_call', turn, { call_id: callId, name: 'catalog_lookup', arguments: { q: T.book } });
  s.add('tool_result', turn, { call_id: callId, name: 'catalog_lookup', content: toolText });
  msgs.push({ role: 'assistant', content: '', tool_calls: tc }, { role: 'tool', tool_call_id: callId, content: toolText });
  call(s, turn, model, msgs, answer);
  msgs.push({ role: 'assistant', content: answer });
  turn++;
  if (ctx.odd) say(T.bye, T.byeAnswer);
  return { sessions: [s] };
}

/** A bank's annual tax statement as a plain-text export (about 2,500 tokens): the header, then one line per booking. */
function statement(X, r) {
  const lines = [X.stHead];
  for (let i = 0; i < 70; i++) {
    const k = X.stKinds[i % X.stKinds.length];
    const d = `2025-${String(1 + Math.floor(i / 6)).padStart(2, '0')}-${String(1 + ((i * 7) % 27)).padStart(2, '0')}`;
    const isin = `${['DE', 'US', 'IE', 'FR', 'NL'][i % 5]}000${String(100000 + Math.floor(r() * 899999))}${i % 10}`;
    const gross = (5 + r() * 240).toFixed(2);
    lines.push(
      `${d}  ${k}  ISIN ${isin}  ${X.stGross} ${gross} ${X.stCur ?? 'EUR'}  ${X.stTax} ${(gross * (X.stRate ?? 0.26375)).toFixed(2)} ${X.stCur ?? 'EUR'}`,
    );
  }
  lines.push(X.stFoot);
  return lines.join('\n');
}

/** ignored-in-context: the household's tax return; the rule stays in every prompt (nothing is trimmed). */
export function ignoredInContext(L, ctx, variant) {
  const X = L.ic;
  const s = session(ctx.sid(), ctx.start, ctx.r);
  const model = 'gpt-4.1-mini';
  const msgs = [{ role: 'system', content: SYS_IC }];
  let turn = 0;
  const say = (user, answer, before = []) => {
    msgs.push(...before, { role: 'user', content: user });
    call(s, turn, model, msgs, answer);
    msgs.push({ role: 'assistant', content: answer });
    turn++;
  };
  const tone = { role: 'developer', content: 'Tone guide v3 (operator): be warm and upbeat, and use emoji to highlight good news and finished steps 🎉✅.' };
  if (variant === 'competing' || variant === 'competing-complied') {
    say(X.ruleEmoji, X.a0);
    say(X.q1, X.a1);
    say(X.q2, variant === 'competing' ? X.emojiAnswer : X.plainAnswer, [tone]);
    say(X.q3, variant === 'competing' ? X.emojiAnswer3 : X.plainAnswer3);
  } else if (variant === 'buried') {
    say(X.ruleTables, X.a0);
    say(X.q1, X.a1);
    say(`${X.statementIntro}\n\n${statement(X, ctx.r)}`, X.tableAnswer);
  } else if (variant === 'quoted-mail') {
    say(X.task, X.a0);
    say(`${X.mailIntro}\n\n${X.mail}\n\n${X.mailAsk}`, X.tableAnswer);
    say(X.thanks, X.thanksAnswer);
  } else if (variant === 'permission') {
    say(X.ruleEmoji, X.a0);
    say(X.q1, X.a1);
    say(X.permission, X.kidsAnswer);
    say(X.q3, X.emojiAnswer3);
  } else throw new Error(variant);
  return { sessions: [s] };
}
