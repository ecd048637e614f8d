/**
 * Two-sample tests for behaviour baselines: Mann-Whitney U for numbers (with its effect size, Cliff's
 * delta), the chi-square test of independence for categories (Fisher's exact test for a 2x2 table
 * with small counts; Cramér's V as effect size), and Benjamini-Hochberg across the tests. The
 * distributions come from jStat; the statistics are the textbook ones (Hollander & Wolfe; Agresti).
 */
import jstat from 'jstat';

// jStat is CommonJS: its exports are the default export's properties under Node's ESM
const { jStat } = jstat;

export interface NumberTest {
  test: 'mann-whitney';
  /** U of the first sample */
  u: number;
  z: number;
  /** two-sided */
  p: number;
  /** Cliff's delta, P(b > a) - P(b < a): -1..1, positive when the second sample is larger */
  effect: number;
}

export interface CategoryTest {
  test: 'chi-square' | 'fisher';
  statistic: number;
  df: number;
  p: number;
  /** Cramér's V: 0..1 */
  effect: number;
}

/** Average ranks (1-based) of the pooled values, and the tie term sum(t^3 - t). */
function ranks(values: readonly number[]): { rank: Float64Array; ties: number } {
  const order = values.map((v, i) => [v, i] as const).sort((x, y) => x[0] - y[0]);
  const rank = new Float64Array(values.length);
  let ties = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    const r = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) rank[order[k][1]] = r;
    const t = j - i + 1;
    if (t > 1) ties += t ** 3 - t;
    i = j + 1;
  }
  return { rank, ties };
}

/**
 * Mann-Whitney U, two-sided, by the normal approximation with the tie correction and a continuity
 * correction (what R's wilcox.test does with exact = FALSE, correct = TRUE). Identical samples of
 * one value give p = 1.
 */
export function mannWhitney(a: readonly number[], b: readonly number[]): NumberTest {
  const n1 = a.length;
  const n2 = b.length;
  if (n1 === 0 || n2 === 0) return { test: 'mann-whitney', u: 0, z: 0, p: 1, effect: 0 };
  const { rank, ties } = ranks([...a, ...b]);
  let r1 = 0;
  for (let i = 0; i < n1; i++) r1 += rank[i];
  const u = r1 - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - ties / (n * (n - 1)));
  const effect = 1 - (2 * u) / (n1 * n2);
  if (variance <= 0) return { test: 'mann-whitney', u, z: 0, p: 1, effect };
  const d = u - mean;
  const z = (d - Math.sign(d) * 0.5) / Math.sqrt(variance);
  const p = Math.min(1, 2 * (1 - jStat.normal.cdf(Math.abs(z), 0, 1)));
  return { test: 'mann-whitney', u, z, p, effect };
}

/** Fisher's exact test of a 2x2 table, two-sided (tables no more likely than the observed one). */
export function fisher2x2(t: readonly (readonly number[])[]): number {
  const [[a, b], [c, d]] = t;
  const n = a + b + c + d;
  const row1 = a + b;
  const col1 = a + c;
  const pdf = (k: number) => jStat.hypgeom.pdf(k, n, col1, row1);
  const observed = pdf(a);
  let p = 0;
  for (let k = Math.max(0, row1 + col1 - n); k <= Math.min(row1, col1); k++) {
    const q = pdf(k);
    if (q <= observed * (1 + 1e-7)) p += q;
  }
  return Math.min(1, p);
}

/**
 * Whether two samples of categories differ: the chi-square test of independence on the 2 x k
 * table of counts (categories seen in neither sample dropped); a 2x2 table with an expected count
 * under 5 goes to Fisher's exact test instead.
 */
export function categoryTest(a: readonly string[], b: readonly string[]): CategoryTest {
  const cats = [...new Set([...a, ...b])].sort();
  const count = (xs: readonly string[]) => cats.map((c) => xs.filter((x) => x === c).length);
  const table = [count(a), count(b)];
  const n = a.length + b.length;
  if (cats.length < 2 || a.length === 0 || b.length === 0) return { test: 'chi-square', statistic: 0, df: 0, p: 1, effect: 0 };
  const rows = table.map((r) => r.reduce((s, x) => s + x, 0));
  const cols = cats.map((_, j) => table[0][j] + table[1][j]);
  let chi = 0;
  let small = false;
  for (let i = 0; i < 2; i++)
    for (let j = 0; j < cats.length; j++) {
      const e = (rows[i] * cols[j]) / n;
      if (e < 5) small = true;
      chi += (table[i][j] - e) ** 2 / e;
    }
  const df = cats.length - 1;
  const effect = Math.sqrt(chi / n);
  if (cats.length === 2 && small) return { test: 'fisher', statistic: chi, df, p: fisher2x2(table), effect };
  return { test: 'chi-square', statistic: chi, df, p: Math.min(1, 1 - jStat.chisquare.cdf(chi, df)), effect };
}

/** Benjamini-Hochberg adjusted p-values (the false discovery rate), in the order given. */
export function benjaminiHochberg(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => [p, i] as const).sort((x, y) => x[0] - y[0]);
  const out = new Array<number>(m);
  let min = 1;
  for (let k = m - 1; k >= 0; k--) {
    const [p, i] = order[k];
    min = Math.min(min, (p * m) / (k + 1));
    out[i] = min;
  }
  return out;
}
