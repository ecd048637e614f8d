import { describe, expect, it } from 'vitest';
import { makeTheme, type Tone } from './theme.js';

const TONES: Tone[] = [
  'error',
  'warning',
  'info',
  'ok',
  'accent',
  'title',
  'dim',
  'selected',
  'axis',
  'bar',
  'over',
  'limit',
  'mark',
  'missed',
  'injected',
  'c1',
  'c2',
  'c3',
  'c4',
  'c5',
  'key',
];

describe('theme', () => {
  it('gives colours only when colour is on (NO_COLOR turns it off)', () => {
    const on = makeTheme(true);
    const off = makeTheme(false);
    expect(on.tone('error').color).toBe('red');
    for (const t of TONES) expect(off.tone(t).color, t).toBeUndefined();
    // the selection and marks stay visible without colour
    expect(off.tone('selected').inverse).toBe(true);
    expect(off.tone('missed').bold).toBe(true);
    expect(on.tone(undefined)).toEqual({});
  });
});
