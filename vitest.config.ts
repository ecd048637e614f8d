import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { HANG_GUARD_MS } from './test/tier.js';

/** Every test file. */
export const ALL_TESTS = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'];

/** Every test file under src/ and test/, relative to the project root. */
export function testFiles(): string[] {
  return ['src', 'test']
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
    .filter((f) => /\.test\.tsx?$/.test(f))
    .sort();
}

/**
 * The files that keep a fresh module graph each: one that loads the TUI through loadInteractive
 * (src/tui/run.test.tsx), because Ink reads CI once, when it is first loaded (src/tui/interactive.ts),
 * and that file checks that the TUI loads it interactive even where CI is set, which a copy of Ink
 * left loaded by another file would decide instead; and any file that replaces a module (vi.mock) or
 * a global, which in a shared graph would not reach a module another file loaded first, and would
 * reach the files after it. The TUI's other tests share the graph: nothing else changes CI, so Ink
 * reads the same environment whichever file loads it first (about 2 s of CPU per file, each
 * loading Ink and React again, when they were isolated too).
 */
export const ISOLATED_TESTS = testFiles().filter((f) =>
  /\b(loadInteractive|vi\.(mock|doMock|stubGlobal|stubEnv|resetModules))\(/.test(fs.readFileSync(f, 'utf8')),
);

/** What both tiers share (vitest.slow.config.ts takes it too). */
export const SHARED: NonNullable<ViteUserConfig['test']> = {
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
};

export default defineConfig({
  test: {
    ...SHARED,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ALL_TESTS,
          exclude: ISOLATED_TESTS,
          // A fork runs file after file and keeps the modules they import (the source under test,
          // SQLite, tiktoken's tables): loading them again for every file was most of a unit test
          // file's time (src/ingest's 22 files: 74 s isolated, 17 s not, at load 21). Each file
          // still gets its own setup (test/file-tmpdir.ts) and its own module-level variables.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED_TESTS } },
    ],
  },
});
