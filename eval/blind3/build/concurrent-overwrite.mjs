// concurrent-overwrite: a planner and an executor (or replicas of one worker) share a status board.
// Faults: both wrote from the same version, wrote without re-reading (no versions), a non-owner wrote the
// owner's field, two replicas of one worker raced. Look-alikes: sequential read-write turns, compare-and-set
// refusing the stale write (a refusing word; an HTTP 412), merges of different fields, writes to different keys.
import { Session } from '../../lib/blind-session.mjs';

export function concurrentCases({ L, start, rngFor }) {
  const c = L.code;
  const T = L.tasks;
  const open = (s) => {
    s.add('request', 0, {
      request_id: `${s.id}-r1`,
      model: 'gpt-4.1',
      messages: [
        { role: 'system', content: 'You coordinate a planner and an executor sub-agent through a shared state board.' },
        { role: 'user', content: L.coGoal },
      ],
    });
    s.add('response', 0, { request_id: `${s.id}-r1`, content: L.coGoalA, finish_reason: 'stop' }, 2000);
  };
  const st = (s, actor, key, op, f = {}, ms) => s.add('state', 1, { actor, key, op, ...f }, ms ?? 200 + Math.floor(s.r() * 900));
  const specs = [
    {
      v: 'same-base-version',
      fault: true,
      d: "planner and executor both read current_task v3 and wrote with expected_version 3; the planner's update vanished",
      run: (s) => {
        st(s, 'planner', 'current_task', 'read', { value: T[0], version: 3 });
        st(s, 'executor', 'current_task', 'read', { value: T[0], version: 3 });
        st(s, 'planner', 'current_task', 'write', { value: T[1], expected_version: 3, version: 4 }, 2500);
        st(s, 'executor', 'current_task', 'write', { value: T[2], expected_version: 3, version: 5 }, 300);
        st(s, 'planner', 'current_task', 'read', { value: T[2], version: 5 }, 5000);
      },
    },
    {
      v: 'no-versions-no-reread',
      fault: true,
      d: 'no versions: both read progress_note, the planner wrote, the executor wrote later without re-reading',
      run: (s) => {
        st(s, 'planner', 'progress_note', 'read', { value: T[0] });
        st(s, 'executor', 'progress_note', 'read', { value: T[0] });
        st(s, 'planner', 'progress_note', 'write', { value: T[1] }, 3000);
        st(s, 'executor', 'progress_note', 'write', { value: T[3] }, 4000);
        st(s, 'planner', 'progress_note', 'read', { value: T[3] }, 6000);
      },
    },
    {
      v: 'owner-violation',
      fault: true,
      d: 'the plan field is owned by the planner; the executor read it and overwrote it',
      run: (s) => {
        st(s, 'planner', 'plan', 'write', { value: T[5], version: 1, owner: 'planner' });
        st(s, 'executor', 'plan', 'read', { value: T[5], version: 1, owner: 'planner' }, 1500);
        st(s, 'executor', 'plan', 'write', { value: T[4], expected_version: 1, version: 2 }, 1500);
        st(s, 'planner', 'plan', 'read', { value: T[4], version: 2 }, 4000);
      },
    },
    {
      v: 'replicas-race',
      fault: true,
      d: 'two replicas of the same worker (instance worker-0 and worker-1) read v7 and both wrote; the first write was lost',
      run: (s) => {
        st(s, 'worker', 'current_task', 'read', { value: T[2], version: 7, instance: 'worker-0' });
        st(s, 'worker', 'current_task', 'read', { value: T[2], version: 7, instance: 'worker-1' }, 120);
        st(s, 'worker', 'current_task', 'write', { value: T[3], expected_version: 7, version: 8, instance: 'worker-0' }, 1800);
        st(s, 'worker', 'current_task', 'write', { value: T[4], expected_version: 7, version: 9, instance: 'worker-1' }, 90);
        st(s, 'planner', 'current_task', 'read', { value: T[4], version: 9 }, 3000);
      },
    },
    {
      v: 'sequential',
      fault: false,
      d: 'read-write, then the other actor re-reads the new version and writes: sequential, nothing lost',
      run: (s) => {
        st(s, 'planner', 'current_task', 'read', { value: T[0], version: 3 });
        st(s, 'planner', 'current_task', 'write', { value: T[1], expected_version: 3, version: 4 }, 1500);
        st(s, 'executor', 'current_task', 'read', { value: T[1], version: 4 }, 3000);
        st(s, 'executor', 'current_task', 'write', { value: T[2], expected_version: 4, version: 5 }, 2000);
        st(s, 'planner', 'current_task', 'read', { value: T[2], version: 5 }, 4000);
      },
    },
    {
      v: 'cas-refused-word',
      fault: false,
      d: `compare-and-set refused the stale write (result "${L.conflictWord}"); the executor re-read and wrote again`,
      run: (s) => {
        st(s, 'planner', 'current_task', 'read', { value: T[0], version: 3 });
        st(s, 'executor', 'current_task', 'read', { value: T[0], version: 3 });
        st(s, 'planner', 'current_task', 'write', { value: T[1], expected_version: 3, version: 4 }, 2000);
        st(s, 'executor', 'current_task', 'write', { value: T[2], expected_version: 3, result: L.conflictWord }, 300);
        st(s, 'executor', 'current_task', 'read', { value: T[1], version: 4 }, 200);
        st(s, 'executor', 'current_task', 'write', { value: T[2], expected_version: 4, version: 5 }, 600);
      },
    },
    {
      v: 'cas-refused-412',
      fault: false,
      d: 'the stale write got HTTP 412 Precondition Failed; the executor re-read and retried',
      run: (s) => {
        st(s, 'planner', 'board', 'read', { value: { step: T[0] }, version: 11 });
        st(s, 'executor', 'board', 'read', { value: { step: T[0] }, version: 11 });
        st(s, 'planner', 'board', 'write', { value: { step: T[1] }, expected_version: 11, version: 12 }, 2000);
        st(s, 'executor', 'board', 'write', { value: { step: T[3] }, expected_version: 11, status: 412 }, 400);
        st(s, 'executor', 'board', 'read', { value: { step: T[1] }, version: 12 }, 300);
        st(s, 'executor', 'board', 'write', { value: { step: T[3] }, expected_version: 12, version: 13 }, 500);
      },
    },
    {
      v: 'merge-different-fields',
      fault: false,
      d: 'both read v5 and wrote merge patches of different fields (status vs. assignee): nothing replaced',
      run: (s) => {
        st(s, 'planner', 'ticket', 'read', { value: { status: T[0], assignee: 'planner' }, version: 5 });
        st(s, 'executor', 'ticket', 'read', { value: { status: T[0], assignee: 'planner' }, version: 5 });
        st(s, 'planner', 'ticket', 'write', { value: { status: T[1] }, merge: true, expected_version: 5, version: 6 }, 1500);
        st(s, 'executor', 'ticket', 'write', { value: { assignee: 'executor' }, merge: true, expected_version: 5, version: 7 }, 200);
        st(s, 'planner', 'ticket', 'read', { value: { status: T[1], assignee: 'executor' }, version: 7 }, 3000);
      },
    },
    {
      v: 'different-keys',
      fault: false,
      d: 'planner and executor write at the same moment, but each its own key (plan_notes, exec_log)',
      run: (s) => {
        st(s, 'planner', 'plan_notes', 'read', { value: T[5], version: 2 });
        st(s, 'executor', 'exec_log', 'read', { value: T[0], version: 9 });
        st(s, 'planner', 'plan_notes', 'write', { value: T[3], expected_version: 2, version: 3 }, 1000);
        st(s, 'executor', 'exec_log', 'write', { value: T[1], expected_version: 9, version: 10 }, 50);
        st(s, 'planner', 'exec_log', 'read', { value: T[1], version: 10 }, 2000);
      },
    },
  ];
  return specs.map((sp, i) => {
    const id = `co-${sp.fault ? 'f' : 'l'}-${c}-${String(i + 1).padStart(2, '0')}`;
    const s = new Session(id, start(i), rngFor(id));
    open(s);
    sp.run(s);
    return { id, fault: sp.fault, variant: sp.v, description: sp.d, session: s };
  });
}
