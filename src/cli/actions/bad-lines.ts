import { openStore } from '../../store/connection.js';
import { badLines, badLinesNotKept } from '../../store/bad-lines.js';
import { write, type Io } from '../io.js';
import { inert, inertJson } from '../../report/sanitize.js';
import { outputFormat } from '../options.js';

export async function badLinesAction(flags: { db: string; format?: string; source?: string; limit?: number }, io: Io): Promise<number> {
  const format = outputFormat(flags.format);
  const db = openStore(flags.db, { readonly: true });
  try {
    const rows = badLines(db, { source: flags.source, limit: flags.limit });
    if (format === 'json') {
      await write(io.out, inertJson(JSON.stringify({ schema: 'amnesia.bad-lines/v1', bad_lines: [...rows] }, null, 2)) + '\n');
      return 0;
    }
    let n = 0;
    for (const b of rows) {
      n++;
      const raw = inert(b.raw.slice(0, 120));
      const more = b.raw_bytes > 120 ? ` … (${b.raw_bytes} bytes)` : '';
      await write(io.out, `${inert(b.source)}: ${inert(b.reason)}\n    ${raw}${more}\n`);
    }
    if (n === 0) await write(io.out, 'no bad lines\n');
    if (!flags.source && !flags.limit) {
      // past the per-source cap bad lines are counted, not stored (SECURITY.md)
      const notKept = badLinesNotKept(db);
      if (notKept > 0) await write(io.out, `... and ${notKept} more bad line(s), counted but not kept (over the per-source cap)\n`);
    }
    return 0;
  } finally {
    db.close();
  }
}
