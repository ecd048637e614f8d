// concurrent-overwrite blind cases. Written from the analyzer README, EVENTS.md and issue 13 only.
import { session } from './lib.mjs';

// Per language: actor names, a key, and values (initial, A's update, B's update).
const L = {
  en: {
    a: 'planner',
    b: 'executor',
    c: 'reviewer',
    key: 'current_task',
    v: ['draft the Q3 budget', 'Q3 budget drafted, send to finance', 'collect vendor quotes'],
  },
  'zh-Hans': { a: '规划代理', b: '执行代理', c: '审核代理', key: 'current_task', v: ['起草第三季度预算', '预算已起草，发给财务', '收集供应商报价'] },
  'zh-Hant': { a: '規劃代理', b: '執行代理', c: '審核代理', key: '目前任務', v: ['整理客戶名單', '客戶名單已整理，寄給業務', '更新產品價目表'] },
  es: {
    a: 'planificador',
    b: 'ejecutor',
    c: 'revisor',
    key: 'tarea_actual',
    v: ['preparar el presupuesto del Q3', 'presupuesto listo, enviar a finanzas', 'pedir presupuestos a proveedores'],
  },
  de: {
    a: 'planer',
    b: 'ausfuehrer',
    c: 'pruefer',
    key: 'aktuelle_aufgabe',
    v: ['Q3-Budget entwerfen', 'Q3-Budget entworfen, an Finanzen senden', 'Lieferantenangebote einholen'],
  },
  fr: {
    a: 'planificateur',
    b: 'executant',
    c: 'relecteur',
    key: 'tache_courante',
    v: ['préparer le budget T3', 'budget T3 prêt, envoyer à la finance', 'demander des devis fournisseurs'],
  },
  pt: {
    a: 'planejador',
    b: 'executor',
    c: 'revisor',
    key: 'tarefa_atual',
    v: ['preparar o orçamento do T3', 'orçamento pronto, enviar ao financeiro', 'coletar cotações de fornecedores'],
  },
  ja: {
    a: 'プランナー',
    b: '実行エージェント',
    c: 'レビュアー',
    key: 'current_task',
    v: ['第3四半期の予算案を作成', '予算案完成、経理に送付', '仕入先の見積もりを集める'],
  },
};

/** Build a session from a compact script: [actor, op, {value, version, expected_version, ...}, dtMs]. */
function script(id, key, steps, start = '2026-04-20T09:05:00.000Z') {
  const s = session(id, start);
  for (const [actor, op, f = {}, dt = 400] of steps) {
    const { turn = 1, key: k = key, ...rest } = f;
    s.add('state', { turn, ...(actor ? { actor } : {}), key: k, op, ...rest }, dt);
  }
  return s.events;
}

function fault(id, lang, shape) {
  const d = L[lang];
  const [v0, va, vb] = d.v;
  const K = d.key;
  switch (shape) {
    case 'A':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 3 }],
          [d.b, 'read', { value: v0, version: 3 }],
          [d.a, 'write', { value: va, expected_version: 3, version: 4 }, 2600],
          [d.b, 'write', { value: vb, expected_version: 3, version: 5 }, 200],
          [d.a, 'read', { value: vb, version: 5, turn: 2 }, 300000],
        ]),
        'same_base_version',
        'both read v3 and wrote with expected_version 3; the second write replaced the first',
      ];
    case 'B':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 7 }],
          [d.b, 'read', { value: v0, version: 7 }, 900],
          [d.b, 'write', { value: vb, version: 8 }, 4000],
          [d.a, 'write', { value: va, version: 9 }, 1500],
          [d.c, 'read', { value: va, version: 9, turn: 2 }, 60000],
        ]),
        'same_base_version',
        'both read v7, no expected_version on the writes; the second replaced the first',
      ];
    case 'C':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0 }],
          [d.b, 'read', { value: v0 }, 700],
          [d.a, 'write', { value: va }, 3000],
          [d.b, 'write', { value: vb }, 2500],
          [d.a, 'read', { value: vb, turn: 2 }, 120000],
        ]),
        'write_without_reread',
        "no versions: both read, A wrote, B wrote without re-reading; A's update is gone",
      ];
    case 'D':
      return [
        script(id, K, [
          [d.a, 'write', { value: v0, version: 1, owner: d.a }],
          [d.b, 'read', { value: v0, version: 1, owner: d.a }, 1000],
          [d.b, 'write', { value: vb, expected_version: 1, version: 2 }, 2000],
          [d.a, 'read', { value: vb, version: 2, turn: 2 }, 60000],
        ]),
        'owner_violation',
        `${d.b} wrote ${K}, owned by ${d.a}`,
      ];
    case 'E': // two replicas share an actor name; told apart by process
      return [
        script(id, K, [
          ['worker', 'read', { value: v0, version: 2, process: 'worker-7c9f-pod-a' }],
          ['worker', 'read', { value: v0, version: 2, process: 'worker-7c9f-pod-b' }, 150],
          ['worker', 'write', { value: va, expected_version: 2, version: 3, process: 'worker-7c9f-pod-a' }, 1800],
          ['worker', 'write', { value: vb, expected_version: 2, version: 4, process: 'worker-7c9f-pod-b' }, 90],
          [d.a, 'read', { value: vb, version: 4, turn: 2 }, 30000],
        ]),
        'same_base_version',
        'two replicas of "worker" (pods a and b, told apart by process) wrote from the same version 2',
      ];
    case 'F': // both writes report the same new version: last writer wins, no refusal logged
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 3 }],
          [d.b, 'read', { value: v0, version: 3 }, 200],
          [d.a, 'write', { value: va, expected_version: 3, version: 4 }, 1200],
          [d.b, 'write', { value: vb, expected_version: 3, version: 4 }, 300],
          [d.c, 'read', { value: vb, version: 4, turn: 2 }, 45000],
        ]),
        'same_base_version',
        'both writes from v3 reported the new version 4 (no refusal): last writer won and the first update was lost',
      ];
    case 'G': // three actors; the lost update is between A and C
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 10 }],
          [d.b, 'read', { value: v0, version: 10 }, 100],
          [d.b, 'read', { key: 'budget_eur', value: 12000, version: 2 }, 100],
          [d.c, 'read', { value: v0, version: 10 }, 300],
          [d.a, 'write', { value: va, expected_version: 10, version: 11 }, 2200],
          [d.b, 'write', { key: 'budget_eur', value: 12500, expected_version: 2, version: 3 }, 100],
          [d.c, 'write', { value: vb, expected_version: 10, version: 12 }, 700],
          [d.a, 'read', { value: vb, version: 12, turn: 2 }, 20000],
        ]),
        'same_base_version',
        `${d.a} and ${d.c} both wrote from v10; ${d.b} only touched another key`,
      ];
    case 'H': // whole-object writes (no merge) from the same base
      return [
        script(id, 'project', [
          [d.a, 'read', { value: { task: v0, budget: 100 }, version: 5 }],
          [d.b, 'read', { value: { task: v0, budget: 100 }, version: 5 }, 300],
          [d.a, 'write', { value: { task: va, budget: 100 }, expected_version: 5, version: 6 }, 2000],
          [d.b, 'write', { value: { task: v0, budget: 140 }, expected_version: 5, version: 7 }, 800],
          [d.a, 'read', { value: { task: v0, budget: 140 }, version: 7, turn: 2 }, 50000],
        ]),
        'same_base_version',
        "whole-object replacement from v5: B's write restored the old task and lost A's task update",
      ];
    default:
      throw new Error(shape);
  }
}

function lookalike(id, lang, shape) {
  const d = L[lang];
  const [v0, va, vb] = d.v;
  const K = d.key;
  switch (shape) {
    case 'seq':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 3 }],
          [d.a, 'write', { value: va, expected_version: 3, version: 4 }, 1000],
          [d.b, 'read', { value: va, version: 4 }, 2000],
          [d.b, 'write', { value: vb, expected_version: 4, version: 5 }, 1000],
        ]),
        'sequential read-write by different actors',
      ];
    case 'self':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 1 }],
          [d.a, 'write', { value: va, expected_version: 1, version: 2 }, 1000],
          [d.a, 'write', { value: vb, expected_version: 2, version: 3 }, 1000],
          [d.b, 'read', { value: vb, version: 3 }, 1000],
        ]),
        'the same actor wrote twice',
      ];
    case 'keys':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 3 }],
          [d.b, 'read', { key: 'budget_eur', value: 12000, version: 3 }],
          [d.a, 'write', { value: va, expected_version: 3, version: 4 }, 1000],
          [d.b, 'write', { key: 'budget_eur', value: 12500, expected_version: 3, version: 4 }, 200],
        ]),
        'different keys, each at its own version 3',
      ];
    case 'cas-str':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 3 }],
          [d.b, 'read', { value: v0, version: 3 }],
          [d.a, 'write', { value: va, expected_version: 3, version: 4 }, 1000],
          [d.b, 'write', { value: vb, expected_version: 3, result: d.conflict ?? 'conflict' }, 200],
          [d.b, 'read', { value: va, version: 4 }, 300],
          [d.b, 'write', { value: `${va}; ${vb}`, expected_version: 4, version: 5 }, 600],
        ]),
        'CAS refused the stale write (result string), the writer re-read and wrote on v4',
      ];
    case 'cas-409':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 3 }],
          [d.b, 'read', { value: v0, version: 3 }],
          [d.a, 'write', { value: va, expected_version: 3, version: 4 }, 1000],
          [d.b, 'write', { value: vb, expected_version: 3, status: 409 }, 200],
          [d.b, 'read', { value: va, version: 4 }, 300],
          [d.b, 'write', { value: `${va}; ${vb}`, expected_version: 4, version: 5 }, 600],
        ]),
        'the stale write was refused with HTTP 409; re-read and re-applied',
      ];
    case 'cas-412':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 8 }],
          [d.b, 'read', { value: v0, version: 8 }],
          [d.b, 'write', { value: vb, expected_version: 8, version: 9 }, 900],
          [d.a, 'write', { value: va, expected_version: 8, status: 412, error: 'Precondition Failed' }, 100],
          [d.a, 'read', { value: vb, version: 9 }, 200],
          [d.a, 'write', { value: `${vb}; ${va}`, expected_version: 9, version: 10 }, 500],
        ]),
        'If-Match precondition failed (HTTP 412); the writer re-read and wrote on v9',
      ];
    case 'ok-false':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 3 }],
          [d.b, 'read', { value: v0, version: 3 }],
          [d.a, 'write', { value: va, expected_version: 3, version: 4 }, 1000],
          [d.b, 'write', { value: vb, expected_version: 3, ok: false }, 200],
          [d.b, 'read', { value: va, version: 4 }, 300],
        ]),
        'the stale write returned ok:false and was not applied',
      ];
    case 'merge':
      return [
        script(id, 'project', [
          [d.a, 'read', { value: { task: v0, budget: 100 }, version: 5 }],
          [d.b, 'read', { value: { task: v0, budget: 100 }, version: 5 }, 300],
          [d.a, 'write', { value: { task: va }, merge: true, expected_version: 5, version: 6 }, 2000],
          [d.b, 'write', { value: { budget: 140 }, merge: true, expected_version: 5, version: 7 }, 800],
          [d.a, 'read', { value: { task: va, budget: 140 }, version: 7, turn: 2 }, 50000],
        ]),
        'merge writes to different fields (task vs budget); the later read shows both',
      ];
    case 'owner':
      return [
        script(id, K, [
          [d.a, 'write', { value: v0, version: 1, owner: d.a }],
          [d.b, 'read', { value: v0, version: 1, owner: d.a }, 500],
          [d.c, 'read', { value: v0, version: 1, owner: d.a }, 500],
          [d.a, 'read', { value: v0, version: 1, owner: d.a }, 500],
          [d.a, 'write', { value: va, expected_version: 1, version: 2, owner: d.a }, 1000],
        ]),
        'only the owner writes its own field; others only read',
      ];
    case 'reread':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 3 }],
          [d.b, 'read', { value: v0, version: 3 }, 100],
          [d.a, 'write', { value: va, expected_version: 3, version: 4 }, 1000],
          [d.b, 'read', { value: va, version: 4 }, 800],
          [d.b, 'write', { value: vb, expected_version: 4, version: 5 }, 600],
        ]),
        'B read v3, but re-read v4 after A wrote and wrote from v4 (the user asked for the new task)',
      ];
    case 'reread-nov':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0 }],
          [d.b, 'read', { value: v0 }],
          [d.a, 'write', { value: va }, 1000],
          [d.b, 'read', { value: va }, 600],
          [d.b, 'write', { value: vb }, 600],
        ]),
        'no versions, but B re-read after A wrote before writing',
      ];
    case 'replica-seq':
      return [
        script(id, K, [
          ['worker', 'read', { value: v0, version: 2, process: 'pod-a' }],
          ['worker', 'write', { value: va, expected_version: 2, version: 3, process: 'pod-a' }, 500],
          ['worker', 'read', { value: va, version: 3, process: 'pod-b' }, 900],
          ['worker', 'write', { value: vb, expected_version: 3, version: 4, process: 'pod-b' }, 500],
        ]),
        'two replicas of one worker, strictly sequential with re-reads',
      ];
    case 'reads':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 3 }],
          [d.b, 'read', { value: v0, version: 3 }],
          [d.c, 'read', { value: v0, version: 3 }],
          [d.a, 'read', { value: v0, version: 3, turn: 2 }, 5000],
        ]),
        'reads only',
      ];
    case 'stale-ver':
      return [
        script(id, K, [
          [d.a, 'read', { value: v0, version: 3 }],
          [d.b, 'read', { value: v0, version: 3 }],
          [d.a, 'write', { value: va, expected_version: 3, version: 4 }, 1000],
          [d.b, 'write', { value: vb, expected_version: 3, version: 4, status: 'conflict', error: d.conflictErr ?? 'version mismatch' }, 200],
          [d.b, 'read', { value: va, version: 4 }, 300],
        ]),
        'the stale write came back with status "conflict" and an error; the later read still shows A\'s value',
      ];
    case 'user-update':
      return [
        script(id, K, [
          [d.a, 'write', { value: v0, version: 1 }],
          [d.b, 'read', { value: v0, version: 1, turn: 2 }, 60000],
          [d.b, 'write', { value: vb, expected_version: 1, version: 2, turn: 2 }, 800],
        ]),
        'the user asked for a new task; the executor read the current version and replaced it (an intended update)',
      ];
    default:
      throw new Error(shape);
  }
}

L['zh-Hans'].conflict = '版本冲突';
L['zh-Hant'].conflict = '版本衝突';
L.de.conflict = 'rejected';
L.de.conflictErr = 'Versionskonflikt: erwartet 3, aktuell 4';
L.fr.conflictErr = 'conflit de version';
L.es.conflict = 'stale';
L.ja.conflictErr = 'バージョン競合';

export function cases() {
  const out = [];
  const langs = Object.keys(L);
  const shapes = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
  let n = 0;
  for (const lang of langs) {
    for (let k = 0; k < 3; k++) {
      const shape = shapes[(n + k * 3) % 8];
      n++;
      const id = `co-f-${lang.toLowerCase()}-${String(k + 1).padStart(2, '0')}`;
      const [events, cause, why] = fault(id, lang, shape);
      out.push({ file: `faults-${lang}.jsonl`, events, label: { session: id, expect: 'flag', cause, lang, why: `[${shape}] ${why}` } });
    }
  }
  const la = [
    ['en', 'seq'],
    ['zh-Hans', 'cas-str'],
    ['zh-Hant', 'cas-str'],
    ['es', 'cas-409'],
    ['de', 'cas-412'],
    ['fr', 'merge'],
    ['pt', 'merge'],
    ['ja', 'stale-ver'],
    ['en', 'self'],
    ['zh-Hans', 'keys'],
    ['de', 'stale-ver'],
    ['fr', 'owner'],
    ['pt', 'reread'],
    ['ja', 'reread-nov'],
    ['es', 'replica-seq'],
    ['en', 'ok-false'],
    ['zh-Hant', 'user-update'],
    ['de', 'reads'],
    ['es', 'cas-str'],
    ['pt', 'cas-409'],
  ];
  const counter = {};
  for (const [lang, shape] of la) {
    counter[lang] = (counter[lang] ?? 0) + 1;
    const id = `co-l-${lang.toLowerCase()}-${String(counter[lang]).padStart(2, '0')}`;
    const [events, why] = lookalike(id, lang, shape);
    out.push({ file: `lookalikes-${lang}.jsonl`, events, label: { session: id, expect: 'quiet', lang, why: `[${shape}] ${why}` } });
  }
  // separate sessions touching the same key: not a race
  for (const lang of ['ja', 'fr']) {
    counter[lang] = (counter[lang] ?? 0) + 1;
    const id = `co-l-${lang.toLowerCase()}-${String(counter[lang]).padStart(2, '0')}`;
    const d = L[lang];
    const e1 = script(id, d.key, [
      [d.a, 'read', { value: d.v[0], version: 3 }],
      [d.a, 'write', { value: d.v[1], expected_version: 3, version: 4 }, 1000],
    ]);
    const e2 = script(`${id}-other`, d.key, [
      [d.b, 'read', { value: d.v[0], version: 3 }],
      [d.b, 'write', { value: d.v[2], expected_version: 3, version: 4 }, 1000],
    ]);
    out.push({
      file: `lookalikes-${lang}.jsonl`,
      events: [...e1, ...e2],
      label: {
        session: id,
        expect: 'quiet',
        lang,
        why: '[sessions] two different sessions (separate runs) each update their own copy of the key',
        aux_sessions: [`${id}-other`],
      },
    });
  }
  return out;
}
