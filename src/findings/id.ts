import crypto from 'node:crypto';

/**
 * A finding's stable id: the same input gives the same id, whatever the store, the order of
 * ingestion or the path the logs were read from. Built from the analyzer, the session, the
 * cause and the analyzer's own key (content such as a memory id or a turn, never a row id).
 */
export function findingId(analyzer: string, session: string, cause: string, key: string): string {
  const h = crypto.createHash('sha256').update(`${analyzer}\0${session}\0${cause}\0${key}`).digest('hex');
  return `f_${h.slice(0, 16)}`;
}
