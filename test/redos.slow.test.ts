// Issue 26: every regular expression run on log text is linear. Each hostile input is 10 MB, shaped
// to make the old expression backtrack (quadratic or worse: the old ones took hours); the test
// asserts each call completes with the right answer, not how fast (speed is `npm run bench`'s).
// npm test runs them at 4 MB: a quadratic expression takes a sixth of its 10 MB time there, so one
// that took hours at 10 MB still runs far past the 5-minute hang guard. npm run test:slow runs them
// at 10 MB (test/tier.ts), the size at which a backtracking one also overflowed V8's stack.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXHAUSTIVE, sized } from './tier.js';
import { maskSecrets } from '../src/text/secrets.js';
import { looksLikeEmail, redactText } from '../src/findings/redact.js';
import { stripCode } from '../src/text/code.js';
import { measureStyle } from '../src/text/style.js';

const SIZE = sized(4, 10) * 1024 * 1024;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length));

describe('10 MB of hostile text (npm test: 4 MB)', EXHAUSTIVE, () => {
  it('secret masking: e-mail and JWT look-alikes with no match, then a real one at the end', () => {
    for (const unit of ['a.', 'a-', 'eyJ-', 'eyJaaaaaaaa.', '+1 ', '1-', 'a@', '@a.', 'x'.repeat(64) + ' ']) {
      const text = `${fill(unit)} mail alice@example.com`;
      const out = maskSecrets(text);
      expect(out.endsWith(' mail [email #' + out.slice(-9, -1) + ']'), unit).toBe(true);
    }
  });

  it('--redact shape: `@` runs, dotted runs', () => {
    for (const unit of ['@', 'a@', '@.', 'a.', '@a.']) {
      expect(looksLikeEmail(fill(unit)), unit).toBe(false);
      expect(looksLikeEmail(`${fill(unit)} a@bc.d`), unit).toBe(true);
      expect(redactText(fill(unit))).toMatch(/^‹#[0-9a-f]{8} /);
    }
  });

  it('code fences: backticks without a newline, blank lines before a fence', () => {
    const ticks = fill('`');
    expect(stripCode(ticks).length).toBeLessThanOrEqual(ticks.length);
    expect(stripCode(`${fill('```x')}\nbody\n\`\`\` after`)).toMatch(/\n after$/);
    expect(measureStyle(`${fill('\n')}\`\`\`\ncode\n\`\`\``).codeFences).toBe(1);
  });
});

describe('the linear rewrites say what the expressions said', () => {
  it('looksLikeEmail agrees with /\\S+@\\S+\\.\\w+/ on short strings', () => {
    const alphabet = fc.constantFrom('a', '@', '.', ' ', '_', '\n', '-', '1', 'é');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 14 }), (chars) => {
        const s = chars.join('');
        expect(looksLikeEmail(s), JSON.stringify(s)).toBe(/\S+@\S+\.\w+/.test(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('stripCode agrees with the fence expression it replaces', () => {
    const old = (t: string) => t.replace(/```[^\n]*\n[\s\S]*?(?:```|$)/g, '\n').replace(/`[^`\n]+`/g, ' ');
    const alphabet = fc.constantFrom('`', '```', 'a', '\n', ' ');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 16 }), (parts) => {
        const s = parts.join('');
        expect(stripCode(s), JSON.stringify(s)).toBe(old(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('e-mail and JWT masks still find what they found', () => {
    expect(maskSecrets('write to bob.smith+x@mail.example.co.uk today')).toMatch(/^write to \[email #[0-9a-f]{8}\] today$/);
    expect(maskSecrets('id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fw end')).toMatch(/^id \[jwt #[0-9a-f]{8}\] end$/);
    expect(maskSecrets('not@an email, x@y')).toBe('not@an email, x@y');
    // a JWT-like run whose segments are too short is left alone, as before
    expect(maskSecrets('eyJabc.defghijk.lmnopqrs')).toBe('eyJabc.defghijk.lmnopqrs');
  });
});
