import { describe, expect, it } from 'vitest';
import { detectPreferences } from './index.js';

const keys = (text: string) => detectPreferences(text).map((p) => p.key);

describe('a clause before a colon that announces the rules after it is their heading, not a rule', () => {
  it.each([
    ['このチャットの間ずっと守ってほしいルールです：回答ではマークダウンの見出しを絶対に使わないでください。', ['format:no-headings', 'format:no-markdown']],
    ['이 대화 내내 지켜 주세요: 답변에 마크다운 제목은 절대 쓰지 마세요, #으로 시작하는 줄도 안 돼요.', ['format:no-headings', 'format:no-markdown']],
  ])('%s', (text, want) => {
    expect(keys(text)).toEqual(want);
  });
  it('a directive before a colon with only its reason after it stays a directive', () => {
    expect(keys('Always call me Dr. Lee: it is my title.')).toEqual(['directive:dr lee']);
  });
});

describe('a negation reaches its word across the words naming the answers', () => {
  it.each([
    ['С этого момента не используй в ответах маркированные списки, пиши обычными предложениями.', ['format:no-lists']],
    ['Never use in your answers any tables.', ['format:lists-not-tables']],
    ['Bitte verwende ab jetzt keine Aufzählungslisten mehr in deinen Antworten.', ['format:no-lists']],
  ])('%s', (text, want) => {
    expect(keys(text)).toEqual(want);
  });
  it('the answer word does not stretch a negation over another clause', () => {
    expect(keys('No emoji in the answers, and always answer in German.')).toEqual(['emoji:none', 'language:de']);
  });
});
