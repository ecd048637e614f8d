import { describe, expect, it } from 'vitest';
import { benjaminiHochberg, categoryTest, fisher2x2, mannWhitney } from './stats.js';

// Reference values from SciPy 1.17 (mannwhitneyu method='asymptotic' use_continuity=True,
// chi2_contingency correction=False, fisher_exact, false_discovery_control), computed once by hand.
describe('two-sample tests', () => {
  it('Mann-Whitney U: statistic and two-sided p as SciPy gives them, effect toward the larger sample', () => {
    const a = [12, 15, 11, 19, 14, 15, 13, 18, 16, 12];
    const b = [22, 17, 25, 19, 24, 21, 18, 26, 20, 23];
    const r = mannWhitney(a, b);
    expect(r.u).toBe(4);
    expect(r.p).toBeCloseTo(0.0005717769654451723, 10);
    expect(r.effect).toBeCloseTo(1 - (2 * 4) / 100, 12); // b is larger: delta near +1
    expect(mannWhitney(b, a).effect).toBeCloseTo(-r.effect, 12);
  });

  it('Mann-Whitney U with heavy ties (counts of emoji, mostly zero) and with one value only', () => {
    const r = mannWhitney([0, 0, 0, 1, 0, 2, 0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0]);
    expect(r.u).toBe(72);
    expect(r.p).toBeCloseTo(1, 10);
    expect(mannWhitney([3, 3, 3], [3, 3]).p).toBe(1);
    expect(mannWhitney([], [1]).p).toBe(1);
  });

  it('chi-square test of independence on a 2 x k table, with Cramér V', () => {
    const a = [...Array(20).fill('en'), ...Array(5).fill('de'), ...Array(3).fill('fr')];
    const b = [...Array(8).fill('en'), ...Array(15).fill('de'), ...Array(9).fill('fr')];
    const r = categoryTest(a, b);
    expect(r.test).toBe('chi-square');
    expect(r.df).toBe(2);
    expect(r.statistic).toBeCloseTo(12.933673469387758, 9);
    expect(r.p).toBeCloseTo(0.0015541341040867093, 9);
    expect(r.effect).toBeCloseTo(Math.sqrt(12.933673469387758 / 60), 9);
  });

  it("Fisher's exact test for a small 2x2 table", () => {
    expect(
      fisher2x2([
        [8, 2],
        [1, 5],
      ]),
    ).toBeCloseTo(0.034965034965034975, 10);
    const r = categoryTest([...Array(8).fill('table'), ...Array(2).fill('none')], [...Array(1).fill('table'), ...Array(5).fill('none')]);
    expect(r.test).toBe('fisher');
    expect(r.p).toBeCloseTo(0.034965034965034975, 10);
    expect(categoryTest(['x', 'x'], ['x']).p).toBe(1);
  });

  it('Benjamini-Hochberg adjusts in the order given, monotone, capped at 1', () => {
    const adj = benjaminiHochberg([0.01, 0.04, 0.03, 0.2, 0.001]);
    [0.025, 0.05, 0.05, 0.2, 0.005].forEach((want, i) => {
      expect(adj[i]).toBeCloseTo(want, 12);
    });
    expect(benjaminiHochberg([0.9, 0.95])).toEqual([0.95, 0.95]);
  });
});
