import type { Analyzer } from './define.js';
import { analyzer as concurrentOverwrite } from './concurrent-overwrite/index.js';
import { analyzer as destructiveUpdate } from './destructive-update/index.js';
import { analyzer as expiredState } from './expired-state/index.js';
import { analyzer as ignoredInContext } from './ignored-in-context/index.js';
import { analyzer as lostWrite } from './lost-write/index.js';
import { analyzer as memoryConflict } from './memory-conflict/index.js';
import { analyzer as neverExtracted } from './never-extracted/index.js';
import { analyzer as recallMismatch } from './recall-mismatch/index.js';
import { analyzer as scopeLeak } from './scope-leak/index.js';
import { analyzer as staleMemory } from './stale-memory/index.js';
import { analyzer as toolDrift } from './tool-drift/index.js';
import { analyzer as windowOverflow } from './window-overflow/index.js';

/**
 * Every analyzer, sorted by id. A new analyzer is a folder src/analyzers/<id>/ with
 * index.ts, README.md, fixtures and a test, and one line here (docs/new-analyzer.md;
 * test/registry.test.ts checks the folder, test/new-analyzer.test.ts that one line is enough).
 */
export const ANALYZERS: readonly Analyzer[] = [
  concurrentOverwrite,
  destructiveUpdate,
  expiredState,
  ignoredInContext,
  lostWrite,
  memoryConflict,
  neverExtracted,
  recallMismatch,
  scopeLeak,
  staleMemory,
  toolDrift,
  windowOverflow,
];
