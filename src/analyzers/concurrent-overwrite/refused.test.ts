import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFiles } from '../../../test/analyzer-tester.js';
import { analyzer } from './index.js';
import { stateData } from './picture.js';
import type { SessionEvent } from '../../store/session.js';

const here = (p: string) => path.join(import.meta.dirname, p);

describe('concurrent-overwrite: refused_concurrent_update', () => {
  it('inferred: one finding for the step naming both fields, the writes and the inferred error in the chain, likely', async () => {
    const fs1 = await analyzeFiles([analyzer], [here('fixtures/invalid/refused-step-en.jsonl')]);
    expect(fs1).toHaveLength(1);
    const [f] = fs1;
    expect([f.cause, f.severity, f.confidence]).toEqual(['refused_concurrent_update', 'warning', 'likely']);
    expect(f.detail).toMatchObject({ key: 'plan', keys: ['plan', 'log'], writers: ['planner', 'researcher'], inferred: true, step: 2, lost_value: null });
    expect(f.evidence.map((e) => `${e.role} ${e.detail.actor ?? ''} ${e.detail.key ?? e.detail.event}`)).toEqual([
      'state planner plan',
      'state researcher plan',
      'state planner log',
      'state researcher log',
      'lifecycle  error',
    ]);
    expect(f.evidence[4].detail.inferred).toBe(true);
    // the fix is a reducer, not compare-and-set
    expect(f.fix).toMatch(/reducer/);
    expect(f.fix).not.toMatch(/compare-and-set/);
  });

  it('with the error row that names the refusal: certain, and the row is in the chain (not an inferred one)', async () => {
    const [f] = await analyzeFiles([analyzer], [here('fixtures/invalid/refused-step-error-row-zh.jsonl')]);
    expect([f.cause, f.confidence]).toEqual(['refused_concurrent_update', 'certain']);
    expect(f.detail).toMatchObject({ key: '计划', base_version: 3, writers: ['规划代理', '调研代理'], inferred: false, step: 4 });
    expect(f.detail?.keys).toBeUndefined();
    const last = f.evidence[f.evidence.length - 1];
    expect([last.role, last.detail.inferred]).toEqual(['lifecycle', false]);
    expect(String(last.detail.error)).toContain('Can receive only one value per step');
  });

  it("the TUI's picture marks both refused writes refused, neither as the overwriting one", () => {
    const ev = (seq: number, actor: string, value: string) =>
      ({
        seq,
        kind: 'state',
        ts: seq,
        actor,
        source: `w.jsonl:${seq}`,
        body: { key: 'plan', op: 'write', value, conflict: 'concurrent_update' },
      }) as unknown as SessionEvent;
    const events = [ev(1, 'planner', 'hotel'), ev(2, 'researcher', 'flights')];
    const finding = {
      id: 'f_r',
      cause: 'refused_concurrent_update',
      detail: { key: 'plan' },
      evidence: events.map((e) => ({ source: e.source, detail: { key: 'plan', refused: true } })),
    };
    const [s] = stateData(events, [finding as never]);
    expect(s.ops.map((o) => o.mark)).toEqual(['refused', 'refused']);
  });
});
