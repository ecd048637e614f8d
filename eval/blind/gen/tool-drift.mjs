// tool-drift blind cases. Written from the analyzer README, EVENTS.md and issue 12 only.
import { session } from './lib.mjs';

const EN_DOC =
  'The ThinkPad X1 Carbon Gen 12 is a 14-inch business laptop with an Intel Core Ultra processor, up to 64 GB of memory and a 2.8K OLED display. Battery life is rated at up to 15 hours under mixed workloads. It weighs 1.09 kg and supports two Thunderbolt 4 ports, HDMI 2.1 and Wi-Fi 7. Linux support is certified for Ubuntu 24.04 LTS and Fedora 40. ';
const HYPE_EN =
  '🚀🔥 AMAZING DEAL ALERT!!! 🔥🚀 The ThinkPad X1 Carbon is HERE and it is INSANE!!! 💻✨ Lightest EVER, battery that lasts FOREVER ⚡🔋 Grab yours NOW before it is GONE!!! 🤑🎁';
const TABLE =
  '| model | price | battery | weight |\n|---|---|---|---|\n| X1 Carbon | 1899 | 15 h | 1.09 kg |\n| XPS 13 | 1499 | 12 h | 1.19 kg |\n| MacBook Air | 1299 | 18 h | 1.24 kg |\n| Framework 13 | 1099 | 10 h | 1.30 kg |';
const XML =
  '<offers>\n  <offer model="X1 Carbon" price="1899"/>\n  <offer model="XPS 13" price="1499"/>\n  <offer model="MacBook Air" price="1299"/>\n</offers>';

const L = {
  en: {
    task: "I'm picking laptops for a team of five developers.",
    fol: ['Budget is 1,500 per laptop, Linux preferred.', 'What about battery life?', 'Check the current offers for me.'],
    ok: [
      'Understood. Any OS constraints?',
      'Noted: 1,500 each, Linux. I will look at X1 Carbon, XPS 13 and Framework 13.',
      'Framework 13 and X1 Carbon both run Linux well; battery is 10-15 h.',
    ],
    prefs: {
      emoji: ['No emoji in your answers, please.', HYPE_EN, '🚀🔥 AMAZING news: the X1 Carbon deal is live 🤑🎁 grab it now!'],
      length: ['Keep each answer under 40 words.', EN_DOC.repeat(12), 'Here is everything about it. ' + EN_DOC.repeat(3)],
      lang: [
        'Always answer me in French, please, I am practising.',
        EN_DOC,
        'The ThinkPad X1 Carbon Gen 12 is a 14-inch business laptop with an Intel Core Ultra processor and up to 15 hours of battery life. It is certified for Ubuntu.',
      ],
      table: ['Use bullet lists, never tables.', TABLE, TABLE + '\n\nThe Framework 13 is cheapest.'],
    },
    okIn: { lang: ['D’accord. Quel système d’exploitation ?', 'Noté : 1 500 par portable, Linux.', 'Framework 13 et X1 Carbon tournent bien sous Linux.'] },
  },
  'zh-Hans': {
    task: '我要给五个开发者的团队选笔记本。',
    fol: ['预算每台一万元，优先 Linux。', '续航怎么样？', '帮我查一下现在的优惠。'],
    ok: [
      '明白。对系统有要求吗？',
      '记下了：每台一万元，Linux。我会看 X1 Carbon、XPS 13 和 Framework 13。',
      'Framework 13 和 X1 Carbon 跑 Linux 都不错，续航10到15小时。',
    ],
    prefs: {
      emoji: [
        '简洁一点，不要用表情符号。',
        '🚀🔥 超值抢购！！！🔥🚀 X1 Carbon 史上最轻 💻✨ 续航逆天 ⚡🔋 手慢无！！！🤑🎁',
        '🚀🔥 好消息！X1 Carbon 大促来了 🤑🎁 赶紧下单！',
      ],
      lang: [
        '请一直用中文回答我。',
        EN_DOC,
        'The ThinkPad X1 Carbon Gen 12 is a 14-inch business laptop with up to 15 hours of battery life and certified Ubuntu support.',
      ],
      tone: ['请用正式的语气，不要用感叹号。', '🔥史上最强！！！X1 Carbon 太牛了！！！必须买！！！', '太棒了！！！X1 Carbon 简直无敌！！！快买！！！'],
      table: ['以后用列表回答，不要用表格。', TABLE, TABLE],
    },
  },
  'zh-Hant': {
    task: '我要幫五個開發者的團隊挑筆電。',
    fol: ['預算每台四萬台幣，優先 Linux。', '續航力如何？', '幫我查一下現在的優惠。'],
    ok: [
      '了解。作業系統有要求嗎？',
      '記下了：每台四萬，Linux。我會看 X1 Carbon、XPS 13 和 Framework 13。',
      'Framework 13 和 X1 Carbon 跑 Linux 都不錯，續航10到15小時。',
    ],
    prefs: {
      emoji: [
        '回答請不要用表情符號。',
        '🚀🔥 超值搶購！！！X1 Carbon 史上最輕 💻✨ 續航超猛 ⚡🔋 手刀下單！！！🤑',
        '🚀🔥 好消息！X1 Carbon 特價中 🤑🎁 快下單！',
      ],
      xml: ['回答裡不要使用XML格式。', XML, '```xml\n' + XML + '\n```'],
      lang: ['請一律用繁體中文回答。', EN_DOC, 'The X1 Carbon Gen 12 weighs 1.09 kg, lasts up to 15 hours and is certified for Ubuntu 24.04.'],
    },
  },
  es: {
    task: 'Estoy eligiendo portátiles para un equipo de cinco desarrolladores.',
    fol: ['El presupuesto es de 1.500 € por portátil, mejor con Linux.', '¿Y la batería?', 'Mira las ofertas actuales.'],
    ok: [
      'Entendido. ¿Algún requisito de sistema operativo?',
      'Anotado: 1.500 € cada uno, Linux. Miraré X1 Carbon, XPS 13 y Framework 13.',
      'Framework 13 y X1 Carbon van bien con Linux; batería de 10 a 15 h.',
    ],
    prefs: {
      emoji: [
        'Sin emojis en las respuestas, por favor.',
        '🚀🔥 ¡¡¡OFERTA INCREÍBLE!!! 🔥🚀 El X1 Carbon es LO MÁS 💻✨ ¡¡Batería INFINITA!! ⚡🔋 ¡Cómpralo YA! 🤑',
        '🚀🔥 ¡Ofertón! El X1 Carbon está rebajado 🤑🎁 ¡corre!',
      ],
      lang: [
        'Respóndeme siempre en español, por favor.',
        EN_DOC,
        'The ThinkPad X1 Carbon Gen 12 is a 14-inch business laptop with up to 15 hours of battery life and certified Ubuntu support.',
      ],
      length: [
        'Respuestas cortas: máximo 40 palabras.',
        EN_DOC.repeat(10),
        'Aquí tienes todo el detalle del equipo: ' +
          'el portátil tiene procesador Intel Core Ultra, hasta 64 GB de memoria, pantalla OLED 2.8K, batería de hasta 15 horas, pesa 1,09 kg, trae dos puertos Thunderbolt 4, HDMI 2.1 y Wi-Fi 7, y tiene certificación para Ubuntu 24.04 y Fedora 40. '.repeat(
            3,
          ),
      ],
    },
  },
  de: {
    task: 'Ich suche Laptops für ein Team aus fünf Entwicklern.',
    fol: ['Budget 1.500 € pro Gerät, am liebsten Linux.', 'Wie sieht es mit dem Akku aus?', 'Schau bitte nach aktuellen Angeboten.'],
    ok: [
      'Verstanden. Gibt es Vorgaben beim Betriebssystem?',
      'Notiert: 1.500 € pro Gerät, Linux. Ich prüfe X1 Carbon, XPS 13 und Framework 13.',
      'Framework 13 und X1 Carbon laufen gut unter Linux; Akku 10 bis 15 Stunden.',
    ],
    prefs: {
      lang: [
        'Antworte bitte immer auf Deutsch.',
        EN_DOC,
        'The ThinkPad X1 Carbon Gen 12 is a 14-inch business laptop with up to 15 hours of battery life. It is certified for Ubuntu 24.04 LTS and Fedora 40.',
      ],
      table: ['Bitte keine Tabellen, nur Aufzählungen.', TABLE, TABLE],
      tone: [
        'Bitte sachlich und förmlich bleiben, keine Ausrufezeichen.',
        'WAHNSINN!!! Das X1 Carbon ist der HAMMER!!! Jetzt zuschlagen!!! Nur heute!!!',
        'Der HAMMER!!! Das X1 Carbon ist unglaublich!!! Sofort kaufen!!!',
      ],
    },
  },
  fr: {
    task: 'Je choisis des portables pour une équipe de cinq développeurs.',
    fol: ['Budget 1 500 € par portable, Linux de préférence.', "Et l'autonomie ?", 'Regarde les offres du moment.'],
    ok: [
      "Compris. Une contrainte de système d'exploitation ?",
      'Noté : 1 500 € chacun, Linux. Je regarde X1 Carbon, XPS 13 et Framework 13.',
      'Framework 13 et X1 Carbon tournent bien sous Linux ; autonomie de 10 à 15 h.',
    ],
    prefs: {
      emoji: [
        "Pas d'emoji dans tes réponses, merci.",
        '🚀🔥 OFFRE DE FOU !!! 🔥🚀 Le X1 Carbon est INCROYABLE 💻✨ Autonomie INFINIE ⚡🔋 Fonce !!! 🤑',
        '🚀🔥 Super nouvelle : le X1 Carbon est en promo 🤑🎁 fonce !',
      ],
      lang: [
        'Réponds toujours en français.',
        EN_DOC,
        'The ThinkPad X1 Carbon Gen 12 is a 14-inch business laptop with up to 15 hours of battery life and certified Ubuntu support.',
      ],
      xml: ['Jamais de XML dans tes réponses, s’il te plaît.', XML, '```xml\n' + XML + '\n```'],
    },
  },
  pt: {
    task: 'Estou escolhendo notebooks para um time de cinco desenvolvedores.',
    fol: ['Orçamento de R$ 9.000 por notebook, de preferência Linux.', 'E a bateria?', 'Veja as ofertas atuais.'],
    ok: [
      'Entendido. Alguma exigência de sistema operacional?',
      'Anotado: R$ 9.000 cada, Linux. Vou olhar X1 Carbon, XPS 13 e Framework 13.',
      'Framework 13 e X1 Carbon rodam bem Linux; bateria de 10 a 15 h.',
    ],
    prefs: {
      emoji: [
        'Sem emoji nas respostas, por favor.',
        '🚀🔥 OFERTA IMPERDÍVEL!!! 🔥🚀 O X1 Carbon é SENSACIONAL 💻✨ Bateria INFINITA ⚡🔋 Compre JÁ!!! 🤑',
        '🚀🔥 Notícia boa: o X1 Carbon está em promoção 🤑🎁 corre!',
      ],
      table: ['Use sempre listas, nunca tabelas.', TABLE, TABLE],
      length: [
        'Seja breve: no máximo 40 palavras por resposta.',
        EN_DOC.repeat(10),
        'Aqui vai tudo sobre ele: ' +
          'processador Intel Core Ultra, até 64 GB de memória, tela OLED 2.8K, bateria de até 15 horas, 1,09 kg, duas portas Thunderbolt 4, HDMI 2.1, Wi-Fi 7 e certificação para Ubuntu 24.04 e Fedora 40. '.repeat(
            3,
          ),
      ],
    },
  },
  ja: {
    task: '開発者5人のチーム用にノートPCを選んでいます。',
    fol: ['予算は1台20万円、できればLinux。', 'バッテリーはどうですか？', '今のセール情報を調べてください。'],
    ok: [
      '了解しました。OSの条件はありますか？',
      '予算20万円、Linuxですね。X1 Carbon、XPS 13、Framework 13を確認します。',
      'Framework 13とX1 CarbonはLinuxで安定しています。バッテリーは10〜15時間です。',
    ],
    prefs: {
      emoji: [
        '回答に絵文字を使わないでください。',
        '🚀🔥 超お得セール！！！🔥🚀 X1 Carbon 史上最軽量 💻✨ バッテリー最強 ⚡🔋 今すぐ！！！🤑',
        '🚀🔥 朗報です！X1 Carbon がセール中 🤑🎁 お早めに！',
      ],
      lang: [
        '日本語で答えてください。',
        EN_DOC,
        'The ThinkPad X1 Carbon Gen 12 is a 14-inch business laptop with up to 15 hours of battery life and certified Ubuntu support.',
      ],
      table: ['表は使わず、箇条書きで答えてください。', TABLE, TABLE],
    },
  },
};
L.fr.okIn = {};

const CAUSE = {
  emoji: 'emoji_after_tool',
  length: 'length_after_tool',
  lang: 'language_after_tool',
  tone: 'style_drift_after_tool',
  table: 'style_drift_after_tool',
  xml: 'style_drift_after_tool',
};

/**
 * One session: the preference with the task (turn 0) or separately, compliant answers, then a tool
 * result and the answer after it. o: { pref:[text, tool, bad], okAnswers, sameMessage, after (answer
 * after the tool), between (extra user turns), withdraw (text), oneOffAfter, toolFirst }.
 */
function build(id, lang, o) {
  const d = L[lang];
  const s = session(id, '2026-03-04T09:00:00.000Z');
  const sys = { role: 'system', content: 'You are a purchasing assistant. Tools: web_search, fetch_page.' };
  const msgs = [sys];
  const ok = o.okAnswers ?? d.ok;
  const userTurns = o.sameMessage
    ? [`${o.prefText} ${d.fol[2]}`]
    : [o.prefText ? `${o.prefText} ${d.task}` : d.task, d.fol[0], o.withdraw ?? d.fol[1], o.lastAsk ?? d.fol[2]];
  const turns = userTurns.length;
  for (let t = 0; t < turns; t++) {
    msgs.push({ role: 'user', content: userTurns[t] });
    s.add('request', { turn: t, model: 'gpt-4o', messages: [...msgs] }, 20000);
    const last = t === turns - 1;
    if (last || o.toolAt === t) {
      const callId = `call_${t}`;
      s.add(
        'response',
        {
          turn: t,
          content: '',
          tool_calls: [{ id: callId, type: 'function', function: { name: o.tool ?? 'web_search', arguments: '{"q":"laptop offers"}' } }],
          finish_reason: 'tool_calls',
        },
        1500,
      );
      s.add('tool_call', { turn: t, call_id: callId, name: o.tool ?? 'web_search', arguments: { q: 'laptop offers' } }, 100);
      s.add('tool_result', { turn: t, call_id: callId, name: o.tool ?? 'web_search', content: o.toolText }, 2500);
      msgs.push({
        role: 'assistant',
        content: null,
        tool_calls: [{ id: callId, type: 'function', function: { name: o.tool ?? 'web_search', arguments: '{"q":"laptop offers"}' } }],
      });
      msgs.push({ role: 'tool', tool_call_id: callId, content: o.toolText });
      s.add('request', { turn: t, model: 'gpt-4o', messages: [...msgs] }, 200);
      const ans = last ? o.after : (o.midAnswer ?? ok[t % ok.length]);
      s.add('response', { turn: t, content: ans, finish_reason: 'stop' }, 3000);
      msgs.push({ role: 'assistant', content: ans });
    } else {
      const ans = o.preBreak && t >= 1 ? o.preBreak : ok[t % ok.length];
      s.add('response', { turn: t, content: ans, finish_reason: 'stop' }, 3000);
      msgs.push({ role: 'assistant', content: ans });
    }
  }
  if (o.followOn) {
    msgs.push({ role: 'user', content: o.followOn[0] });
    s.add('request', { turn: turns, model: 'gpt-4o', messages: [...msgs] }, 20000);
    s.add('response', { turn: turns, content: o.followOn[1] }, 3000);
  }
  return s.events;
}

export function cases() {
  const out = [];
  let n = 0;
  for (const lang of Object.keys(L)) {
    const d = L[lang];
    const entries = Object.entries(d.prefs);
    // three faults per language (zh-Hans and en get a fourth: stated in the same message)
    entries.slice(0, 3).forEach(([kind, [pref, tool, bad]], k) => {
      n++;
      const id = `td-f-${lang.toLowerCase()}-${String(k + 1).padStart(2, '0')}`;
      const okAnswers = kind === 'lang' && d.okIn?.lang ? d.okIn.lang : undefined;
      const same = n % 8 === 5;
      const events = build(id, lang, {
        prefText: pref,
        toolText: tool,
        after: bad,
        okAnswers,
        sameMessage: same,
        tool: kind === 'length' || kind === 'lang' ? 'fetch_page' : 'web_search',
        followOn: n % 4 === 0 ? [d.fol[1], bad] : undefined,
      });
      const why = same
        ? `preference "${pref}" stated in the same message as the task; the first answer, right after the tool result, took on the tool's style (${kind})`
        : `preference "${pref}" honoured for three answers; right after a tool result with that style, the answer took it on (${kind})`;
      out.push({ file: `faults-${lang}.jsonl`, events, label: { session: id, expect: 'flag', cause: CAUSE[kind], lang, why } });
    });
  }
  const la = [];
  const P = (lang, kind) => L[lang].prefs[kind];
  la.push([
    'en',
    { prefText: P('en', 'emoji')[0], toolText: HYPE_EN, after: 'The X1 Carbon is 1,899 and fits Linux; above your 1,500 budget.' },
    'loud emoji tool result, but the answer kept the no-emoji style',
  ]);
  la.push(['zh-Hans', { toolText: P('zh-Hans', 'emoji')[1], after: '🎉 X1 Carbon 正在打折！' }, '没人要求不用表情，回答带表情不算']);
  la.push([
    'es',
    {
      prefText: P('es', 'emoji')[0],
      withdraw: 'Bueno, olvida lo de los emojis, ahora puedes usarlos sin problema. ¿Y la batería?',
      toolText: P('es', 'emoji')[1],
      after: P('es', 'emoji')[2],
    },
    'the user withdrew the no-emoji preference before the tool call',
  ]);
  la.push([
    'fr',
    {
      prefText: P('fr', 'emoji')[0],
      toolText: 'X1 Carbon: 1899 EUR; XPS 13: 1499 EUR; Framework 13: 1099 EUR; stock: 12, 4, 30.',
      after: 'Super 🎉 le Framework 13 est à 1 099 €.',
    },
    'the tool result was plain data with no emoji: the tool did not carry the style',
  ]);
  la.push([
    'de',
    { prefText: 'Keine Emojis bitte.', toolText: P('fr', 'emoji')[1], preBreak: 'Klar 😊 ich schaue nach!', after: 'Hier 😊 das X1 Carbon ist im Angebot.' },
    'the answers broke the preference before any tool result (a model habit, not drift)',
  ]);
  la.push([
    'pt',
    { prefText: undefined, lastAsk: 'Resuma isso em tópicos pra mim: veja as ofertas atuais.', toolText: TABLE, after: TABLE },
    'a one-off request ("resuma em tópicos") is not a standing preference; a table later is fine',
  ]);
  la.push([
    'ja',
    { prefText: P('ja', 'table')[0], lastAsk: 'セール情報の表を、そのまま表の形で見せてください。', toolText: TABLE, after: TABLE },
    'the user explicitly asked for the table as-is this time',
  ]);
  la.push([
    'de',
    {
      prefText: P('de', 'lang')[0],
      toolText: EN_DOC,
      tool: 'fetch_page',
      after:
        'Das X1 Carbon Gen 12 wiegt 1,09 kg, hält bis zu 15 Stunden und ist für Ubuntu 24.04 zertifiziert. Laut Hersteller: "certified for Ubuntu 24.04 LTS".',
    },
    'English documentation, but the answer stayed German with a short quote',
  ]);
  la.push([
    'en',
    {
      prefText: P('en', 'length')[0],
      toolText: EN_DOC.repeat(12),
      tool: 'fetch_page',
      after: 'X1 Carbon: 1.09 kg, up to 15 h battery, Ubuntu-certified. Over budget at 1,899.',
    },
    'a 1,000-word page, and the answer stayed under 40 words',
  ]);
  la.push([
    'zh-Hant',
    { prefText: P('zh-Hant', 'xml')[0], toolText: XML, after: '- X1 Carbon：1899\n- XPS 13：1499\n- MacBook Air：1299' },
    '工具回傳XML，但回答仍是清單，沒有XML',
  ]);
  la.push([
    'en',
    { prefText: 'Haha, I never use emoji myself, my kids tease me about it.', toolText: HYPE_EN, after: '🚀 Good news: the X1 Carbon is on sale 🎁' },
    "a statement about the user's own habits, not a preference for the assistant",
  ]);
  la.push([
    'zh-Hans',
    {
      prefText: P('zh-Hans', 'lang')[0],
      lastAsk: '把这段产品说明翻译成英文给我，我要发给外国同事。',
      toolText: EN_DOC,
      tool: 'fetch_page',
      after: 'The ThinkPad X1 Carbon Gen 12 is a 14-inch business laptop with up to 15 hours of battery life.',
    },
    '用户这次明确要求翻译成英文，不是语言漂移',
  ]);
  la.push([
    'fr',
    { prefText: P('fr', 'xml')[0], toolText: XML, after: '- X1 Carbon : 1 899 €\n- XPS 13 : 1 499 €\n- MacBook Air : 1 299 €' },
    'XML tool output, answer kept to a list',
  ]);
  la.push([
    'pt',
    { prefText: P('pt', 'emoji')[0], toolText: P('pt', 'emoji')[1], after: 'O X1 Carbon está em promoção por R$ 8.500, dentro do orçamento.' },
    'emoji-laden tool output, the answer stayed plain',
  ]);
  la.push([
    'ja',
    {
      prefText: P('ja', 'lang')[0],
      toolText: EN_DOC,
      tool: 'fetch_page',
      after: 'X1 Carbon Gen 12は14インチ、重さ1.09kg、バッテリーは最大15時間、Ubuntu認定です。',
    },
    '英語の資料でも回答は日本語のまま',
  ]);
  la.push([
    'es',
    {
      prefText: P('es', 'length')[0],
      toolText: EN_DOC.repeat(10),
      tool: 'fetch_page',
      after: 'X1 Carbon: 1,09 kg, hasta 15 h de batería, certificado para Ubuntu. Supera el presupuesto.',
    },
    'long page, the answer stayed short',
  ]);
  la.push([
    'zh-Hant',
    {
      prefText: P('zh-Hant', 'emoji')[0],
      withdraw: '剛剛說不要表情符號的那個算了，現在可以用表情符號。續航呢？',
      toolText: P('zh-Hant', 'emoji')[1],
      after: P('zh-Hant', 'emoji')[2],
    },
    '使用者已撤回不要表情符號的偏好',
  ]);
  la.push([
    'de',
    { prefText: P('de', 'table')[0], toolText: TABLE, after: '- X1 Carbon: 1.899 €, 15 h\n- XPS 13: 1.499 €, 12 h\n- Framework 13: 1.099 €, 10 h' },
    'table from the tool, the answer kept to bullet points',
  ]);
  const counter = {};
  for (const [lang, o, why] of la) {
    counter[lang] = (counter[lang] ?? 0) + 1;
    const id = `td-l-${lang.toLowerCase()}-${String(counter[lang]).padStart(2, '0')}`;
    out.push({ file: `lookalikes-${lang}.jsonl`, events: build(id, lang, o), label: { session: id, expect: 'quiet', lang, why } });
  }
  return out;
}
