// concurrent-overwrite cases: a home-renovation project board shared by an estimator agent and a scheduler agent
// (and a second replica of the scheduler); the values are written in the language.
import { hashSeed, rng, Session } from '../lib/blind-session.mjs';

export const CO_SPECS = [
  {
    kind: 'fault',
    variant: 'same-base-expected-version',
    description:
      'estimator and scheduler both read kitchen_budget v7 and both write with expected_version 7 (versions 8 and 9, nothing refused); the next read shows only the second value',
  },
  {
    kind: 'fault',
    variant: 'no-versions-no-reread',
    description:
      'no versions: both read site_notes, the scheduler writes, then the estimator writes without re-reading; the next read shows the estimator value',
  },
  {
    kind: 'fault',
    variant: 'owner-on-owner-write',
    description:
      'tiling_date is written by the scheduler with owner "scheduler"; the estimator re-reads and writes it (a sequential write, but against the owner)',
  },
  {
    kind: 'fault',
    variant: 'two-replicas-same-name',
    description:
      'two replicas of "scheduler" (instance sched-0 / sched-1) both read tiling_date v3 and both write from expected_version 3; the second replaces the first',
  },
  { kind: 'look-alike', variant: 'sequential-handoff', description: 'estimator reads v1 and writes v2; scheduler reads v2 and writes v3; each saw the other' },
  {
    kind: 'look-alike',
    variant: 'different-keys',
    description: 'both agents read and write at the same moment, but different keys (kitchen_budget, site_notes)',
  },
  {
    kind: 'look-alike',
    variant: 'cas-refused-in-language',
    description:
      "the second write from v5 is refused with the store's word for a version conflict in the language (result), then re-read at v6 and written from 6",
  },
  {
    kind: 'look-alike',
    variant: 'merge-disjoint-keys',
    description: 'two merge: true writes from expected_version 2 with object values of different top-level keys (electrician, plumber) on trades_plan',
  },
];

export function coCase(L, spec, id) {
  const { keys: K, v: V, refusal } = L.co;
  const r = rng(hashSeed(id));
  const s = new Session(id, `2026-09-${String(2 + Math.floor(r() * 25)).padStart(2, '0')}T08:00:00Z`, r);
  const st = (actor, key, op, extra, ms, more = {}) => s.add('state', 1, { actor, key, op, ...extra, ...more }, ms);
  const E = 'estimator';
  const S = 'scheduler';
  switch (spec.variant) {
    case 'same-base-expected-version':
      st(E, K.budget, 'read', { value: V.budgetA, version: 7 });
      st(S, K.budget, 'read', { value: V.budgetA, version: 7 }, 300);
      st(E, K.budget, 'write', { value: V.budgetB, expected_version: 7, version: 8 }, 2500);
      st(S, K.budget, 'write', { value: V.budgetC, expected_version: 7, version: 9 }, 400);
      s.add('state', 2, { actor: E, key: K.budget, op: 'read', value: V.budgetC, version: 9 }, 60000);
      break;
    case 'no-versions-no-reread':
      st(S, K.notes, 'read', { value: V.notesA });
      st(E, K.notes, 'read', { value: V.notesA }, 500);
      st(S, K.notes, 'write', { value: `${V.notesA}. ${V.notesB}` }, 3000);
      st(E, K.notes, 'write', { value: `${V.notesA}. ${V.notesC}` }, 2000);
      s.add('state', 2, { actor: S, key: K.notes, op: 'read', value: `${V.notesA}. ${V.notesC}` }, 40000);
      break;
    case 'owner-on-owner-write':
      st(S, K.date, 'write', { value: V.dateA, version: 2, owner: S });
      st(E, K.date, 'read', { value: V.dateA, version: 2 }, 20000);
      st(E, K.date, 'write', { value: V.dateB, expected_version: 2, version: 3 }, 2000);
      s.add('state', 2, { actor: S, key: K.date, op: 'read', value: V.dateB, version: 3 }, 30000);
      break;
    case 'two-replicas-same-name':
      st(S, K.date, 'read', { value: V.dateA, version: 3 }, undefined, { instance: 'sched-0' });
      st(S, K.date, 'read', { value: V.dateA, version: 3 }, 200, { instance: 'sched-1' });
      st(S, K.date, 'write', { value: V.dateB, expected_version: 3, version: 4 }, 1500, { instance: 'sched-0' });
      st(S, K.date, 'write', { value: V.dateC, expected_version: 3, version: 5 }, 300, { instance: 'sched-1' });
      s.add('state', 2, { actor: E, key: K.date, op: 'read', value: V.dateC, version: 5 }, 50000);
      break;
    case 'sequential-handoff':
      st(E, K.budget, 'read', { value: V.budgetA, version: 1 });
      st(E, K.budget, 'write', { value: V.budgetB, expected_version: 1, version: 2 }, 2000);
      st(S, K.budget, 'read', { value: V.budgetB, version: 2 }, 15000);
      st(S, K.budget, 'write', { value: V.budgetC, expected_version: 2, version: 3 }, 2000);
      s.add('state', 2, { actor: E, key: K.budget, op: 'read', value: V.budgetC, version: 3 }, 30000);
      break;
    case 'different-keys':
      st(E, K.budget, 'read', { value: V.budgetA, version: 4 });
      st(S, K.notes, 'read', { value: V.notesA, version: 4 }, 100);
      st(E, K.budget, 'write', { value: V.budgetB, expected_version: 4, version: 5 }, 1500);
      st(S, K.notes, 'write', { value: V.notesB, expected_version: 4, version: 5 }, 100);
      s.add('state', 2, { actor: E, key: K.notes, op: 'read', value: V.notesB, version: 5 }, 30000);
      s.add('state', 2, { actor: S, key: K.budget, op: 'read', value: V.budgetB, version: 5 }, 100);
      break;
    case 'cas-refused-in-language':
      st(E, K.date, 'read', { value: V.dateA, version: 5 });
      st(S, K.date, 'read', { value: V.dateA, version: 5 }, 200);
      st(S, K.date, 'write', { value: V.dateB, expected_version: 5, version: 6 }, 1200);
      st(E, K.date, 'write', { value: V.dateC, expected_version: 5, result: refusal }, 300);
      st(E, K.date, 'read', { value: V.dateB, version: 6 }, 400);
      st(E, K.date, 'write', { value: V.dateC, expected_version: 6, version: 7 }, 900);
      s.add('state', 2, { actor: S, key: K.date, op: 'read', value: V.dateC, version: 7 }, 30000);
      break;
    case 'merge-disjoint-keys':
      st(E, K.plan, 'read', { value: {}, version: 2 });
      st(S, K.plan, 'read', { value: {}, version: 2 }, 200);
      st(E, K.plan, 'write', { value: { electrician: V.elec }, merge: true, expected_version: 2, version: 3 }, 1000);
      st(S, K.plan, 'write', { value: { plumber: V.plumb }, merge: true, expected_version: 2, version: 4 }, 300);
      s.add('state', 2, { actor: E, key: K.plan, op: 'read', value: { electrician: V.elec, plumber: V.plumb }, version: 4 }, 20000);
      break;
  }
  return { jsonl: s.jsonl() };
}
