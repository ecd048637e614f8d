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

const INSERT_FINDING =
  'INSERT OR REPLACE INTO findings (id, analyzer, severity, session, turn, ts, title, cause, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';
/** Findings written per transaction: a concurrent ingest waits for one chunk, never a whole run. */
const CHUNK = 200;

/** Start replacing the stored findings: the old ones and their fingerprint go first. */
export function beginFindings(db: Db): void {
  db.transaction(() => {
    db.prepare('DELETE FROM analysis_state WHERE id = 1').run();
    db.prepare('DELETE FROM findings').run();
  })();
}

/** Add findings of a run begun with beginFindings (one short transaction). */
export function appendFindings(db: Db, findings: readonly Finding[]): void {
  if (findings.length === 0) return;
  const insert = db.prepare(INSERT_FINDING);
  db.transaction(() => {
    for (const f of findings) insert.run(f.id, f.analyzer, f.severity, f.session, f.turn, f.ts, f.title, f.cause, JSON.stringify(f));
  })();
}

/** The run is complete: its findings are now the store's, under this fingerprint. */
export function commitFindings(db: Db, fingerprint: string): void {
  db.prepare(
    `INSERT INTO analysis_state (id, fingerprint, finished_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint, finished_at = excluded.finished_at`,
  ).run(fingerprint, new Date().toISOString());
}

/**
 * Replace the stored findings with a full analysis' result, in short transactions; the fingerprint
 * is written last, so an interrupted run leaves none and the next run starts again.
 */
export function saveFindings(db: Db, findings: Iterable<Finding>, fingerprint: string): number {
  beginFindings(db);
  let n = 0;
  let chunk: Finding[] = [];
  for (const f of findings) {
    chunk.push(f);
    n++;
    if (chunk.length >= CHUNK) {
      appendFindings(db, chunk);
      chunk = [];
    }
  }
  appendFindings(db, chunk);
  commitFindings(db, fingerprint);
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
