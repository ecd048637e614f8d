import { describe, expect, it } from 'vitest';
import { calibrationFor, sessionFactors, STORE_FLOOR } from './calibration.js';

describe('calibration', () => {
  it("a session's own factor is the median of its requests' ratios: one lying request does not move it", () => {
    const own = sessionFactors([
      { model: 'claude-sonnet-4-5', prompt_tokens: 1000, usage_input_tokens: 1200 },
      { model: 'claude-sonnet-4-5', prompt_tokens: 100_000, usage_input_tokens: 1 },
      { model: 'claude-sonnet-4-5', prompt_tokens: 2000, usage_input_tokens: 2500 },
      { model: 'gpt-4o', prompt_tokens: 1000, usage_input_tokens: 5 },
    ]);
    expect(own.get('claude-sonnet-4-5')).toBe(1.2);
    // OpenAI models are counted exactly and never scaled
    expect(own.has('gpt-4o')).toBe(false);
    expect(calibrationFor('gpt-4o', own, new Map())).toBeNull();
  });

  it('prefers the session, then the store, else says it is not calibrated', () => {
    const own = new Map([['claude-a', 1.3]]);
    const store = new Map([['claude-b', STORE_FLOOR]]);
    expect(calibrationFor('claude-a', own, store)).toEqual({ factor: 1.3, basis: 'session' });
    expect(calibrationFor('claude-b', own, store)).toEqual({ factor: 1, basis: 'store' });
    expect(calibrationFor('gemini-2.5-pro', own, store)).toEqual({ factor: 1, basis: 'none' });
  });
});
