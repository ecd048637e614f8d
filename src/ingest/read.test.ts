import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { decodeLine, firstInvalidUtf8, readLines } from './read.js';

async function lines(chunks: (string | Buffer)[], max = 1 << 20, keep = 1 << 20) {
  const out = [];
  for await (const l of readLines(Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))), max, keep)) {
    out.push({ no: l.no, text: l.bytes.toString(), tooLong: l.tooLong, unterminated: l.unterminated });
  }
  return out;
}

describe('readLines', () => {
  it('splits across chunk boundaries and numbers lines from 1', async () => {
    expect((await lines(['ab', 'c\nde', 'f\n\ng\n'])).map((l) => [l.no, l.text])).toEqual([
      [1, 'abc'],
      [2, 'def'],
      [3, ''],
      [4, 'g'],
    ]);
  });
  it('strips CR and a leading BOM, marks an unterminated last line', async () => {
    const out = await lines(['\ufeffa\r\n', 'b']);
    expect(out.map((l) => [l.text, !!l.unterminated])).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });
  it('cuts a line longer than the limit without buffering it, keeping its length', async () => {
    const out = await lines(['x'.repeat(10), 'y'.repeat(10), 'z\nok\n'], 15, 4);
    expect(out[0]).toMatchObject({ no: 1, text: 'xxxx', tooLong: 21 });
    expect(out[1]).toMatchObject({ no: 2, text: 'ok', tooLong: undefined });
  });
  it('an over-long line inside one chunk is cut too', async () => {
    const out = await lines(['a'.repeat(50) + '\nb\n'], 10, 3);
    expect(out.map((l) => [l.text, l.tooLong])).toEqual([
      ['aaa', 50],
      ['b', undefined],
    ]);
  });
});

describe('decodeLine', () => {
  it('accepts valid UTF-8 including a literal U+FFFD', () => {
    expect(decodeLine(Buffer.from('中文 \ufffd ok'))).toBe('中文 \ufffd ok');
  });
  it('rejects invalid sequences and finds the first bad byte', () => {
    const b = Buffer.from([0x61, 0x62, 0xe4, 0xb8, 0x41]);
    expect(decodeLine(b)).toBeNull();
    expect(firstInvalidUtf8(b)).toBe(2);
  });
});
