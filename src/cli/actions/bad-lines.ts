import { openStore } from '../../store/connection.js';
import { badLines, badLinesNotKept } from '../../store/bad-lines.js';
import { commandPlan } from '../../analysis/flags.js';
import { reporter } from '../../report/reporters.js';
import { presentBadLine } from '../../report/bad-lines.js';
import { palette } from '../../report/colors.js';
import { colorEnabled, type Io } from '../io.js';
import { writeAll } from '../../util/streams.js';
import { EXIT } from '../ctx.js';

export async function badLinesAction(
  flags: { db: string; format?: string; source?: string; limit?: number; config?: string; redact?: boolean },
  io: Io,
): Promise<number> {
  const report = reporter('badLines', flags.format);
  const { redact } = commandPlan({ config: flags.config, redact: flags.redact });
  const db = openStore(flags.db, { readonly: true });
  try {
    const rows = (function* () {
      for (const b of badLines(db, { source: flags.source, limit: flags.limit })) yield presentBadLine(b, redact);
    })();
    // past the per-source cap bad lines are counted, not stored (SECURITY.md)
    const more = () => (flags.source || flags.limit ? null : badLinesNotKept(db));
    await writeAll(io.out, report({ rows, more }, palette(colorEnabled(io.out, io.env))));
    return EXIT.ok;
  } finally {
    db.close();
  }
}
