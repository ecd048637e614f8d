/**
 * How sure each finding is (FINDINGS.md `confidence`): per level, a case that must carry it and a
 * look-alike that must not; severity follows it; the plan's --min-confidence leaves out exactly the
 * findings less sure than the level.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFiles } from './analyzer-tester.js';
import { ROOT } from './helpers.js';
import { ANALYZERS } from '../src/analyzers/registry.js';
import { analyzer as concurrentOverwrite } from '../src/analyzers/concurrent-overwrite/index.js';
import { analyzer as lostWrite } from '../src/analyzers/lost-write/index.js';
import { analyzer as recallMismatch } from '../src/analyzers/recall-mismatch/index.js';
import { buildPlan, showFinding } from '../src/analysis/plan.js';
import { CONFIDENCES, type Finding } from '../src/findings/types.js';

const at = (analyzer: string, ...parts: string[]) => path.join(ROOT, 'src', 'analyzers', analyzer, 'fixtures', ...parts);

describe('every cause of every analyzer says how sure its findings are', () => {
  it('a confidence per declared cause, one of the three levels', () => {
    for (const a of ANALYZERS)
      for (const c of Object.keys(a.meta.causes)) expect(CONFIDENCES, `${a.meta.id} ${c}`).toContain((a.meta.confidence as Record<string, string>)[c]);
  });
});

describe('certain: the log records the mechanism', () => {
  it('two writers from the same logged version (concurrent-overwrite) is certain', async () => {
    const [f] = await analyzeFiles([concurrentOverwrite], [at('concurrent-overwrite', 'invalid', 'same-expected-en.jsonl')]);
    expect(f).toMatchObject({ cause: 'same_base_version', confidence: 'certain' });
  });
  it('look-alike: the same loss read from the order of reads and writes, without versions, is only likely', async () => {
    const [f] = await analyzeFiles([concurrentOverwrite], [at('concurrent-overwrite', 'invalid', 'no-versions-en.jsonl')]);
    expect(f).toMatchObject({ cause: 'write_without_reread', confidence: 'likely' });
  });
});

describe('likely: a rule read it from text', () => {
  it("an answer's promise to save, with no write (lost-write), is likely", async () => {
    const found = await analyzeFiles([lostWrite], [at('lost-write', 'invalid', 'promised-en-noturns.jsonl')]);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found.filter((x) => x.cause === 'promised_not_written')) expect(f.confidence).toBe('likely');
  });
  it('look-alike: a write acknowledged and never committed, by its logged phases, is certain', async () => {
    const found = await analyzeFiles([lostWrite], [at('lost-write', 'invalid', 'never-committed-en.jsonl')]);
    expect(found.map((f) => [f.cause, f.confidence])).toContainEqual(['never_committed', 'certain']);
  });
});

describe('possible: a guess, never an error', () => {
  const store = (q: string) => [at('recall-mismatch', 'store', 'store-en.jsonl'), at('recall-mismatch', 'store', `${q}-en.jsonl`)];
  it('a memory no candidate names, with no reason in the log, is possible and at most a warning', async () => {
    const [f] = await analyzeFiles([recallMismatch], store('flag'));
    expect(f).toMatchObject({ cause: 'not_retrieved', confidence: 'possible', severity: 'warning' });
  });
  it('look-alike: the same miss where an earlier search returned the memory is likely, and stays an error', async () => {
    const [f] = await analyzeFiles([recallMismatch], store('ranked-below'));
    expect(f).toMatchObject({ cause: 'not_retrieved', confidence: 'likely', severity: 'error' });
  });
});

describe('--min-confidence leaves out exactly the less sure findings', () => {
  const f = (confidence: Finding['confidence']): Finding => ({
    id: `f_${confidence}`,
    analyzer: 'lost-write',
    severity: 'warning',
    session: 's',
    turn: 1,
    ts: '2026-03-02T10:00:00.000Z',
    title: 't',
    cause: 'never_committed',
    evidence: [],
    fix: 'x',
    confidence,
  });
  const shown = (level?: string) => CONFIDENCES.filter((c) => showFinding(buildPlan(undefined, { minConfidence: level }), f(c)) !== null).sort();
  it('none: all; possible: all; likely: likely and certain; certain: certain only', () => {
    expect(shown()).toEqual(['certain', 'likely', 'possible']);
    expect(shown('possible')).toEqual(['certain', 'likely', 'possible']);
    expect(shown('likely')).toEqual(['certain', 'likely']);
    expect(shown('certain')).toEqual(['certain']);
  });
  it('an unknown level is a usage error naming the flag', () => {
    expect(() => buildPlan(undefined, { minConfidence: 'sure' })).toThrow(/--min-confidence: "sure" is not one of possible, likely, certain/);
  });
});
