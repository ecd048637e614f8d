import type { Db } from './connection.js';
import { StoreError } from '../errors.js';

/**
 * JSON read back from the store. A damaged row (flipped bytes, a hand edit) is a StoreError that
 * names the store, the table and the row, instead of a bare "Unexpected token" from deep inside
 * an analyzer.
 */
export function parseStored<T = unknown>(db: Db, text: string, table: string, id: number | string): T {
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    const why = ((err as Error).message ?? String(err)).replace(/, ".*" is not valid JSON$/s, '').split('\n')[0];
    throw new StoreError(`${db.name}: damaged row ${table} ${id} (${why}); the store may be corrupt: re-ingest into a new --db`);
  }
}
