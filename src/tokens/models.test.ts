import { describe, expect, it } from 'vitest';
import { modelInfo } from './models.js';
import { get_encoding } from 'tiktoken';
import { countMessageTokens, countTokens } from './count.js';
import { EXHAUSTIVE, sized } from '../../test/tier.js';

describe('modelInfo', () => {
  it.each([
    ['gpt-4o', 'o200k_base', 128_000, true],
    ['gpt-4o-2024-08-06', 'o200k_base', 128_000, true],
    ['openai/gpt-4.1-mini', 'o200k_base', 1_047_576, true],
    ['o3-mini', 'o200k_base', 200_000, true],
    ['gpt-5', 'o200k_base', 400_000, true],
    ['gpt-4', 'cl100k_base', 8_192, true],
    ['gpt-4-0613', 'cl100k_base', 8_192, true],
    ['gpt-4-turbo-2024-04-09', 'cl100k_base', 128_000, true],
    ['gpt-3.5-turbo', 'cl100k_base', 16_385, true],
    ['claude-sonnet-4-20250514', 'o200k_base', 200_000, false],
    ['qwen-max', 'o200k_base', 32_768, false],
    ['my-local-llm', 'o200k_base', null, false],
  ])('%s -> %s, window %s', (model, encoding, window, exact) => {
    const info = modelInfo(model);
    expect([info.encoding, info.contextLimit, info.exact]).toEqual([encoding, window, exact]);
  });
  it('configuration overrides the window and the encoding', () => {
    const info = modelInfo('my-local-llm', { 'my-local-llm': { context_limit: 32_000, encoding: 'cl100k_base' } });
    expect([info.encoding, info.contextLimit]).toEqual(['cl100k_base', 32_000]);
  });
});

describe('token counts (real tiktoken encodings)', () => {
  it('differ between o200k_base and cl100k_base where the vocabularies differ', () => {
    const zh = '以后回答都用列表，不要用表格';
    expect(countTokens(zh, 'o200k_base')).toBeLessThan(countTokens(zh, 'cl100k_base'));
    expect(countTokens('hello world', 'o200k_base')).toBe(2);
  });
  it('special-token text is counted as ordinary text, not refused', () => {
    expect(countTokens('<|endoftext|>', 'cl100k_base')).toBeGreaterThan(1);
  });
  it('a message adds its framing and its name', () => {
    expect(countMessageTokens({ role: 'user', content: 'hello world' }, 'o200k_base')).toBe(5);
    expect(countMessageTokens({ role: 'user', content: 'hello world', name: 'bob' }, 'o200k_base')).toBe(7);
    expect(countMessageTokens({ role: 'user', content: [{ type: 'text', text: 'hello world' }] }, 'o200k_base')).toBe(5);
  });
});

describe('huge texts are counted in pieces', () => {
  // test:slow: 1.3 million characters; npm test: a tenth of it (tiktoken's own count of the whole text is the cost)
  it('gives the same count as one piece for text with whitespace', EXHAUSTIVE, () => {
    const words = Array.from({ length: sized(12_000, 120_000) }, (_, i) => `word${i % 97} 中文${i % 13}`).join(' ');
    expect(words.length).toBeGreaterThan(sized(100_000, 1_000_000));
    const exact = get_encoding('o200k_base').encode_ordinary(words).length;
    expect(countTokens(words, 'o200k_base')).toBe(exact);
  });
});
