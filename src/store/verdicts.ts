/**
 * The judge's verdict cache (migration 009): one row per question asked, keyed by the sha256 of
 * (question, prompt version, model, inputs). Only the judge (src/judge/) reads and writes it.
 */
import type { Db } from './connection.js';

export interface StoredVerdict {
  key: string;
  question: string;
  prompt: string;
  model: string;
  verdict: string;
  reason: string;
  /** when the model answered (ISO 8601) */
  at: string;
}

/** The cached verdict of a key, or null. */
export function readVerdict(db: Db, key: string): StoredVerdict | null {
  const r = db.prepare('SELECT key, question, prompt, model, verdict, reason, at FROM judge_verdicts WHERE key = ?').get(key) as StoredVerdict | undefined;
  return r ?? null;
}

/** Keep a verdict (a read-only store keeps nothing: the verdict then lives for the run). */
export function writeVerdict(db: Db, v: StoredVerdict): void {
  if (db.readonly) return;
  db.prepare(
    `INSERT INTO judge_verdicts (key, question, prompt, model, verdict, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET verdict = excluded.verdict, reason = excluded.reason, at = excluded.at`,
  ).run(v.key, v.question, v.prompt, v.model, v.verdict, v.reason, v.at);
}
