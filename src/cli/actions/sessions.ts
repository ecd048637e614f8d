import { loadConfig } from '../../config/index.js';
import { openStore } from '../../store/connection.js';
import { sessionSummaries } from '../../store/queries.js';
import { presentSessionId } from '../../findings/present.js';
import { buildPlan } from '../../analysis/plan.js';
import { reporter } from '../../report/reporters.js';
import { palette } from '../../report/colors.js';
import { colorEnabled, type Io } from '../io.js';
import { writeAll } from '../../util/streams.js';
import { EXIT } from '../ctx.js';

/** Characters of a session id shown in the `sessions` table (the JSON output has them whole). */
const SESSION_ID_DISPLAY_CHARS = 120;

export interface SessionsFlags {
  db: string;
  format?: string;
  session?: string;
  limit?: number;
  config?: string;
  redact?: boolean;
}

export async function sessionsAction(flags: SessionsFlags, io: Io): Promise<number> {
  const report = reporter('sessions', flags.format);
  const config = loadConfig(flags.config);
  const { redact } = buildPlan(config, { redact: flags.redact });
  const db = openStore(flags.db, { readonly: true });
  try {
    // ids are cut for the table so its rows stay small; a hashed id is made from the whole id
    const cut = flags.format !== 'json' && !redact ? SESSION_ID_DISPLAY_CHARS : undefined;
    const rows = sessionSummaries(db, { contains: flags.session, limit: flags.limit, maxIdChars: cut }, config.models);
    const shown = (function* () {
      for (const r of rows) yield { ...r, session: presentSessionId(r.session, redact) };
    })();
    await writeAll(io.out, report(shown, palette(colorEnabled(io.out, io.env))));
    return EXIT.ok;
  } finally {
    db.close();
  }
}
