import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { byNumberedName, chunkSize, decodeLine, firstInvalidUtf8, openContent, readLines } from './read.js';

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

describe('byNumberedName', () => {
  it('numbers in names sort as numbers (OpenHands writes 10.json after 2.json); the rest as before', () => {
    expect(['10.json', '2.json', '1.json', '0.json'].sort(byNumberedName)).toEqual(['0.json', '1.json', '2.json', '10.json']);
    expect(['event-10000-b.json', 'event-09999-a.json'].sort(byNumberedName)).toEqual(['event-09999-a.json', 'event-10000-b.json']);
    // fixed-width names (Codex rollouts, Claude Code uuids) keep their code unit order
    const same = [
      'rollout-2025-10-02T09-00-00-a.jsonl',
      'rollout-2025-09-30T23-59-59-b.jsonl',
      'B.json',
      'a.json',
      'a.jsonl',
      'a9f3.jsonl',
      'a10f.jsonl',
      'agent-a9.jsonl',
      'agent-a10.jsonl',
    ];
    expect([...same].sort(byNumberedName)).toEqual([...same].sort());
    expect(byNumberedName('1.json', '01.json')).toBe(1); // same number: code unit order
    expect(byNumberedName('x', 'x')).toBe(0);
    expect(['s/10/x.json', 's/9/x.json', 's/9/y.json'].sort(byNumberedName)).toEqual(['s/9/x.json', 's/9/y.json', 's/10/x.json']);
  });
});

describe('chunkSize: a file is read in buffers of its size, not 1 MiB each', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-chunk-'));
  const file = (name: string, bytes: number) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, Buffer.alloc(bytes, 'a'));
    return p;
  };

  it('a small file: its size and one byte; a large one or a missing one: 1 MiB', () => {
    expect(chunkSize(file('small.jsonl', 170_000))).toBe(170_001);
    expect(chunkSize(file('empty.jsonl', 0))).toBe(64);
    expect(chunkSize(file('large.jsonl', 3 << 20))).toBe(1 << 20);
    expect(chunkSize(path.join(dir, 'missing.jsonl'))).toBe(1 << 20);
  });

  it('a file that grew after its size was taken is still read to its end', async () => {
    const p = file('growing.jsonl', 1000);
    const content = openContent(p);
    fs.appendFileSync(p, Buffer.alloc(5000, 'b'));
    const chunks: Buffer[] = [];
    for await (const c of content) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).length).toBe(6000);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
