import type { SessionEvent } from '../../store/session.js';
import { str } from '../../util/values.js';
import { duration } from '../../util/duration.js';
import { toolFailed } from './tools.js';
import { label, PAST, phaseOf, quote, type Snapshot, type Write } from './writes.js';
import { logWords } from '../../findings/title.js';
import type { Cause } from './types.js';
import type { Open } from './in-flight.js';

/** The title and fix of a lost write, per cause. */
export function describeLoss(
  w: Write,
  cause: Cause,
  {
    gap,
    disruption,
    proc,
    ev,
    lacking,
    open,
  }: { gap: number; disruption: SessionEvent | null; proc: string | null; ev: string; lacking: Snapshot | null; open: Open | null },
): { title: string; fix: string } {
  const said = w.ack ? 'acknowledged' : 'promised to the user';
  const happened = disruption ? `${proc === null ? proc : logWords(proc)} ${PAST[ev.toLowerCase()] ?? `had a ${logWords(ev)}`}` : '';
  const snapStore = lacking?.store ?? w.store ?? 'store';
  const store = logWords(snapStore);
  switch (cause) {
    case 'missing_from_snapshot':
      return {
        title: `${label(w)} was logged as committed, but the ${store} snapshot ${duration(lacking!.ev.ts - w.firstCommit!.ts)} later does not hold ${logWords(w.memoryId ?? '')}${disruption ? ` (${happened} in between)` : ''}`,
        fix: `The store does not hold what the log calls committed: check the commit path of "${snapStore}" (transaction, flush, an in-memory buffer${disruption ? ' lost on restart' : ''}) and confirm each write by reading it back.`,
      };
    case 'acked_before_commit':
      return {
        title: `Critical ${logWords((w.memoryType ?? 'memory').toLowerCase())} ${logWords(w.memoryId ?? w.id)} (write ${logWords(w.id)}) was acknowledged ${duration(gap)} before it was committed`,
        fix: 'Acknowledge critical memories (preferences, constraints, decisions) only after the commit, so a crash in between cannot lose what the user was told is saved.',
      };
    case 'lost_in_restart':
      return {
        title: `${label(w)} was ${said}, then ${happened} ${duration(gap)} later, before it was committed`,
        fix: `Persist the write queue of ${proc} (or commit before acknowledging) so that a ${ev || 'restart'} cannot drop acknowledged writes; replay pending writes on start.`,
      };
    case 'failed_without_retry': {
      const err = str(w.lastFail!.body.error) ?? (w.lastFail!.kind === 'tool_result' ? toolFailed(w.lastFail!.body) : null);
      return {
        title: `${label(w)} was ${said}, then ${phaseOf(w.lastFail!).replace('_', '-')}${err ? ` (${quote(err, 40)})` : ''} and never ${w.status === 'retrying' ? 'committed after its retry' : 'retried to a commit'}`,
        fix: 'Retry failed writes with backoff until they commit, watch the dead-letter queue, and tell the user when a save finally failed.',
      };
    }
    default: {
      if (open?.stepError)
        return {
          title: `${label(w)} was ${said} but never committed: its step stopped on ${logWords(open.stepError.process)}'s error (${quote(open.stepError.error, 40)}) and was not run again by the end of the session`,
          fix: 'The write waits on a step another task failed: give the failing node a retry policy, or resume the run from its checkpoint so the step is applied, and alert on runs left failed.',
        };
      if (open?.status)
        return {
          title: `${label(w)} was ${said} but never committed: its memory layer still had it ${open.status} where the log ends, ${duration(gap)} later`,
          fix: 'The memory layer accepted the write and never finished it: poll its status until it succeeds or fails, alert on writes open past a timeout and submit them again, and tell the user it is saved only once it is.',
        };
      return {
        title: `${label(w)} was ${said} but never committed (still pending ${duration(gap)} later, at the end of the session)`,
        fix: 'Acknowledge a write only after it is committed, and alert on writes still pending after a timeout.',
      };
    }
  }
}
