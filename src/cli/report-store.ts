import type { Db } from '../store/connection.js';
import { streamAnalysis, type RunScope } from '../analysis/run.js';
import type { AnalysisPlan } from '../analysis/plan.js';
import { reporter } from '../report/reporters.js';
import { palette } from '../report/colors.js';
import { colorEnabled, type Io } from './io.js';
import { writeAll } from '../util/streams.js';
import { EXIT } from './ctx.js';

/** Print the plan's findings of a store whose analysis is prepared; shared by `analyze` and `triage`. */
export async function reportStore(db: Db, plan: AnalysisPlan, scope: RunScope, io: Io, format: string): Promise<number> {
  const report = reporter('findings', format);
  // findings stream one by one from the store, as every surface shows them (src/analysis/plan.ts)
  const { findings, done } = streamAnalysis(db, plan, scope);
  await writeAll(io.out, report({ findings, summary: () => done.summary }, palette(colorEnabled(io.out, io.env))));
  if (done.ignored) io.err.write(`${done.ignored} finding(s) ignored by the config's ignore rules\n`);
  return done.failed ? EXIT.findings : EXIT.ok;
}
