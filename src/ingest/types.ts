import type { Readable } from 'node:stream';
import type { IngestItem, Resolve } from '../events/item.js';

export type { IngestItem, Resolve };

export interface ReadOptions {
  /** the file name used in messages */
  display: string;
  /** a longer line is a bad line; it is never held in memory whole */
  maxLineBytes: number;
  /**
   * Readers whose format has several places for the session id say which one gave each record's
   * session ("trace.sessionId", "trace id (no sessionId)"); the pipeline prints one line per source.
   */
  sessionKey?: (key: string) => void;
  /** a one-line remark on the file as a whole ("16 spans, none a model call: ..."); the pipeline prints it with the file's name */
  note?: (text: string) => void;
  /** the file's path on disk, when it is a file (not standard input or a pipe): a transcript read with its folder's other files (Cline's classic task folder) */
  path?: string;
  /**
   * OTLP log records of the other files of the same ingest, by the spanId they name (otlp/cross-file.ts):
   * a span takes its records from another file; a file skips its records a span elsewhere took.
   */
  spanRecords?: { take(spanId: string, file: string): unknown[]; claimed(spanId: string): boolean };
  /**
   * Model calls the store already holds without their messages, by span id (their request's stored
   * event): GenAI log records whose span is in no file of this ingest complete them (otlp/stored-calls.ts).
   */
  storedCalls?: (spanIds: string[]) => Map<string, StoredCall>;
  /**
   * Bad lines of earlier ingests holding GenAI log records whose span was not there (their texts, one
   * record a line): a span read now that lacks its messages takes them (otlp/stored-records.ts).
   */
  heldRecords?: () => { id: number; raw: string }[];
}

/** A stored request without messages: its session, turn key and native body (store/stored-calls.ts). */
export interface StoredCall {
  session: string;
  turnKey: string | null;
  body: Record<string, unknown>;
}

/**
 * A database a format reads instead of a byte stream: an SQLite file or a server URL
 * (`mem0:history.db?session=s7`, `langgraph:postgres://host/db`). See src/ingest/database.ts.
 */
export interface DatabaseTarget {
  /** the SQLite file, or null for a server */
  path: string | null;
  /** the server's connection string, or null for a file */
  url: string | null;
  /** how it is named in messages and evidence (a URL without its password) */
  display: string;
  /** options after `?` (e.g. `session`) */
  params: Record<string, string>;
}

/** What a database format adds: it is detected from an SQLite file's tables and read by rows. */
export interface DatabaseReader {
  /** higher wins; 0 = not this format. `tables` maps each table name to its column names. */
  detectSqlite(tables: Map<string, Set<string>>): number;
  /** Every row as items, read-only; throws InputError (one line) when the database is not this format. */
  read(target: DatabaseTarget, opts: ReadOptions): AsyncIterable<IngestItem>;
}

/**
 * An input format: one module per format under src/ingest/<name>/.
 * `detect` looks at the decompressed first 64 KiB; `read` streams the whole content.
 */
export interface InputFormat {
  name: string;
  description: string;
  /** higher wins when several formats claim a file; 0 = not this format */
  detect(head: string): number;
  read(content: Readable, opts: ReadOptions): AsyncIterable<IngestItem>;
  /** formats that read a database (Mem0 history, LangGraph checkpoints) instead of a stream */
  database?: DatabaseReader;
  /**
   * A file this format reads beside another, never alone (Cline's `ui_messages.json` beside its
   * `api_conversation_history.json`): given a file's path, the path of the file that reads it when that
   * file is there, else undefined. In a folder such a file is listed as a companion, neither read on its
   * own nor counted as unread.
   */
  companionOf?(file: string): string | undefined;
  /** OTLP formats: spans take GenAI log records from the other files of the ingest (otlp/cross-file.ts) */
  joinsLogRecords?: boolean;
}
