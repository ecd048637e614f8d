import { describe, expect, it } from 'vitest';
import { lineText } from './common.js';
import { compositionLines, fillChart, fillColumns } from './fill.js';
import type { FillData, PromptPoint } from './model.js';

const point = (turn: number, tokens: number, limit: number | null = 1000): PromptPoint => ({
  source: `a.jsonl:${turn + 1}`,
  turn,
  ts: turn * 1000,
  tokens,
  limit,
  model: 'gpt-4o',
  messages: 3,
  composition: { system: 100, task_context: 0, history: tokens - 300, tool_results: 150, latest_user: 50, total: tokens },
});
const data: FillData = {
  points: [point(0, 200), point(1, 500), point(2, 900), point(3, 1100), point(4, 600)],
  vanish: [{ index: 4, label: '"use lists" no longer in the prompt', findingId: 'f_1' }],
};

/** the plot rows (between the title and the x axis), with the y labels cut off */
function plot(lines: string[]) {
  const axis = lines.findIndex((l) => l.includes('└'));
  return lines.slice(1, axis).map((l) => [...l].slice(5));
}
const height = (rows: string[][], col: number) => rows.filter((r) => r[col] && /[▁▂▃▄▅▆▇█]/.test(r[col])).length;

describe('fillChart', () => {
  const lines = fillChart(data, { width: 60, height: 8, selected: 2 }).map(lineText);

  it('draws taller bars for fuller prompts', () => {
    const rows = plot(lines);
    const { x } = fillColumns(5, 54);
    const h = [0, 1, 2, 3, 4].map((i) => height(rows, x(i)));
    expect(h[0]).toBeLessThan(h[1]);
    expect(h[1]).toBeLessThan(h[2]);
    expect(h[2]).toBeLessThan(h[3]);
    expect(h[4]).toBeLessThan(h[2]);
  });

  it('draws the window line at 100%, crossed only by the prompt over the window', () => {
    const rows = plot(lines);
    const w = lines.findIndex((l) => l.includes('100%┤'));
    expect(w).toBeGreaterThan(0);
    const windowRow = rows[w - 1];
    expect(windowRow.filter((c) => c === '─').length).toBeGreaterThan(20);
    // only the request over the window (turn 3) reaches the window row
    const { x } = fillColumns(5, 54);
    expect(windowRow[x(3)]).toMatch(/[▁▂▃▄▅▆▇█]/);
    for (const i of [0, 1, 2, 4]) expect(windowRow[x(i)]).toBe('─');
    for (const r of rows.slice(0, w - 1)) for (const i of [0, 1, 2, 4]) expect(r[x(i)]).toBe(' ');
  });

  it('draws a prompt at twice the window twice as high as the window line', () => {
    const out = fillChart({ points: [point(0, 500), point(1, 2000)], vanish: [] }, { width: 40, height: 8 }).map(lineText);
    expect(out[1].startsWith('200%│')).toBe(true);
    const rows = plot(out);
    const w = out.findIndex((l) => l.includes('100%┤')) - 1;
    expect(w).toBe(3);
    const { x } = fillColumns(2, 34);
    expect(height(rows, x(1))).toBe(8);
    expect(height(rows, x(0))).toBe(2);
    expect(rows.slice(0, w).every((r) => r[0] === ' ')).toBe(true);
  });

  it('marks the request where the constraint vanished under its bar, and the selected one', () => {
    const axis = lines.findIndex((l) => l.includes('└'));
    const turns = [...lines[axis + 1]];
    const marks = [...lines[axis + 2]];
    expect(marks.indexOf('▲')).toBe(turns.indexOf('4'));
    expect(marks.indexOf('↑')).toBe(turns.indexOf('2'));
    const wide = fillChart(data, { width: 100, selected: 2 }).map(lineText);
    expect(wide).toContain('▲ turn 4: "use lists" no longer in the prompt (600 / 1,000 tokens (60%))');
    expect(wide).toContain('↑ request 3/5, turn 2: 900 / 1,000 tokens (90%) · gpt-4o · 3 messages');
  });

  it('puts several requests in a column when they do not fit, keeping the marks', () => {
    const many: FillData = { points: Array.from({ length: 300 }, (_, i) => point(i, 100 + i * 3)), vanish: [{ index: 299, label: 'x', findingId: 'f' }] };
    const out = fillChart(many, { width: 80 }).map(lineText);
    for (const l of out) expect([...l].length).toBeLessThanOrEqual(80);
    expect(out[0]).toContain('requests per column');
    expect(out.some((l) => l.includes('▲'))).toBe(true);
  });

  it('draws bars relative to the largest prompt when no window is known', () => {
    const out = fillChart({ points: [point(0, 10, null), point(1, 40, null)], vanish: [] }, { width: 40 }).map(lineText);
    expect(out[0]).toContain('window unknown');
    expect(out.some((l) => l.includes('100%'))).toBe(false);
  });
});

describe('compositionLines', () => {
  it('stacks the parts in proportion and marks the end of the window', () => {
    const [bar, ...legend] = compositionLines({ system: 100, task_context: 0, history: 600, tool_results: 200, latest_user: 100, total: 1000 }, 2000, 44).map(
      lineText,
    );
    const cells = [...bar.trim()];
    const count = (ch: string) => cells.filter((c) => c === ch).length;
    expect(count('▒')).toBeGreaterThan(count('░'));
    expect(count('░')).toBeGreaterThan(count('█'));
    expect(count('▓')).toBe(0);
    expect(bar).toContain('│');
    expect(legend.join(' ')).toContain('history 600');
    expect(legend.join(' ')).toContain('tools 200');
  });
});

describe('the fill chart at full width, with the observed budget', () => {
  it('spreads the bars over the whole width and draws the largest prompt sent as the budget line', () => {
    // 10 requests at 40-74% of the window: the application trims to about 74%
    const pts = Array.from({ length: 10 }, (_, i) => point(i, 400 + i * 38));
    const out = fillChart({ points: pts, vanish: [] }, { width: 120, height: 8 }).map(lineText);
    expect(out[0]).toContain('observed budget 74% ┄ (largest prompt sent)');
    const rows = plot(out);
    const { x } = fillColumns(10, 114);
    // the last bar sits near the right end, not at column 20
    expect(x(9)).toBeGreaterThan(90);
    expect(height(rows, x(9))).toBeGreaterThan(0);
    const budget = out.find((l) => /^ *74%│/.test(l));
    expect(budget).toBeDefined();
    expect(budget).toContain('┄');
  });

  it('spreads more requests than half the width over the whole width too (50 requests at 80 columns)', () => {
    const { x, per } = fillColumns(50, 74);
    expect(per).toBe(1);
    expect(x(49)).toBeGreaterThan(70);
    expect(new Set(Array.from({ length: 50 }, (_, i) => x(i))).size).toBe(50);
  });

  it('draws no budget line when the prompts reach the window', () => {
    const out = fillChart({ points: [point(0, 500), point(1, 1000)], vanish: [] }, { width: 60, height: 8 }).map(lineText);
    expect(out[0]).not.toContain('observed budget');
  });
});

describe('fillChart: cliffs', () => {
  const pts = [point(0, 300), point(1, 800), point(2, 950), point(3, 250), point(4, 400)];
  const withCliff: FillData = {
    points: pts,
    vanish: [{ index: 3, label: '"never push to main" no longer in the prompt', findingId: 'f_c' }],
    cliffs: [
      { index: 3, what: 'auto compaction, 168,012 tokens before', removed: 41, removedTokens: 120334, fell: ['never push to main'], findingIds: ['f_c'] },
    ],
  };

  it('marks the cliff ▼ under the first request after it and says what fell off it, once', () => {
    const lines = fillChart(withCliff, { width: 130, height: 6 }).map(lineText);
    const marks = lines.find((l) => l.includes('▼') && !l.startsWith('▼'))!;
    const { x } = fillColumns(5, 124);
    expect([...marks].indexOf('▼')).toBe(5 + x(3));
    expect(lines.filter((l) => l.startsWith('▼ '))).toEqual([
      '▼ turn 3: auto compaction, 168,012 tokens before: fell off: "never push to main"; 41 messages (120,334 tokens) left the prompt',
    ]);
    // the instruction is said at the cliff, not again as a lone ▲
    expect(lines.some((l) => l.startsWith('▲ '))).toBe(false);
  });

  it('a cliff that lost no instruction says so', () => {
    const lines = fillChart({ ...withCliff, vanish: [], cliffs: [{ ...withCliff.cliffs![0], fell: [], findingIds: [] }] }, { width: 100 }).map(lineText);
    expect(lines.find((l) => l.startsWith('▼ '))).toMatch(/before: no instruction lost; 41 messages/);
  });
});
