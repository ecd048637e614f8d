import type { Migration } from './types.js';

/**
 * Findings of the last full analysis, so the TUI and `show` page through them without
 * re-running the analyzers; `analysis_state` says which store state they were computed from.
 */
export const migration: Migration = {
  version: 2,
  name: 'findings',
  up: `
    CREATE TABLE findings (
      id        TEXT    PRIMARY KEY,
      analyzer  TEXT    NOT NULL,
      severity  TEXT    NOT NULL CHECK (severity IN ('info', 'warning', 'error')),
      session   TEXT    NOT NULL,
      turn      INTEGER,
      ts        TEXT    NOT NULL,
      title     TEXT    NOT NULL,
      cause     TEXT    NOT NULL,
      json      TEXT    NOT NULL
    ) STRICT;
    CREATE INDEX findings_session ON findings (session, ts);
    CREATE INDEX findings_analyzer ON findings (analyzer, severity);

    CREATE TABLE analysis_state (
      id            INTEGER PRIMARY KEY CHECK (id = 1),
      fingerprint   TEXT    NOT NULL,
      finished_at   TEXT    NOT NULL
    ) STRICT;
  `,
};
