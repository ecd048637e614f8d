import { describe, expect, it } from 'vitest';
import { validateConfig } from './index.js';

describe('config validation names the bad key', () => {
  it('accepts model overrides', () => {
    expect(validateConfig({ models: { 'qwen-max': { context_limit: 32000 } } }, 'c.json').models['qwen-max'].context_limit).toBe(32000);
  });
  it.each([
    [{ modle: {} }, /c\.json: modle: unknown key/],
    [{ models: { x: { context_limit: -1 } } }, /models\.x\.context_limit: expected a positive integer/],
    [{ models: { x: { encoding: 'p50k' } } }, /models\.x\.encoding: expected "o200k_base" or "cl100k_base"/],
    [{ models: { x: { window: 5 } } }, /models\.x\.window: unknown key/],
    [[], /\(top level\): expected a JSON object/],
  ])('%j', (value, message) => {
    expect(() => validateConfig(value, 'c.json')).toThrow(message);
  });
});
