import type { Migration } from './types.js';

/**
 * Turn keys looked up across sessions. A trace whose spans name no session is stored as a session
 * named by its trace id; when another file (of the same ingest or a later one) brings a span of the
 * same trace that names the session, the store moves the trace's events there (./trace-join.ts), and
 * finds the trace's other session by its key, whatever the session.
 */
export const migration: Migration = {
  version: 8,
  name: 'trace-keys',
  up: `
    CREATE INDEX IF NOT EXISTS events_key_session ON events (turn_key, session) WHERE turn_key IS NOT NULL;
  `,
};
