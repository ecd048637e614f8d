import { loadConfig } from '../../config/index.js';
import { openStore } from '../../store/connection.js';
import { sessionSummaries } from '../../store/queries.js';
import { sessionsJsonChunks, sessionsText } from '../../report/sessions.js';
import { palette } from '../../report/colors.js';
import { colorEnabled, write, type Io } from '../io.js';
import { outputFormat } from '../options.js';

/** Characters of a session id shown in the `sessions` table (the JSON output has them whole). */
const SESSION_ID_DISPLAY_CHARS = 120;

export interface SessionsFlags {
  db: string;
  format?: string;
  session?: string;
  limit?: number;
  config?: string;
}

export async function sessionsAction(flags: SessionsFlags, io: Io): Promise<number> {
  const format = outputFormat(flags.format);
  const config = loadConfig(flags.config);
  const db = openStore(flags.db, { readonly: true });
  try {
    const filter = { contains: flags.session, limit: flags.limit };
    if (format === 'json') {
      for (const chunk of sessionsJsonChunks(sessionSummaries(db, filter, config.models))) await write(io.out, chunk);
      return 0;
    }
    // the table is laid out from all its rows: ids are cut for display so the rows stay small
    const rows = [...sessionSummaries(db, { ...filter, maxIdChars: SESSION_ID_DISPLAY_CHARS }, config.models)];
    await write(io.out, sessionsText(rows, palette(colorEnabled(io.out, io.env))));
    return 0;
  } finally {
    db.close();
  }
}
