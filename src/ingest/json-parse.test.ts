import { describe, expect, it } from 'vitest';
import { jsonErrorReason, jsonTextDeeperThan, parseJson } from './json-parse.js';

const reasonOf = (text: string) => {
  const r = parseJson(text);
  if (r.ok) throw new Error('parsed');
  return r.reason;
};

describe('parseJson', () => {
  it('never quotes the input in its reason (V8 quotes the line start and the offending character)', () => {
    for (const text of ['sk-live-SECRET', '{"pin":"4921"} PIN4921', '[SECRET,]', 'SECRET', '{"a":"b"', '{"a":1,}', '"\\q"', '{"a" "SECRET"}']) {
      const reason = reasonOf(text);
      expect(reason).not.toMatch(/SECRET|PIN|4921|sk-/);
      expect(reason).not.toContain('"');
    }
    expect(reasonOf('{"a" 1}')).toBe("Expected ':' after property name in JSON at position 5");
  });

  it('keeps only the kind of error from messages it does not know', () => {
    expect(jsonErrorReason(new SyntaxError('Unexpected token SECRET in JSON at position 3'))).toBe('Unexpected character in JSON at position 3');
    expect(jsonErrorReason(new SyntaxError('Something "SECRET" happened'))).toBe('not valid JSON');
  });

  it('refuses nesting past 256 levels without walking the value; brackets in strings do not count', () => {
    expect(reasonOf(`${'['.repeat(6000)}${']'.repeat(6000)}`)).toBe('nested deeper than 256 levels');
    expect(parseJson(`${'['.repeat(256)}${']'.repeat(256)}`).ok).toBe(true);
    expect(parseJson(`["${'['.repeat(6000)}"]`).ok).toBe(true);
    expect(parseJson(`["\\"${'{'.repeat(6000)}"]`).ok).toBe(true);
    expect(jsonTextDeeperThan(`${'{"a":'.repeat(300)}1${'}'.repeat(300)}`, 256)).toBe(true);
  });

  it('long texts at the limit: 256 levels pass, 257 do not, many shallow brackets pass (counted first, walked only past the limit)', () => {
    const prose = `"${'plain tool output, no brackets '.repeat(100)}"`;
    const nest = (n: number) => `${'['.repeat(n)}${prose}${']'.repeat(n)}`;
    expect(jsonTextDeeperThan(nest(256), 256)).toBe(false);
    expect(jsonTextDeeperThan(nest(257), 256)).toBe(true);
    expect(jsonTextDeeperThan(`[${Array.from({ length: 400 }, () => '{"a":[1]}').join(',')}]`, 256)).toBe(false);
    expect(jsonTextDeeperThan(`{"a":${nest(2)},"b":${nest(256)}}`, 256)).toBe(true);
  });
});
