// The layer that failed (FINDINGS.md `layer`): every cause of every registered analyzer maps to one,
// every finding carries it, and the reports end each chain with it.
import path from 'node:path';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { defineAnalyzer } from '../src/analyzers/define.js';
import { ANALYZERS } from '../src/analyzers/registry.js';
import { LAYERS, type Finding } from '../src/findings/types.js';
import { findingText, findingsMarkdown } from '../src/report/findings.js';
import { analyzeFiles } from './analyzer-tester.js';
import { ROOT } from './helpers.js';

const plain = new Chalk({ level: 0 });

const finding = (over: Partial<Finding> = {}): Finding => ({
  id: 'f_1',
  analyzer: 'window-overflow',
  severity: 'warning',
  session: 's1',
  turn: 3,
  ts: '2026-03-02T10:00:00.000Z',
  title: 'Constraint dropped',
  cause: 'constraint_evicted',
  evidence: [{ step: 1, role: 'user_input', turn: 0, ts: '2026-03-02T10:00:00.000Z', event: 'e1', source: 'a.jsonl:1', text: 'no tables', detail: {} }],
  fix: 'pin it',
  confidence: 'certain',
  ...over,
});

describe('layer that failed', () => {
  it('every registered cause maps to one of the six layers', () => {
    const seen = new Set<string>();
    for (const a of ANALYZERS) {
      for (const cause of Object.keys(a.meta.causes)) {
        const layer = (a.meta.layers as Record<string, string>)[cause];
        expect(LAYERS, `${a.meta.id}/${cause}`).toContain(layer);
        seen.add(layer);
      }
    }
    // the vocabulary is used: no analyzer blames one layer for everything
    expect(seen.size).toBeGreaterThanOrEqual(5);
  });

  it('an analyzer whose cause has no layer, or a layer outside the vocabulary, fails at load', () => {
    const meta = {
      id: 'x-y',
      description: 'x',
      summary: { happened: 'x', fix: 'y' },
      severity: 'info' as const,
      causes: { a: 'aaaaaaaaaaa' },
      confidence: { a: 'certain' as const },
    };
    expect(() => defineAnalyzer({ meta: { ...meta, layers: {} as { a: 'update' } }, run: () => [] })).toThrow(/cause a has no layer/);
    expect(() => defineAnalyzer({ meta: { ...meta, layers: { a: 'prompt' as 'update' } }, run: () => [] })).toThrow(/cause a has no layer/);
    expect(() => defineAnalyzer({ meta: { ...meta, layers: { a: 'update' } }, run: () => [] })).not.toThrow();
    // and one without its README row (meta.summary) fails too
    expect(() => defineAnalyzer({ meta: { ...meta, summary: { happened: ' ', fix: 'y' }, layers: { a: 'update' } }, run: () => [] })).toThrow(/summary/);
  });

  it("every finding carries its cause's layer, or the one it states (recall-mismatch: a memory not indexed yet is the index's)", async () => {
    const dir = path.join(ROOT, 'src/analyzers');
    const found = await analyzeFiles(ANALYZERS, [
      path.join(ROOT, 'fixtures/incidents/recall-mismatch/en.jsonl'),
      path.join(dir, 'recall-mismatch/fixtures/invalid/not-retrieved-lag-zh.jsonl'),
      path.join(dir, 'lost-write/fixtures/invalid'),
    ]);
    expect(found.length).toBeGreaterThan(3);
    for (const f of found) {
      const a = ANALYZERS.find((x) => x.meta.id === f.analyzer)!;
      const expected =
        f.cause === 'not_retrieved' && /index_lag|not_indexed/.test(String((f.detail?.not_retrieved as { reason?: string })?.reason))
          ? 'index'
          : (a.meta.layers as Record<string, string>)[f.cause];
      expect(f.layer, `${f.analyzer}/${f.cause}`).toBe(expected);
    }
    expect(found.find((f) => f.cause === 'rank_beyond_top_k')?.layer).toBe('retrieval');
    const lag = found.find((f) => f.cause === 'not_retrieved');
    expect(lag?.layer).toBe('index');
    expect(found.find((f) => f.cause === 'promised_not_written')?.layer).toBe('extraction');
    expect(found.find((f) => f.cause === 'never_committed')?.layer).toBe('update');
  });

  it('the text and Markdown reports end the chain with it; a document without it (or with a stray value) shows none', () => {
    const text = findingText(finding({ layer: 'injection' }), plain);
    const lines = text.trimEnd().split('\n');
    expect(lines.at(-2)).toBe('   layer that failed: injection');
    expect(lines.at(-1)).toContain('fix:');
    expect(findingText(finding(), plain)).not.toContain('layer that failed');
    expect(findingText(finding({ layer: 'evil\u001b[2J' as 'update' }), plain)).not.toContain('layer');
    const md = findingsMarkdown({
      schema: 'amnesia.findings/v1',
      findings: [finding({ layer: 'generation' })],
      summary: { sessions: 1, events: 1, bad_lines: 0, by_analyzer: {} },
    });
    expect(md).toContain('**Layer that failed:** `generation`');
  });
});
