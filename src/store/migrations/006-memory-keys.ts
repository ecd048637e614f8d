import type { Migration } from './types.js';

/**
 * recall-mismatch replays, for each session, the long-term memories of earlier sessions that its
 * retrievals could have seen: those of the users they name and of the memory ids they return.
 * Until schema 5 every `memory_write` of the store was read into each analysing thread for that
 * (memory grew with the store); these two partial indexes let it ask for just those writes. A
 * body or scope that is not JSON (a damaged row) indexes as NULL instead of failing the write.
 */
export const MEMORY_USER = `iif(json_valid(scope), json_extract(scope, '$.user'), NULL)`;
export const MEMORY_ID = `iif(json_valid(body), json_extract(body, '$.memory_id'), NULL)`;

export const migration: Migration = {
  version: 6,
  name: 'memory-keys',
  up: `
    CREATE INDEX IF NOT EXISTS events_memory_user ON events (${MEMORY_USER}) WHERE kind = 'memory_write';
    CREATE INDEX IF NOT EXISTS events_memory_id ON events (${MEMORY_ID}) WHERE kind = 'memory_write';
  `,
};
