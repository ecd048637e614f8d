import { describe, expect, it } from 'vitest';
import { segmenter, tokenize, WORD_WINDOW, words } from './tokenize.js';
import { tokens } from './relevance.js';

/**
 * Issue 35: one Intl.Segmenter call over a long text is quadratic (100 KB of Chinese: 10.5 s of
 * CPU, 200 KB: 45.8 s), so `words` segments in windows. Where a window ends at a certain
 * boundary the segments must be exactly the one-call segments; where no such place exists (a long
 * run of Chinese, base64) nothing may be lost or doubled. No timing assertions.
 */

type Seg = [string, boolean];
const oneCall = (lang: string, text: string): Seg[] => Array.from(segmenter(lang).segment(text), (s) => [s.segment, !!s.isWordLike]);
const windowed = (lang: string, text: string): Seg[] => Array.from(words(segmenter(lang), text), (s) => [s.segment, !!s.isWordLike]);

const PROSE: [string, string][] = [
  ['zh', '请不要使用表格，用列表回答。记忆丢失的原因是检索排名太低！下一轮（第三轮）又忘了“不要表情符号”。\n'],
  ['ja', 'テーブルは使わないでください。箇条書きでお願いします、絵文字もなしで！\n'],
  ['fr', "L'utilisateur préfère les listes à puces ; pas de tableaux, s'il vous plaît. Déjà dit à 10h30, e.g. hier.\n"],
  ['de', 'Bitte keine Tabellen — nur Aufzählungen. Größe: 3,5 cm; Straße Nr. 12. ‹Kein Emoji› bitte!\n'],
  ['ko', '표는 쓰지 마세요. 목록으로 답해 주세요! 이모지도 빼 주세요.\n'],
  ['th', 'กรุณาอย่าใช้ตาราง ใช้รายการแทน ขอบคุณครับ\n'],
  ['und', 'Mixed 混合 テキスト with e-mail a.b@c.de, 3.14, can’t, 😀👍🏽 and (brackets) [1] {x}.\n'],
];

describe('words: segmentation in bounded windows', () => {
  it('gives exactly the one-call segments of long prose in every language, whatever the window edges fall on', () => {
    for (const [lang, line] of PROSE) {
      // several windows long, with the edges falling at different places in the line
      for (const lead of [0, 1, 7, 333]) {
        const text = 'x'.repeat(lead) + line.repeat(Math.ceil((3.5 * WORD_WINDOW) / line.length));
        expect(text.length).toBeGreaterThan(3 * WORD_WINDOW);
        expect(windowed(lang, text), `${lang} +${lead}`).toEqual(oneCall(lang, text));
      }
    }
  });

  it('loses and doubles nothing on long runs with no certain boundary (Chinese without punctuation, base64, astral characters)', () => {
    const runs = [
      ['zh', '记忆丢失原因限时秒杀今天下单立减错过再等一年'.repeat(1000)],
      ['und', `é${'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0123456789abcdef'.repeat(400)}`],
      ['zh', '𠀀𠀁𠀂𡀀𢀀'.repeat(2000)],
    ] as const;
    for (const [lang, text] of runs) {
      const segs = windowed(lang, text);
      expect(segs.map((s) => s[0]).join('')).toBe(text);
      for (const [s] of segs) {
        expect(s.length).toBeLessThanOrEqual(WORD_WINDOW);
        // no lone surrogate at a window's edge
        expect(s).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
      }
    }
  });

  it('keeps the one-call words of a long Chinese run, but for a few at the windows edges', () => {
    const text = '请不要使用表格用列表回答记忆丢失的原因是检索排名太低下一轮又忘了不要表情符号'.repeat(400);
    const a = windowed('zh', text).filter((s) => s[1]);
    const b = oneCall('zh', text).filter((s) => s[1]);
    const count = (xs: Seg[]) => xs.reduce((m, [w]) => m.set(w, (m.get(w) ?? 0) + 1), new Map<string, number>());
    const ca = count(a);
    let same = 0;
    for (const [w, n] of count(b)) same += Math.min(n, ca.get(w) ?? 0);
    expect(same / b.length).toBeGreaterThan(0.99);
  });

  it('tokenize and the relevance tokens read a long message through the windows', () => {
    const line = PROSE[0][1];
    const text = line.repeat(Math.ceil((4 * WORD_WINDOW) / line.length));
    const once = oneCall('zh', text)
      .filter((s) => s[1])
      .map((s) => s[0].toLowerCase());
    expect(tokenize(text)).toEqual(once);
    // each line ends in a line feed, where the relevance tokens' runs of single characters end too
    const n = text.length / line.length;
    expect(tokens(line).length).toBeGreaterThan(5);
    expect(tokens(text)).toEqual(Array.from({ length: n }, () => tokens(line)).flat());
  });
});
