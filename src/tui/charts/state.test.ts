import { describe, expect, it } from 'vitest';
import { lineText } from './common.js';
import { stateChart } from './state.js';
import type { StateData, StateOp } from './model.js';

const op = (actor: string, o: string, version: number | null, expected: number | null, value: unknown, mark: StateOp['mark'] = null): StateOp => ({
  actor,
  op: o,
  version,
  expected,
  value,
  ts: 0,
  source: null,
  mark,
});
const data: StateData = {
  key: 'current_task',
  findingIds: ['f_1'],
  ops: [
    op('planner', 'read', 3, null, 'task_a'),
    op('executor', 'read', 3, null, 'task_a'),
    op('planner', 'write', 4, 3, 'task_a_done', 'lost'),
    op('executor', 'write', 5, 3, 'task_b', 'overwrote'),
    op('planner', 'read', 5, null, 'task_b'),
  ],
};

describe('stateChart', () => {
  const lines = stateChart(data, { width: 80 }).map(lineText);
  const lane = (actor: string) => lines.find((l) => l.startsWith(actor))!;

  it('draws one lane per actor with the ops in log order', () => {
    expect(lines[0]).toContain('current_task · 5 operations by 2 actors');
    const p = [...lane('planner')];
    const e = [...lane('executor')];
    const firstRead = p.indexOf('○');
    expect(e.indexOf('○')).toBeGreaterThan(firstRead);
    expect(p.lastIndexOf('○')).toBeGreaterThan(e.indexOf('▲'));
  });

  it("marks the lost update on the loser's lane before the write that replaced it", () => {
    expect(lane('planner')).toContain('✖v4');
    expect(lane('executor')).toContain('▲v5');
    expect(lane('executor')).not.toContain('✖');
    expect([...lane('planner')].indexOf('✖')).toBeLessThan([...lane('executor')].indexOf('▲'));
    expect(stateChart(data, { width: 140 }).map(lineText).at(-1)).toBe(
      `✖ planner's write "task_a_done" (v4, from v3) was lost: executor's write "task_b" (v5, from v3) replaced it`,
    );
  });

  it('shows a window around the lost update when the ops do not fit', () => {
    const many: StateData = { ...data, ops: [...Array.from({ length: 40 }, (_, i) => op(i % 2 ? 'a' : 'b', 'write', i, i - 1, i)), ...data.ops] };
    const out = stateChart(many, { width: 60 }).map(lineText);
    expect(out[0]).toMatch(/showing \d+–\d+/);
    expect(out.some((l) => l.startsWith('planner') && l.includes('✖'))).toBe(true);
    for (const l of out.slice(0, -2)) expect([...l].length).toBeLessThanOrEqual(60);
  });
});
