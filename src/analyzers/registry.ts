import type { Analyzer } from './define.js';

/**
 * Every analyzer, sorted by id. A new analyzer is a folder src/analyzers/<id>/ with
 * index.ts, README.md, fixtures and a test, and one line here (test/registry.test.ts checks).
 */
export const ANALYZERS: readonly Analyzer[] = [];

export function analyzerById(id: string): Analyzer | undefined {
  return ANALYZERS.find((a) => a.meta.id === id);
}
