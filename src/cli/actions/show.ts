import { InputError } from '../../errors.js';
import { openStore } from '../../store/connection.js';
import { analyzeStore } from '../../analyzers/run.js';
import { analysisIsFresh } from '../../analysis/run.js';
import { judgeFindings } from '../../judge/index.js';
import { judgedBy, leftOutBy, showFinding } from '../../analysis/plan.js';
import { findStoredFindings } from '../../store/findings.js';
import { reporter } from '../../report/reporters.js';
import { ignoredBy } from '../../findings/present.js';
import { palette } from '../../report/colors.js';
import type { Finding } from '../../findings/types.js';
import { colorEnabled, type Io } from '../io.js';
import { writeAll } from '../../util/streams.js';
import { EXIT } from '../ctx.js';
import { sessionArg } from '../../analysis/session-arg.js';
import { commandPlan } from '../../analysis/flags.js';

/** `amnesia show <id>`: one finding's whole evidence chain. A unique prefix of the id is enough. */
export async function showAction(
  id: string,
  flags: { db: string; format?: string; session?: string; config?: string; redact?: boolean; minConfidence?: string; judge?: string },
  io: Io,
): Promise<number> {
  const report = reporter('finding', flags.format);
  const plan = commandPlan(flags);
  // with --judge a verdict the store lacks is asked for and kept: the store is opened for writing then
  const db = openStore(flags.db, plan.judge ? { mustExist: true } : { readonly: true });
  try {
    const session = sessionArg(db, flags.session);
    const fresh = analysisIsFresh(db, plan);
    const matches: Finding[] = fresh ? findStoredFindings(db, id) : [];
    if (!fresh)
      for (const f of analyzeStore(db, {
        analyzers: plan.enabled,
        sessionFilter: session === undefined ? undefined : (s) => s === session,
        models: plan.models,
        options: plan.options,
      })) {
        if (f.id === id) {
          matches.length = 0;
          matches.push(f);
          break;
        }
        if (f.id.startsWith(id)) matches.push(f);
      }
    if (matches.length === 0) throw new InputError(`no finding ${id} in ${flags.db}; \`amnesia analyze\` lists the findings and their ids`);
    if (matches.length > 1) throw new InputError(`${id} is ambiguous: ${matches.map((f) => f.id).join(', ')}`);
    // with --judge: its open steps asked about (unless cached) and their verdicts shown, as analyze --judge shows them
    const log = (l: string) => io.err.write(`${l}\n`);
    if (plan.judgeOff) log(plan.judgeOff);
    if (plan.judge) await judgeFindings(db, plan.judge, [matches[0]], log);
    // shown as analyze shows it: the config's severity, ignore rules, --min-confidence and --redact
    const f = showFinding(plan, judgedBy(db, plan)(matches[0]));
    if (f === null) throw new InputError(`finding ${matches[0].id} is left out ${whyLeftOut(plan, matches[0])}`);
    await writeAll(io.out, report(f, palette(colorEnabled(io.out, io.env))));
    return EXIT.ok;
  } finally {
    db.close();
  }
}

function whyLeftOut(plan: ReturnType<typeof commandPlan>, f: Finding): string {
  switch (leftOutBy(plan, f)) {
    case 'disabled':
      return 'by the config: its analyzer is turned off';
    case 'ignored':
      return `by the config: an ignore rule (${ignoredBy(plan.config.ignore, f)?.reason})`;
    case 'not asked for':
      return 'by --analyzer';
    default:
      return `by --min-confidence ${plan.minConfidence}: it is ${f.confidence ?? 'certain'}`;
  }
}
