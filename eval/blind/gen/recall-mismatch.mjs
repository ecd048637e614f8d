// recall-mismatch blind cases. Written from the analyzer README, EVENTS.md and issue 13 only.
import { session } from './lib.mjs';

// Per language: three memories, each with a query that shares content words with it, a user
// sentence that stated it, and distractor knowledge-base texts.
const L = {
  en: {
    m: [
      {
        type: 'preference',
        said: 'When you compare plans, use bullet lists, never tables.',
        text: 'User prefers bullet lists, never tables, when comparing plans',
        q: 'compare the Basic, Pro and Team plans for me',
      },
      {
        type: 'fact',
        said: 'My shipping address is 42 Harbour Street, Leith, Edinburgh.',
        text: 'Shipping address: 42 Harbour Street, Leith, Edinburgh',
        q: 'which shipping address should the replacement order go to',
      },
      {
        type: 'constraint',
        said: 'I am allergic to peanuts, keep peanuts out of any recipe.',
        text: 'User is allergic to peanuts; no peanuts in recipes',
        q: 'suggest a satay recipe with peanuts for dinner',
      },
    ],
    kb: [
      'Pricing page: Basic $9, Pro $29, Team $99 per month',
      'Team plan includes SSO and audit logs',
      'Orders ship within two business days',
      'Satay sauce is traditionally made with peanuts and coconut milk',
      'Refund policy: 30 days',
    ],
  },
  'zh-Hans': {
    m: [
      {
        type: 'preference',
        said: '以后比较套餐的时候用列表，不要用表格。',
        text: '用户比较套餐时偏好列表，不要表格',
        q: '帮我比较一下基础版、专业版和团队版套餐',
      },
      { type: 'fact', said: '我的收货地址是上海市徐汇区漕溪北路88号。', text: '收货地址：上海市徐汇区漕溪北路88号', q: '补发的订单应该寄到哪个收货地址' },
      { type: 'constraint', said: '我对花生过敏，菜谱里不要放花生。', text: '用户对花生过敏，菜谱里不要花生', q: '推荐一个带花生的宫保鸡丁菜谱' },
    ],
    kb: [
      '价格页：基础版每月9元，专业版29元，团队版99元',
      '团队版包含单点登录和审计日志',
      '订单在两个工作日内发货',
      '宫保鸡丁传统做法使用花生米',
      '退款政策：30天内',
    ],
  },
  'zh-Hant': {
    m: [
      {
        type: 'preference',
        said: '之後比較方案的時候請用清單，不要用表格。',
        text: '使用者比較方案時偏好清單，不要表格',
        q: '幫我比較基本、專業和團隊三種方案',
      },
      {
        type: 'fact',
        said: '我的收件地址是台北市大安區復興南路一段100號。',
        text: '收件地址：台北市大安區復興南路一段100號',
        q: '補寄的訂單要寄到哪個收件地址',
      },
      { type: 'constraint', said: '我對花生過敏，食譜裡不要放花生。', text: '使用者對花生過敏，食譜裡不要花生', q: '推薦一道有花生的宮保雞丁食譜' },
    ],
    kb: [
      '價格頁：基本方案每月9元，專業方案29元，團隊方案99元',
      '團隊方案包含單一登入與稽核紀錄',
      '訂單於兩個工作天內出貨',
      '宮保雞丁傳統做法使用花生',
      '退款政策：30天內',
    ],
  },
  es: {
    m: [
      {
        type: 'preference',
        said: 'Cuando compares planes, usa listas, nunca tablas.',
        text: 'El usuario prefiere listas, nunca tablas, al comparar planes',
        q: 'compárame los planes Básico, Pro y Equipo',
      },
      {
        type: 'fact',
        said: 'Mi dirección de envío es Calle Mayor 5, 3ºB, Madrid.',
        text: 'Dirección de envío: Calle Mayor 5, 3ºB, Madrid',
        q: '¿a qué dirección de envío mando el pedido de reposición?',
      },
      {
        type: 'constraint',
        said: 'Soy alérgico a los cacahuetes, nada de cacahuetes en las recetas.',
        text: 'Alergia a los cacahuetes: ninguna receta con cacahuetes',
        q: 'propón una receta de cena con salsa de cacahuetes',
      },
    ],
    kb: [
      'Precios: Básico 9 €, Pro 29 €, Equipo 99 € al mes',
      'El plan Equipo incluye SSO y registros de auditoría',
      'Los pedidos se envían en dos días laborables',
      'La salsa satay lleva cacahuetes y leche de coco',
      'Política de devoluciones: 30 días',
    ],
  },
  de: {
    m: [
      {
        type: 'preference',
        said: 'Wenn du Tarife vergleichst, bitte Aufzählungen statt Tabellen.',
        text: 'Nutzer möchte Tarifvergleiche als Aufzählung, keine Tabellen',
        q: 'vergleich mal die Tarife Basic, Pro und Team',
      },
      {
        type: 'fact',
        said: 'Meine Lieferadresse ist Hauptstraße 12, 50667 Köln.',
        text: 'Lieferadresse: Hauptstraße 12, 50667 Köln',
        q: 'an welche Lieferadresse geht die Ersatzbestellung',
      },
      {
        type: 'constraint',
        said: 'Ich habe eine Erdnussallergie, bitte keine Erdnüsse in Rezepten.',
        text: 'Erdnussallergie: keine Erdnüsse in Rezepten',
        q: 'schlag ein Rezept mit Erdnüssen fürs Abendessen vor',
      },
    ],
    kb: [
      'Preise: Basic 9 €, Pro 29 €, Team 99 € pro Monat',
      'Der Team-Tarif enthält SSO und Audit-Logs',
      'Bestellungen werden in zwei Werktagen versandt',
      'Satay-Soße wird mit Erdnüssen und Kokosmilch gemacht',
      'Rückgabe: 30 Tage',
    ],
  },
  fr: {
    m: [
      {
        type: 'preference',
        said: 'Quand tu compares des offres, fais des listes, jamais de tableaux.',
        text: "L'utilisateur veut des listes, jamais de tableaux, pour comparer les offres",
        q: 'compare les offres Basic, Pro et Équipe',
      },
      {
        type: 'fact',
        said: 'Mon adresse de livraison est 12 rue des Lilas, 69003 Lyon.',
        text: 'Adresse de livraison : 12 rue des Lilas, 69003 Lyon',
        q: 'à quelle adresse de livraison envoyer la commande de remplacement',
      },
      {
        type: 'constraint',
        said: 'Je suis allergique aux cacahuètes, pas de cacahuètes dans les recettes.',
        text: 'Allergie aux cacahuètes : aucune recette avec des cacahuètes',
        q: 'propose une recette de sauce aux cacahuètes pour ce soir',
      },
    ],
    kb: [
      'Tarifs : Basic 9 €, Pro 29 €, Équipe 99 € par mois',
      "L'offre Équipe inclut le SSO et les journaux d'audit",
      'Les commandes partent sous deux jours ouvrés',
      'La sauce satay se fait avec des cacahuètes et du lait de coco',
      'Remboursement : 30 jours',
    ],
  },
  pt: {
    m: [
      {
        type: 'preference',
        said: 'Quando comparar planos, use listas, nunca tabelas.',
        text: 'Usuário prefere listas, nunca tabelas, ao comparar planos',
        q: 'compare os planos Básico, Pro e Equipe para mim',
      },
      {
        type: 'fact',
        said: 'Meu endereço de entrega é Rua Augusta 1500, São Paulo.',
        text: 'Endereço de entrega: Rua Augusta 1500, São Paulo',
        q: 'para qual endereço de entrega vai o pedido de reposição',
      },
      {
        type: 'constraint',
        said: 'Tenho alergia a amendoim, nada de amendoim nas receitas.',
        text: 'Alergia a amendoim: nenhuma receita com amendoim',
        q: 'sugira uma receita com molho de amendoim para o jantar',
      },
    ],
    kb: [
      'Preços: Básico R$9, Pro R$29, Equipe R$99 por mês',
      'O plano Equipe inclui SSO e logs de auditoria',
      'Pedidos são enviados em dois dias úteis',
      'Molho satay leva amendoim e leite de coco',
      'Reembolso: 30 dias',
    ],
  },
  ja: {
    m: [
      {
        type: 'preference',
        said: 'プランを比較するときは表ではなく箇条書きにしてください。',
        text: 'プラン比較は表ではなく箇条書きを希望',
        q: 'ベーシック、プロ、チームの各プランを比較して',
      },
      {
        type: 'fact',
        said: '配送先住所は東京都渋谷区神南1-2-3です。',
        text: '配送先住所：東京都渋谷区神南1-2-3',
        q: '再送の注文はどの配送先住所に送ればいい？',
      },
      {
        type: 'constraint',
        said: 'ピーナッツアレルギーなので、レシピにピーナッツを入れないでください。',
        text: 'ピーナッツアレルギー：レシピにピーナッツを入れない',
        q: 'ピーナッツを使った夕食のレシピを提案して',
      },
    ],
    kb: [
      '料金：ベーシック月9ドル、プロ29ドル、チーム99ドル',
      'チームプランにはSSOと監査ログが含まれます',
      '注文は2営業日以内に発送されます',
      'サテソースはピーナッツとココナッツミルクで作ります',
      '返金ポリシー：30日',
    ],
  },
};

function commit(s, id, mem, memId, turn, o = {}) {
  const w = `${id}-w-${memId}`;
  s.add(
    'memory_write',
    {
      turn,
      write_id: w,
      phase: 'requested',
      memory_id: memId,
      memory_type: mem.type,
      text: mem.text,
      ...(o.scope ? { scope: o.scope } : {}),
      ...(o.store ? { store: o.store } : {}),
    },
    800,
  );
  if (o.fail) {
    s.add('memory_write', { turn, write_id: w, phase: 'failed', memory_id: memId, error: 'ECONNRESET' }, 400);
    return;
  }
  s.add('memory_write', { turn, write_id: w, phase: 'committed', memory_id: memId, ...(o.scope ? { scope: o.scope } : {}) }, o.commitDelay ?? 600);
}

/** Build one retrieval session. shape decides how the memory is missed (or not). */
function build(id, lang, k, shape, extra = {}) {
  const d = L[lang];
  const mem = d.m[k];
  const memId = extra.memId ?? `${id}-m${k}`;
  const s = session(id, '2026-06-10T08:00:00.000Z');
  const aux = [];
  const user = { user: extra.user ?? 'u-1042' };
  const prevSession = () => {
    const p = session(`${id}-prev`, '2026-06-01T19:00:00.000Z');
    p.add('request', {
      turn: 0,
      model: 'gpt-4o',
      scope: extra.prevScope ?? user,
      messages: [
        { role: 'system', content: 'You are a helpful shopping assistant with long-term memory.' },
        { role: 'user', content: mem.said },
      ],
    });
    commit(p, `${id}-prev`, mem, memId, 0, { scope: extra.prevScope ?? user });
    p.add('response', { turn: 0, content: 'OK.' });
    aux.push(p);
  };
  const sys = { role: 'system', content: 'You are a helpful shopping assistant with long-term memory.' };
  if (extra.crossSession) prevSession();
  else {
    s.add('request', { turn: 1, model: 'gpt-4o', scope: user, messages: [sys, { role: 'user', content: mem.said }] });
    if (!extra.commitLate) commit(s, id, mem, memId, 1, { fail: extra.failWrite, scope: user });
    s.add('response', { turn: 1, content: '👍' }, 1200);
    if (extra.supersede) {
      s.add(
        'request',
        { turn: 2, model: 'gpt-4o', scope: user, messages: [sys, { role: 'user', content: mem.said }, { role: 'user', content: extra.supersede.said }] },
        60000,
      );
      commit(s, id, extra.supersede, `${memId}-new`, 2, { scope: user });
      s.add('response', { turn: 2, content: 'OK.' }, 1200);
    }
  }
  if (extra.preTurns) {
    for (let t = 2; t < 2 + extra.preTurns; t++) {
      s.add('request', { turn: t, model: 'gpt-4o', messages: [sys, { role: 'user', content: d.kb[t % d.kb.length] }] }, 30000);
      s.add('response', { turn: t, content: 'OK.' });
    }
  }
  const kbC = d.kb.map((text, i) => ({ id: `kb-${i + 1}`, text }));
  let cands;
  let topK = 3;
  let threshold = 0.7;
  let injected;
  const memC = (score, cid = memId, text = mem.text) => ({ id: cid, score, text, metadata: { type: mem.type, scope: user } });
  const rt = { query: mem.q, retrieval_id: `${id}-q1` };
  switch (shape) {
    case 'rank': // relevant memory ranked 4th with top_k 3; score just under the 3rd
      cands = [{ ...kbC[0], score: 0.83 }, { ...kbC[1], score: 0.81 }, { ...kbC[3], score: 0.8 }, memC(0.78), { ...kbC[2], score: 0.55 }];
      break;
    case 'rank-thr': // ranked beyond top_k and under the threshold
      topK = 2;
      threshold = 0.75;
      cands = [{ ...kbC[0], score: 0.82 }, { ...kbC[1], score: 0.79 }, memC(0.74), { ...kbC[2], score: 0.71 }];
      break;
    case 'threshold': // inside top_k, cut by the absolute threshold
      topK = 5;
      threshold = 0.72;
      cands = [{ ...kbC[0], score: 0.81 }, memC(0.69), { ...kbC[2], score: 0.42 }];
      break;
    case 'chunk': {
      // the memory sits in a long chunk that scored low
      const chunk = `${d.kb.join('. ')}. ${d.kb.join('. ')}. ${mem.text}. ${d.kb.slice(1).join('. ')}. ${d.kb.join('. ')}`;
      topK = 3;
      cands = [
        { ...kbC[0], score: 0.84 },
        { ...kbC[1], score: 0.8 },
        { ...kbC[2], score: 0.77 },
        { id: `doc-notes-7`, score: 0.74, text: chunk, tokens: 600 },
      ];
      break;
    }
    case 'chunkid': // the vector store returns the memory as chunk m-12#0, ranked 4th
      cands = [{ ...kbC[0], score: 0.86 }, { ...kbC[1], score: 0.85 }, { ...kbC[3], score: 0.83 }, memC(0.82, `${memId}#0`), { ...kbC[4], score: 0.4 }];
      break;
    case 'filter': // a filter excludes the memory's type
      cands = [
        { ...kbC[0], score: 0.79 },
        { ...kbC[1], score: 0.74 },
      ];
      rt.filters = { memory_type: { $in: ['fact', 'task_state'].filter((x) => x !== mem.type).concat(mem.type === 'fact' ? ['process'] : []) } };
      break;
    case 'error': // the search timed out
      cands = [];
      rt.error = 'timeout';
      break;
    case 'lag': // committed 800 ms before the query, not indexed yet
      cands = [
        { ...kbC[0], score: 0.79 },
        { ...kbC[1], score: 0.74 },
      ];
      break;
    // look-alikes
    case 'injected':
      cands = [memC(0.9), { ...kbC[0], score: 0.8 }, { ...kbC[1], score: 0.6 }];
      break;
    case 'injected-chunkid':
      cands = [memC(0.88, `${memId}#0`), { ...kbC[0], score: 0.8 }, { ...kbC[1], score: 0.5 }];
      injected = [`${memId}#0`, 'kb-1'];
      break;
    case 'far': // irrelevant memory far below the cut
      cands = [{ ...kbC[0], score: 0.91 }, { ...kbC[1], score: 0.88 }, { ...kbC[2], score: 0.86 }, memC(0.41, memId, extra.memText ?? mem.text)];
      break;
    case 'relative': // relative cut-off (score < 60% of the best), memory irrelevant to the query
      topK = 10;
      threshold = 0;
      cands = [{ ...kbC[0], score: 0.93 }, { ...kbC[1], score: 0.9 }, memC(0.38, memId, extra.memText ?? mem.text), { ...kbC[2], score: 0.31 }];
      injected = ['kb-1', 'kb-2'];
      break;
    case 'superseded': // the old memory is cut, the newer one that replaced it is injected
      cands = [memC(0.9, `${memId}-new`, extra.supersede.text), { ...kbC[0], score: 0.7 }, { ...kbC[1], score: 0.66 }, memC(0.65)];
      injected = [`${memId}-new`, 'kb-1', 'kb-2'];
      break;
    case 'pinned': // not injected by retrieval but pinned in the next prompt
      cands = [{ ...kbC[0], score: 0.83 }, { ...kbC[1], score: 0.81 }, { ...kbC[3], score: 0.8 }, memC(0.78)];
      break;
    case 'none': // memory not a candidate at all (not visible / not committed)
      cands = [
        { ...kbC[0], score: 0.79 },
        { ...kbC[1], score: 0.74 },
      ];
      break;
    case 'rerank': // first stage missed the cut; the rerank stage put it first and injected it
      topK = 3;
      cands = [{ ...kbC[0], score: 0.83 }, { ...kbC[1], score: 0.81 }, { ...kbC[3], score: 0.8 }, memC(0.78)];
      break;
    case 'dup': // a duplicate of the memory under another id was injected
      cands = [{ id: `${memId}-copy`, score: 0.9, text: mem.text }, { ...kbC[0], score: 0.8 }, { ...kbC[1], score: 0.78 }, memC(0.77)];
      break;
    default:
      throw new Error(shape);
  }
  cands.forEach((c, i) => {
    c.rank = i + 1;
  });
  if (extra.commitLate) {
    /* memory committed only after the retrieval */
  }
  const turn = 4;
  s.add('request', { turn, model: 'gpt-4o', scope: user, messages: [sys, { role: 'user', content: mem.q }] }, shape === 'lag' ? 500 : 3600000);
  if (shape === 'lag') {
    // re-commit timing: the commit above is long before; add a fresh write right before the query instead
  }
  const ret = { turn, ...rt, top_k: topK, threshold, candidates: cands, scope: user };
  if (injected) ret.injected = injected;
  if (extra.filters) ret.filters = extra.filters;
  s.add('retrieval', ret, 300);
  if (shape === 'rerank') {
    const rr = [memC(0.97), { ...kbC[0], score: 0.61 }, { ...kbC[1], score: 0.42 }].map((c, i) => ({
      ...c,
      rank: i + 1,
      metadata: { ...(c.metadata ?? {}), stage: 'rerank' },
    }));
    s.add('retrieval', { turn, retrieval_id: `${id}-q1-rerank`, query: mem.q, top_k: 2, candidates: rr, injected: [memId, 'kb-1'], scope: user }, 200);
  }
  const injTexts = (injected ?? cands.filter((c, i) => i < topK && c.score >= threshold).map((c) => c.id))
    .map((cid) => cands.find((c) => c.id === cid))
    .filter(Boolean)
    .map((c) => c.text);
  if (shape === 'rerank') injTexts.splice(0, injTexts.length, mem.text, d.kb[0]);
  const ctx = { role: 'system', content: `Relevant memory:\n${injTexts.map((t) => `- ${t}`).join('\n')}` };
  if (extra.pinnedText) ctx.content += `\n\nKnown user preferences (pinned):\n- ${extra.pinnedText}`;
  s.add('request', { turn, model: 'gpt-4o', scope: user, messages: [sys, ctx, { role: 'user', content: mem.q }] }, 200);
  s.add('response', { turn, content: extra.answer ?? 'OK.' }, 2000);
  if (extra.commitLate) commit(s, id, mem, memId, 5, { scope: user });
  return { events: [...aux.flatMap((a) => a.events), ...s.events], aux: aux.map((a) => a.id) };
}

// the 'lag' shape needs the commit right before the query: build it separately
function buildLag(id, lang, k) {
  const d = L[lang];
  const mem = d.m[k];
  const memId = `${id}-m${k}`;
  const s = session(id, '2026-06-10T08:00:00.000Z');
  const sys = { role: 'system', content: 'You are a helpful shopping assistant with long-term memory.' };
  s.add('request', { turn: 1, model: 'gpt-4o', messages: [sys, { role: 'user', content: `${mem.said} ${mem.q}` }] });
  commit(s, id, mem, memId, 1, {});
  s.add(
    'retrieval',
    {
      turn: 1,
      retrieval_id: `${id}-q1`,
      query: mem.q,
      top_k: 3,
      threshold: 0.7,
      candidates: [
        { id: 'kb-1', score: 0.79, text: d.kb[0], rank: 1 },
        { id: 'kb-2', score: 0.74, text: d.kb[1], rank: 2 },
      ],
    },
    700,
  );
  s.add(
    'request',
    {
      turn: 1,
      model: 'gpt-4o',
      messages: [sys, { role: 'system', content: `Relevant memory:\n- ${d.kb[0]}\n- ${d.kb[1]}` }, { role: 'user', content: mem.q }],
    },
    200,
  );
  s.add('response', { turn: 1, content: 'OK.' }, 2000);
  return { events: s.events, aux: [] };
}

export function cases() {
  const out = [];
  const langs = Object.keys(L);
  const shapes = [
    ['rank', 'rank_beyond_top_k', 'relevant memory ranked 4th with top_k=3 (score 0.78 vs cut 0.80)'],
    ['threshold', 'below_threshold', 'memory inside top_k but cut by the absolute threshold (0.69 < 0.72)'],
    ['chunk', 'chunk_dilution', 'memory sits inside a 600-token notes chunk that scored low and was cut'],
    ['filter', 'not_retrieved', "a memory_type filter excluded the memory's type, so it was never a candidate"],
    ['rank-thr', 'rank_beyond_top_k', 'ranked 3rd with top_k=2 and also under the threshold'],
    ['chunkid', 'rank_beyond_top_k', 'the store returned the memory as chunk <id>#0, ranked 4th with top_k=3'],
    ['error', 'not_retrieved', 'the retrieval timed out (error) and returned no candidates; the committed memory never reached the prompt'],
    ['lag', 'not_retrieved', 'committed ~700 ms before the query; the index had not caught up'],
  ];
  let n = 0;
  for (const lang of langs) {
    for (let k = 0; k < 3; k++) {
      const [shape, cause, why0] = shapes[n % shapes.length];
      const cross = (n % 3 === 1 || n % 5 === 2) && shape !== 'lag' && shape !== 'error';
      n++;
      const id = `rm-f-${lang.toLowerCase()}-${String(k + 1).padStart(2, '0')}`;
      const r = shape === 'lag' ? buildLag(id, lang, k) : build(id, lang, k, shape, { crossSession: cross, preTurns: k === 1 ? 2 : 0 });
      const why = cross ? `${why0}; the memory was committed in an EARLIER session (${id}-prev)` : why0;
      out.push({
        file: `faults-${lang}.jsonl`,
        events: r.events,
        label: { session: id, expect: 'flag', cause, lang, why, ...(r.aux.length ? { aux_sessions: r.aux } : {}) },
      });
    }
  }
  const la = [
    ['en', 'injected', {}, 'the memory was injected (rank 1, above the threshold)'],
    [
      'en',
      'far',
      { memText: 'User has a dog named Pepper', memQ: 'pepper steak' },
      'memory about a dog named Pepper vs a query about pepper steak: a word collision, not relevance, and far below the cut',
    ],
    [
      'es',
      'far',
      { memText: 'La casa de la playa de mi madre está en Cádiz', q: 'la agenda de la reunión de la tarde' },
      'only Spanish stop words (la, de) are shared; the memory is irrelevant and far below the cut',
    ],
    [
      'pt',
      'superseded',
      {
        k: 1,
        supersede: {
          type: 'fact',
          said: 'Mudei de casa: o novo endereço de entrega é Rua das Flores 80, Porto.',
          text: 'Endereço de entrega (novo, desde junho): Rua das Flores 80, Porto',
        },
      },
      'the old address was superseded by a newer memory (new id), which was injected',
    ],
    [
      'de',
      'superseded',
      {
        k: 1,
        supersede: {
          type: 'fact',
          said: 'Ich bin umgezogen, neue Lieferadresse: Lindenweg 3, 80331 München.',
          text: 'Lieferadresse (neu): Lindenweg 3, 80331 München',
        },
      },
      'a newer address memory replaced the old one and was injected; the old one is rightly left out',
    ],
    ['ja', 'injected-chunkid', {}, 'the memory was injected as chunk <id>#0'],
    ['fr', 'pinned', { pinned: true }, 'not injected by retrieval, but the next prompt pins the same preference (template wording)'],
    ['zh-Hans', 'none', { otherUser: true }, '该记忆属于另一个用户（另一个会话写入），本次检索按用户范围过滤，看不到是正确的'],
    ['zh-Hant', 'none', { failWrite: true }, '記憶寫入失敗、從未提交，不屬於 recall-mismatch'],
    ['es', 'none', { commitLate: true }, 'the memory was committed only after the retrieval'],
    [
      'de',
      'relative',
      { memText: 'Nutzer spielt sonntags Tennis im Verein' },
      'relative cut-off (below 60% of the best score) dropped an unrelated memory: deliberate and correct',
    ],
    ['en', 'rerank', {}, 'first stage ranked it 4th, but the rerank stage put it first and injected it'],
    ['zh-Hans', 'far', { memText: '用户喜欢吃苹果和香蕉', q: '苹果手机电池怎么更换' }, '“苹果”水果 vs 苹果手机：词面重合，但毫不相关，且分数远低于截断'],
    ['ja', 'dup', {}, 'a duplicate of the same memory text (another id) was injected, so the content reached the prompt'],
    ['fr', 'relative', { memText: "L'utilisateur a un chat qui s'appelle Biscuit" }, 'an unrelated memory cut by a relative cut-off: correct'],
    ['pt', 'injected', { k: 2 }, 'the allergy memory was injected at rank 1'],
    ['zh-Hant', 'injected-chunkid', { k: 1 }, '記憶以分塊 <id>#0 的形式被注入'],
    [
      'en',
      'none',
      { unrelatedQuery: 'what is the weather in Lisbon tomorrow' },
      'the query is about the weather; the stored allergy memory is irrelevant and rightly not retrieved',
    ],
  ];
  const counter = {};
  for (const [lang, shape, ex, why] of la) {
    counter[lang] = (counter[lang] ?? 0) + 1;
    const id = `rm-l-${lang.toLowerCase()}-${String(counter[lang]).padStart(2, '0')}`;
    const k = ex.k ?? (shape === 'far' || shape === 'relative' ? 0 : 0);
    const d = L[lang];
    let _mem = d.m[ex.unrelatedQuery ? 2 : k];
    const saved = d.m[ex.unrelatedQuery ? 2 : k];
    // temporary per-case overrides of the memory / query
    const o = { ...saved };
    if (ex.memText) {
      o.text = ex.memText;
      o.said = ex.memText;
    }
    if (ex.q) o.q = ex.q;
    if (ex.memQ) o.q = `how do I make a ${ex.memQ} sauce`;
    if (ex.unrelatedQuery) o.q = ex.unrelatedQuery;
    d.m[ex.unrelatedQuery ? 2 : k] = o;
    let r;
    if (ex.otherUser) {
      // written by another user in another session; this user's retrieval is scoped to u-1042
      r = build(id, lang, k, 'none', { crossSession: true, prevScope: { user: 'u-7777' }, filters: { user: 'u-1042' } });
    } else {
      r = build(id, lang, ex.unrelatedQuery ? 2 : k, shape, {
        supersede: ex.supersede,
        failWrite: ex.failWrite,
        commitLate: ex.commitLate,
        pinnedText: ex.pinned ? 'listes plutôt que tableaux pour comparer des offres' : undefined,
        memText: ex.memText,
      });
    }
    d.m[ex.unrelatedQuery ? 2 : k] = saved;
    _mem = saved;
    out.push({
      file: `lookalikes-${lang}.jsonl`,
      events: r.events,
      label: { session: id, expect: 'quiet', lang, why, ...(r.aux.length ? { aux_sessions: r.aux } : {}) },
    });
  }
  return out;
}
