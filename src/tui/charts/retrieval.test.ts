import { describe, expect, it } from 'vitest';
import { lineText } from './common.js';
import { retrievalChart } from './retrieval.js';
import type { RetrievalData } from './model.js';

const data: RetrievalData = {
  source: 'trace/retrievals.csv:2',
  turn: 4,
  ts: 0,
  id: 'r-4',
  query: 'Compare the Basic, Pro and Team plans side by side',
  top_k: 2,
  threshold: 0.75,
  candidates: [
    { id: 'kb-pricing', score: 0.82, rank: 1, injected: true },
    { id: 'kb-team-sso', score: 0.79, rank: 2, injected: true },
    { id: 'm77', score: 0.74, rank: 3, injected: false },
    { id: 'm12', score: 0.71, rank: 4, injected: false },
  ],
  missed: ['m77'],
  findingIds: ['f_1'],
};

const text = (w = 80) => retrievalChart(data, { width: w }).map(lineText);
/** bar length in eighths of a cell, read back from a drawn row (the threshold mark inside a bar counts as a full cell) */
function barEighths(line: string): number {
  const eighths: Record<string, number> = { '▏': 1, '▎': 2, '▍': 3, '▌': 4, '▋': 5, '▊': 6, '▉': 7, '█': 8, '┃': 8 };
  const bar = /[█▏▎▍▌▋▊▉┃]+/.exec(line.replace(/^\s*\d+ \S+\s/, ''))![0].replace(/┃+$/, '');
  return [...bar].reduce((n, ch) => n + eighths[ch], 0);
}
const rowOf = (lines: string[], id: string) => lines.find((l) => new RegExp(`^\\s+\\d+ ${id}\\s`).test(l))!;

describe('retrievalChart', () => {
  it('draws a longer bar for a higher score', () => {
    const lines = text();
    const e = (id: string) => barEighths(rowOf(lines, id));
    expect(e('m77')).toBeLessThan(e('kb-team-sso'));
    expect(e('kb-team-sso')).toBeLessThan(e('kb-pricing'));
    expect(e('m12')).toBeLessThan(e('m77'));
  });

  it('draws the top_k cut line right after rank top_k', () => {
    const lines = text();
    const cut = lines.findIndex((l) => l.includes('top_k = 2'));
    expect(cut).toBeGreaterThan(lines.indexOf(rowOf(lines, 'kb-team-sso')));
    expect(lines.indexOf(rowOf(lines, 'kb-team-sso'))).toBe(cut - 1);
    expect(lines.indexOf(rowOf(lines, 'm77'))).toBe(cut + 1);
  });

  it('draws the threshold as one vertical line in the same column of every row', () => {
    const lines = text();
    const cols = ['kb-pricing', 'kb-team-sso', 'm77', 'm12'].map((id) => [...rowOf(lines, id)].indexOf('┃'));
    expect(new Set(cols).size).toBe(1);
    expect(cols[0]).toBeGreaterThan(0);
    // 0.74 stops before the threshold line, 0.79 goes through it
    const m77 = [...rowOf(lines, 'm77')];
    expect(m77[cols[0] - 1]).not.toBe('█');
    expect([...rowOf(lines, 'kb-team-sso')][cols[0] + 1]).toMatch(/[█▏▎▍▌▋▊▉]/);
    const label = lines.find((l) => l.includes('threshold 0.75 ┘'))!;
    expect([...label].indexOf('┘')).toBe(cols[0]);
  });

  it('marks injected candidates and the missed memory', () => {
    const lines = text();
    expect(rowOf(lines, 'kb-pricing')).toContain('✓ injected');
    expect(rowOf(lines, 'm77')).toContain('✗ missed');
    expect(rowOf(lines, 'm12')).toContain('below threshold');
    expect(lines.at(-1)).toContain('m77 ranked 3 with score 0.74');
  });

  it('fits the width it is given', () => {
    for (const w of [40, 60, 80, 120]) for (const l of text(w)) expect([...l].length).toBeLessThanOrEqual(w);
  });

  it('keeps a missed candidate visible when the list is cut', () => {
    const many: RetrievalData = {
      ...data,
      candidates: Array.from({ length: 30 }, (_, i) => ({ id: i === 24 ? 'm77' : `c${i + 1}`, score: 0.9 - i * 0.01, rank: i + 1, injected: i < 2 })),
    };
    const lines = retrievalChart(many, { width: 80, maxRows: 8 }).map(lineText);
    expect(lines.some((l) => /^\s+25 m77/.test(l) && l.includes('✗ missed'))).toBe(true);
    expect(lines.some((l) => l.trim() === '⋮')).toBe(true);
    expect(lines.filter((l) => /^\s+\d+ \S/.test(l)).length).toBeLessThanOrEqual(8);
  });
});
