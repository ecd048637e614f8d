// blind7, concurrent-overwrite: a regional conference's programme, shared by a `scheduler` agent and a
// `speaker-liaison` agent (state events; titles, rooms, chairs and bios in the language).
import { open } from './kit.mjs';

export const CO_SPECS = [
  {
    kind: 'fault',
    variant: 'same-expected-version-no-reads',
    description: "no reads logged: scheduler and speaker-liaison each write talk_slot with expected_version 3 (v4, v5); the next read shows the liaison's",
  },
  {
    kind: 'fault',
    variant: 'whole-card-written-without-reread',
    description:
      'no versions: both read session_card (an object); scheduler writes it with a new room, the liaison then writes the whole object with a new chair and the old room; the next read has the old room',
  },
  {
    kind: 'fault',
    variant: 'two-scheduler-replicas',
    description:
      "one actor name, two instances (instance sched-a, sched-b): both read keynote_room v5, both write from 5 (v6, v7); the next read shows sched-b's",
  },
  {
    kind: 'look-alike',
    variant: 'json-patch-disjoint-paths',
    description: 'both read session_card v2 and write from 2 a JSON Patch: /room and /chair; the next read holds both',
  },
  {
    kind: 'look-alike',
    variant: 'refused-409-then-reapplied',
    description: "both read talk_slot v5; scheduler writes v6; the liaison's write from 5 is answered status 409, it re-reads v6 and writes v7",
  },
  {
    kind: 'look-alike',
    variant: 'merge-writes-disjoint-keys',
    description: 'both read speaker_card v1; scheduler writes {time} and the liaison writes {bio}, each merge: true; the next read holds both',
  },
  {
    kind: 'fault',
    variant: 'agents-named-only-in-scope',
    description:
      "no actor field: scope.agent scheduler and speaker-liaison both read talk_slot v4 and write from 4 (v5, v6); the next read shows the liaison's",
  },
  {
    kind: 'look-alike',
    variant: 'same-writer-corrects-itself',
    description: 'scheduler reads talk_slot v4, writes from 4 (v5), then writes again from 4 (v6) to fix its own title; only scheduler ever writes',
  },
];

export function coCase(L, spec, id) {
  const C = L.co;
  const S = open(id);
  const st = (turn, actor, fields, extra = {}, ms) => S.add('state', turn, { actor, ...fields, ...extra }, ms);
  const SCH = 'scheduler';
  const LIA = 'speaker-liaison';
  const card = { title: C.t1, room: C.r1, chair: C.c1, time: '14:00' };
  switch (spec.variant) {
    case 'same-expected-version-no-reads':
      st(0, SCH, { key: 'talk_slot:B-1400', op: 'write', value: C.t1, expected_version: 3, version: 4 });
      st(0, LIA, { key: 'talk_slot:B-1400', op: 'write', value: C.t2, expected_version: 3, version: 5 }, {}, 800);
      st(1, SCH, { key: 'talk_slot:B-1400', op: 'read', value: C.t2, version: 5 }, {}, 240000);
      break;
    case 'whole-card-written-without-reread':
      st(0, SCH, { key: 'session_card', op: 'read', value: card });
      st(0, LIA, { key: 'session_card', op: 'read', value: card });
      st(0, SCH, { key: 'session_card', op: 'write', value: { ...card, room: C.r2 } }, {}, 5000);
      st(0, LIA, { key: 'session_card', op: 'write', value: { ...card, chair: C.c2 } }, {}, 6000);
      st(1, SCH, { key: 'session_card', op: 'read', value: { ...card, chair: C.c2 } }, {}, 300000);
      break;
    case 'two-scheduler-replicas':
      st(0, SCH, { key: 'keynote_room', op: 'read', value: C.r1, version: 5 }, { instance: 'sched-a' });
      st(0, SCH, { key: 'keynote_room', op: 'read', value: C.r1, version: 5 }, { instance: 'sched-b' }, 300);
      st(0, SCH, { key: 'keynote_room', op: 'write', value: C.r2, expected_version: 5, version: 6 }, { instance: 'sched-a' }, 2000);
      st(0, SCH, { key: 'keynote_room', op: 'write', value: C.r3, expected_version: 5, version: 7 }, { instance: 'sched-b' }, 900);
      st(1, LIA, { key: 'keynote_room', op: 'read', value: C.r3, version: 7 }, {}, 200000);
      break;
    case 'json-patch-disjoint-paths':
      st(0, SCH, { key: 'session_card', op: 'read', value: card, version: 2 });
      st(0, LIA, { key: 'session_card', op: 'read', value: card, version: 2 });
      st(0, SCH, { key: 'session_card', op: 'write', value: [{ op: 'replace', path: '/room', value: C.r2 }], expected_version: 2, version: 3 }, {}, 4000);
      st(0, LIA, { key: 'session_card', op: 'write', value: [{ op: 'replace', path: '/chair', value: C.c2 }], expected_version: 2, version: 4 }, {}, 3000);
      st(1, SCH, { key: 'session_card', op: 'read', value: { ...card, room: C.r2, chair: C.c2 }, version: 4 }, {}, 300000);
      break;
    case 'refused-409-then-reapplied':
      st(0, SCH, { key: 'talk_slot:B-1400', op: 'read', value: C.t1, version: 5 });
      st(0, LIA, { key: 'talk_slot:B-1400', op: 'read', value: C.t1, version: 5 });
      st(0, SCH, { key: 'talk_slot:B-1400', op: 'write', value: C.t2, expected_version: 5, version: 6 }, {}, 3000);
      st(0, LIA, { key: 'talk_slot:B-1400', op: 'write', value: C.t3, expected_version: 5, status: 409 }, {}, 1000);
      st(0, LIA, { key: 'talk_slot:B-1400', op: 'read', value: C.t2, version: 6 }, {}, 500);
      st(0, LIA, { key: 'talk_slot:B-1400', op: 'write', value: `${C.t2} / ${C.t3}`, expected_version: 6, version: 7 }, {}, 2000);
      st(1, SCH, { key: 'talk_slot:B-1400', op: 'read', value: `${C.t2} / ${C.t3}`, version: 7 }, {}, 300000);
      break;
    case 'merge-writes-disjoint-keys': {
      const sc = { name: C.speaker, time: '09:30', bio: C.bio1 };
      st(0, SCH, { key: 'speaker_card', op: 'read', value: sc, version: 1 });
      st(0, LIA, { key: 'speaker_card', op: 'read', value: sc, version: 1 });
      st(0, SCH, { key: 'speaker_card', op: 'write', value: { time: '11:15' }, merge: true, expected_version: 1, version: 2 }, {}, 3000);
      st(0, LIA, { key: 'speaker_card', op: 'write', value: { bio: C.bio2 }, merge: true, expected_version: 1, version: 3 }, {}, 2000);
      st(1, SCH, { key: 'speaker_card', op: 'read', value: { ...sc, time: '11:15', bio: C.bio2 }, version: 3 }, {}, 300000);
      break;
    }
    case 'agents-named-only-in-scope': {
      const ag = (turn, agent, fields, ms) => S.add('state', turn, { ...fields, scope: { agent } }, ms);
      ag(0, SCH, { key: 'talk_slot:B-1400', op: 'read', value: C.t1, version: 4 });
      ag(0, LIA, { key: 'talk_slot:B-1400', op: 'read', value: C.t1, version: 4 }, 600);
      ag(0, SCH, { key: 'talk_slot:B-1400', op: 'write', value: C.t2, expected_version: 4, version: 5 }, 2500);
      ag(0, LIA, { key: 'talk_slot:B-1400', op: 'write', value: C.t3, expected_version: 4, version: 6 }, 1200);
      ag(1, SCH, { key: 'talk_slot:B-1400', op: 'read', value: C.t3, version: 6 }, 240000);
      break;
    }
    case 'same-writer-corrects-itself':
      st(0, SCH, { key: 'talk_slot:B-1400', op: 'read', value: C.t1, version: 4 });
      st(0, LIA, { key: 'talk_slot:B-1400', op: 'read', value: C.t1, version: 4 }, {}, 600);
      st(0, SCH, { key: 'talk_slot:B-1400', op: 'write', value: `${C.t2}.`, expected_version: 4, version: 5 }, {}, 2500);
      st(0, SCH, { key: 'talk_slot:B-1400', op: 'write', value: C.t2, expected_version: 4, version: 6 }, {}, 1200);
      st(1, LIA, { key: 'talk_slot:B-1400', op: 'read', value: C.t2, version: 6 }, {}, 240000);
      break;
    default:
      throw new Error(spec.variant);
  }
  return { jsonl: S.jsonl() };
}
