import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { cutWord, fit, fitMiddle, fitStart, padMiddle, plural, steadyEmoji, textWidth, wrapWords } from './common.js';
import { wrapLines } from '../components/RawEventView.js';
import { fitHints } from '../components/Frame.js';
import { COMMON_HINTS } from '../screens/types.js';

const EMOJI = ['🚀', '🛒', '🪶', '⚡', '⭐', '✨', '🏃‍♂️', '👍🏽'];

describe('widths: the cells Ink and the terminal use (string-width)', () => {
  it('counts every emoji and CJK character two cells, as Ink does', () => {
    for (const e of EMOJI) expect(textWidth(e), e).toBe(2);
    expect(textWidth('限时秒杀')).toBe(8);
    expect(textWidth('é')).toBe(1);
    // the one ruler: what Ink measures with
    const s = '⚡ deal 🪶 light ⭐⭐ 限时秒杀 ✨';
    expect(textWidth(s)).toBe(stringWidth(s));
  });

  it('cuts to a width without losing a character that fits, never inside an emoji', () => {
    expect(fit('限时秒杀', 8)).toBe('限时秒杀');
    expect(fit('限时秒杀!', 8)).toBe('限时秒…');
    const cut = fit('go 🚀🛒🪶⚡⭐✨ now', 10);
    expect(textWidth(cut)).toBeLessThanOrEqual(10);
    expect(cut).toBe('go 🚀🛒🪶…');
    // a ZWJ sequence is shown as its parts (steadyEmoji), each whole or gone
    expect(fit('ab🏃‍♂️cd', 4)).toBe('ab…');
    expect(fitStart('ab🏃‍♂️cd', 5)).toBe('…♂cd');
  });

  it('writes emoji whose width terminals disagree on as what every terminal draws alike', () => {
    expect(steadyEmoji('👍🏽 ❤️ 👨‍👩‍👧 1️⃣ 🏳️‍🌈 ok')).toBe('👍 ❤ 👨👩👧 1 🏳🌈 ok');
    // a ZWJ between letters of a script that joins (Devanagari half forms) is kept
    expect(steadyEmoji('क्\u200dष')).toBe('क्\u200dष');
    expect(steadyEmoji('plain 🚀 text')).toBe('plain 🚀 text');
    // every line the TUI draws goes through it
    expect(fit('👍🏽👍🏽', 10)).toBe('👍👍');
  });

  it('cuts names in the middle so that their ends stay apart', () => {
    const names = ['recall-incident-csv-en', 'recall-incident-csv-zh', 'recall-incident-jsonl-en', 'recall-incident-jsonl-zh'];
    const cut = names.map((n) => fitMiddle(n, 14));
    for (const c of cut) expect(textWidth(c)).toBe(14);
    expect(new Set(cut).size).toBe(4);
    expect(cut[0]).toBe('recall-…csv-en');
    expect(fitMiddle('short', 14)).toBe('short');
    expect(padMiddle('会话-限时秒杀-结束', 12)).toMatch(/^会话-.*….*结束 *$/);
    expect(textWidth(padMiddle('会话-限时秒杀-结束', 12))).toBe(12);
  });
});

describe('word wrapping', () => {
  const words = (lines: string[]) => lines.join(' ').split(/\s+/).filter(Boolean);

  it('wraps Fix and Replay text between words, never inside one', () => {
    const text = 'fix: keep the constraint pinned above the history so that the window never evicts it before the tool results';
    const lines = wrapLines(text, 30);
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(30);
    // every word whole, on one line
    expect(words(lines)).toEqual(words([text]));
  });

  it('wraps emoji-heavy and Chinese tool output without losing a character or overflowing', () => {
    const text = '    "content": "🚀🔥 AMAZING DEAL ALERT!!! 🔥🚀 ⚡ Blazing fast 🪶 ⭐⭐⭐⭐⭐ ✨ 🛒 限时秒杀！今天下单立减40%，错过再等一年！！！"';
    for (const w of [20, 37, 80]) {
      const lines = wrapLines(text, w);
      for (const l of lines) expect(textWidth(l), l).toBeLessThanOrEqual(w);
      expect(lines.join('').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
    }
  });

  it('keeps one-line titles whole-worded (wrapWords)', () => {
    const lines = wrapWords('Response broke "Be concise" right after the web_search tool result', 20);
    for (const l of lines) expect(textWidth(l)).toBeLessThanOrEqual(20);
    expect(lines).toContain('Response broke "Be');
  });

  it('cuts a word too wide for a line between graphemes: the room left, then full lines (cutWord)', () => {
    // 3 cells left: two wide characters never share them; the next lines hold two of 4 cells each
    expect(cutWord('记忆丢失原因', 3, 4)).toEqual(['记', '忆丢', '失原', '因']);
    expect(cutWord('abcdefg', 2, 3)).toEqual(['ab', 'cde', 'fg']);
    // no room left: the first piece is empty, the word starts on the next line
    expect(cutWord('🏃‍♂️👍🏽x', 0, 4)).toEqual(['', '🏃‍♂️👍🏽', 'x']);
    expect(cutWord('ab', 5, 5)).toEqual(['ab']);
  });
});

describe('the status line', () => {
  const screen = ['↑↓ PgDn move', 'Enter open', '/ search', 'f analyzer', 'F severity', 's sort', 'x clear'];

  it('keeps "? help" (and back, quit) at 80 and 100 columns, dropping the screen hints from the right', () => {
    for (const w of [80, 100]) {
      const line = fitHints([...screen, ...COMMON_HINTS], w);
      expect(textWidth(line)).toBeLessThanOrEqual(w);
      expect(line).toContain('? help');
      expect(line).toContain('q quit');
      expect(line.startsWith('↑↓ PgDn move · Enter open')).toBe(true);
    }
    expect(fitHints([...screen, ...COMMON_HINTS], 200)).toBe([...screen, ...COMMON_HINTS].join(' · '));
    expect(fitHints([...screen, ...COMMON_HINTS], 20)).toMatch(/^\? help/);
  });

  it('says "1 message", "2 messages"', () => {
    expect(plural(1, 'message')).toBe('1 message');
    expect(plural(2, 'message')).toBe('2 messages');
    expect(plural(0, 'evidence step')).toBe('0 evidence steps');
    expect(plural(12000, 'token')).toBe('12,000 tokens');
  });
});
