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

describe('analyzer settings and ignore rules', () => {
  it('accepts switches, severities and declared options', () => {
    const c = validateConfig(
      { analyzers: { 'lost-write': { severity: 'warning', options: { criticalTypes: 'preference' } }, 'concurrent-overwrite': false }, fail_on: 'warning' },
      'c.json',
    );
    expect(c.analyzers['lost-write']).toEqual({ enabled: true, severity: 'warning', options: { criticalTypes: 'preference' } });
    expect(c.analyzers['concurrent-overwrite'].enabled).toBe(false);
    expect(c.fail_on).toBe('warning');
  });
  it.each([
    [{ analyzers: { 'no-such': true } }, /analyzers\.no-such: unknown analyzer \(known: .*lost-write/],
    [{ analyzers: { 'lost-write': { severity: 'fatal' } } }, /analyzers\.lost-write\.severity: expected one of info, warning, error/],
    [
      { analyzers: { 'lost-write': { options: { nope: 1 } } } },
      /analyzers\.lost-write\.options\.nope: unknown option \(known: criticalTypes, memory_tools, pending_grace_s\)/,
    ],
    [{ analyzers: { 'lost-write': { options: { memory_tools: ['upsert_user_fact'] } } } }, /analyzers\.lost-write\.options\.memory_tools: expected a string/],
    [{ analyzers: { 'lost-write': { options: { criticalTypes: 3 } } } }, /analyzers\.lost-write\.options\.criticalTypes: expected a string/],
    [{ ignore: [{ analyzer: 'lost-write', reason: '  ' }] }, /ignore\[0\]\.reason: every ignore rule needs a reason/],
    [{ ignore: [{ reason: 'x' }] }, /ignore\[0\]: a rule needs at least one of analyzer, session, cause/],
    [{ ignore: [{ session: 'a', reason: 'x', until: '2027' }] }, /ignore\[0\]\.until: unknown key/],
    [{ fail_on: 'never' }, /fail_on: expected one of/],
  ])('%j', (value, message) => {
    expect(() => validateConfig(value, 'c.json')).toThrow(message);
  });
  it('session patterns: * and ? only, everything else literal', async () => {
    const { ignoredBy } = await import('./index.js');
    const rules = [{ session: 'smoke-?.run*', reason: 'r' }];
    expect(ignoredBy(rules, { analyzer: 'a', session: 'smoke-1.run-7', cause: 'c' })).toBeDefined();
    expect(ignoredBy(rules, { analyzer: 'a', session: 'smoke-12.run', cause: 'c' })).toBeUndefined();
    expect(ignoredBy(rules, { analyzer: 'a', session: 'smoke-1xrun', cause: 'c' })).toBeUndefined();
  });
});

describe('the judge (issue 33)', () => {
  it('accepts an endpoint, a model and its limits', () => {
    const judge = { url: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:1.5b', timeout_ms: 5000, retries: 0, max_requests: 10 };
    expect(validateConfig({ judge }, 'c.json').judge).toEqual(judge);
    expect(validateConfig({}, 'c.json').judge).toBeUndefined();
  });
  it.each([
    [{ judge: 'http://x' }, /judge: expected an object/],
    [{ judge: { url: 'file:///etc/passwd' } }, /judge\.url: expected an http:\/\/ or https:\/\/ URL/],
    [{ judge: { url: 'not a url' } }, /judge\.url: expected an http/],
    [{ judge: { model: '' } }, /judge\.model: expected a non-empty string/],
    [{ judge: { api_key: 'sk-1' } }, /judge\.api_key: unknown key/],
    [{ judge: { timeout_ms: 0 } }, /judge\.timeout_ms: expected a positive integer/],
    [{ judge: { retries: -1 } }, /judge\.retries: expected an integer, 0 or more/],
    [{ judge: { max_requests: 1.5 } }, /judge\.max_requests: expected a positive integer/],
  ])('%j', (value, message) => {
    expect(() => validateConfig(value, 'c.json')).toThrow(message);
  });
});
