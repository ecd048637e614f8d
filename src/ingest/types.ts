import type { Readable } from 'node:stream';
import type { ParsedEvent } from '../events/types.js';

/** One thing a format reader found at a place in its input. */
export type IngestItem =
  | {
      type: 'event';
      /** 1-based line (or CSV row's first line) the event came from */
      line: number;
      event: ParsedEvent;
      /** identity for de-duplication when the event has no `id`: the raw text it came from */
      raw: string;
      /** position among several events made from the same line */
      sub: number;
      /** the body as JSON, when the reader already has it (saves a stringify) */
      json?: string;
      /**
       * For an event without an explicit turn: the group it belongs to (a trace id, a call id). The
       * store numbers a session's groups by their first start time, ties by file position
       * (EvidenceWriter.assignTurns); the event's own `turn` must then be unset.
       */
      turnKey?: string;
    }
  | {
      type: 'bad';
      line: number;
      reason: string;
      raw: Buffer;
      /** the line's real length when `raw` was cut short */
      rawBytes?: number;
    };

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
}
