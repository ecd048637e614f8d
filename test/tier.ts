// Two tiers of the same tests. `npm test` runs every test, and each exhaustive check (every fixture
// string against tiktoken, large chaos corpora, property tests, fuzzing, every worker count) on a
// seeded sample: the same sample every run, so a failure reproduces. `npm run test:slow`
// (vitest.slow.config.ts, AMNESIA_TEST_TIER=slow) runs only the tests tagged EXHAUSTIVE, in full.

/**
 * A guard against a hang, not a speed limit: the same for every test and hook (vitest.config.ts), and for
 * a run of the CLI in-process (test/helpers.ts cli()), far above any test's time on a loaded machine.
 */
export const HANG_GUARD_MS = 300_000;

/** true under `npm run test:slow`: exhaustive checks run at full size. */
export const SLOW = process.env.AMNESIA_TEST_TIER === 'slow';

/** The test option that marks an exhaustive check: `it(name, EXHAUSTIVE, fn)`; test:slow runs only these. */
export const EXHAUSTIVE = { tags: ['exhaustive'] };

/** `sample` in npm test, `full` in test:slow (a count of runs, sessions, texts). */
export function sized(sample: number, full: number): number {
  return SLOW ? full : sample;
}

/** A seeded generator in [0, 1): the same numbers for the same seed. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0), s / 2 ** 32);
}

/** All of `items` in test:slow; in npm test, `n` of them picked by a seeded generator, in their original order. */
export function sampled<T>(items: readonly T[], n: number, seed: number): T[] {
  if (SLOW || items.length <= n) return [...items];
  const rnd = seeded(seed);
  const picked = new Set<number>();
  while (picked.size < n) picked.add(Math.floor(rnd() * items.length));
  return [...picked].sort((a, b) => a - b).map((i) => items[i]);
}

/**
 * All of `items` in test:slow; in npm test, a seeded sample that takes at least one item of every group
 * (every fixture file, every language...) and `perGroup` at most, so each group is still checked.
 */
export function sampledByGroup<T>(items: readonly T[], group: (item: T) => string, perGroup: number, seed: number): T[] {
  if (SLOW) return [...items];
  const groups = new Map<string, T[]>();
  for (const it of items) {
    const k = group(it);
    const g = groups.get(k);
    if (g) g.push(it);
    else groups.set(k, [it]);
  }
  return [...groups.values()].flatMap((g, i) => sampled(g, perGroup, seed + i));
}
