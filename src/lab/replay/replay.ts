/**
 * `amnesia replay`: re-run a recorded session's user turns, tool results, memory writes, restarts
 * and shared-state operations through the reference engine under the same model window
 * (./replayer.ts), and put each recorded prompt next to the prompt the reference engine builds for
 * the same request. Then take the session's findings and say, from what the reference run did,
 * which it would have prevented and how (./judge.ts).
 */
import { runOnSession } from '../../analyzers/run.js';
import { buildPlan, isShown } from '../../analysis/plan.js';
import type { Db } from '../../store/connection.js';
import { SessionReader, type SessionData } from '../../store/session.js';
import { judge } from './judge.js';
import { Replayer } from './replayer.js';
import type { ReplayOptions, ReplayReport } from './types.js';

export * from './types.js';

/** Replay one recorded session. */
export function replaySession(data: SessionData, opts: ReplayOptions = {}): ReplayReport {
  const plan = opts.plan ?? buildPlan();
  const firstReq = data.events.find((e) => e.request)?.request;
  const model = firstReq?.model ?? 'gpt-4o';
  const limit = firstReq?.contextLimit ?? 128_000;
  const r = new Replayer(data, model, limit, { models: plan.models, keepEvents: opts.keepEvents });
  try {
    r.run(opts.progress);
    r.flushTail();
    // the findings every report shows under the plan, and only those, are judged
    const findings = runOnSession(plan.analyzers, data, plan.options).filter((f) => isShown(plan, f));
    const verdicts = findings.map((f) => judge(r, f, plan.analyzers));
    const notJudged = verdicts.filter((p) => p.verdict === 'not_judged').length;
    return {
      session: data.session,
      user: r.scope.user,
      users: [...r.users],
      model,
      context_limit: limit,
      turns: r.turnsOut,
      findings: verdicts,
      summary: {
        requests: r.turnsOut.length,
        findings: verdicts.length,
        prevented: verdicts.filter((p) => p.prevented).length,
        judged: verdicts.length - notJudged,
        not_judged: notJudged,
        observations: r.turnsOut.reduce((n, t) => n + (t.observations?.length ?? 0), 0),
      },
      ...(opts.keepEvents ? { events: [...r.engine.events] } : {}),
    };
  } finally {
    r.engine.close();
  }
}

/** Replay sessions of an evidence store (one, or all). */
export function* replayStore(db: Db, opts: ReplayOptions & { session?: string } = {}): Generator<ReplayReport> {
  const reader = new SessionReader(db, opts.plan?.models);
  for (const id of reader.sessionIds(opts.session === undefined ? undefined : (s) => s === opts.session)) {
    yield replaySession(reader.load(id), opts);
  }
}
