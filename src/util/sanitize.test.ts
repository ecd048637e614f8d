import { describe, expect, it } from 'vitest';
import { inert, inertBlock, inertJson, mdCode, mdText } from './sanitize.js';

describe('log text is made inert', () => {
  it('ANSI and OSC sequences are shown, not executed', () => {
    const hostile = 'ok\x1b[2J\x1b]0;pwned\x07\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\';
    const out = inert(hostile);
    expect(out).not.toMatch(/[\x00-\x1f\x7f]/);
    expect(out).toBe('ok\\x1b[2J\\x1b]0;pwned\\x07\\x1b]8;;https://evil.example\\x1b\\click\\x1b]8;;\\x1b\\');
  });
  it('C1 controls and bidi overrides are shown', () => {
    expect(inert('a\u009bb\u202ec')).toBe('a\\x9bb\\u202ec');
  });
  it('no line can become a GitHub workflow command', () => {
    const out = inert('x\n::add-mask::secret\n::stop-commands::tok');
    expect(out.split('\n')).toHaveLength(1);
    expect(out).not.toContain('::');
    expect(
      inertBlock('a\n::error file=x::boom')
        .split('\n')
        .every((l) => !l.startsWith('::')),
    ).toBe(true);
  });
  it('markdown: no HTML, links, images or table breaks', () => {
    const out = mdText('<img src=x onerror=alert(1)> [click](https://evil.example) ![i](x) a|b');
    expect(out).not.toMatch(/<|\]\(|!\[/);
    expect(out).toContain('&lt;img');
    expect(out).toContain('a\\|b');
    expect(mdCode('a`b|c')).toBe("`a'b\\|c`");
  });
});

describe('legacy workflow commands and invisible characters (issue 15)', () => {
  it('##[error], ##[add-mask], ##[stop-commands] anywhere in a line are defused', () => {
    for (const f of [inert, inertBlock]) {
      const out = f('ok ##[add-mask]secret and ##[error]forged ##[stop-commands]tok');
      expect(out).not.toContain('##[');
      expect(out).toContain('#\u200b#[error]');
    }
  });
  it('U+061C, zero-width characters, the BOM and U+2028 / U+2029 are shown', () => {
    const out = inert('a\u061cb\u200bc\u200dd\u2060e\ufefff\u2028g\u2029h');
    expect(out).toBe('a\\u061cb\\u200bc\\u200dd\\u2060e\\ufefff\\u2028g\\u2029h');
  });
  it('inertJson: no command and no invisible character printed, the same data parsed back', () => {
    const value = { a: '::error::x ##[add-mask]y \u2028 \u200b \u061c \u0085 z' };
    const out = inertJson(JSON.stringify(value, null, 2));
    expect(out).not.toMatch(/::|##\[|[\u2028\u200b\u061c\u0085]/);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('zero-width joiners', () => {
  it('keeps the joiner inside an emoji sequence, shows a stray one', () => {
    expect(inert('run 🏃\u200d♂️ and code 👩\u200d💻')).toBe('run 🏃\u200d♂️ and code 👩\u200d💻');
    expect(inert('pay\u200dpal')).toBe('pay\\u200dpal');
    expect(inert('end\u200d')).toBe('end\\u200d');
    expect(inert('\u200d🚀')).toBe('\\u200d🚀');
  });
});

describe('Markdown: no link from log text (issue 26)', () => {
  it('bare URLs, www. names and e-mail addresses are not autolinked', () => {
    const md = mdText('see https://evil.example/x, WWW.evil.example and ops@evil.example');
    expect(md).not.toMatch(/https:\/\//);
    expect(md).not.toMatch(/(^|[^\\])www\./i);
    expect(md).not.toMatch(/[^\\]@/);
    expect(md).toBe('see https\\://evil.example/x, WWW\\.evil.example and ops\\@evil.example');
  });
});
