/** Replay's verdict on a never-extracted finding: did the reference engine write a memory about the statement in its turn or the next? */
import { atTurn } from '../judging.js';
import { notJudged, notPrevented, prevented, type FindingOf, type Judgement, type ReplayView } from '../views.js';
import { about } from './about.js';
import type { Cause, Detail } from './types.js';

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  const d = f.detail as Partial<Detail> | undefined;
  if (f.turn === null || typeof d?.what !== 'string') return notJudged('the finding has no turn or no statement');
  const scope = r.scopeAt(f.turn);
  const s = {
    kind: f.cause === 'preference_not_extracted' ? 'preference' : f.cause === 'lasting_not_extracted' ? 'lasting' : 'remember',
    sentence: d.statement ?? d.what,
    key: d.key ?? null,
    topic: d.key ? d.key.split(':')[0] : null,
    label: d.label ?? '',
    what: d.what,
  } as const;
  const written = [f.turn, f.turn + 1]
    .flatMap((t) => r.writtenAt.get(t) ?? [])
    .filter((x) => x.status === 'committed' || x.status === 'enqueued')
    .map((x) => r.engine.versions(scope, x.memoryId).at(-1)?.text)
    .filter((t): t is string => typeof t === 'string');
  const hit = written.find((t) => about(s, t, false));
  if (hit) return prevented(`the reference engine wrote "${hit}" at ${atTurn(f.turn)}: its extraction keeps what the user states as lasting`);
  return notPrevented(`the reference engine wrote nothing about "${d.what}" at ${atTurn(f.turn)} either`);
}
