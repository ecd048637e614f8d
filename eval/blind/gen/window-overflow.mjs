// window-overflow blind cases. Written from the analyzer README and EVENTS.md only.
import { session, logBlock, msgTokens } from './lib.mjs';

// Per language: the task opener, a question template, a short compliant answer, and three standing
// constraints, each with an answer that breaks it.
const L = {
  en: {
    hi: "Hi! I'm on call for payments-service tonight and the ledger calls keep timing out.",
    q: (i) =>
      [
        `Can you grep the logs for pool timeouts since 22:${10 + i}?`,
        `ok so now check the slow queries around 22:${20 + i} too`,
        `What does attempt=${i} on ledger-api tell us?`,
      ][i % 3],
    ok: (i) => `- ${3 + i} pool timeouts in that window\n- all on ledger-api\n- next: check the connection pool size`,
    c: [
      {
        text: 'Before we dig in, one rule for this whole chat: never use XML in your answers. Our ticket tool mangles angle brackets, so markdown only please.',
        bad: '```xml\n<incident id="INC-4821" severity="2">\n  <summary>Pool exhaustion on ledger-api</summary>\n  <action>raise pool size</action>\n</incident>\n```',
      },
      {
        text: 'ok so, whatever else happens tonight, please keep every answer under 60 words, I read them on my phone.',
        bad:
          'Here is the full picture. '.repeat(1) +
          'The pool timeouts started at 22:14 when the ledger-api latency rose above two seconds, which made every worker hold its connection longer, which in turn exhausted the pool of twenty connections; the retries then multiplied the load, the circuit breaker opened twice, and the slow query on the transactions table made each retry slower still. I would raise the pool to forty, cap retries at two with jitter, add an index on transactions(created_at, account_id), and watch GC pauses, which also grew during the incident, before closing the ticket and writing the postmortem for the team tomorrow morning.',
      },
      { text: 'No emoji in your answers, please. Not a single one.', bad: '🔥 Found it! 🚀 The pool is exhausted 😱 - raise it to 40 ✅' },
    ],
  },
  'zh-Hans': {
    hi: '你好，我今晚值班，payments-service 调用账本接口一直超时。',
    q: (i) => [`帮我查一下22:${10 + i}以后的连接池超时日志`, `现在再看看22:${20 + i}前后的慢查询`, `ledger-api 的 attempt=${i} 说明什么？`][i % 3],
    ok: (i) => `- 这段时间有${3 + i}次连接池超时\n- 全部来自 ledger-api\n- 下一步：检查连接池大小`,
    c: [
      {
        text: '回答里永远不要使用XML格式，我们的工单系统会把尖括号弄乱。',
        bad: '```xml\n<incident id="INC-4821">\n  <summary>连接池耗尽</summary>\n</incident>\n```',
      },
      {
        text: '先说好，这次对话里请一直用列表回答，不要用表格。',
        bad: '| 时间 | 错误 | 次数 |\n|---|---|---|\n| 22:14 | 连接池超时 | 12 |\n| 22:20 | 慢查询 | 4 |',
      },
      {
        text: '现在开始，请你的回答都不要超过一百个字，我在手机上看。',
        bad: '完整的情况是这样的：'.concat(
          '连接池超时从二十二点十四分开始，当时账本接口的延迟超过两秒，每个工作线程持有连接的时间变长，二十个连接很快被占满；重试又把负载放大，熔断器打开了两次，交易表上的慢查询让每次重试更慢。'.repeat(
            3,
          ),
          '建议把连接池加到四十，限制重试次数并加抖动，给交易表加索引，然后观察垃圾回收停顿，再写复盘。',
        ),
      },
    ],
  },
  'zh-Hant': {
    hi: '你好，我今晚值班，payments-service 呼叫帳本服務一直逾時。',
    q: (i) => [`幫我查一下22:${10 + i}之後的連線池逾時紀錄`, `現在再看看22:${20 + i}前後的慢查詢`, `ledger-api 的 attempt=${i} 代表什麼？`][i % 3],
    ok: (i) => `- 這段時間有${3 + i}次連線池逾時\n- 全部來自 ledger-api\n- 下一步：檢查連線池大小`,
    c: [
      {
        text: '之後的回答請不要使用XML格式，我們的工單系統會把角括號弄壞。',
        bad: '```xml\n<incident id="INC-4821">\n  <summary>連線池耗盡</summary>\n</incident>\n```',
      },
      { text: '請你回答時都不要用表情符號。', bad: '找到了！🔥🚀 連線池滿了 😱 建議加到40 ✅' },
      {
        text: '麻煩之後一律用繁體中文回答我，謝謝。',
        bad: 'The pool timeouts started at 22:14 when ledger-api latency rose above two seconds. Raise the pool size to 40 and cap retries at two.',
      },
    ],
  },
  es: {
    hi: 'Hola, estoy de guardia esta noche y las llamadas de payments-service al ledger no paran de dar timeout.',
    q: (i) =>
      [
        `¿Puedes buscar en los logs los timeouts del pool desde las 22:${10 + i}?`,
        `vale, ahora mira también las consultas lentas hacia las 22:${20 + i}`,
        `¿Qué significa attempt=${i} en ledger-api?`,
      ][i % 3],
    ok: (i) => `- ${3 + i} timeouts del pool en ese intervalo\n- todos en ledger-api\n- siguiente paso: revisar el tamaño del pool`,
    c: [
      {
        text: 'Por favor, nunca uses XML en tus respuestas; nuestro sistema de tickets rompe los corchetes angulares.',
        bad: '```xml\n<incidente id="INC-4821">\n  <resumen>Pool agotado</resumen>\n</incidente>\n```',
      },
      {
        text: 'Una cosa para toda la conversación: responde siempre con listas, nunca con tablas.',
        bad: '| Hora | Error | Veces |\n|---|---|---|\n| 22:14 | timeout del pool | 12 |\n| 22:20 | consulta lenta | 4 |',
      },
      { text: 'Sin emojis en las respuestas, por favor.', bad: '¡Lo encontré! 🔥🚀 El pool está lleno 😱 súbelo a 40 ✅' },
    ],
  },
  de: {
    hi: 'Hallo, ich habe heute Nacht Bereitschaft und die Aufrufe von payments-service an den Ledger laufen ständig in Timeouts.',
    q: (i) =>
      [
        `Kannst du die Logs nach Pool-Timeouts seit 22:${10 + i} durchsuchen?`,
        `ok, jetzt bitte auch die langsamen Queries um 22:${20 + i} anschauen`,
        `Was bedeutet attempt=${i} bei ledger-api?`,
      ][i % 3],
    ok: (i) => `- ${3 + i} Pool-Timeouts in dem Zeitraum\n- alle bei ledger-api\n- nächster Schritt: Poolgröße prüfen`,
    c: [
      {
        text: 'Bitte ab jetzt in keiner Antwort XML verwenden, unser Ticketsystem zerschießt spitze Klammern.',
        bad: '```xml\n<vorfall id="INC-4821">\n  <zusammenfassung>Pool erschöpft</zusammenfassung>\n</vorfall>\n```',
      },
      {
        text: 'Antworte bitte immer auf Deutsch, auch wenn die Logs englisch sind.',
        bad: 'The pool timeouts started at 22:14 when ledger-api latency rose above two seconds. Raise the pool size to 40 and cap retries at two.',
      },
      {
        text: 'Und bitte: keine Tabellen, nur Aufzählungen.',
        bad: '| Zeit | Fehler | Anzahl |\n|---|---|---|\n| 22:14 | Pool-Timeout | 12 |\n| 22:20 | langsame Query | 4 |',
      },
    ],
  },
  fr: {
    hi: "Bonjour, je suis d'astreinte cette nuit et les appels de payments-service vers le ledger partent en timeout.",
    q: (i) =>
      [
        `Tu peux chercher dans les logs les timeouts du pool depuis 22:${10 + i} ?`,
        `bon, maintenant regarde aussi les requêtes lentes vers 22:${20 + i}`,
        `Que veut dire attempt=${i} sur ledger-api ?`,
      ][i % 3],
    ok: (i) => `- ${3 + i} timeouts du pool sur cette période\n- tous sur ledger-api\n- prochaine étape : vérifier la taille du pool`,
    c: [
      {
        text: "Pour toute la conversation : n'utilise jamais de XML dans tes réponses.",
        bad: '```xml\n<incident id="INC-4821">\n  <resume>Pool saturé</resume>\n</incident>\n```',
      },
      { text: "Merci de ne jamais mettre d'emoji dans tes réponses.", bad: 'Trouvé ! 🔥🚀 Le pool est plein 😱 passe-le à 40 ✅' },
      {
        text: 'Réponds toujours en français, s’il te plaît, même si les logs sont en anglais.',
        bad: 'The pool timeouts started at 22:14 when ledger-api latency rose above two seconds. Raise the pool size to 40 and cap retries at two.',
      },
    ],
  },
  pt: {
    hi: 'Oi, estou de plantão hoje e as chamadas do payments-service para o ledger estão dando timeout.',
    q: (i) =>
      [
        `Pode procurar nos logs os timeouts do pool desde as 22:${10 + i}?`,
        `beleza, agora olha também as consultas lentas perto das 22:${20 + i}`,
        `O que significa attempt=${i} no ledger-api?`,
      ][i % 3],
    ok: (i) => `- ${3 + i} timeouts do pool nesse intervalo\n- todos no ledger-api\n- próximo passo: verificar o tamanho do pool`,
    c: [
      { text: 'Nunca use XML nas suas respostas, por favor.', bad: '```xml\n<incidente id="INC-4821">\n  <resumo>Pool esgotado</resumo>\n</incidente>\n```' },
      {
        text: 'Por favor, use sempre listas e nunca tabelas nas respostas.',
        bad: '| Hora | Erro | Vezes |\n|---|---|---|\n| 22:14 | timeout do pool | 12 |\n| 22:20 | consulta lenta | 4 |',
      },
      {
        text: 'Responda sempre em português, por favor.',
        bad: 'The pool timeouts started at 22:14 when ledger-api latency rose above two seconds. Raise the pool size to 40 and cap retries at two.',
      },
    ],
  },
  ja: {
    hi: 'こんばんは。今夜オンコールで、payments-service から ledger への呼び出しがタイムアウトし続けています。',
    q: (i) =>
      [
        `22:${10 + i}以降のプールのタイムアウトをログから探してもらえますか？`,
        `じゃあ次は22:${20 + i}前後の遅いクエリも見てください`,
        `ledger-api の attempt=${i} は何を意味しますか？`,
      ][i % 3],
    ok: (i) => `- この時間帯にプールのタイムアウトが${3 + i}件\n- すべて ledger-api\n- 次：プールサイズを確認`,
    c: [
      {
        text: 'この会話では、回答にXMLを絶対に使わないでください。',
        bad: '```xml\n<incident id="INC-4821">\n  <summary>プール枯渇</summary>\n</incident>\n```',
      },
      { text: '回答には絵文字を使わないでください。', bad: '見つけました！🔥🚀 プールが満杯です 😱 40に増やしましょう ✅' },
      {
        text: 'これからはずっと日本語で答えてください。',
        bad: 'The pool timeouts started at 22:14 when ledger-api latency rose above two seconds. Raise the pool size to 40 and cap retries at two.',
      },
    ],
  },
};

const SYS = 'You are DevPilot, an on-call assistant. Use the tools to read logs and answer the engineer.';

/**
 * Simulate an agent that keeps the whole history and trims the oldest messages when the prompt
 * exceeds `budget` tokens. Options:
 *  c: the constraint { text, bad }; lang; limit (context_limit); model; toolTokens per turn;
 *  turns; pin (copy constraint into a developer message); restateAt (turn: restate); withdraw
 *  (text said at turn 3 that withdraws it); summary (text of a summary inserted when trimming);
 *  memory (write a constraint memory); reset (turn at which the app starts a fresh prompt);
 *  noTrim (never trim); subagent (a request from another actor without the constraint);
 *  constraintText override; bury (prefix filler); usage (log usage.input_tokens).
 */
function run(id, lang, o) {
  const d = L[lang];
  const s = session(id, o.start || '2026-05-03T22:00:00.000Z');
  const limit = o.limit ?? 8192;
  const budget = o.budget ?? Math.floor(limit * 0.9) - 600;
  const model = o.model ?? 'gpt-4';
  const sys = { role: 'system', content: o.sysExtra ? `${SYS}\n${o.sysExtra}` : SYS };
  const fixed = [sys];
  if (o.pin) fixed.push({ role: 'developer', content: `User rules (always apply): ${o.pin}` });
  let hist = [];
  let summaryMsg = null;
  const ctext = o.constraintText ?? o.c.text;
  let dropped = false;
  let constraintMsg = null;
  const turns = o.turns ?? 12;
  let droppedAt = null;
  let fillAtDrop = null;
  for (let t = 0; t < turns; t++) {
    let user;
    if (t === 0) user = d.hi;
    else if (t === 1) user = ctext;
    else if (o.withdraw && t === 3) user = o.withdraw;
    else if (o.restateAt === t) user = o.restate;
    else if (o.reset === t) user = o.resetText ?? '/new';
    else user = d.q(t);
    const um = { role: 'user', content: user };
    if (t === 1) constraintMsg = um;
    hist.push(um);
    if (o.reset === t) {
      hist = [um];
      summaryMsg = null;
    }
    // trim
    const prompt = () => [...fixed, ...(summaryMsg ? [summaryMsg] : []), ...hist];
    const size = () => 3 + prompt().reduce((a, m) => a + msgTokens(m), 0);
    if (!o.noTrim) {
      while (size() > budget && hist.length > 2) {
        const gone = hist.shift();
        if (gone === constraintMsg) {
          dropped = true;
        }
        while (hist[0] && hist[0].role === 'tool') hist.shift();
        if (o.summary && !summaryMsg) summaryMsg = { role: 'system', content: o.summary };
      }
    }
    if (o.reset === t) dropped = true;
    if (dropped && droppedAt === null) {
      droppedAt = t;
      fillAtDrop = size() / limit;
    }
    const req = { request_id: `${id}-r${t}`, model, messages: prompt() };
    if (o.limit !== undefined || o.withLimit !== false) req.context_limit = limit;
    if (o.usage) req.usage = { input_tokens: size() + (o.usageExtra ?? 0), output_tokens: 120 };
    s.add('request', { turn: t, ...(o.actor ? { actor: o.actor } : {}), ...req }, 4000);
    if (o.memory && t === 1) {
      s.add('memory_write', { turn: 1, write_id: `${id}-w1`, phase: 'requested', memory_id: `${id}-m1`, memory_type: 'constraint', text: ctext }, 300);
      s.add('memory_write', { turn: 1, write_id: `${id}-w1`, phase: 'committed', memory_id: `${id}-m1`, memory_type: 'constraint', text: ctext }, 300);
    }
    // the turn's tool call (from turn 2 on), whose output stays in the history
    let answer;
    if (t >= 2 && (o.toolTokens ?? 900) > 0) {
      const callId = `call_${t}`;
      const callMsg = {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: callId, type: 'function', function: { name: 'grep_logs', arguments: JSON.stringify({ since: `22:${10 + t}` }) } }],
      };
      const out = logBlock(t * 97 + id.length, o.toolTokens ?? 900);
      s.add('tool_call', { turn: t, call_id: callId, name: 'grep_logs', arguments: { since: `22:${10 + t}` } }, 800);
      s.add('tool_result', { turn: t, call_id: callId, name: 'grep_logs', content: out }, 900);
      hist.push(callMsg, { role: 'tool', tool_call_id: callId, content: out });
    }
    const breakNow = o.breakAfterDrop !== false && dropped && t >= (droppedAt ?? 99) + 1;
    if (o.subagent && t === turns - 2) {
      // a sub-agent with its own prompt, not a truncation
      s.add(
        'request',
        {
          turn: t,
          actor: 'summarizer',
          model,
          context_limit: limit,
          messages: [
            { role: 'system', content: 'You summarize log excerpts for a ticket. Output a short list.' },
            { role: 'user', content: logBlock(5, 300) },
          ],
        },
        500,
      );
      s.add('response', { turn: t, actor: 'summarizer', content: '- pool timeouts on ledger-api\n- retries amplified load' }, 900);
    }
    if (t === 0) answer = lang.startsWith('zh') || lang === 'ja' ? (lang === 'ja' ? '了解しました。まずログを見てみます。' : '好的，我先看看日志。') : d.ok(0);
    else if (t === 1) answer = o.ack ?? d.ok(1);
    else if (breakNow || (o.breakLast && t === turns - 1)) answer = o.c.bad;
    else answer = d.ok(t);
    s.add('response', { turn: t, request_id: `${id}-r${t}`, content: answer, finish_reason: 'stop' }, 2500);
    hist.push({ role: 'assistant', content: answer });
    if (dropped && o.stopAfterBreak !== false && breakNow) break;
  }
  s.events.meta = { droppedAt, fillAtDrop, turnsRun: s.events.filter((e) => e.kind === 'request').length };
  return s.events;
}

const F = (lang, n) => `wo-f-${lang.toLowerCase()}-${String(n).padStart(2, '0')}`;
const Q = (lang, n) => `wo-l-${lang.toLowerCase()}-${String(n).padStart(2, '0')}`;

export function cases() {
  const out = [];
  const langs = Object.keys(L);
  let n = 0;
  // 24 faults: 3 per language, varied sizes / models / shapes
  for (const lang of langs) {
    const d = L[lang];
    d.c.forEach((c, k) => {
      n++;
      const id = F(lang, k + 1);
      const shape = n % 6;
      const o = { c };
      let why = `constraint stated at turn 1 was trimmed out of a prompt near the ${'window'}; a later answer broke it`;
      let cause = 'constraint_evicted';
      if (shape === 1) {
        o.limit = 8192;
        o.model = 'gpt-4';
        o.toolTokens = 1100;
      }
      if (shape === 2) {
        o.limit = 16385;
        o.model = 'gpt-3.5-turbo';
        o.toolTokens = 2600;
        o.usage = true;
        why += ' (usage logged)';
      }
      if (shape === 3) {
        o.limit = 32000;
        o.model = 'qwen-max';
        o.toolTokens = 3800;
        o.turns = 14;
        o.summary = 'Summary of earlier turns: the engineer is debugging pool timeouts on payments-service; logs were grepped for 22:10-22:30.';
        why = 'trimmed under pressure and replaced by a summary that omits the constraint; a later answer broke it';
      }
      if (shape === 4) {
        o.limit = 8192;
        o.model = 'gpt-4o';
        o.toolTokens = 1000;
        o.memory = true;
        cause = 'memory_not_injected';
        why = 'constraint also written as a committed constraint memory that is never injected; trimmed out near the window and broken';
      }
      if (shape === 5) {
        o.limit = 12000;
        o.model = 'claude-sonnet-4';
        o.toolTokens = 1500;
        o.usage = true;
        o.usageExtra = 400;
        why += ' (non-OpenAI model, usage logged)';
      }
      if (shape === 0) {
        o.limit = 8192;
        o.model = 'gpt-4';
        o.toolTokens = 700;
        o.turns = 16;
        o.constraintText =
          (lang === 'de'
            ? 'ok also, bitte, '
            : lang === 'en'
              ? 'ok so now, um, '
              : lang === 'fr'
                ? 'bon alors, '
                : lang === 'es'
                  ? 'vale, ahora, '
                  : lang === 'pt'
                    ? 'então tá, agora, '
                    : lang === 'ja'
                      ? 'ええと、では、'
                      : '好的，现在，') + c.text;
        why = 'constraint buried after fillers, trimmed out after many small tool outputs, then broken';
      }
      out.push({ file: `faults-${lang}.jsonl`, events: run(id, lang, o), label: { session: id, expect: 'flag', cause, lang, why } });
    });
  }
  // 18 look-alikes
  const la = [];
  const add = (lang, k, o, why) => la.push({ lang, o, why, k });
  add(
    'en',
    1,
    { c: L.en.c[0], pin: L.en.c[0].text, toolTokens: 1100 },
    'constraint pinned verbatim in a developer message; oldest turns trimmed near the window but the rule stays in every prompt',
  );
  add('zh-Hans', 1, { c: L['zh-Hans'].c[0], pin: L['zh-Hans'].c[0].text, toolTokens: 1100 }, '约束被固定在开发者消息里，历史被截断但约束一直在提示中');
  add(
    'de',
    1,
    {
      c: L.de.c[0],
      toolTokens: 1000,
      turns: 9,
      restateAt: 4,
      restate: 'Kurze Erinnerung: bitte weiterhin in keiner Antwort XML verwenden.',
      breakLast: false,
      breakAfterDrop: false,
    },
    'restated by the user before the original left the prompt; no answer broke it',
  );
  add(
    'fr',
    1,
    { c: L.fr.c[1], toolTokens: 60, turns: 8, reset: 5, resetText: '/reset — on repart de zéro, autre sujet : le cron de facturation.', breakAfterDrop: false },
    'user started over (/reset) at 2% fill: a deliberate reset with no window pressure, and answers kept the rule',
  );
  add(
    'es',
    1,
    { c: L.es.c[1], toolTokens: 60, turns: 8, reset: 5, resetText: '/nuevo — empecemos de cero con otro tema: el cron de facturación.' },
    'deliberate reset at low fill (~3%), not window overflow; the table later is after the user reset the chat',
  );
  add(
    'pt',
    1,
    { c: L.pt.c[1], toolTokens: 1000, withdraw: 'Pode esquecer o que eu disse sobre tabelas, agora pode usar tabelas à vontade.' },
    'the user withdrew the no-tables rule before it was trimmed; a table afterwards is allowed',
  );
  add(
    'zh-Hant',
    1,
    { c: L['zh-Hant'].c[1], toolTokens: 1000, withdraw: '剛才說不要表情符號那個不用管了，現在可以用表情符號。' },
    '使用者已撤回不要表情符號的要求，之後被截斷不算',
  );
  add(
    'en',
    2,
    { c: { text: 'Summarize this in bullets for me.', bad: '| time | error |\n|---|---|\n| 22:14 | pool timeout |' }, toolTokens: 1100 },
    'a one-off request ("summarize this in bullets"), not a standing constraint; a later table is fine',
  );
  add(
    'ja',
    1,
    { c: { text: 'このログを箇条書きでまとめてください。', bad: '| 時刻 | エラー |\n|---|---|\n| 22:14 | プールのタイムアウト |' }, toolTokens: 1100 },
    '一回限りの依頼（この箇条書き）であり、恒常的な制約ではない',
  );
  add(
    'en',
    3,
    {
      c: {
        text: "Never say never, right? Anyway I always wake up early on call days, so I'm fine.",
        bad: 'Never say never indeed. ```xml\n<note>ok</note>\n```',
      },
      toolTokens: 1100,
    },
    "narrative about the user's own life, not a directive to the assistant",
  );
  add('zh-Hans', 2, { c: { text: '我从来不喜欢早起，不过今晚没办法。', bad: '🔥 找到了！' }, toolTokens: 1100 }, '关于用户自己生活的陈述，不是对助手的约束');
  add(
    'de',
    2,
    {
      c: L.de.c[0],
      toolTokens: 1000,
      summary: 'Zusammenfassung: Bereitschaft für payments-service. Vereinbarte Regel: Antworten ohne XML, nur Markdown.',
      breakAfterDrop: false,
    },
    'trimmed, but the inserted summary carries the no-XML rule reworded; answers keep it',
  );
  add(
    'es',
    2,
    {
      c: L.es.c[0],
      toolTokens: 1000,
      summary: 'Resumen: guardia de payments-service. Regla del usuario: nada de XML en las respuestas, solo markdown.',
      breakAfterDrop: false,
    },
    'the summary that replaced the trimmed turns carries the rule reworded',
  );
  add(
    'fr',
    2,
    { c: L.fr.c[0], toolTokens: 250, turns: 10, noTrim: true, subagent: true, breakAfterDrop: false },
    'a sub-agent (actor summarizer) with its own prompt lacks the rule: not a truncation of the main conversation',
  );
  add(
    'pt',
    2,
    { c: L.pt.c[0], toolTokens: 1150, noTrim: true, limit: 16385, model: 'gpt-3.5-turbo', turns: 12, breakAfterDrop: false },
    'prompt grows to ~80% of the window but nothing is trimmed; the rule stays',
  );
  add('ja', 2, { c: { text: 'XMLとJSON、設定ファイルにはどちらが好きですか？', bad: '```xml\n<config/>\n```' }, toolTokens: 1100 }, '質問であって指示ではない');
  add(
    'zh-Hant',
    2,
    { c: L['zh-Hant'].c[0], toolTokens: 60, turns: 8, reset: 5, resetText: '/reset 我們重新開始，換個話題：帳單排程。', breakAfterDrop: false },
    '使用者主動重新開始對話（低填充率），不是視窗溢出',
  );
  add(
    'de',
    3,
    { c: { text: 'Ich benutze privat nie XML, das ist mir zu umständlich.', bad: '```xml\n<vorfall/>\n```' }, toolTokens: 1000 },
    "a statement about the user's own habits, not an instruction to the assistant",
  );
  for (const x of la) {
    const id = Q(x.lang, x.k);
    out.push({ file: `lookalikes-${x.lang}.jsonl`, events: run(id, x.lang, x.o), label: { session: id, expect: 'quiet', lang: x.lang, why: x.why } });
  }
  return out;
}
