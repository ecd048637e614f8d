import type Database from 'better-sqlite3';
import { InputError } from '../../errors.js';
import { openSqliteReadOnly, sqliteTables } from '../database.js';
import type { DatabaseTarget } from '../types.js';
import { settings } from '../../settings.js';

/**
 * Read access to a LangGraph checkpointer's tables, the same for SQLite and Postgres:
 *   SQLite   (JS @langchain/langgraph-checkpoint-sqlite, Python langgraph-checkpoint-sqlite):
 *            checkpoints(thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata)
 *            writes(thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, value)
 *   Postgres (JS @langchain/langgraph-checkpoint-postgres, Python langgraph-checkpoint-postgres):
 *            checkpoints(..., checkpoint JSONB, metadata JSONB), checkpoint_blobs(thread_id,
 *            checkpoint_ns, channel, version, type, blob), checkpoint_writes(..., type, blob)
 * Rows come a page at a time (keyset paging), so nothing is loaded whole. SQLite is opened
 * read-only and holds no transaction between pages; Postgres reads in one READ ONLY transaction.
 */

export interface CheckpointRow {
  thread: string;
  ns: string;
  id: string;
  parent: string | null;
  type: string | null;
  checkpoint: unknown;
  metadata: unknown;
}

export interface WriteRow {
  taskId: string;
  idx: number;
  channel: string;
  type: string | null;
  value: unknown;
}

/** A checkpoints row as both checkpointers store it (SQLite and Postgres name the columns alike). */
function checkpointRow(r: Record<string, unknown>): CheckpointRow {
  return {
    thread: String(r.thread_id),
    ns: String(r.checkpoint_ns ?? ''),
    id: String(r.checkpoint_id),
    parent: r.parent_checkpoint_id ? String(r.parent_checkpoint_id) : null,
    type: (r.type as string | null) ?? null,
    checkpoint: r.checkpoint,
    metadata: r.metadata,
  };
}

/** A pending-writes row; its value column is `value` in SQLite, `blob` in Postgres. */
function writeRow(r: Record<string, unknown>, value: unknown): WriteRow {
  return { taskId: String(r.task_id), idx: Number(r.idx), channel: String(r.channel), type: (r.type as string | null) ?? null, value };
}

export interface Backend {
  /** table names for locators */
  tables: { checkpoints: string; writes: string; blobs: string | null };
  threads(after: [string, string] | null, limit: number): Promise<[string, string][]>;
  checkpoints(thread: string, ns: string, after: string | null, limit: number): Promise<CheckpointRow[]>;
  writes(thread: string, ns: string, checkpointId: string): Promise<WriteRow[]>;
  /** a channel's value at a version, for checkpointers that keep values apart (Postgres blobs) */
  blob(thread: string, ns: string, channel: string, version: string): Promise<{ type: string | null; value: unknown } | undefined>;
  close(): Promise<void>;
}

export function isLangGraphSqlite(tables: Map<string, Set<string>>): boolean {
  const c = tables.get('checkpoints');
  const w = tables.get('writes');
  return (
    !!c &&
    !!w &&
    ['thread_id', 'checkpoint_id', 'parent_checkpoint_id', 'checkpoint'].every((x) => c.has(x)) &&
    ['task_id', 'channel', 'value'].every((x) => w.has(x))
  );
}

export function sqliteBackend(target: DatabaseTarget, display: string): Backend {
  const db: Database.Database = openSqliteReadOnly(target.path!, display);
  try {
    if (!isLangGraphSqlite(sqliteTables(db, display))) {
      throw new InputError(`${display}: not a LangGraph checkpoint database (no checkpoints and writes tables)`);
    }
  } catch (err) {
    db.close();
    throw err;
  }
  // the first page has no lower bound: an empty thread id (or checkpoint id) is a row like any other
  const threadsFirst = db.prepare(`SELECT DISTINCT thread_id, checkpoint_ns FROM checkpoints ORDER BY thread_id, checkpoint_ns LIMIT ?`);
  const threads = db.prepare(
    `SELECT DISTINCT thread_id, checkpoint_ns FROM checkpoints WHERE (thread_id, checkpoint_ns) > (?, ?) ORDER BY thread_id, checkpoint_ns LIMIT ?`,
  );
  const CP_COLS = 'thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata';
  const cpsFirst = db.prepare(`SELECT ${CP_COLS} FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? ORDER BY checkpoint_id LIMIT ?`);
  const cps = db.prepare(`SELECT ${CP_COLS} FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id > ? ORDER BY checkpoint_id LIMIT ?`);
  const writes = db.prepare(
    `SELECT task_id, idx, channel, type, value FROM writes WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ? ORDER BY task_id, idx`,
  );
  return {
    tables: { checkpoints: 'checkpoints', writes: 'writes', blobs: null },
    threads: async (after, limit) => (after ? threads.raw().all(after[0], after[1], limit) : threadsFirst.raw().all(limit)) as [string, string][],
    checkpoints: async (thread, ns, after, limit) =>
      ((after === null ? cpsFirst.all(thread, ns, limit) : cps.all(thread, ns, after, limit)) as Record<string, unknown>[]).map(checkpointRow),
    writes: async (thread, ns, id) => (writes.all(thread, ns, id) as Record<string, unknown>[]).map((r) => writeRow(r, r.value)),
    blob: async () => undefined,
    close: async () => void db.close(),
  };
}

/** Connection and statement timeout for Postgres (AMNESIA_PG_TIMEOUT_MS, default 30 s). */
export function pgTimeoutMs(): number {
  return settings().pgTimeoutMs;
}

export async function postgresBackend(target: DatabaseTarget): Promise<Backend> {
  // loaded here: the driver costs every other start-up a fifth of a second
  const { default: pg } = await import('pg');
  // a server that stalls (accepts and never answers, or never finishes a query) is an error, never a hang
  const timeout = pgTimeoutMs();
  const client = new pg.Client({
    connectionString: target.url!,
    connectionTimeoutMillis: timeout,
    query_timeout: timeout,
    statement_timeout: timeout,
    application_name: 'amnesia (read-only)',
  });
  try {
    await client.connect();
  } catch (err) {
    throw new InputError(`${target.display}: cannot connect (${(err as Error).message.split('\n')[0]})`);
  }
  let have: Set<string>;
  try {
    // one consistent snapshot, and the server refuses any write in it
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const t = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = ANY (current_schemas(false)) AND table_name = ANY ($1)`,
      [['checkpoints', 'checkpoint_writes', 'checkpoint_blobs']],
    );
    have = new Set(t.rows.map((r) => r.table_name));
    if (!have.has('checkpoints') || !have.has('checkpoint_writes')) {
      throw new InputError(`${target.display}: not a LangGraph checkpoint database (no checkpoints and checkpoint_writes tables)`);
    }
  } catch (err) {
    await client.end().catch(() => undefined);
    if (err instanceof InputError) throw err;
    throw new InputError(`${target.display}: ${(err as Error).message.split('\n')[0]}`);
  }
  const hasBlobs = have.has('checkpoint_blobs');
  return {
    tables: { checkpoints: 'checkpoints', writes: 'checkpoint_writes', blobs: hasBlobs ? 'checkpoint_blobs' : null },
    threads: async (after, limit) =>
      (
        await client.query(
          after
            ? {
                text: `SELECT DISTINCT thread_id, checkpoint_ns FROM checkpoints WHERE (thread_id, checkpoint_ns) > ($1, $2) ORDER BY thread_id, checkpoint_ns LIMIT $3`,
                values: [after[0], after[1], limit],
                rowMode: 'array',
              }
            : {
                text: `SELECT DISTINCT thread_id, checkpoint_ns FROM checkpoints ORDER BY thread_id, checkpoint_ns LIMIT $1`,
                values: [limit],
                rowMode: 'array',
              },
        )
      ).rows as [string, string][],
    checkpoints: async (thread, ns, after, limit) =>
      (
        await client.query(
          `SELECT thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata FROM checkpoints
           WHERE thread_id = $1 AND checkpoint_ns = $2 AND ($3::text IS NULL OR checkpoint_id > $3) ORDER BY checkpoint_id LIMIT $4`,
          [thread, ns, after, limit],
        )
      ).rows.map(checkpointRow),
    writes: async (thread, ns, id) =>
      (
        await client.query(
          `SELECT task_id, idx, channel, type, blob FROM checkpoint_writes WHERE thread_id = $1 AND checkpoint_ns = $2 AND checkpoint_id = $3 ORDER BY task_id, idx`,
          [thread, ns, id],
        )
      ).rows.map((r: Record<string, unknown>) => writeRow(r, r.blob)),
    blob: async (thread, ns, channel, version) => {
      if (!hasBlobs) return undefined;
      const r = await client.query('SELECT type, blob FROM checkpoint_blobs WHERE thread_id = $1 AND checkpoint_ns = $2 AND channel = $3 AND version = $4', [
        thread,
        ns,
        channel,
        version,
      ]);
      return r.rows[0] ? { type: r.rows[0].type as string | null, value: r.rows[0].blob as unknown } : undefined;
    },
    close: async () => {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    },
  };
}
