// The toy analyzer's own test, as docs/new-analyzer.md has a new analyzer's: fixtures it must flag and fixtures it must leave alone.
import { flags, testAnalyzer } from '../analyzer-tester.js';
import { analyzer } from './index.js';

testAnalyzer(analyzer, import.meta.dirname, {
  valid: [{ name: 'an answer with text', files: ['fixtures/valid/answered-en.jsonl'] }],
  invalid: [flags('an empty answer to the second question', 'fixtures/invalid/empty-en.jsonl', 'toy-empty', [1, 'empty_answer'])],
});
