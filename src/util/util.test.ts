import { describe, expect, it } from 'vitest';
import { str } from './values.js';
import { duration } from './duration.js';

describe('str', () => {
  it('reads non-empty strings and finite numbers; anything else is absent', () => {
    expect([str('a'), str(12), str(0)]).toEqual(['a', '12', '0']);
    for (const v of ['', NaN, Infinity, null, undefined, {}, [], true]) expect(str(v)).toBeUndefined();
  });
});

describe('duration', () => {
  it('reads the same in titles and pictures', () => {
    expect([duration(320), duration(1500), duration(42_000), duration(125_000), duration(180_000), duration(4_800_000)]).toEqual([
      '320ms',
      '1.5s',
      '42s',
      '2m 5s',
      '3m',
      '1h 20m',
    ]);
    expect(duration(-1500)).toBe('1.5s');
  });
});
