import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { SHARED } from './vitest.config.js';

/** The test files that hold an exhaustive check (test/tier.ts): only these are loaded, and only those checks run. */
function filesWithExhaustiveChecks(): string[] {
  return ['src', 'test']
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
    .filter((f) => /\.test\.tsx?$/.test(f) && /\bEXHAUSTIVE\b/.test(fs.readFileSync(f, 'utf8')))
    .sort();
}

/** An exhaustive check is long by design (tiktoken over 1.3 million characters alone took 47 s on CI): its hang guard is longer too. */
const SLOW_HANG_GUARD_MS = 1_200_000;

// npm run test:slow: every exhaustive check at full size (AMNESIA_TEST_TIER=slow), nothing else,
// each file in its own fork (few files, each long: nothing to share).
export default defineConfig({
  test: {
    ...SHARED,
    include: filesWithExhaustiveChecks(),
    testTimeout: SLOW_HANG_GUARD_MS,
    hookTimeout: SLOW_HANG_GUARD_MS,
    tagsFilter: ['exhaustive'],
    env: { AMNESIA_TEST_TIER: 'slow' },
  },
});
