import { describe, expect, it } from 'vitest';
import { testAnalyzer } from '../../../test/analyzer-tester.js';
import { analyzer } from './index.js';
import { fieldsOf, overlap, refusalSignal } from './writes.js';

testAnalyzer(analyzer, import.meta.dirname, {
  valid: [
    { name: 'refusals as HTTP 409 / "412", a numeric conflict field, a nested status_code', files: ['fixtures/valid/http-refusals-en.jsonl'] },
    { name: 'merge writes, JSON patches and field lists on different fields (de)', files: ['fixtures/valid/merge-different-fields-de.jsonl'] },
    { name: 'two replicas named worker, each re-reading first', files: ['fixtures/valid/replicas-sequential-en.jsonl'] },
  ],
  invalid: [
    {
      name: 'merge writes to the same field (fr)',
      files: ['fixtures/invalid/merge-same-field-fr.jsonl'],
      expected: [{ session: 'co-i-merge', cause: 'same_base_version' }],
    },
    {
      name: 'two replicas sharing the actor name, told apart by process',
      files: ['fixtures/invalid/replicas-same-name-en.jsonl'],
      expected: [{ session: 'co-i-replicas', cause: 'same_base_version' }],
    },
    {
      name: 'both writes report the same new version and the later read shows the second (es)',
      files: ['fixtures/invalid/same-new-version-es.jsonl'],
      expected: [{ session: 'co-i-samever', cause: 'same_base_version' }],
    },
  ],
});

describe('concurrent-overwrite: reading writes', () => {
  it('reads refusals of any type', () => {
    expect(refusalSignal({ status: 409 })).toBe('status 409');
    expect(refusalSignal({ status_code: '412' })).toBe('status_code 412');
    expect(refusalSignal({ conflict: true })).toBe('conflict');
    expect(refusalSignal({ conflict: 'yes' })).toBe('conflict');
    expect(refusalSignal({ status: 'Konflikt' })).toBe('Konflikt');
    expect(refusalSignal({ result: { code: 409 } })).toBe('code 409');
    // the refusing word in the store's language
    expect(refusalSignal({ result: '충돌' })).toBe('충돌');
    expect(refusalSignal({ status: 'Конфликт версий' })).toBe('Конфликт версий');
    expect(refusalSignal({ result: 'rifiutato: versione superata' })).toBe('rifiutato: versione superata');
    expect(refusalSignal({ outcome: 'ditolak' })).toBe('ditolak');
    expect(refusalSignal({ result: 'zapisano' })).toBeNull();
    expect(refusalSignal({ result: '완료' })).toBeNull();
    expect(refusalSignal({ status: 200 })).toBeNull();
    expect(refusalSignal({ status: 'ok', conflict: false })).toBeNull();
    expect(refusalSignal({ conflict: 'none' })).toBeNull();
  });
  it('reads the fields a write touched', () => {
    expect(fieldsOf({ merge: true, value: { a: 1, b: 2 } })).toEqual([['a'], ['b']]);
    expect(fieldsOf({ value: [{ op: 'replace', path: '/a/b', value: 1 }] })).toEqual([['a', 'b']]);
    expect(fieldsOf({ fields: 'a, c', value: {} })).toEqual([['a'], ['c']]);
    expect(fieldsOf({ update_mask: { paths: ['x.y'] } })).toEqual([['x', 'y']]);
    expect(fieldsOf({ value: { a: 1 } })).toBeNull();
    expect(overlap([['a']], [['b']])).toBe(false);
    expect(overlap([['a', 'b']], [['a']])).toBe(true);
    expect(overlap(null, [['b']])).toBe(true);
  });
});
