import crypto from 'node:crypto';
import type { Db } from './connection.js';
import type { Finding } from '../findings/types.js';

/**
 * What a full analysis depends on: the events in the store, the analyzers and their options.
 * Stored with the findings; a different fingerprint means the stored findings are stale.
 */
export function analysisFingerprint(db: Db, analyzers: string[], config: unknown): string {
  const s = db.prepare('SELECT count(*) AS n, coalesce(max(id), 0) AS max FROM events').get() as { n: number; max: number };
  return crypto.createHash('sha256').update(JSON.stringify([s.n, s.max, analyzers, config])).digest('hex').slice(0, 32);
}

export function storedFingerprint(db: Db): string | null {
  const r = db.prepare('SELECT fingerprint FROM analysis_state WHERE id = 1').get() as { fingerprint: string } | undefined;
  return r?.fingerprint ?? null;
}

/** Findings written per transaction: the write lock is held for one batch, never for a whole analysis. */
const SAVE_BATCH = 200;

/**
 * Replace the stored findings with a full analysis' result. The analyzers run while `findings` is
 * iterated, so the rows are written in short transactions (a concurrent ingest waits for one
 * batch at most, not for the whole analysis). The fingerprint is cleared first and written last:
 * an interrupted save leaves no fingerprint, so the next run recomputes instead of trusting it.
 */
export function saveFindings(db: Db, findings: Iterable<Finding>, fingerprint: string): number {
  const insert = db.prepare(
    'INSERT OR REPLACE INTO findings (id, analyzer, severity, session, turn, ts, title, cause, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    db.prepare('DELETE FROM analysis_state WHERE id = 1').run();
    db.prepare('DELETE FROM findings').run();
  })();
  const writeBatch = db.transaction((batch: Finding[]) => {
    for (const f of batch) insert.run(f.id, f.analyzer, f.severity, f.session, f.turn, f.ts, f.title, f.cause, JSON.stringify(f));
  });
  let n = 0;
  let batch: Finding[] = [];
  for (const f of findings) {
    batch.push(f);
    n++;
    if (batch.length >= SAVE_BATCH) {
      writeBatch(batch);
      batch = [];
    }
  }
  writeBatch(batch);
  db.prepare(
    `INSERT INTO analysis_state (id, fingerprint, finished_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint, finished_at = excluded.finished_at`,
  ).run(fingerprint, new Date().toISOString());
  return n;
}

/** A stored finding by id or unique id prefix; all matches are returned (0, 1 or more). */
export function findStoredFindings(db: Db, idOrPrefix: string, limit = 10): Finding[] {
  const rows = db
    .prepare("SELECT json FROM findings WHERE id = ? OR id LIKE ? ESCAPE '\\' ORDER BY id LIMIT ?")
    .all(idOrPrefix, idOrPrefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%', limit) as { json: string }[];
  const all = rows.map((r) => JSON.parse(r.json) as Finding);
  const exact = all.find((f) => f.id === idOrPrefix);
  return exact ? [exact] : all;
}
