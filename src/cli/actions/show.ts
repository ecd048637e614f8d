import { loadConfig } from '../../config/index.js';
import { InputError } from '../../errors.js';
import { openStore } from '../../store/connection.js';
import { analyzeStore } from '../../analyzers/run.js';
import { analyzerOptions } from '../analysis.js';
import { cacheIsFresh, findStoredFindings } from '../../store/findings.js';
import { selectAnalyzers } from '../../analyzers/select.js';
import { reporter } from '../../report/reporters.js';
import { ignoredBy, leftOut, presentation, presentFinding } from '../../findings/present.js';
import { palette } from '../../report/colors.js';
import type { Finding } from '../../findings/types.js';
import { colorEnabled, writeAll, type Io } from '../io.js';
import { EXIT } from '../ctx.js';
import { sessionArg } from '../session-arg.js';

/** `amnesia show <id>`: one finding's whole evidence chain. A unique prefix of the id is enough. */
export async function showAction(
  id: string,
  flags: { db: string; format?: string; session?: string; config?: string; redact?: boolean },
  io: Io,
): Promise<number> {
  const report = reporter('finding', flags.format);
  const config = loadConfig(flags.config);
  const db = openStore(flags.db, { readonly: true });
  try {
    const session = sessionArg(db, flags.session);
    const analyzers = selectAnalyzers();
    const fresh = cacheIsFresh(db, { analyzers, config });
    const matches: Finding[] = fresh ? findStoredFindings(db, id) : [];
    if (!fresh)
      for (const f of analyzeStore(db, {
        analyzers,
        sessionFilter: session === undefined ? undefined : (s) => s === session,
        models: config.models,
        options: analyzerOptions(config),
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
    // shown as analyze shows it: the config's severity, ignore rules and --redact
    const f = presentFinding(matches[0], presentation(config, flags.redact));
    if (f === null) {
      const why =
        leftOut(matches[0], config) === 'disabled' ? 'its analyzer is turned off' : `an ignore rule (${ignoredBy(config.ignore, matches[0])?.reason})`;
      throw new InputError(`finding ${matches[0].id} is left out by the config: ${why}`);
    }
    await writeAll(io.out, report(f, palette(colorEnabled(io.out, io.env))));
    return EXIT.ok;
  } finally {
    db.close();
  }
}
