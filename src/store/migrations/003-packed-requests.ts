import type { Migration } from './types.js';

/**
 * A request's prompt as one JSON array of message ids in `requests.messages` instead of a row per
 * message in `request_messages`: a long history was hundreds of rows (and index entries) per
 * request, the largest share of ingest time and store size. SQL still reads it with json_each:
 *   SELECT j.key AS pos, m.* FROM requests r, json_each(r.messages) j JOIN messages m ON m.id = j.value
 * Existing stores are converted in place.
 */
export const migration: Migration = {
  version: 3,
  name: 'packed-requests',
  up: `
    ALTER TABLE requests ADD COLUMN messages TEXT NOT NULL DEFAULT '[]';
    UPDATE requests SET messages = coalesce(
      (SELECT json_group_array(message) FROM (SELECT message FROM request_messages rm WHERE rm.request = requests.event ORDER BY pos)),
      '[]');
    DROP INDEX request_messages_message;
    DROP TABLE request_messages;
  `,
};
