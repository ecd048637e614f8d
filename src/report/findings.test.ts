import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../findings/types.js';
import { findingText } from './findings.js';

const c = new Chalk({ level: 0 });

const step = (detail: Record<string, unknown>) => ({
  step: 1,
  role: 'retrieval' as const,
  turn: 2,
  ts: '2026-01-01T00:00:00Z',
  event: 'e1',
  source: 'a.jsonl:3',
  text: 'q',
  detail,
});
const finding = (analyzer: string, detail: Record<string, unknown>, stepDetail: Record<string, unknown>): Finding => ({
  id: 'f_1',
  analyzer,
  severity: 'error',
  session: 's',
  turn: 2,
  ts: '2026-01-01T00:00:00Z',
  title: 't',
  cause: 'c',
  evidence: [step(stepDetail)],
  fix: 'x',
  confidence: 'certain',
  detail,
});

describe("a finding's figures come from its analyzer", () => {
  const ranking = {
    candidates: [
      { id: 'a', score: 0.9, injected: true },
      { id: 'm', score: 0.5 },
    ],
    top_k: 1,
    threshold: 0.2,
  };
  it('recall-mismatch: the ranking, the cut and the missed memory', () => {
    const text = findingText(finding('recall-mismatch', { memory_id: 'm', missed: { id: 'm' } }, ranking), c);
    expect(text).toContain('ranked: a 0.9 ✓, ┆ top_k=1, m 0.5 ← missed  (threshold 0.2)');
  });
  it("window-overflow: the prompt against its window, and no ranking (it is not window-overflow's figure)", () => {
    const text = findingText(finding('window-overflow', {}, { prompt_tokens: 900, context_limit: 1000, ...ranking }), c);
    expect(text).toContain('prompt 900 / 1,000 tokens (90%)');
    expect(text).not.toContain('ranked:');
  });
  it('an analyzer the registry does not know: no figures', () => {
    const text = findingText(finding('not-an-analyzer', {}, { prompt_tokens: 900, context_limit: 1000, ...ranking }), c);
    expect(text).not.toContain('ranked:');
    expect(text).not.toContain('tokens (');
  });
});
