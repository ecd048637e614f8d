import { loadConfig } from '../../config/index.js';
import { openStore } from '../../store/connection.js';
import { sessionSummaries } from '../../store/queries.js';
import { sessionsJson, sessionsText } from '../../report/sessions.js';
import { palette } from '../../report/colors.js';
import { colorEnabled, write, type Io } from '../io.js';
import { outputFormat } from '../options.js';

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
    const rows = [...sessionSummaries(db, { contains: flags.session, limit: flags.limit }, config.models)];
    await write(io.out, format === 'json' ? sessionsJson(rows) : sessionsText(rows, palette(colorEnabled(io.out, io.env))));
    return 0;
  } finally {
    db.close();
  }
}
