import type { Migration } from './types.js';

/**
 * Derived turns. A reader that knows which events belong together (a trace, a proxied call) but not
 * the user turn gives them a `turn_key`; after each file the store numbers the keys of every touched
 * session by start time (ties by source and line), so exports read out of order across files still
 * get the turn they had (see EvidenceWriter.assignTurns).
 */
export const migration: Migration = {
  version: 4,
  name: 'turn-keys',
  up: `
    ALTER TABLE events ADD COLUMN turn_key TEXT;
    CREATE INDEX events_turn_key ON events (session, turn_key) WHERE turn_key IS NOT NULL;
  `,
};
