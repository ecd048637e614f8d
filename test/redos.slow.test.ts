// Issue 26: every regular expression run on log text is linear. Each hostile input is 10 MB, shaped
// to make the old expression backtrack (quadratic or worse: the old ones took hours); the test
// asserts each call completes with the right answer, not how fast (speed is `npm run bench`'s).
// npm test runs them at 4 MB: a quadratic expression takes a sixth of its 10 MB time there, so one
// that took hours at 10 MB still runs far past the 5-minute hang guard. npm run test:slow runs them
// at 10 MB (test/tier.ts), the size at which a backtracking one also overflowed V8's stack.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXHAUSTIVE, sampled, sized } from './tier.js';
import { maskSecrets } from '../src/text/secrets.js';
import { looksLikeEmail, redactText } from '../src/findings/redact.js';
import { stripCode } from '../src/text/code.js';
import { measureStyle } from '../src/text/style.js';
import { keyValuePairs } from '../src/text/scan.js';
import { PATTERN_FIELD_CHARS, bounded } from '../src/text/bounded.js';
import { asksForTopic, detectLanguage, detectPreferences, findSavePromise, normalizeText } from '../src/text/index.js';

const SIZE = sized(4, 10) * 1024 * 1024;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length));

describe('10 MB of hostile text (npm test: 4 MB)', EXHAUSTIVE, () => {
  it('secret masking: e-mail and JWT look-alikes with no match, then a real one at the end', () => {
    for (const unit of ['a.', 'a-', 'eyJ-', 'eyJaaaaaaaa.', '+1 ', '1-', 'a@', '@a.', 'x'.repeat(64) + ' ', '1', '4111 ', 'passport 1']) {
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

// The language layer (issue 26): a field's patterns read it bounded (src/text/bounded.ts), the whole-text
// counts read it whole. Each shape here hung or aborted main: `a=` runs made the record-line expression
// cubic (4 KB: 20 s), a run of `. ` made normalizeText's end trim quadratic, `1.1.…` and `a'a'…`
// overflowed V8's backtrack stack in the word counts, 10 MB of `[` took 8 s of JSON.parse.
const FIELD_SHAPES = ['a=', 'a.', '1.', "a'", '[', '. ', '|---|\n', '\n', '<a ', '**a', '`', '中', '“', '👍\u200d'];

describe('the language layer on 10 MB fields (npm test: 3 shapes at 1 MB)', EXHAUSTIVE, () => {
  const n = sized(1, 10) * 1024 * 1024;
  const hostile = (unit: string) => unit.repeat(Math.ceil(n / unit.length));

  it('measureStyle: whole-text counts right, structure bounded', () => {
    for (const unit of sampled(FIELD_SHAPES, 3, 26)) {
      const t = hostile(unit);
      const s = measureStyle(t);
      expect(s.chars, unit).toBe([...t.trim()].length);
      expect(s.json, unit).toBe(false);
    }
    const pairs = measureStyle(hostile('a='));
    expect([pairs.words, pairs.recordLines, pairs.lines]).toEqual([Math.ceil(n / 2), 0, 1]);
    expect(measureStyle(hostile('1.')).words).toBeGreaterThanOrEqual(1);
    const lines = measureStyle(`${hostile('key=1 val=2\n')}no pairs here`);
    expect(lines.recordLines).toBe(Math.ceil(n / 12));
    expect(lines.lines).toBe(Math.ceil(n / 12) + 1);
  });

  it('constraints, promises, topics and language read the head and the tail of a field', () => {
    const keysOf = (t: string) => detectPreferences(t, 'user').map((p) => p.key);
    const wanted = keysOf('No emoji, please.\n\nNever use tables.');
    expect(wanted).toHaveLength(2);
    for (const unit of sampled(FIELD_SHAPES, 3, 27)) {
      // as the same shape reads in a field under the limit (a long run of `. ` hides the last rule from
      // the grammar in a field of that size too: it is no bound's doing), and the first rule always
      const small = keysOf(`No emoji, please.\n\n${unit.repeat(Math.floor((PATTERN_FIELD_CHARS - 64) / unit.length))}\n\nNever use tables.`);
      expect(small, unit).toContain(wanted[0]);
      expect(keysOf(`No emoji, please.\n\n${hostile(unit)}\n\nNever use tables.`), unit).toEqual(small);
      const promise = (run: string) => findSavePromise(`${run}\n\nI've saved that to memory.`)?.phrase ?? null;
      expect(promise(hostile(unit)), unit).toBe(promise(unit.repeat(Math.floor((PATTERN_FIELD_CHARS - 64) / unit.length))));
      expect(asksForTopic(hostile(unit), 'table'), unit).toBe(false);
      // the language of the prose around a run without letters (letters would be a language of their own)
      const german = 'Das ist ein ganz normaler deutscher Satz über das Wetter. '.repeat(20);
      const bare = unit.replace(/\p{L}/gu, '');
      if (bare) expect(detectLanguage(`${german}${hostile(bare)}`), unit).toBe('de');
    }
  });

  it('normalizeText trims a long run of end punctuation', () => {
    expect(normalizeText(`"Keep it short${hostile('. ')}`)).toBe('keep it short');
    expect(normalizeText(`${hostile(' “')}x`)).toBe('x');
  });
});

describe('the per-field bound', () => {
  it('keeps a short field whole, a long one as its head and tail, never half a surrogate pair', () => {
    expect(bounded('abc')).toBe('abc');
    const long = `${'h'.repeat(PATTERN_FIELD_CHARS)}MIDDLE${'t'.repeat(PATTERN_FIELD_CHARS)}`;
    const b = bounded(long);
    expect(b.length).toBeLessThanOrEqual(PATTERN_FIELD_CHARS);
    expect(b.startsWith('hhh') && b.endsWith('ttt') && !b.includes('MIDDLE')).toBe(true);
    for (let shift = 0; shift < 4; shift++) {
      const emoji = `${'x'.repeat(shift)}${'😀'.repeat(PATTERN_FIELD_CHARS)}`;
      expect(bounded(emoji)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });
});

describe('the linear rewrites say what the expressions said', () => {
  it('keyValuePairs agrees with /\\b[\\w.-]+=\\S+.*\\s[\\w.-]+=\\S+/ on short strings', () => {
    const old = /\b[\w.-]+=\S+.*\s[\w.-]+=\S+/;
    const alphabet = fc.constantFrom('a', '=', '.', '-', ' ', '\r', '\u2028', '\t', 'x=', '"', '1');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 14 }), (chars) => {
        const s = chars.join('');
        expect(keyValuePairs(s), JSON.stringify(s)).toBe(old.test(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('normalizeText agrees with its expression on short strings', () => {
    const old = (t: string) =>
      t
        .toLowerCase()
        .replace(/\s+/g, ' ')
        .replace(/^[\s"'“”‘’「」]+|[\s.!?。！？;；,，"'“”‘’「」]+$/g, '')
        .trim();
    const alphabet = fc.constantFrom('a', 'B', '.', ' ', '\n', '"', '“', '」', '!', '，', '\u00a0');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 12 }), (chars) => {
        const s = chars.join('');
        expect(normalizeText(s), JSON.stringify(s)).toBe(old(s));
      }),
      { numRuns: 5000 },
    );
  });

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
