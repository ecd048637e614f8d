import { InputError } from '../../errors.js';
import { InvalidEvent, quotedValue, validateEvent } from '../../events/validate.js';
import { databaseFormat, openSqliteReadOnly, sqliteTables } from '../database.js';
import { MemoryVersions, stateWrite } from './versions.js';
import type { DatabaseTarget, IngestItem, InputFormat, ReadOptions } from '../types.js';

/**
 * Mem0's history store (SQLite, open-source Mem0): one row per memory change.
 *   mem0ai (JS) 2.x-3.x: memory_history(id INTEGER, memory_id, previous_value, new_value, action,
 *                        created_at, updated_at, is_deleted)
 *   mem0ai (Python):     history(id TEXT, memory_id, old_memory, new_memory, event, created_at,
 *                        updated_at, is_deleted[, actor_id, role])
 *   mem0ai (Python) 0.0.2-0.0.9: history(id TEXT, memory_id, prev_value, new_value, event, timestamp,
 *                        is_deleted) (0.0.10 renames the columns when it opens the file)
 * Each row is a committed `memory_write` (ADD / UPDATE / DELETE / NONE, with its texts), and the
 * table's state after its last row is a `store_snapshot`. Mapping: docs/formats.md#mem0.
 */

interface Schema {
  table: string;
  oldCol: string;
  newCol: string;
  actionCol: string;
}

const SCHEMAS: Schema[] = [
  { table: 'memory_history', oldCol: 'previous_value', newCol: 'new_value', actionCol: 'action' },
  { table: 'history', oldCol: 'old_memory', newCol: 'new_memory', actionCol: 'event' },
  { table: 'history', oldCol: 'prev_value', newCol: 'new_value', actionCol: 'event' },
];

function schemaOf(tables: Map<string, Set<string>>): Schema | undefined {
  return SCHEMAS.find((s) => {
    const cols = tables.get(s.table);
    return cols && ['memory_id', s.oldCol, s.newCol, s.actionCol].every((c) => cols.has(c));
  });
}

const OPS: Record<string, string> = { ADD: 'add', UPDATE: 'update', DELETE: 'delete', NONE: 'none' };
const PAGE = 1000;

/** Mem0's times: ISO with an offset (JS, Python), or naive "YYYY-MM-DD HH:MM:SS[.ffffff]" taken as UTC. */
export function mem0Time(v: unknown): string | null {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  let s = v.trim().replace(' ', 'T');
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(s)) s += 'Z';
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

type Row = Record<string, unknown> & { _rowid: number };

/** The columns the mapping reads; nothing else of a row is ever fetched. */
const OPTIONAL = ['created_at', 'updated_at', 'timestamp', 'is_deleted', 'actor_id', 'role'];

/**
 * One page of rows. Only the columns the mapping uses are fetched (`SELECT *` also computed columns
 * generated when read, whose expression can be anything: `printf('%.*c', 1e9, 'x')` made a gigabyte per
 * row from a file of 110 KB; a generated column is never among `cols`, which come from
 * pragma_table_info), each row with its size in bytes (`_bytes`); a row over `maxBytes` comes back with
 * its values NULL, so it is never held whole.
 */
function pageQuery(db: ReturnType<typeof openSqliteReadOnly>, schema: Schema, cols: Set<string>, maxBytes: number) {
  const read = ['memory_id', schema.oldCol, schema.newCol, schema.actionCol, ...OPTIONAL].filter((c) => cols.has(c));
  const q = (c: string) => `"${c}"`;
  const size = read.map((c) => `ifnull(octet_length(${q(c)}), 0)`).join(' + ');
  return db.prepare(
    `SELECT _rowid, _bytes, ${read.map((c) => `CASE WHEN _bytes > ${Math.floor(maxBytes)} THEN NULL ELSE ${q(c)} END AS ${q(c)}`).join(', ')}
     FROM (SELECT rowid AS _rowid, ${read.map(q).join(', ')}, ${size} AS _bytes FROM "${schema.table}" WHERE rowid > ? ORDER BY rowid LIMIT ${PAGE})`,
  );
}

async function* readHistory(target: DatabaseTarget, opts: ReadOptions): AsyncIterable<IngestItem> {
  if (target.path === null) throw new InputError(`mem0:${target.display}: Mem0's history is an SQLite file; give its path`);
  const db = openSqliteReadOnly(target.path, opts.display);
  try {
    const tables = sqliteTables(db, opts.display);
    const schema = schemaOf(tables);
    if (!schema) {
      throw new InputError(`${opts.display}: not a Mem0 history database (no memory_history or history table with memory_id and the change's texts)`);
    }
    const cols = tables.get(schema.table)!;
    // rows are paged and located by rowid: a table without one is refused in one line (an input not read)
    if ((db.prepare('SELECT wr FROM pragma_table_list WHERE name = ?').pluck().get(schema.table) as number | undefined) === 1) {
      throw new InputError(`${opts.display}: ${schema.table} is a WITHOUT ROWID table, which Mem0 never writes: not read`);
    }
    // one session per file unless told otherwise: two histories never merge without being asked to
    const session = target.params.session || `mem0:${opts.display}`;
    const page = pageQuery(db, schema, cols, opts.maxLineBytes);
    /** the table's state as the rows replay: memory id -> its text and how many changes it had */
    const live = new Map<string, { text: string | null; version: number }>();
    const versions = new MemoryVersions();
    let lastTs: string | null = null;
    let lastRow = 0;
    let seq = 0;
    let after = 0;
    for (;;) {
      // a page at a time, no transaction held between pages: the writer is never blocked for long
      const rows = page.all(after) as Row[];
      for (const r of rows) {
        after = r._rowid;
        const locator = `${schema.table}:rowid=${r._rowid}`;
        const bytes = r._bytes as number;
        delete r._bytes;
        const raw = JSON.stringify(r);
        seq++;
        try {
          if (bytes > opts.maxLineBytes) throw new InvalidEvent(`row is ${bytes} bytes, over the ${opts.maxLineBytes}-byte limit (--max-line-bytes)`);
          const action = String(r[schema.actionCol] ?? '').toUpperCase();
          const op = OPS[action];
          if (!op) throw new InvalidEvent(`unknown ${schema.actionCol} ${quotedValue(r[schema.actionCol], 20)} (ADD, UPDATE, DELETE or NONE)`);
          const memoryId = typeof r.memory_id === 'string' && r.memory_id ? r.memory_id : null;
          if (!memoryId) throw new InvalidEvent('memory_id is empty');
          const created = mem0Time(r.created_at);
          const updated = mem0Time(r.updated_at);
          // an ADD happened when it was created; a change, when it was updated (0.0.2-0.0.9: the row's
          // one timestamp); a row with no time (Mem0's DELETE rows have none) at the time of the row before it
          const ts: string | null = mem0Time(r.timestamp) ?? (op === 'add' ? (created ?? updated) : (updated ?? created)) ?? lastTs;
          if (!ts) throw new InvalidEvent('no created_at, updated_at or timestamp, and no earlier row to take a time from');
          const deleted = op === 'delete' || r.is_deleted === 1 || r.is_deleted === true;
          const oldText = typeof r[schema.oldCol] === 'string' ? (r[schema.oldCol] as string) : null;
          const newText = typeof r[schema.newCol] === 'string' ? (r[schema.newCol] as string) : null;
          const ev: Record<string, unknown> = {
            kind: 'memory_write',
            ts,
            session,
            id: `mem0:${memoryId}:${schema.table}:${r._rowid}`,
            write_id: `mem0:${schema.table}:${r._rowid}`,
            phase: 'committed',
            memory_id: memoryId,
            op: deleted ? 'delete' : op,
            store: 'mem0',
            locator,
          };
          if (deleted) {
            if (oldText !== null) ev.previous_text = oldText;
          } else {
            if (newText !== null) ev.text = newText;
            if (oldText !== null) ev.previous_text = oldText;
          }
          if (cols.has('actor_id') && typeof r.actor_id === 'string' && r.actor_id) ev.actor = r.actor_id;
          if (cols.has('role') && typeof r.role === 'string' && r.role) ev.role = r.role;
          const item: IngestItem = { type: 'event', line: seq, event: validateEvent(ev), raw, sub: 0 };
          let state: IngestItem | null = null;
          if (deleted) versions.delete(memoryId);
          else if (op === 'add' || op === 'update') {
            const v = versions.change(memoryId, op, oldText, newText);
            const actor = typeof ev.actor === 'string' ? ev.actor : null;
            state = { type: 'event', line: seq, event: validateEvent(stateWrite(ev, memoryId, newText, v, actor, r._rowid)), raw, sub: 1 };
          }
          const prev = live.get(memoryId);
          if (deleted) live.delete(memoryId);
          else if (op !== 'none' || !prev) live.set(memoryId, { text: newText ?? prev?.text ?? null, version: (prev?.version ?? 0) + 1 });
          if (!lastTs || ts > lastTs) lastTs = ts;
          lastRow = r._rowid;
          yield item;
          if (state) yield state;
        } catch (err) {
          if (!(err instanceof InvalidEvent)) throw err;
          yield { type: 'bad', line: seq, reason: `${locator}: ${err.message}`, raw: Buffer.from(raw) };
        }
      }
      if (rows.length < PAGE) break;
    }
    if (lastTs === null) return;
    const records = [...live].map(([id, m]) => ({ id, ...(m.text !== null ? { text: m.text } : {}), version: m.version }));
    const snapshot = {
      kind: 'store_snapshot',
      ts: lastTs,
      session,
      id: `mem0:snapshot:${schema.table}:${lastRow}:${records.length}`,
      store: 'mem0',
      memory_ids: records.map((r) => r.id),
      records,
      locator: `${schema.table}:rowid=${lastRow}`,
    };
    yield { type: 'event', line: seq + 1, event: validateEvent(snapshot), raw: JSON.stringify(snapshot), sub: 0 };
  } finally {
    db.close();
  }
}

export const mem0Format: InputFormat = databaseFormat({
  name: 'mem0',
  description: "Mem0's SQLite history (memory_history / history table): one memory change per row",
  usage: 'an SQLite file: give mem0:<path to history.db>',
  detectSqlite: (tables) => (schemaOf(tables) ? 10 : 0),
  read: readHistory,
});
