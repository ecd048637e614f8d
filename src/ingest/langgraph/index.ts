import fs from 'node:fs';
import { databaseFormat, isSqliteHead } from '../database.js';
import type { DatabaseTarget, IngestItem, InputFormat, ReadOptions } from '../types.js';
import { isLangGraphSqlite, postgresBackend, sqliteBackend, type Backend } from './backend.js';
import { readCheckpoints } from './map.js';
import { dumpBackend } from './pgdump.js';

/** A file's first bytes (empty when it cannot be read: the open that follows says why). */
function head(file: string): Buffer {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const b = Buffer.alloc(16);
      return b.subarray(0, fs.readSync(fd, b, 0, 16, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return Buffer.alloc(0);
  }
}

/**
 * LangGraph checkpointers' tables (SQLite file, Postgres URL, or a pg_dump of Postgres' tables), read-only.
 * `langgraph:checkpoints.sqlite`, `langgraph:postgres://user@host:5432/db`, `langgraph:checkpoints.pg.sql`.
 * Mapping: docs/formats.md#langgraph.
 */
async function* read(target: DatabaseTarget, opts: ReadOptions): AsyncIterable<IngestItem> {
  const file = target.path;
  const backend: Backend =
    target.url !== null
      ? await postgresBackend(target)
      : file !== null && !isSqliteHead(head(file)) && fs.statSync(file).size > 0
        ? await dumpBackend(file, opts.display)
        : sqliteBackend(target, opts.display);
  try {
    // one session per thread of this database: `langgraph:<the database as given>#<thread>` (or `<?session=>#<thread>`),
    // so two databases that share a thread id are never read as one history
    const base = target.params.session || `langgraph:${opts.display}`;
    yield* readCheckpoints(
      backend,
      (thread) => `${base}#${thread}`,
      (text) => opts.note?.(text),
    );
  } finally {
    await backend.close();
  }
}

export const langGraphFormat: InputFormat = databaseFormat({
  name: 'langgraph',
  description: "LangGraph checkpointers' tables (SQLite file, postgres:// URL, or a pg_dump of them): checkpoints and their pending writes",
  usage: 'a database: give langgraph:<checkpoints.sqlite>, langgraph:<pg_dump.sql> or langgraph:postgres://...',
  detectSqlite: (tables) => (isLangGraphSqlite(tables) ? 10 : 0),
  read,
});
