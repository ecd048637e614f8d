import { databaseFormat } from '../database.js';
import type { DatabaseTarget, IngestItem, InputFormat, ReadOptions } from '../types.js';
import { isLangGraphSqlite, postgresBackend, sqliteBackend, type Backend } from './backend.js';
import { readCheckpoints } from './map.js';

/**
 * LangGraph checkpointers' tables (SQLite file or Postgres URL), read-only.
 * `langgraph:checkpoints.sqlite`, `langgraph:postgres://user@host:5432/db`. Mapping: docs/formats.md#langgraph.
 */
async function* read(target: DatabaseTarget, opts: ReadOptions): AsyncIterable<IngestItem> {
  const backend: Backend = target.url !== null ? await postgresBackend(target) : sqliteBackend(target, opts.display);
  try {
    yield* readCheckpoints(backend);
  } finally {
    await backend.close();
  }
}

export const langGraphFormat: InputFormat = databaseFormat({
  name: 'langgraph',
  description: "LangGraph checkpointers' tables (SQLite file or postgres:// URL): checkpoints and their pending writes",
  usage: 'a database: give langgraph:<checkpoints.sqlite> or langgraph:postgres://...',
  detectSqlite: (tables) => (isLangGraphSqlite(tables) ? 10 : 0),
  read,
});
