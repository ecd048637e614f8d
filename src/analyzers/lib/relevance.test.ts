import { describe, expect, it } from 'vitest';
import { coverage, lexicalOverlap, normalizeText, stem, terms } from './relevance.js';

describe('stem', () => {
  it('brings inflections of one word together', () => {
    expect(stem('lists')).toBe(stem('list'));
    expect(stem('listing')).toBe(stem('list'));
    expect(stem('listed')).toBe(stem('list'));
    expect(stem('tables')).toBe(stem('table'));
    expect(stem('preferred')).toBe(stem('prefer'));
    expect(stem('matches')).toBe(stem('match'));
    expect(stem('policies')).toBe(stem('policy'));
    expect(stem("user's")).toBe(stem('user'));
  });
  it('keeps words apart that only look alike', () => {
    expect(stem('status')).not.toBe(stem('stat'));
    expect(stem('list')).not.toBe(stem('lift'));
    expect(stem('go')).toBe('go');
  });
});

describe('terms', () => {
  it('drops English stop words and memory boilerplate', () => {
    expect([...terms('The user prefers lists, not tables.')].sort()).toEqual([stem('list'), stem('table')].sort());
    expect(terms('What does the user prefer for dinner?')).toEqual(new Set([stem('dinner')]));
  });
  it('makes Chinese character bigrams, without function-word and boilerplate bigrams', () => {
    const t = terms('用户偏好列表而非表格');
    expect(t.has('列表')).toBe(true);
    expect(t.has('表格')).toBe(true);
    expect(t.has('用户')).toBe(false);
    expect(t.has('偏好')).toBe(false);
    // 的 is a particle: no bigram touches it
    expect([...terms('我的套餐')]).toEqual(['套餐']);
  });
  it('reads mixed Chinese and English text', () => {
    const t = terms('部署到staging环境');
    expect(t.has(stem('staging'))).toBe(true);
    expect(t.has('部署')).toBe(true);
    expect(t.has('环境')).toBe(true);
  });
  it('gives no term for an empty or punctuation-only text', () => {
    expect(terms('').size).toBe(0);
    expect(terms('?!… ，。').size).toBe(0);
  });
});

describe('lexicalOverlap', () => {
  it('finds a query that fits the memory, in English and in Chinese', () => {
    const en = lexicalOverlap('Compare the three pricing plans, formatted as a table or list?', 'User prefers lists, not tables');
    expect(en.score).toBe(1);
    expect(en.shared.sort()).toEqual([stem('list'), stem('table')].sort());
    const zh = lexicalOverlap('对比三个套餐，用表格还是列表？', '用户偏好列表而非表格');
    expect(zh.shared.sort()).toEqual(['列表', '表格'].sort());
    expect(zh.score).toBeGreaterThanOrEqual(0.25);
  });
  it('scores an unrelated query 0', () => {
    expect(lexicalOverlap('What is the weather in Paris tomorrow?', 'User prefers lists, not tables').score).toBe(0);
    expect(lexicalOverlap('明天巴黎天气怎么样', '用户偏好列表而非表格').score).toBe(0);
    expect(lexicalOverlap('What does the user prefer for dinner?', 'User prefers lists, not tables').score).toBe(0);
  });
  it('divides by the smaller side', () => {
    const o = lexicalOverlap('staging database', 'The staging database password rotates every Monday; the vault path is secret/staging');
    expect(o.shared.length).toBe(2);
    expect(o.score).toBe(1);
  });
});

describe('coverage and normalizeText', () => {
  it('measures how much of the inner text the outer one holds', () => {
    expect(coverage(terms('deploy window Friday'), terms('Notes: the deploy window is Friday 18:00, see runbook'))).toBe(1);
    expect(coverage(terms('deploy window Friday'), terms('nothing to see'))).toBe(0);
    expect(coverage(new Set(), terms('x'))).toBe(0);
  });
  it('ignores case, spacing and punctuation', () => {
    expect(normalizeText('User prefers: lists, NOT tables.')).toBe('userpreferslistsnottables');
    expect(normalizeText('用户偏好列表，而非表格。')).toBe('用户偏好列表而非表格');
  });
});
