import type { Migration } from './types.js';

/**
 * The evidence store's first schema.
 * - sources: one row per ingested input (file, gz file or stdin), keyed by content hash.
 * - events: every valid event, its envelope in columns, its body as JSON, its provenance (source + line).
 * - messages: content-addressed chat messages; a request is an ordered list of message ids.
 * - bad_lines: every line that could not be read, with its reason and raw bytes.
 */
export const migration: Migration = {
  version: 1,
  name: 'initial',
  up: `
    CREATE TABLE sources (
      id            INTEGER PRIMARY KEY,
      sha256        TEXT    NOT NULL,
      path          TEXT    NOT NULL,
      size          INTEGER NOT NULL,
      format        TEXT    NOT NULL,
      status        TEXT    NOT NULL CHECK (status IN ('ingesting', 'complete')),
      items_done    INTEGER NOT NULL DEFAULT 0,
      events        INTEGER NOT NULL DEFAULT 0,
      duplicates    INTEGER NOT NULL DEFAULT 0,
      bad_lines     INTEGER NOT NULL DEFAULT 0,
      started_at    TEXT    NOT NULL,
      finished_at   TEXT
    ) STRICT;
    CREATE UNIQUE INDEX sources_sha256 ON sources (sha256);

    CREATE TABLE events (
      id         INTEGER PRIMARY KEY,
      dedupe     BLOB    NOT NULL,
      event_id   TEXT,
      kind       TEXT    NOT NULL,
      session    TEXT    NOT NULL,
      turn       INTEGER,
      ts         INTEGER NOT NULL,
      actor      TEXT,
      scope      TEXT,
      source_id  INTEGER NOT NULL REFERENCES sources (id),
      line       INTEGER NOT NULL,
      body       TEXT    NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX events_dedupe ON events (dedupe);
    CREATE INDEX events_session_ts ON events (session, ts, source_id, line);

    CREATE TABLE messages (
      id             INTEGER PRIMARY KEY,
      hash           BLOB    NOT NULL,
      role           TEXT    NOT NULL,
      json           TEXT    NOT NULL,
      chars          INTEGER NOT NULL,
      tokens_o200k   INTEGER,
      tokens_cl100k  INTEGER
    ) STRICT;
    CREATE UNIQUE INDEX messages_hash ON messages (hash);

    CREATE TABLE requests (
      event          INTEGER PRIMARY KEY REFERENCES events (id),
      session        TEXT    NOT NULL,
      model          TEXT    NOT NULL,
      encoding       TEXT    NOT NULL,
      message_count  INTEGER NOT NULL,
      prompt_tokens  INTEGER,
      usage_input_tokens INTEGER,
      context_limit  INTEGER
    ) STRICT;
    CREATE INDEX requests_session ON requests (session);
    -- requests whose messages are still being counted (tokens are counted off the main thread)
    CREATE INDEX requests_pending ON requests (event) WHERE prompt_tokens IS NULL;

    CREATE TABLE request_messages (
      request  INTEGER NOT NULL REFERENCES requests (event),
      pos      INTEGER NOT NULL,
      message  INTEGER NOT NULL REFERENCES messages (id),
      PRIMARY KEY (request, pos)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX request_messages_message ON request_messages (message);

    CREATE TABLE bad_lines (
      id         INTEGER PRIMARY KEY,
      source_id  INTEGER NOT NULL REFERENCES sources (id),
      line       INTEGER NOT NULL,
      reason     TEXT    NOT NULL,
      raw        BLOB    NOT NULL,
      raw_bytes  INTEGER NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX bad_lines_source_line ON bad_lines (source_id, line);
  `,
};
