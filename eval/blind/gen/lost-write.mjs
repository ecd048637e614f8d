// lost-write blind cases. Written from the analyzer README, EVENTS.md and issues 12 and 13 only.
import { session } from './lib.mjs';

const L = {
  en: {
    ask: "Please remember that my daughter's name is Lea and she's allergic to penicillin.",
    mem: "User's daughter is Lea; allergic to penicillin",
    p: [
      "Done — I've saved that to your memory.",
      "Sure thing! ok so, noted: I'll remember that Lea is allergic to penicillin.",
      'Memory updated. Lea, penicillin allergy.',
    ],
    q0: 'What did we decide about the Lisbon trip?',
    a0: 'You picked the 14th for the flight.',
  },
  'zh-Hans': {
    ask: '请记住，我女儿叫小雨，她对青霉素过敏。',
    mem: '用户的女儿叫小雨，对青霉素过敏',
    p: ['好的，已经记住了。', '明白，我会记住的，以后推荐药物时都会注意。', '已经为你保存：小雨对青霉素过敏。'],
    q0: '上次我们说的里斯本行程定在哪天？',
    a0: '你选的是14号的航班。',
  },
  'zh-Hant': {
    ask: '請記住，我女兒叫小雨，她對青黴素過敏。',
    mem: '使用者的女兒叫小雨，對青黴素過敏',
    p: ['好的，我已經記住了。', '已為你儲存到記憶中：小雨對青黴素過敏。', '收到，我會記住這件事。'],
    q0: '上次說的里斯本行程是哪一天？',
    a0: '你選的是14號的航班。',
  },
  es: {
    ask: 'Por favor, recuerda que mi hija se llama Lea y es alérgica a la penicilina.',
    mem: 'La hija del usuario se llama Lea; alérgica a la penicilina',
    p: ['Hecho, lo he guardado en tu memoria.', 'Entendido, lo recordaré a partir de ahora.', 'Listo: he memorizado que Lea es alérgica a la penicilina.'],
    q0: '¿Qué decidimos sobre el viaje a Lisboa?',
    a0: 'Elegiste el vuelo del día 14.',
  },
  de: {
    ask: 'Bitte merk dir, dass meine Tochter Lea heißt und gegen Penicillin allergisch ist.',
    mem: 'Tochter des Nutzers heißt Lea; Penicillinallergie',
    p: [
      'Alles klar, ich habe mir das gemerkt.',
      'Gespeichert – ich werde mich daran erinnern, dass Lea kein Penicillin verträgt.',
      'Notiert und in deinem Gedächtnis gespeichert.',
    ],
    q0: 'Was hatten wir zur Lissabon-Reise beschlossen?',
    a0: 'Du hast den Flug am 14. gewählt.',
  },
  fr: {
    ask: "Retiens que ma fille s'appelle Léa et qu'elle est allergique à la pénicilline, s'il te plaît.",
    mem: "La fille de l'utilisateur s'appelle Léa ; allergique à la pénicilline",
    p: ["C'est noté, je l'ai enregistré dans ta mémoire.", "D'accord, je m'en souviendrai.", 'Mémoire mise à jour : Léa, allergie à la pénicilline.'],
    q0: 'Qu’avions-nous décidé pour le voyage à Lisbonne ?',
    a0: 'Tu as choisi le vol du 14.',
  },
  pt: {
    ask: 'Por favor, lembre que minha filha se chama Lea e é alérgica a penicilina.',
    mem: 'A filha do usuário se chama Lea; alérgica a penicilina',
    p: ['Pronto, salvei isso na sua memória.', 'Beleza, vou lembrar disso daqui pra frente.', 'Anotado e guardado na memória: Lea tem alergia a penicilina.'],
    q0: 'O que decidimos sobre a viagem a Lisboa?',
    a0: 'Você escolheu o voo do dia 14.',
  },
  ja: {
    ask: '娘の名前はレアで、ペニシリンアレルギーがあることを覚えておいてください。',
    mem: 'ユーザーの娘はレア、ペニシリンアレルギー',
    p: ['承知しました。メモリに保存しました。', 'わかりました、覚えておきます。', '記憶しました：レアはペニシリンアレルギーです。'],
    q0: 'リスボン旅行はどう決めましたっけ？',
    a0: '14日の便を選びました。',
  },
};

const SYS = { role: 'system', content: 'You are a family assistant with long-term memory (memory tool: save_memory).' };

/** Opening turn that shows a memory system: a retrieval over the user's memories. */
function opening(s, d, withMemory = true) {
  s.add('request', {
    turn: 0,
    model: 'gpt-4o',
    messages: [withMemory ? SYS : { role: 'system', content: 'You are a friendly chat companion.' }, { role: 'user', content: d.q0 }],
  });
  if (withMemory) s.add('retrieval', { turn: 0, query: d.q0, top_k: 3, candidates: [{ id: 'mem-trip', score: 0.88, text: d.a0, rank: 1 }] }, 300);
  s.add('response', { turn: 0, content: d.a0 }, 1500);
}

function ask(s, d, turn, text = d.ask, withMemory = true) {
  s.add(
    'request',
    {
      turn,
      model: 'gpt-4o',
      messages: [
        withMemory ? SYS : { role: 'system', content: 'You are a friendly chat companion.' },
        { role: 'user', content: d.q0 },
        { role: 'assistant', content: d.a0 },
        { role: 'user', content: text },
      ],
    },
    40000,
  );
}

const W = (s, id, turn, phase, extra = {}) => {
  const { dt, ...rest } = extra;
  return s.add('memory_write', { turn, write_id: `${id}-w1`, phase, ...rest }, dt ?? 400);
};

function faultPromise(id, lang, k) {
  const d = L[lang];
  const s = session(id, '2026-07-01T18:00:00.000Z');
  opening(s, d);
  ask(s, d, 1);
  const mw = { memory_id: `${id}-m1`, memory_type: 'fact', text: d.mem, actor: 'memory-worker', store: 'memories' };
  let cause;
  let why;
  if (k === 0) {
    s.add('response', { turn: 1, content: d.p[0] }, 2000);
    cause = 'promised_not_written';
    why = 'the answer promises a save but no memory write or memory tool call exists in that turn (the session has a memory system)';
  } else if (k === 3) {
    // memory system shown by an earlier committed write; the promise is buried after fillers
    s.add('memory_write', { turn: 0, write_id: `${id}-w0`, phase: 'committed', memory_id: 'mem-trip', memory_type: 'decision', text: d.a0 }, 200);
    const filler = {
      en: 'ok so, right, ',
      'zh-Hans': '嗯，好的，那么',
      'zh-Hant': '嗯，好喔，那',
      es: 'vale, bueno, ',
      de: 'ok, also, ',
      fr: 'bon, alors, ',
      pt: 'tá, então, ',
      ja: 'ええと、では、',
    }[lang];
    s.add('response', { turn: 1, content: `${filler}${d.p[(k + lang.length) % 3]}` }, 2000);
    cause = 'promised_not_written';
    why = 'promise phrased differently and buried after fillers; no write or memory tool in the turn (earlier committed memory shows the system)';
  } else if (k === 1) {
    W(s, id, 1, 'enqueued', mw);
    W(s, id, 1, 'acknowledged', { memory_id: mw.memory_id });
    s.add('response', { turn: 1, content: d.p[1] }, 1500);
    s.add('request', { turn: 2, model: 'gpt-4o', messages: [SYS, { role: 'user', content: d.q0 }] }, 90000);
    s.add('response', { turn: 2, content: d.a0 }, 1500);
    cause = 'never_committed';
    why = 'promised and acknowledged, never committed by the end of the session';
  } else {
    W(s, id, 1, 'enqueued', mw);
    W(s, id, 1, 'acknowledged', { memory_id: mw.memory_id });
    s.add('response', { turn: 1, content: d.p[2] }, 1500);
    s.add('lifecycle', { event: 'restart', process: 'memory-worker', actor: 'memory-worker' }, 3000);
    s.add('store_snapshot', { store: 'memories', memory_ids: ['mem-trip', 'm-0091'] }, 300000);
    cause = 'lost_in_restart';
    why = 'promised and acknowledged, then memory-worker restarted before any commit; the snapshot lacks it';
  }
  return { events: s.events, cause, why };
}

function faultLifecycle(id, lang, k) {
  const d = L[lang];
  const s = session(id, '2026-07-02T07:30:00.000Z');
  opening(s, d);
  ask(s, d, 1);
  const mw = { memory_id: `${id}-m1`, memory_type: k % 2 ? 'preference' : 'fact', text: d.mem, actor: 'memory-worker', store: 'memories' };
  let cause;
  let why;
  const okText = { en: 'OK.', 'zh-Hans': '好的。', 'zh-Hant': '好的。', es: 'Vale.', de: 'Okay.', fr: "D'accord.", pt: 'Ok.', ja: 'はい。' }[lang];
  switch (k) {
    case 0:
      W(s, id, 1, 'requested', mw);
      W(s, id, 1, 'enqueued');
      W(s, id, 1, 'acknowledged');
      s.add('response', { turn: 1, content: okText }, 800);
      s.add('lifecycle', { event: 'crash', process: 'memory-worker', actor: 'memory-worker' }, 2500);
      s.add('lifecycle', { event: 'start', process: 'memory-worker', actor: 'memory-worker' }, 4000);
      cause = 'lost_in_restart';
      why = 'acknowledged, then the memory worker crashed before the commit (no promise text involved)';
      break;
    case 1:
      W(s, id, 1, 'enqueued', mw);
      W(s, id, 1, 'acknowledged');
      W(s, id, 1, 'failed', { error: 'SQLITE_BUSY: database is locked', dt: 2200 });
      s.add('response', { turn: 1, content: okText }, 300);
      cause = 'failed_without_retry';
      why = 'acknowledged, then failed (database locked) with no retry';
      break;
    case 2:
      W(s, id, 1, 'enqueued', mw);
      W(s, id, 1, 'committed', { dt: 900 });
      W(s, id, 1, 'acknowledged');
      s.add('response', { turn: 1, content: okText }, 800);
      s.add('store_snapshot', { store: 'memories', records: [{ id: 'mem-trip', text: d.a0 }, { id: 'm-0091' }] }, 600000);
      cause = 'missing_from_snapshot';
      why = 'logged committed, but a later snapshot of the same store does not hold the memory';
      break;
    case 3: {
      // memory tool upsert_user_fact: queued result, write acknowledged, then dead-lettered
      s.add('tool_call', { turn: 1, call_id: 'call_mem', name: 'upsert_user_fact', arguments: { fact: d.mem, subject: 'daughter' } }, 900);
      W(s, id, 1, 'enqueued', mw);
      W(s, id, 1, 'acknowledged');
      s.add('tool_result', { turn: 1, call_id: 'call_mem', name: 'upsert_user_fact', content: { status: 'queued', id: mw.memory_id } }, 200);
      s.add('response', { turn: 1, content: okText }, 900);
      W(s, id, 1, 'retried', { dt: 5000 });
      W(s, id, 1, 'dead_lettered', { error: 'embedding service 503', dt: 15000 });
      cause = 'failed_without_retry';
      why = 'upsert_user_fact was acknowledged as queued, then the write was dead-lettered';
      break;
    }
    case 4: {
      s.add('tool_call', { turn: 1, call_id: 'call_note', name: 'save_note', arguments: { text: d.mem } }, 900);
      W(s, id, 1, 'enqueued', { ...mw, store: 'notes', actor: 'notes-svc' });
      W(s, id, 1, 'acknowledged', { actor: 'notes-svc' });
      s.add('tool_result', { turn: 1, call_id: 'call_note', name: 'save_note', content: '{"ok":true}' }, 200);
      s.add('response', { turn: 1, content: okText }, 900);
      s.add('lifecycle', { event: 'deploy', process: 'notes-svc', actor: 'notes-svc' }, 20000);
      s.add('store_snapshot', { store: 'notes', memory_ids: [] }, 60000);
      cause = 'lost_in_restart';
      why = 'save_note acknowledged, then notes-svc was redeployed before any commit; the notes snapshot is empty';
      break;
    }
    default: {
      W(s, id, 1, 'requested', mw);
      W(s, id, 1, 'acknowledged');
      s.add('response', { turn: 1, content: okText }, 800);
      for (let t = 2; t < 6; t++) {
        s.add('request', { turn: t, model: 'gpt-4o', messages: [SYS, { role: 'user', content: d.q0 }] }, 60000);
        s.add('response', { turn: t, content: d.a0 }, 1500);
      }
      cause = 'never_committed';
      why = 'acknowledged at turn 1, never committed nor failed over four more turns';
    }
  }
  return { events: s.events, cause, why };
}

// ---- look-alikes
const LA = {
  narrative: (id, lang) => {
    const t = {
      en: [
        "We finally did the camping trip in Asturias with my brother's kids!",
        "That sounds wonderful! I'll always remember you telling me about the bears at the campsite 😄 How did the kids like it?",
      ],
      es: ['¡Por fin hicimos la acampada en Asturias con mis sobrinos!', '¡Qué maravilla! Siempre recordaré nuestro viaje a Asturias, fue increíble.'],
    }[lang];
    const s = session(id, '2026-07-03T20:00:00.000Z');
    s.add('request', {
      turn: 0,
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You are a friendly chat companion.' },
        { role: 'user', content: t[0] },
      ],
    });
    s.add('response', { turn: 0, content: t[1] }, 2000);
    return s.events;
  },
  reply: (id, lang, text, opts = {}) => {
    const d = L[lang];
    const s = session(id, '2026-07-03T20:00:00.000Z');
    opening(s, d, opts.memory !== false);
    ask(s, d, 1, opts.ask ?? d.ask, opts.memory !== false);
    if (opts.tool) {
      s.add('tool_call', { turn: 1, call_id: 'c1', name: opts.tool, arguments: opts.args ?? { text: d.mem } }, 800);
      s.add('tool_result', { turn: 1, call_id: 'c1', name: opts.tool, content: opts.result ?? { ok: true } }, 400);
    }
    if (opts.write)
      for (const [ph, ex] of opts.write)
        W(s, id, 1, ph, {
          memory_id: `${id}-m1`,
          memory_type: 'fact',
          store: 'memories',
          actor: 'memory-worker',
          ...(ph === 'requested' || ph === 'enqueued' ? { text: d.mem } : {}),
          ...(ex ?? {}),
        });
    s.add('response', { turn: 1, content: text }, 1500);
    if (opts.after) opts.after(s);
    return s.events;
  },
};

export function cases() {
  const out = [];
  const langs = Object.keys(L);
  langs.forEach((lang, i) => {
    // promise faults: 12 (each language gets 1 or 2), lifecycle faults: 12
    const pk = [
      [0, 1, 3],
      [2, 3],
      [0, 1, 3],
      [2, 3],
      [0, 3],
      [1, 2, 3],
      [0, 3],
      [1, 2, 3],
    ][i];
    pk.forEach((k) => {
      const id = `lw-f-${lang.toLowerCase()}-p${k + 1}`;
      const r = faultPromise(id, lang, k);
      out.push({ file: `faults-${lang}.jsonl`, events: r.events, label: { session: id, expect: 'flag', cause: r.cause, lang, focus: 'promise', why: r.why } });
    });
    const lk = [[0], [1, 2], [3], [4, 5], [0, 1], [2], [3, 4], [5]][i];
    lk.forEach((k) => {
      const id = `lw-f-${lang.toLowerCase()}-l${k + 1}`;
      const r = faultLifecycle(id, lang, k);
      out.push({
        file: `faults-${lang}.jsonl`,
        events: r.events,
        label: { session: id, expect: 'flag', cause: r.cause, lang, focus: 'lifecycle', why: r.why },
      });
    });
  });
  const committed = [['requested'], ['committed', { dt: 700 }], ['acknowledged']];
  const la = [
    ['en', 'promise', (id) => LA.narrative(id, 'en'), '"I\'ll always remember you telling me..." is conversation in a chat with no memory system, not a save'],
    ['es', 'promise', (id) => LA.narrative(id, 'es'), '"Siempre recordaré nuestro viaje" is narrative, no memory system'],
    [
      'en',
      'promise',
      (id) =>
        LA.reply(id, 'en', 'I have stored the backup in the S3 bucket s3://family-docs/backups/2026-07-03.tar.gz.', {
          ask: 'Can you back up the vaccination PDFs?',
          tool: 's3_upload',
          args: { bucket: 'family-docs' },
        }),
      'storing a backup file in S3 is not a memory promise',
    ],
    [
      'fr',
      'promise',
      (id) =>
        LA.reply(id, 'fr', "J'ai enregistré le rapport dans rapport-vaccins.pdf sur ton bureau.", {
          ask: 'Exporte le carnet de vaccination en PDF.',
          tool: 'export_pdf',
          args: { path: 'rapport-vaccins.pdf' },
        }),
      'saving a file is not a memory save',
    ],
    ['es', 'promise', (id) => LA.reply(id, 'es', '¿Quieres que lo recuerde para la próxima vez?'), 'a question/offer, not a promise'],
    [
      'de',
      'promise',
      (id) =>
        LA.reply(id, 'de', 'Ich habe das leider nicht gespeichert – der Gedächtnisdienst ist gerade nicht erreichbar. Versuch es bitte später noch einmal.'),
      'a negation: the assistant says it did NOT save',
    ],
    [
      'pt',
      'promise',
      (id) =>
        LA.reply(id, 'pt', 'Pronto, salvei isso na sua memória.', {
          tool: 'upsert_user_fact',
          args: { fact: L.pt.mem },
          result: { status: 'committed', id: 'uf-88' },
        }),
      'the promise is backed by an upsert_user_fact call in the same turn that returned committed',
    ],
    [
      'ja',
      'promise',
      (id) => LA.reply(id, 'ja', 'メモに保存しました。', { tool: 'save_note', args: { text: L.ja.mem }, result: '{"ok":true,"durable":true}' }),
      'save_note memory tool called in the same turn and succeeded',
    ],
    ['zh-Hans', 'promise', (id) => LA.reply(id, 'zh-Hans', '好的，已经记住了。', { write: committed }), '承诺有对应的已提交写入（先提交后确认）'],
    [
      'zh-Hant',
      'promise',
      (id) => LA.reply(id, 'zh-Hant', '好啊，我會記住的！下次聊天見～', { memory: false, ask: '今天跟你聊得很開心，記得我們聊過的貓咪喔。' }),
      '沒有任何記憶系統的閒聊裡說「我會記住」，不是遺失的寫入',
    ],
    ['pt', 'promise', (id) => LA.reply(id, 'pt', 'Se quiser, posso guardar isso na sua memória. Quer?'), 'an offer, not a promise'],
    ['zh-Hans', 'promise', (id) => LA.reply(id, 'zh-Hans', '要我记住这件事吗？'), '询问，不是承诺'],
    ['de', 'promise', (id) => LA.reply(id, 'de', 'Soll ich mir das für das nächste Mal merken?'), 'a question, not a promise'],
    [
      'ja',
      'promise',
      (id) =>
        LA.reply(id, 'ja', '予防接種の記録はPDFにしてデスクトップに保存しました。', {
          ask: '予防接種の記録をPDFにしてください。',
          tool: 'export_pdf',
          args: { path: '~/Desktop/vaccines.pdf' },
        }),
      'saving a file to the desktop, not a memory',
    ],
    [
      'fr',
      'promise',
      (id) => {
        const s = session(id, '2026-07-03T20:00:00.000Z');
        s.add('request', {
          turn: 0,
          model: 'gpt-4o',
          messages: [
            { role: 'system', content: 'You are a friendly chat companion.' },
            { role: 'user', content: 'On est rentrés de Lisbonne, quel voyage !' },
          ],
        });
        s.add('response', { turn: 0, content: 'Je me souviendrai toujours de la façon dont tu as décrit le tram 28, ça donne envie !' }, 2000);
        return s.events;
      },
      'narrative "je me souviendrai toujours", no memory system',
    ],
    ['en', 'promise', (id) => LA.reply(id, 'en', "I haven't saved anything yet — do you want me to store this as a memory?"), 'a negation plus a question'],
    [
      'en',
      'lifecycle',
      (id) =>
        LA.reply(id, 'en', 'Saved.', {
          write: [['requested'], ['enqueued'], ['failed', { error: 'timeout' }], ['retried'], ['committed', { dt: 3000 }], ['acknowledged']],
        }),
      'failed once, retried to a commit, acknowledged after the commit',
    ],
    [
      'de',
      'lifecycle',
      (id) =>
        LA.reply(id, 'de', 'Gespeichert.', {
          write: committed,
          after: (s) => s.add('lifecycle', { event: 'restart', process: 'memory-worker', actor: 'memory-worker' }, 5000),
        }),
      'the restart came after the commit',
    ],
    [
      'fr',
      'lifecycle',
      (id) =>
        LA.reply(id, 'fr', "C'est noté, je l'ai enregistré dans ta mémoire.", {
          write: committed,
          after: (s) => s.add('store_snapshot', { store: 'analytics', memory_ids: ['a-1', 'a-2'] }, 60000),
        }),
      'the only snapshot is of another store (analytics)',
    ],
    [
      'es',
      'lifecycle',
      (id) =>
        LA.reply(id, 'es', 'Hecho, lo he guardado en tu memoria.', {
          write: committed,
          after: (s) => {
            s.add('store_snapshot', { store: 'memories', memory_ids: ['mem-trip', `${id}-m1`] }, 60000);
          },
        }),
      'committed, and a later snapshot of the same store holds it',
    ],
    [
      'ja',
      'lifecycle',
      (id) =>
        LA.reply(id, 'ja', '申し訳ありません、保存に失敗しました。もう一度試してもいいですか？', {
          write: [['requested'], ['failed', { error: 'quota exceeded' }]],
        }),
      'failed, never acknowledged, and the user was told it failed',
    ],
    [
      'pt',
      'lifecycle',
      (id) =>
        LA.reply(id, 'pt', 'Ok.', {
          write: [
            ['requested'],
            ['enqueued'],
            ['dead_lettered', { error: 'schema mismatch' }],
            ['retried', { dt: 30000 }],
            ['committed', { dt: 2000 }],
            ['acknowledged'],
          ],
        }),
      'dead-lettered, then replayed and committed before any acknowledgement',
    ],
    [
      'zh-Hans',
      'lifecycle',
      (id) =>
        LA.reply(id, 'zh-Hans', '已保存。', {
          tool: 'upsert_user_fact',
          args: { fact: L['zh-Hans'].mem },
          result: { status: 'ok' },
          write: committed,
          after: (s) => s.add('store_snapshot', { store: 'memories', records: [{ id: 'mem-trip' }, { id: `${s.id}-m1`, text: L['zh-Hans'].mem }] }, 60000),
        }),
      'upsert_user_fact 写入已提交，快照里也有',
    ],
  ];
  const counter = {};
  for (const [lang, focus, fn, why] of la) {
    counter[lang] = (counter[lang] ?? 0) + 1;
    const id = `lw-l-${lang.toLowerCase()}-${String(counter[lang]).padStart(2, '0')}`;
    out.push({ file: `lookalikes-${lang}.jsonl`, events: fn(id), label: { session: id, expect: 'quiet', lang, focus, why } });
  }
  return out;
}
