import { defineConfig } from 'vitest/config';

/** A guard against a hang, not a speed limit: the same for every test and hook, and far above any test's time on a loaded machine. */
export const HANG_GUARD_MS = 300_000;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    testTimeout: HANG_GUARD_MS,
    hookTimeout: HANG_GUARD_MS,
    teardownTimeout: HANG_GUARD_MS,
    pool: 'forks',
    // one temporary folder for the run, removed at its end
    globalSetup: ['test/global-setup.ts'],
    // and one per test file inside it (its TMPDIR, so the binaries it starts use it too), removed after the file
    setupFiles: ['test/file-tmpdir.ts'],
    // npm test runs these on a seeded sample, npm run test:slow (vitest.slow.config.ts) in full: test/tier.ts
    tags: [{ name: 'exhaustive', description: 'an exhaustive check: a seeded sample in npm test, in full in npm run test:slow' }],
    // Vitest's default is one fork less than the cores: on CI's 2 cores that ran the files one at a
    // time, while most end-to-end time is spent waiting on the built binary the test spawned.
    maxWorkers: 2,
  },
});
