import { describe, expect, it } from 'vitest';
import { hangulTokens, stripParticle } from './hangul.js';
import { coverage, tokenSet, tokens } from './relevance.js';

describe('Korean relevance tokens', () => {
  it('cut the particle off a noun when two syllables or more stay', () => {
    expect(stripParticle('알레르기가')).toBe('알레르기');
    expect(stripParticle('사용자는')).toBe('사용자');
    expect(stripParticle('서울에서')).toBe('서울');
    expect(stripParticle('마라톤을')).toBe('마라톤');
    // a two-syllable noun ending like a particle keeps its syllables
    expect(stripParticle('아이')).toBe('아이');
    expect(stripParticle('작가')).toBe('작가');
  });
  it('give a long word its syllable bigrams, a short one itself', () => {
    expect(hangulTokens('땅콩버터를')).toEqual(['땅콩', '콩버', '버터']);
    expect(hangulTokens('땅콩')).toEqual(['땅콩']);
    expect(hangulTokens('차')).toEqual(['차']);
  });
  it('a memory meets the question about it whatever particles each carries, and not an unrelated one', () => {
    const mem = tokenSet('민수는 갑각류 알레르기가 있다');
    expect(coverage(new Set(['갑각', '각류', '알레', '레르', '르기']), mem)).toBe(1);
    expect(coverage(tokenSet('갑각류 알레르기'), tokenSet('민수에게 갑각류 알레르기를 확인해'))).toBe(1);
    expect(coverage(tokenSet('땅콩 알레르기'), tokenSet('내일 부산 날씨 어때?'))).toBe(0);
    // a compound meets its part
    expect(tokens('땅콩버터를 좋아해요')).toContain('땅콩');
  });
  it('leave other scripts as they were', () => {
    expect(tokens('민수 likes peanuts 花生')).toEqual(['민수', 'peanut', '花生']);
  });
});
