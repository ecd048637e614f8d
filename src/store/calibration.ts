import type { Db } from './connection.js';
import { modelInfo } from '../tokens/models.js';

/**
 * Token calibration for models whose tokenizer we only approximate (other vendors' models, counted
 * with o200k_base): reported input tokens / locally counted tokens. OpenAI models are counted
 * exactly and never scaled.
 *
 * A session that reports usage for a model is calibrated by its own requests (the median of their
 * ratios). A session that reports none borrows the store's factor: the median over the sessions
 * that report usage, held between STORE_FLOOR and STORE_CEILING, so no single session (say one with
 * a large message and `"usage":{"input_tokens":1}`) can shrink the counts of every other session and
 * hide a window overflow there. o200k_base is among the densest tokenizers: another vendor's count
 * of the same text is rarely below it, so a borrowed factor never scales a count down.
 */
export const STORE_FLOOR = 1;
export const STORE_CEILING = 2;

/** The factor applied to a request's local count, and where it came from (shown in evidence). */
export interface Calibration {
  factor: number;
  /** `session`: this session's reported usage; `store`: borrowed from other sessions; `none`: no usage anywhere, counted as is */
  basis: 'session' | 'store' | 'none';
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const round = (f: number) => Math.round(f * 1e4) / 1e4;

/** Per approximated model: the store's factor (median over sessions, clamped), for sessions without usage of their own. */
export function calibrationFactors(db: Db): Map<string, number> {
  const rows = db
    .prepare(
      `SELECT model, session, sum(usage_input_tokens) AS reported, sum(prompt_tokens) AS local
       FROM requests WHERE usage_input_tokens IS NOT NULL AND prompt_tokens > 0 GROUP BY model, session`,
    )
    .all() as { model: string; reported: number; local: number }[];
  const per = new Map<string, number[]>();
  for (const r of rows) {
    if (modelInfo(r.model).exact) continue;
    let list = per.get(r.model);
    if (!list) per.set(r.model, (list = []));
    list.push(r.reported / r.local);
  }
  const out = new Map<string, number>();
  for (const [model, ratios] of per) out.set(model, round(Math.min(STORE_CEILING, Math.max(STORE_FLOOR, median(ratios)))));
  return out;
}

/** Per approximated model: one session's own factor (the median of its requests' ratios). */
export function sessionFactors(rows: Iterable<{ model: string | null; prompt_tokens: number | null; usage_input_tokens: number | null }>): Map<string, number> {
  const per = new Map<string, number[]>();
  for (const r of rows) {
    if (r.model === null || r.usage_input_tokens === null || !r.prompt_tokens || modelInfo(r.model).exact) continue;
    let list = per.get(r.model);
    if (!list) per.set(r.model, (list = []));
    list.push(r.usage_input_tokens / r.prompt_tokens);
  }
  const out = new Map<string, number>();
  for (const [model, ratios] of per) out.set(model, round(median(ratios)));
  return out;
}

/** The calibration of a request of `model` without reported usage in a session with `own` factors; null for exactly counted models. */
export function calibrationFor(model: string, own: Map<string, number>, store: Map<string, number>): Calibration | null {
  if (modelInfo(model).exact) return null;
  const mine = own.get(model);
  if (mine !== undefined) return { factor: mine, basis: 'session' };
  const borrowed = store.get(model);
  if (borrowed !== undefined) return { factor: borrowed, basis: 'store' };
  return { factor: 1, basis: 'none' };
}
