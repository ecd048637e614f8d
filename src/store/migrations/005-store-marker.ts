import type { Migration } from './types.js';
import { VERSION } from '../../version.js';

/** The format id in `amnesia_store.format`: a database without it (from schema 5 on) is not ours. */
export const STORE_FORMAT = 'amnesia-forensics/evidence-store';

/**
 * A marker of our own. Until schema 4 a store was recognised by its set of core tables only;
 * from now on `amnesia_store` (one row) says the database is an amnesia evidence store and which
 * program version made it one (for a store made before schema 5: the version that added the marker).
 * A database with a user_version of 5 or more and no such row was not written by us and is refused.
 */
export const migration: Migration = {
  version: 5,
  name: 'store-marker',
  up: `
    CREATE TABLE amnesia_store (
      id          INTEGER PRIMARY KEY CHECK (id = 1),
      format      TEXT    NOT NULL,
      created_by  TEXT    NOT NULL,
      created_at  TEXT    NOT NULL
    ) STRICT;
    INSERT INTO amnesia_store (id, format, created_by, created_at)
      VALUES (1, '${STORE_FORMAT}', '${VERSION.replace(/'/g, "''")}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
  `,
};
