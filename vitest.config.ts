import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // one temporary folder for the run, removed at its end
    globalSetup: ['test/global-setup.ts'],
    // Vitest's default is one fork less than the cores: on CI's 2 cores that ran the files one at a
    // time, while most end-to-end time is spent waiting on the built binary the test spawned.
    maxWorkers: 2,
  },
});
