import crypto from 'node:crypto';
import type { Db } from './connection.js';
import type { Finding } from '../findings/types.js';
import { VERSION } from '../version.js';
import { parseStored } from './rows.js';

/** What of an analyzer the cache depends on: its meta (id, optional version, causes, option defaults...). */
export interface CachedAnalyzer {
  meta: { id: string; version?: number | string };
}

/** The parts of the configuration that change what the analyzers find (severity, ignore rules and redaction apply when showing). */
export interface CacheConfig {
  models: unknown;
  analyzers: Record<string, { options: Record<string, unknown> }>;
}

export interface CacheKey {
  analyzers: readonly CachedAnalyzer[];
  config: CacheConfig;
  /** the program's version (src/version.ts); injectable for tests */
  programVersion?: string;
}

/** The analyzer options a configuration sets (analyzers without any left out): what the analyzers run with and the cache is keyed by. */
export function configuredOptions<T extends Record<string, unknown>>(analyzers: Record<string, { options: T }>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [id, a] of Object.entries(analyzers)) if (a.options && Object.keys(a.options).length) out[id] = a.options;
  return out;
}

/**
 * The findings cache's one fingerprint: the program version, every analyzer's meta, the
 * configuration that changes findings, and the store's content. Stored with the findings; a
 * different fingerprint means the stored findings are stale (after an upgrade, a new analyzer,
 * an option, another ingest).
 */
export function analysisFingerprint(db: Db, key: CacheKey): string {
  const content = db
    .prepare(
      `SELECT (SELECT count(*) FROM events) AS events, (SELECT coalesce(max(id), 0) FROM events) AS max_event,
              (SELECT count(*) FROM requests WHERE prompt_tokens IS NULL) AS pending,
              (SELECT json_group_array(json_array(id, status, items_done)) FROM sources) AS sources`,
    )
    .get();
  const options = configuredOptions(key.config.analyzers);
  const analyzers = key.analyzers.map((a) => a.meta).sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const input = JSON.stringify([key.programVersion ?? VERSION, analyzers, key.config.models, options, content]);
  return crypto.createHash('sha256').update(input).digest('hex').slice(0, 32);
}

export function storedFingerprint(db: Db): string | null {
  const r = db.prepare('SELECT fingerprint FROM analysis_state WHERE id = 1').get() as { fingerprint: string } | undefined;
  return r?.fingerprint ?? null;
}

/** True when the stored findings were computed from this very program, analyzers, configuration and store content. */
export function cacheIsFresh(db: Db, key: CacheKey): boolean {
  return storedFingerprint(db) === analysisFingerprint(db, key);
}

/**
 * The findings cache: the stored findings when they were computed under this key; else `compute()`'s,
 * first stored under the key when `persist` (a writable store), or returned as they are.
 */
export function throughCache(db: Db, key: CacheKey, compute: () => Iterable<Finding>, persist: boolean): Iterable<Finding> {
  const fingerprint = analysisFingerprint(db, key);
  if (fingerprint === storedFingerprint(db)) return storedFindings(db);
  if (!persist) return [...compute()];
  saveFindings(db, compute(), fingerprint);
  return storedFindings(db);
}

/** When the stored findings were computed (null: none stored). */
export function analyzedAt(db: Db): string | null {
  const r = db.prepare('SELECT finished_at FROM analysis_state WHERE id = 1').get() as { finished_at: string } | undefined;
  return r?.finished_at ?? null;
}

/** Stored findings in report order (session, then time), streamed. */
export function* storedFindings(db: Db): Generator<Finding> {
  for (const r of db.prepare('SELECT id, json FROM findings ORDER BY session, ts, id').iterate() as Iterable<{ id: string; json: string }>) {
    yield parseStored<Finding>(db, r.json, 'finding', r.id);
  }
}

const INSERT_FINDING = 'INSERT OR REPLACE INTO findings (id, analyzer, severity, session, turn, ts, title, cause, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';
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

/** Remove the findings of these sessions from a run begun with beginFindings (their early results did not hold). */
export function dropFindingsOf(db: Db, sessions: Iterable<string>): void {
  const del = db.prepare('DELETE FROM findings WHERE session = ?');
  db.transaction(() => {
    for (const s of sessions) del.run(s);
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
  const all = rows.map((r) => parseStored<Finding>(db, r.json, 'finding', idOrPrefix));
  const exact = all.find((f) => f.id === idOrPrefix);
  return exact ? [exact] : all;
}
