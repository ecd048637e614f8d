/** One numbered schema change (the runner is src/db/migrate.ts, shared with the engine). */
export type { Migration } from '../../db/migrate.js';
