/**
 * The reranking numbers of the design (docs/engine.md, "Retrieval and reranking"): half-lives per
 * category, source weights, the decay floor below which nothing is injected, and the weights.
 * Conflict resolution scores time and credibility with the same numbers.
 */
import type { MemorySource, MemoryType } from './types.js';

/** Recency half-lives in days, per category (docs/engine.md). */
export const HALF_LIFE_DAYS: Readonly<Record<MemoryType | 'temporary', number>> = {
  preference: 90,
  constraint: 90,
  decision: 30,
  fact: 30,
  process: 30,
  task_state: 3,
  temporary: 0.5,
};

/** What the user said outranks what was inferred. */
export const SOURCE_WEIGHT: Readonly<Record<MemorySource, number>> = { user: 1, confirmed: 0.8, inferred: 0.6, tool: 0.4 };

/**
 * Decay can drop a memory below injection: a retrieved memory whose recency (0.5 ^ age /
 * half-life of its category) is under this floor is not injected, however relevant. Four
 * half-lives: a task state after 12 days, a decision or fact after 120, a preference after 360.
 */
export const MIN_RECENCY = 1 / 16;

/** Rerank weights: relevance dominates, recency and source break ties. */
export const WEIGHTS = { relevance: 0.6, recency: 0.25, source: 0.15 } as const;

export const DAY = 86_400_000;

/** Recency of a memory at `now`: 0.5 ^ (age / half-life of its category; temporary: 0.5 days). */
export function recencyOf(m: { type: MemoryType; temporary: boolean; createdAt: number }, now: number): number {
  const half = m.temporary ? HALF_LIFE_DAYS.temporary : (HALF_LIFE_DAYS[m.type] ?? 30);
  return 0.5 ** (Math.max(0, now - m.createdAt) / DAY / half);
}

/** Decayed below injection (MIN_RECENCY) at `now`: retrieved, it would not be injected. */
export function belowInjection(m: { type: MemoryType; temporary: boolean; createdAt: number }, now: number): boolean {
  return recencyOf(m, now) < MIN_RECENCY;
}
