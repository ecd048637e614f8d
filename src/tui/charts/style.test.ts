import { describe, expect, it } from 'vitest';
import { lineText } from './common.js';
import { sparkLevels, styleChart } from './style.js';
import { styleOf, type StyleData, type StylePoint } from './model.js';

const p = (turn: number, text: string, tool: string | null = null): StylePoint => ({ source: `a:${turn}`, turn, ts: turn, tool, ...styleOf(text) });
const data: StyleData = {
  points: [
    p(0, 'Sure.'),
    p(1, '32 GB. Docker and an IDE use 16 GB quickly.'),
    p(2, 'Yes, the X1 is lighter.'),
    p(
      3,
      '🚀🔥 AMAZING deal!!! 🎉 The ThinkPad is on sale RIGHT NOW and it is the ULTIMATE machine for your team, save 40% today!!! 💻✨ hurry!!!',
      'web_search',
    ),
    p(4, 'Anything else?'),
  ],
  drift: [{ index: 3, findingId: 'f_1', label: 'be concise broken (length)', before: 2 }],
};

describe('styleOf', () => {
  it('counts words (a CJK character as one), emoji and exclamation marks', () => {
    expect(styleOf('Hello there, world!')).toEqual({ words: 3, emoji: 0, exclamations: 1 });
    expect(styleOf('好的！🎉 done')).toEqual({ words: 3, emoji: 1, exclamations: 1 });
  });
});

describe('styleChart', () => {
  const lines = styleChart(data, { width: 60 }).map(lineText);
  const row = (label: string) => [...lines.find((l) => l.startsWith(label))!];

  it('draws each feature as a sparkline, highest at the drift', () => {
    expect(sparkLevels([0, 1, 8])).toEqual([-1, 0, 7]);
    const len = row('length');
    const emoji = row('emoji');
    const x = row('turn').indexOf('3');
    expect(len[x]).toBe('█');
    expect(emoji[x]).toBe('█');
    expect(emoji[row('turn').indexOf('0')]).toBe('·');
    expect(row('exclaim')[x]).toBe('█');
  });

  it('marks the tool result and the drift point under the same response', () => {
    const x = row('turn').indexOf('3');
    expect(row('tool').indexOf('◆')).toBe(x);
    expect(row('drift').indexOf('▲')).toBe(x);
    const wide = styleChart(data, { width: 160 }).map(lineText);
    expect(wide.find((l) => l.startsWith('▲ turn 3 after web_search'))).toContain('(before: 5 words, 0 emoji, 0 !)');
  });
});
