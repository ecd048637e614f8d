/**
 * Data-driven analyzer tests, like ESLint's RuleTester: `valid` logs must produce no finding
 * of the analyzer, `invalid` logs must produce exactly the expected findings (analyzer,
 * session, turn, cause, and severity when given), not the wording. Logs go through the real
 * ingest pipeline into a real SQLite store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../src/store/connection.js';
import { ingest } from '../src/ingest/pipeline.js';
import { resolveInputs } from '../src/ingest/inputs.js';
import { analyzeStore } from '../src/analyzers/run.js';
import type { Analyzer } from '../src/analyzers/define.js';
import type { Finding, Severity } from '../src/findings/types.js';
import { SLOW } from './tier.js';

export interface Expected {
  session: string;
  turn?: number | null;
  cause: string;
  severity?: Severity;
}

export interface ValidCase {
  name: string;
  /** files or folders, relative to the analyzer's folder */
  files: string[];
  /**
   * `['exhaustive']` (spread test/tier.ts's EXHAUSTIVE into the case): a case that only adds size to
   * one npm test already runs (the same incident in another language, 17.6 MB); run in test:slow only.
   */
  tags?: string[];
}

export interface InvalidCase extends ValidCase {
  expected: Expected[];
}

const ROOT = path.resolve(import.meta.dirname, '..');
const analyzerNumbers = new WeakMap<Analyzer, number>();
let analyzerCount = 0;
const analyzed = new Map<string, Promise<Finding[]>>();

/**
 * Ingest the files into a fresh store and run the analyzer(s). The same analyzers, options and
 * files of the repository (fixtures no test writes) give the same findings: those are analysed once
 * per test process and each caller gets its own copy (window-overflow's 17.6 MB incident was read
 * by two tests of its file). A file a test made (outside the repository) is always read afresh.
 */
export async function analyzeFiles(
  analyzers: readonly Analyzer[],
  files: string[],
  options: Record<string, Record<string, number | string | boolean>> = {},
): Promise<Finding[]> {
  const paths = files.map((f) => path.resolve(f));
  if (!paths.every((f) => f.startsWith(ROOT + path.sep) && !f.startsWith(path.resolve(os.tmpdir()) + path.sep)))
    return analyzeAfresh(analyzers, files, options);
  const ids = analyzers.map((a) => {
    if (!analyzerNumbers.has(a)) analyzerNumbers.set(a, analyzerCount++);
    return analyzerNumbers.get(a);
  });
  const key = JSON.stringify([ids, paths, options]);
  let found = analyzed.get(key);
  if (!found) {
    found = analyzeAfresh(analyzers, files, options);
    analyzed.set(key, found);
    found.catch(() => analyzed.delete(key));
  }
  return structuredClone(await found);
}

async function analyzeAfresh(
  analyzers: readonly Analyzer[],
  files: string[],
  options: Record<string, Record<string, number | string | boolean>>,
): Promise<Finding[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-test-'));
  const db = openStore(path.join(dir, 'evidence.db'));
  try {
    await ingest(db, { inputs: await resolveInputs(files), progress: false });
    return [...analyzeStore(db, { analyzers, options })];
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A case tagged exhaustive runs in test:slow only; every other case in npm test. */
const inThisTier = (c: ValidCase) => SLOW || !c.tags?.includes('exhaustive');

export function testAnalyzer(
  analyzer: Analyzer,
  baseDir: string,
  cases: { valid: ValidCase[]; invalid: InvalidCase[]; options?: Record<string, number | string | boolean> },
): void {
  const resolve = (files: string[]) => files.map((f) => path.resolve(baseDir, f));
  const options = cases.options ? { [analyzer.meta.id]: cases.options } : {};
  describe(`${analyzer.meta.id}: valid (must stay silent)`, () => {
    for (const c of cases.valid.filter(inThisTier)) {
      it(c.name, { tags: c.tags ?? [] }, async () => {
        const findings = await analyzeFiles([analyzer], resolve(c.files), options);
        expect(findings.map((f) => `${f.session}#${f.turn} ${f.cause}: ${f.title}`)).toEqual([]);
      });
    }
  });
  describe(`${analyzer.meta.id}: invalid (must flag)`, () => {
    for (const c of cases.invalid.filter(inThisTier)) {
      it(c.name, { tags: c.tags ?? [] }, async () => {
        const findings = await analyzeFiles([analyzer], resolve(c.files), options);
        const got = findings.map((f) => ({
          session: f.session,
          cause: f.cause,
          ...(c.expected.some((e) => e.turn !== undefined) ? { turn: f.turn } : {}),
          ...(c.expected.some((e) => e.severity !== undefined) ? { severity: f.severity } : {}),
        }));
        const want = c.expected.map((e) => ({
          session: e.session,
          cause: e.cause,
          ...(c.expected.some((x) => x.turn !== undefined) ? { turn: e.turn ?? null } : {}),
          ...(c.expected.some((x) => x.severity !== undefined) ? { severity: e.severity } : {}),
        }));
        const key = (x: object) => JSON.stringify(x);
        expect(got.map(key).sort()).toEqual(want.map(key).sort());
        for (const f of findings) {
          expect(f.analyzer).toBe(analyzer.meta.id);
          expect(f.evidence.length).toBeGreaterThan(0);
          for (const step of f.evidence) expect(step.source).toMatch(/:\d+$/);
          expect(f.fix.length).toBeGreaterThan(0);
        }
      });
    }
  });
}

/** One finding an invalid case must produce: `[turn, cause]` or `[turn, cause, severity]`. */
export type Flag = [turn: number | null, cause: string, severity?: Severity];

/** An invalid case on one line: the log files and the findings they must produce in `session`. */
export function flags(name: string, files: string | string[], session: string, ...findings: Flag[]): InvalidCase {
  return {
    name,
    files: typeof files === 'string' ? [files] : files,
    expected: findings.map(([turn, cause, severity]) => ({ session, turn, cause, ...(severity ? { severity } : {}) })),
  };
}
