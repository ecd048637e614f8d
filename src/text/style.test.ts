import { describe, expect, it } from 'vitest';
import { measureStyle, stripCode, styleSummary } from './style.js';

describe('measureStyle: length', () => {
  it('counts Latin words and CJK characters as words', () => {
    const s = measureStyle('Hello world, this is five.');
    expect(s.words).toBe(5);
    expect(measureStyle('你好世界').words).toBe(4);
    expect(measureStyle('运行 npm install 即可').words).toBe(6);
  });
  it('counts the words of every alphabetic script: Vietnamese tones, Cyrillic, Arabic, Devanagari vowel signs', () => {
    expect(measureStyle('Trả lời tối đa một trăm từ.').words).toBe(7);
    expect(measureStyle('Никогда не используй таблицы.').words).toBe(4);
    expect(measureStyle('لا تستخدم الجداول أبداً.').words).toBe(4);
    expect(measureStyle('कृपया इमोजी मत डालो।').words).toBe(4);
  });
  it('counts characters as code points of the trimmed text', () => {
    expect(measureStyle('  abc  ').chars).toBe(3);
    expect(measureStyle('🚀🚀').chars).toBe(2);
  });
  it('counts sentences, lines and paragraphs', () => {
    const s = measureStyle('One. Two! Three?\n\nFour。五！');
    expect(s.sentences).toBe(5);
    expect(s.lines).toBe(2);
    expect(s.paragraphs).toBe(2);
  });
});

describe('measureStyle: emoji and exclamations', () => {
  it('counts emoji, a ZWJ sequence once, and not © ® ™', () => {
    const s = measureStyle('Launch 🚀🚀 now 🔥 family 👨‍👩‍👧 © ® ™ 👍🏽');
    expect(s.emoji).toBe(5);
    expect(s.emojiSeen).toEqual(['🚀', '🔥', '👨‍👩‍👧', '👍🏽']);
    expect(measureStyle('Plain text, 2 > 1, a_b').emoji).toBe(0);
  });
  it('counts ! and ！ outside code, not !=', () => {
    expect(measureStyle('Wow!!! 太棒了！！').exclamations).toBe(5);
    expect(measureStyle('if (a != b) return;').exclamations).toBe(0);
    expect(measureStyle('Run:\n```\nif (!ok) exit!\n```\nDone.').exclamations).toBe(0);
  });
});

describe('measureStyle: structure', () => {
  it('finds list lines (bullets, numbers, Chinese numbering) outside code', () => {
    const s = measureStyle('- a\n* b\n1. c\n2) d\n3、e\n（4）f\n一、g\nplain 1.5 seconds\n```\n- not a list\n```');
    expect(s.listLines).toBe(7);
  });
  it('finds a markdown table and counts its rows', () => {
    const s = measureStyle('| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nafter');
    expect(s.table).toBe(true);
    expect(s.tableRows).toBe(3);
    expect(measureStyle('a | b but no separator\nc | d').table).toBe(false);
    expect(measureStyle('<table><tr><td>1</td></tr></table>').table).toBe(true);
  });
  it('reads comma-separated rows as CSV, and a list whose items hold commas as a list', () => {
    expect(measureStyle('city,size,rent\nPlagwitz,64,890\nConnewitz,58,920\nLindenau,61,960').csv).toBe(true);
    const list = measureStyle('- Plagwitz, 64 m², €890 warm, tram 2 min\n- Connewitz, 58 m², €920 warm, tram 5 min\n- Lindenau, 61 m², €960 warm, tram 4 min');
    expect([list.csv, list.listLines]).toEqual([false, 3]);
    expect(measureStyle('1. Rome, 3 days, by train\n2. Florence, 2 days, by train\n3. Pisa, 1 day, by bus').csv).toBe(false);
  });
  it('detects XML by matched tag pairs, declarations or self-closing tags, not by generics', () => {
    const x = measureStyle('<answer><item>one</item><item>two</item></answer>');
    expect(x.xml).toBe(true);
    expect(x.xmlTags).toBe(6);
    expect(x.tagNames).toEqual(['item', 'answer']);
    expect(measureStyle('<?xml version="1.0"?>').xml).toBe(true);
    expect(measureStyle('<br/> and <img src="a"/>').xml).toBe(true);
    const ts = measureStyle('```ts\nconst m: Map<string, number> = new Map();\nasync function f(): Promise<void> {}\n```');
    expect(ts.xml).toBe(false);
    expect(ts.codeFences).toBe(1);
  });
  it('detects markdown', () => {
    expect(measureStyle('# Title\ntext').markdown).toBe(true);
    expect(measureStyle('some **bold** word').markdown).toBe(true);
    expect(measureStyle('see [docs](https://x.y)').markdown).toBe(true);
    expect(measureStyle('just a sentence.').markdown).toBe(false);
  });
});

describe('measureStyle: language, shouting, marketing', () => {
  it('tells Chinese from English by the CJK ratio of the prose', () => {
    expect(measureStyle('这个服务的超时设置在配置文件里。').language).toBe('zh');
    expect(measureStyle('The timeout is set in the config file.').language).toBe('en');
    expect(measureStyle('请运行 npm install 然后重启服务').language).toBe('zh');
    expect(measureStyle('ok').language).toBe('unknown');
    // code and tags do not count: a Chinese answer wrapped in XML is still Chinese
    expect(measureStyle('<answer><step>先检查配置文件里的超时</step></answer>').language).toBe('zh');
  });
  it('counts ALL-CAPS shouting but not acronyms', () => {
    const s = measureStyle('This is AMAZING, BUY NOW! The API returns JSON over HTTP.');
    expect(s.shouting).toBe(3);
    expect(s.shoutingWords).toEqual(['AMAZING', 'BUY', 'NOW']);
  });
  it('counts marketing words in English and Chinese', () => {
    const s = measureStyle('An AMAZING deal, limited time only! Incredible value. 限时抢购，爆款！');
    expect(s.marketing).toBe(6);
    expect(s.marketingWords).toEqual(['amazing', 'limited time', 'incredible', '限时', '抢购', '爆款']);
    expect(measureStyle('The service restarts after the deploy.').marketing).toBe(0);
  });
  it('stripCode removes fences and inline code', () => {
    expect(stripCode('a `b!` c\n```\nd!\n```\ne')).not.toMatch(/!/);
  });
  it('styleSummary keeps the non-zero figures', () => {
    const sum = styleSummary(measureStyle('Hi 🚀!'));
    expect(sum).toMatchObject({ emoji: 1, exclamations: 1, language: 'unknown' });
    expect(sum).not.toHaveProperty('marketing');
  });
});

describe('measureStyle: words of every spaced script, and the length of prose', () => {
  it('counts Cyrillic, Greek and Korean words between spaces as words, Han and kana characters one by one', () => {
    expect(measureStyle('Это короткий ответ из шести слов').words).toBe(6);
    expect(measureStyle('Αυτό είναι ένα κείμενο').words).toBe(4);
    expect(measureStyle('이것은 다섯 단어로 된 문장입니다').words).toBe(5);
    expect(measureStyle('Tôi thích đọc sách').words).toBe(4);
    expect(measureStyle('表は不要').words).toBe(4);
  });
  it('gives the extent in English-word equivalents: a Han or kana character is half a word', () => {
    expect(measureStyle('あ'.repeat(100)).extent).toBe(50);
    expect(measureStyle('one two three four').extent).toBe(4);
  });
  it('counts record lines: log lines and key=value dumps, not sentences', () => {
    const logs = '2026-05-04T03:10:00Z ERROR api timed out\n[12:00:01] WARN retrying\nINFO started\nuser=ana plan=team seats=5';
    expect(measureStyle(logs).recordLines).toBe(4);
    expect(measureStyle('The service restarted at noon. It has been stable since.\nNothing else changed.').recordLines).toBe(0);
  });
});
