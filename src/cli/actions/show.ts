import { loadConfig } from '../../config/index.js';
import { InputError } from '../../errors.js';
import { openStore } from '../../store/connection.js';
import { analyzeStore } from '../../analyzers/run.js';
import { analyzerOptions } from '../../analyzers/analyze.js';
import { cacheIsFresh, findStoredFindings } from '../../store/findings.js';
import { selectAnalyzers } from '../../analyzers/select.js';
import { findingText } from '../../report/findings.js';
import { inert, inertJson } from '../../report/sanitize.js';
import { redactFinding } from '../../findings/redact.js';
import { palette } from '../../report/colors.js';
import type { Finding } from '../../findings/types.js';
import { colorEnabled, write, type Io } from '../io.js';
import { outputFormat } from '../options.js';

/** `amnesia show <id>`: one finding's whole evidence chain. A unique prefix of the id is enough. */
export async function showAction(
  id: string,
  flags: { db: string; format?: string; session?: string; config?: string; redact?: boolean },
  io: Io,
): Promise<number> {
  const format = outputFormat(flags.format);
  const config = loadConfig(flags.config);
  const db = openStore(flags.db, { readonly: true });
  try {
    const analyzers = selectAnalyzers();
    const fresh = cacheIsFresh(db, { analyzers, config });
    const matches: Finding[] = fresh ? findStoredFindings(db, id) : [];
    if (!fresh) for (const f of analyzeStore(db, {
      analyzers,
      sessionFilter: flags.session === undefined ? undefined : (s) => s === flags.session,
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
    const f = flags.redact || config.redact ? redactFinding(matches[0]) : matches[0];
    if (format === 'json') await write(io.out, inertJson(JSON.stringify(f, null, 2)) + '\n');
    else {
      const c = palette(colorEnabled(io.out, io.env));
      let text = findingText(f, c);
      if (f.detail) text += `   ${c.dim('detail:')} ${inert(JSON.stringify(f.detail))}\n`;
      await write(io.out, text);
    }
    return 0;
  } finally {
    db.close();
  }
}
