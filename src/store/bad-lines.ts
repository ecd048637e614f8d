import type { Db } from './connection.js';
import { clip, maskSecrets } from '../findings/redact.js';

export interface BadLine {
  source: string;
  line: number;
  reason: string;
  /** the line's bytes as UTF-8 text (invalid sequences shown as U+FFFD), secrets masked, then cut at `maxRaw` */
  raw: string;
  raw_bytes: number;
}

/** Bad lines in file and line order, streamed. */
export function* badLines(db: Db, filter: { source?: string; limit?: number; offset?: number } = {}, maxRaw = 200): Generator<BadLine> {
  // OFFSET only after a LIMIT (SQLite's grammar)
  const offset = filter.limit ? filter.offset : undefined;
  const stmt = db.prepare(
    `SELECT s.path AS path, b.line, b.reason, substr(b.raw, 1, @max) AS raw, b.raw_bytes
     FROM bad_lines b JOIN sources s ON s.id = b.source_id
     ${filter.source ? 'WHERE instr(s.path, @source) > 0' : ''}
     ORDER BY s.path, b.line ${filter.limit ? 'LIMIT @limit' : ''} ${offset ? 'OFFSET @offset' : ''}`,
  );
  // read past the cut so that a key straddling it is recognised and masked whole
  const params: Record<string, unknown> = { max: maxRaw + 1024 };
  if (filter.source) params.source = filter.source;
  if (filter.limit) params.limit = filter.limit;
  if (offset) params.offset = offset;
  for (const r of stmt.iterate(params) as Iterable<{ path: string; line: number; reason: string; raw: Buffer; raw_bytes: number }>) {
    yield {
      source: `${r.path}:${r.line}`,
      line: r.line,
      reason: maskSecrets(r.reason),
      raw: clip(Buffer.from(r.raw).toString('utf8'), maxRaw),
      raw_bytes: r.raw_bytes,
    };
  }
}

/** Bad lines stored (the rows `badLines` pages through). */
export function countBadLines(db: Db): number {
  return (db.prepare('SELECT count(*) AS n FROM bad_lines').get() as { n: number }).n;
}

/** Bad lines counted but not stored (past the per-source cap, SECURITY.md). */
export function badLinesNotKept(db: Db): number {
  const r = db.prepare('SELECT coalesce((SELECT sum(bad_lines) FROM sources), 0) - (SELECT count(*) FROM bad_lines) AS n').get() as { n: number };
  return r.n;
}
