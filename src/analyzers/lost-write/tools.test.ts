import { describe, expect, it } from 'vitest';
import { testAnalyzer } from '../../../test/analyzer-tester.js';
import { analyzer } from './index.js';
import { memoryTool, nameWords, toolFailed, toolList } from './tools.js';

const here = import.meta.dirname;

testAnalyzer(analyzer, here, {
  options: { memory_tools: 'brain_ingest, other_tool' },
  valid: [
    { name: 'promise backed by upsert_user_fact', files: ['fixtures/valid/tool-upsert-user-fact.jsonl'] },
    { name: 'promise backed by a camelCase saveNote call inside the response', files: ['fixtures/valid/tool-camelcase-in-response.jsonl'] },
    { name: "promise backed by a key-value tool whose arguments carry the user's words", files: ['fixtures/valid/tool-arguments-carry-text.jsonl'] },
    { name: 'promise backed by a tool named in memory_tools', files: ['fixtures/valid/tool-configured.jsonl'] },
  ],
  invalid: [
    {
      // the session has a memory system (a retrieval), so the promise is judged; a search tool is not a write
      name: "promise with only a search tool carrying the user's words",
      files: ['fixtures/invalid/tool-search-only.jsonl'],
      expected: [{ session: 'lw-i-search', turn: 1, cause: 'promised_not_written' }],
    },
    {
      name: 'the memory tool failed, yet the assistant said it was saved',
      files: ['fixtures/invalid/tool-failed-promised.jsonl'],
      expected: [{ session: 'lw-i-toolfail', turn: 1, cause: 'failed_without_retry' }],
    },
  ],
});

describe('memory tool recognition', () => {
  const none = new Set<string>();
  it('splits identifiers into words', () => {
    expect(nameWords('upsertUserFact')).toEqual(['upsert', 'user', 'fact']);
    expect(nameWords('memory.add-note_v2')).toEqual(['memory', 'add', 'note', 'v2']);
  });
  it('recognises a write verb with a memory noun, and memory words alone', () => {
    for (const n of [
      'upsert_user_fact',
      'save_memory',
      'add_memories',
      'store-note',
      'persistProfile',
      'remember',
      'mem0_add',
      'update_preferences',
      '保存记忆',
    ]) {
      expect(memoryTool(n, {}, none, null), n).not.toBeNull();
    }
  });
  it('does not take other writes or reads for memory tools', () => {
    for (const n of ['save_file', 'store_backup', 'upload_to_s3', 'search_memory_docs', 'get_weather', 'write_pdf']) {
      expect(memoryTool(n, { text: 'the backup of the database' }, none, 'store the backup of the database in S3'), n).toBeNull();
    }
  });
  it('takes a configured name, case-insensitively', () => {
    expect(memoryTool('Brain_Ingest', {}, toolList('brain_ingest, x'), null)).toBe('configured');
  });
  it("takes a write whose content arguments carry the user's words, not one that carries other words", () => {
    expect(memoryTool('kv_put', { value: 'flight lands at Heathrow terminal 5' }, none, 'my flight lands at Heathrow terminal 5')).toBe('arguments');
    expect(memoryTool('kv_put', { value: 'cache warmup done' }, none, 'my flight lands at Heathrow terminal 5')).toBeNull();
  });
  it('long arguments: read a chunk at a time, the same answer (a whole file given to Write is no memory; the user’s long words are)', () => {
    const said = Array.from({ length: 900 }, (_, i) => `term${i}`).join(' ');
    const lines = (from: number, n: number) => Array.from({ length: n }, (_, i) => `term${from + i} `.repeat(3)).join('\n');
    // 1,200 lines naming 900 of the user's words and 300 others: 3 in 4 are the user's
    expect(memoryTool('kv_put', { value: lines(0, 1200) }, none, said)).toBe('arguments');
    // a file with 3,000 other words, then the user's: more than twice the user's words, stopped early
    expect(memoryTool('Write', { file_path: '/a.ts', content: `${lines(5000, 3000)}\n${lines(0, 900)}` }, none, said)).toBeNull();
    expect(memoryTool('kv_put', { value: lines(0, 300) + '\n' + lines(5000, 400) }, none, said)).toBeNull(); // 300 of 700
  });
  it('reads failures from a tool result', () => {
    expect(toolFailed({ content: '{"ok":false,"error":"503"}' })).toBe('503');
    expect(toolFailed({ content: { status: 'dead_lettered' } })).toBe('dead_lettered');
    expect(toolFailed({ content: 'Error: quota exceeded' })).toMatch(/quota/);
    expect(toolFailed({ content: '{"ok":true}' })).toBeNull();
    expect(toolFailed({ content: 'Saved. No errors.' })).toBeNull();
  });
});
