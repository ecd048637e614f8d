import { describe, expect, it } from 'vitest';
import { fmtInt } from './table.js';

describe('fmtInt', () => {
  it("writes every number as toLocaleString('en-US') does: separators by hand for safe integers, ICU for the rest", () => {
    const xs = [
      0,
      -0,
      7,
      999,
      1000,
      12345,
      999999,
      1000000,
      -1,
      -1234,
      -123456789,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      1.5,
      NaN,
      Infinity,
      1e22,
    ];
    let s = 3;
    for (let i = 0; i < 2000; i++) xs.push(Math.floor(((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32) * 10 ** (i % 16)) * (i % 3 ? 1 : -1));
    for (const x of xs) expect(fmtInt(x), String(x)).toBe(x.toLocaleString('en-US'));
  });
});
