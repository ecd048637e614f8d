import type { Migration } from './types.js';

/**
 * Events are unique by (session, dedupe), no longer by dedupe alone. `dedupe` is a sha1, so the
 * old index took each new event at a random page: a batch of 500 events rewrote ~350 of its pages
 * in the write-ahead log at every commit (1.15 GB of log writes to ingest the 500 MB bench, 170 MB
 * of store). Led by the session, a batch's events land on the few pages of the sessions it holds
 * (736 MB of log writes, 0.45 s less on the ingest thread). The same rows stay unique: an event
 * id's dedupe already names its session, and a line without an id is given its session by its own
 * content and its file's session key, so the same line in the same file has the same session.
 */
export const migration: Migration = {
  version: 7,
  name: 'session-dedupe',
  up: `
    CREATE UNIQUE INDEX IF NOT EXISTS events_session_dedupe ON events (session, dedupe);
    DROP INDEX IF EXISTS events_dedupe;
  `,
};
