import { InputError } from '../../errors.js';
import { databaseFormat, openSqliteReadOnly, sqliteTables } from '../database.js';
import { convertGenAiSpan, SESSION_LOOKED_AT } from '../otlp/genai.js';
import { readOtlp } from '../otlp/read.js';
import type { DatabaseTarget, IngestItem, InputFormat, ReadOptions } from '../types.js';
import { spanOfRow, type SpanRow } from './spans.js';
import { storedWorkingMemory, threadMessages, WORKING_MEMORY } from './messages.js';

/**
 * Mastra's own storage (`mastra.db`, `@mastra/libsql`'s LibSQLStore; read on 0.16.4 under `@mastra/core`
 * 0.24.9): `mastra_threads` (one memory thread per conversation, its `resourceId` the user),
 * `mastra_messages` (what the memory keeps of each thread), `mastra_resources` (working memory) and
 * `mastra_ai_spans`, where Mastra's default AI-tracing exporter stores the same spans its OpenTelemetry
 * exporter sends. The spans are the conversation: each row becomes the span the OTel exporter would
 * have written (spans.ts) and is read as Mastra's OTel export is (otlp/mastra.ts), one trace (an agent
 * run) at a time. A thread whose runs left no span (tracing off, or a database without the table) is
 * read from its stored messages (messages.ts), said in one line on stderr; the working memory as stored
 * is a memory write when no span or message wrote that text. Mapping: docs/formats.md#mastra.
 */

const hasSpans = (tables: Map<string, Set<string>>) => {
  const spans = tables.get('mastra_ai_spans');
  return !!spans && ['traceId', 'spanId', 'spanType', 'startedAt'].every((c) => spans.has(c));
};
const hasMessages = (tables: Map<string, Set<string>>) => {
  const m = tables.get('mastra_messages');
  return !!m && ['id', 'thread_id', 'content', 'role', 'createdAt'].every((c) => m.has(c));
};

export function isMastraSqlite(tables: Map<string, Set<string>>): boolean {
  return !!tables.get('mastra_threads')?.has('resourceId') && (hasSpans(tables) || hasMessages(tables));
}

/**
 * The rows of mastra_ai_spans as OTLP/JSON, one document (line) per span, in the order they ended (as
 * the exporter sends them: children before their parent), so that a generation meets its steps as in
 * an export. Only the columns the mapping uses are fetched.
 */
function* otlpLines(db: ReturnType<typeof openSqliteReadOnly>, cols: Set<string>): Generator<Buffer> {
  const read = ['traceId', 'spanId', 'parentSpanId', 'name', 'spanType', 'attributes', 'metadata', 'input', 'output', 'error', 'startedAt', 'endedAt'].filter(
    (c) => cols.has(c),
  );
  const rows = db.prepare(
    `SELECT ${read.map((c) => `"${c}"`).join(', ')} FROM mastra_ai_spans ORDER BY coalesce(${cols.has('endedAt') ? '"endedAt", ' : ''}"startedAt"), rowid`,
  );
  for (const r of rows.iterate() as Iterable<SpanRow>) {
    const doc = { resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'mastra_ai_spans' }, spans: [spanOfRow(r)] }] }] };
    yield Buffer.from(`${JSON.stringify(doc)}\n`);
  }
}

async function* lines(g: Generator<Buffer>): AsyncGenerator<Buffer> {
  yield* g;
}

async function* read(target: DatabaseTarget, opts: ReadOptions): AsyncIterable<IngestItem> {
  if (target.path === null) throw new InputError(`mastra:${target.display}: Mastra's storage is read from an SQLite file (LibSQLStore); give its path`);
  const db = openSqliteReadOnly(target.path, opts.display);
  try {
    const tables = sqliteTables(db, opts.display);
    if (!isMastraSqlite(tables))
      throw new InputError(`${opts.display}: not a Mastra storage database (no mastra_threads with mastra_ai_spans or mastra_messages)`);
    const spans = hasSpans(tables);
    const untraced = (
      spans
        ? db.prepare(`SELECT t.id FROM mastra_threads t WHERE NOT EXISTS (
            SELECT 1 FROM mastra_ai_spans s WHERE CASE WHEN json_valid(s.metadata) THEN json_extract(s.metadata, '$.threadId') END = t.id)
          ORDER BY t.createdAt`)
        : db.prepare('SELECT id FROM mastra_threads ORDER BY createdAt')
    )
      .pluck()
      .all() as string[];
    const readable = hasMessages(tables);
    if (untraced.length) {
      const n = untraced.length;
      opts.note?.(
        `${n} thread${n === 1 ? '' : 's'} with no AI span (Mastra's tracing was off for ${n === 1 ? 'it' : 'them'}): ${untraced.slice(0, 3).join(', ')}${n > 3 ? ', ...' : ''}; ${
          readable
            ? "read from the stored messages: each request is the thread's history as the memory kept it, without the agent's instructions or model"
            : 'no mastra_messages table to read them from'
        }`,
      );
    }
    // working-memory texts the spans and messages wrote: the stored document is a write of its own only when none did
    const written = new Set<string>();
    const seen = (item: IngestItem): IngestItem => {
      const b = item.type === 'event' ? item.event.body : undefined;
      if (b?.kind === 'memory_write' && b.memory_id === WORKING_MEMORY.memory_id && typeof b.text === 'string') written.add(b.text.trim());
      return item;
    };
    // rows are numbered in the order they are read: the spans, then the messages, then the working memories
    const spanRows = spans ? (db.prepare('SELECT count(*) FROM mastra_ai_spans').pluck().get() as number) : 0;
    if (spanRows > 0) {
      for await (const item of readOtlp(lines(otlpLines(db, tables.get('mastra_ai_spans')!)), opts, convertGenAiSpan, SESSION_LOOKED_AT)) yield seen(item);
    }
    if (readable && untraced.length) for (const item of threadMessages(db, untraced, spanRows)) yield seen(item);
    const line = spanRows + (readable ? (db.prepare('SELECT count(*) FROM mastra_messages').pluck().get() as number) : 0);
    yield* storedWorkingMemory(db, tables, written, line);
  } finally {
    db.close();
  }
}

export const mastraFormat: InputFormat = databaseFormat({
  name: 'mastra',
  description: "Mastra's storage (LibSQLStore mastra.db): the agent runs its AI tracing stored, in their memory threads",
  usage: 'an SQLite file: give mastra:<path to mastra.db>',
  detectSqlite: (tables) => (isMastraSqlite(tables) ? 10 : 0),
  read,
});
