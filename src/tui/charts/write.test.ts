import { describe, expect, it } from 'vitest';
import { lineText } from './common.js';
import { timeAxis, writeChart } from './write.js';
import type { WriteData } from './model.js';

const t = (s: string) => Date.parse(`2026-03-02T${s}Z`);
const lost: WriteData = {
  write_id: 'w1',
  memory_id: 'm77',
  memory_type: 'preference',
  critical: true,
  steps: [
    { phase: 'enqueued', ts: t('10:00:01'), source: 'a:14' },
    { phase: 'acknowledged', ts: t('10:00:01.200'), source: 'a:15' },
  ],
  disruption: { event: 'restart', process: 'memory-worker', ts: t('10:00:05') },
  snapshot: { ts: t('10:05:00'), contains: false, store: 'memories' },
  findingId: 'f_1',
  cause: 'lost_in_restart',
};

const col = (line: string, ch: string) => [...line].indexOf(ch);

describe('writeChart', () => {
  const lines = writeChart(lost, { width: 80 }).map(lineText);
  const row = (label: string) => lines.find((l) => l.startsWith(label))!;

  it('puts the steps in time order on the axis', () => {
    expect(col(row('enqueued'), '●')).toBeLessThan(col(row('acknowledged'), '●'));
    expect(col(row('acknowledged'), '●')).toBeLessThan(col(row('restart'), '✖'));
    expect(col(row('restart'), '✖')).toBeLessThan(col(row('snapshot'), '○'));
    expect(row('snapshot')).toContain('m77 missing');
  });

  it('draws the gap from the acknowledgement to the restart', () => {
    const gap = row('gap');
    expect(col(gap, '┣')).toBe(col(row('acknowledged'), '●'));
    expect(col(gap, '┫')).toBe(col(row('restart'), '✖'));
    expect(gap).toMatch(/┣━+┫/);
    expect(lines).toContain(`${' '.repeat(14)}acknowledged → memory-worker restart after 3.8s, never committed`);
    expect(row('committed')).toContain('never');
  });

  it('shows an acknowledgement before the commit as the gap', () => {
    const early: WriteData = { ...lost, disruption: null, snapshot: null, steps: [...lost.steps, { phase: 'committed', ts: t('10:00:03.200'), source: null }] };
    const out = writeChart(early, { width: 80 }).map(lineText);
    expect(out.some((l) => l.startsWith('committed') && l.includes('◆'))).toBe(true);
    expect(out.some((l) => l.includes('acknowledged 2s before it was committed'))).toBe(true);
  });

  it('fits the width', () => {
    for (const w of [40, 80]) for (const l of writeChart(lost, { width: w }).map(lineText)) expect([...l].length).toBeLessThanOrEqual(w);
  });
});

describe('timeAxis', () => {
  it('keeps order and gives a long gap more room than a short one, without crushing the short one', () => {
    const p = timeAxis([0, 1000, 5000, 300_000], 60);
    const x = [0, 1000, 5000, 300_000].map((v) => p.get(v)!);
    expect(x[0]).toBe(0);
    expect(x[3]).toBe(59);
    expect(x[1]).toBeGreaterThan(x[0] + 2);
    expect(x[3] - x[2]).toBeGreaterThan(x[2] - x[1]);
  });
});
