// Per-reader fuzz targets (test/fuzz.test.ts): a real sample of every format, mutated; the database
// readers' real files (Mem0 history, LangGraph SQLite and Postgres checkpoints) with rows rewritten.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { AmnesiaError } from '../src/errors.js';
import { detectFormat, FORMATS } from '../src/ingest/formats.js';
import type { IngestItem, InputFormat } from '../src/ingest/types.js';
import { FIXTURES } from './helpers.js';

/**
 * Every stream format's samples: for each file extension it is read from, the smallest file under
 * fixtures/ (not compressed, under 256 KB) that its detector claims. One extension is one way of
 * reading: JSON Lines line by line, a `.json` document whole (Langfuse, OTLP, OpenInference, LiteLLM
 * exports), a `.multipart` body by its parts; each is a target of its own.
 */
export function samplesByFormatAndKind(): Map<string, string[]> {
  const best = new Map<string, { file: string; size: number }>();
  for (const file of fixtureLogs()) {
    const size = fs.statSync(file).size;
    const fmt = detectFormat(fs.readFileSync(file).subarray(0, 65536).toString('utf8'));
    if (!fmt || fmt.database) continue;
    const key = `${fmt.name}\0${path.extname(file)}`;
    const had = best.get(key);
    if (!had || size < had.size) best.set(key, { file, size });
  }
  const out = new Map<string, string[]>();
  for (const [key, v] of [...best].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const name = key.split('\0')[0];
    out.set(name, [...(out.get(name) ?? []), v.file]);
  }
  return out;
}

/** The log files under fixtures/ a sample may be: not compressed, under 256 KB, not empty. */
function fixtureLogs(): string[] {
  return fs
    .readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(FIXTURES, f))
    .filter((file) => /\.(jsonl|ndjson|json|log|csv|txt|multipart)$/.test(file) && !file.includes('node_modules') && !/package(-lock)?\.json$/.test(file))
    .filter((file) => {
      const size = fs.statSync(file).size;
      return size > 0 && size <= 256 * 1024;
    })
    .sort();
}

/** Every stream format's smallest sample (any extension). */
export function samplesByFormat(): Map<string, string> {
  const size = (f: string) => fs.statSync(f).size;
  return new Map([...samplesByFormatAndKind()].map(([name, files]) => [name, files.reduce((a, b) => (size(b) < size(a) ? b : a))]));
}

/** Keys and values an attacker picks (as JSON text). */
const hostileJson = fc.oneof(
  fc.constantFrom(
    '{"toString":1}',
    '{"valueOf":1,"toString":2}',
    '{"__proto__":{"x":1}}',
    '[]',
    '{}',
    '1e308',
    '-0',
    'true',
    'null',
    '"\\ud800"',
    '"\\u001b]0;x\\u0007"',
    '"::add-mask::x"',
    '"2026-13-45T99:00:00Z"',
    '-1',
    '1.5',
    '9007199254740993',
  ),
  fc.string({ maxLength: 20 }).map((s) => JSON.stringify(s)),
  fc.integer().map(String),
  fc.nat(3000).map((n) => JSON.stringify('L'.repeat(n + 1))),
  fc.integer({ min: 200, max: 3000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 200, max: 3000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
);

export type TextMutation = { op: 'value' | 'key' | 'truncate' | 'byte' | 'drop-line' | 'dup-line'; at: number; json: string; byte: number };

export const textMutation: fc.Arbitrary<TextMutation> = fc.record({
  op: fc.constantFrom('value', 'value', 'value', 'key', 'truncate', 'byte', 'drop-line', 'dup-line'),
  at: fc.nat(),
  json: hostileJson,
  byte: fc.constantFrom(0x22, 0x5c, 0x7b, 0x7d, 0x5b, 0x5d, 0x2c, 0x3a, 0x0a, 0x00, 0xff, 0xc3, 0x20),
});

const STRING_LITERAL = /"(?:[^"\\\n]|\\.)*"(\s*:)?/g;

/** The sample with one mutation: a string literal (a value, or a key) replaced by hostile JSON, a cut, a byte, a line dropped or doubled. */
export function mutate(text: string, m: TextMutation): string {
  if (m.op === 'truncate') return text.slice(0, m.at % (text.length + 1));
  if (m.op === 'byte') {
    const i = m.at % Math.max(1, text.length);
    return text.slice(0, i) + String.fromCharCode(m.byte) + text.slice(i + 1);
  }
  if (m.op === 'drop-line' || m.op === 'dup-line') {
    const lines = text.split('\n');
    const i = m.at % lines.length;
    lines.splice(i, m.op === 'drop-line' ? 1 : 0, ...(m.op === 'dup-line' ? [lines[i]] : []));
    return lines.join('\n');
  }
  const spots: { start: number; end: number; key: boolean }[] = [];
  for (const x of text.matchAll(STRING_LITERAL)) {
    const key = x[1] !== undefined;
    if (key === (m.op === 'key')) spots.push({ start: x.index, end: x.index + x[0].length - (key ? x[1].length : 0), key });
    if (spots.length >= 5000) break;
  }
  if (!spots.length) return text;
  const s = spots[m.at % spots.length];
  const put = s.key ? JSON.stringify(['__proto__', 'constructor', 'toString', 'prototype', ''][m.at % 5]) : m.json;
  return text.slice(0, s.start) + put + text.slice(s.end);
}

/** Read everything a stream reader yields; an error that is not a typed, one-line refusal (InputError) fails. */
export async function readStream(format: InputFormat, bytes: Buffer, file?: string): Promise<IngestItem[]> {
  const items: IngestItem[] = [];
  try {
    for await (const item of format.read(Readable.from([bytes]), { display: 'fuzz', maxLineBytes: 1 << 20, ...(file ? { path: file } : {}) })) items.push(item);
  } catch (err) {
    if (!(err instanceof AmnesiaError)) throw err;
  }
  return items;
}

/** Read a database; an error that is not a typed, one-line refusal fails. */
export async function readDatabase(format: InputFormat, target: { path: string | null; url: string | null }): Promise<IngestItem[]> {
  const items: IngestItem[] = [];
  try {
    for await (const item of format.database!.read({ ...target, display: 'fuzz.db', params: {} }, { display: 'fuzz.db', maxLineBytes: 1 << 20 }))
      items.push(item);
  } catch (err) {
    if (!(err instanceof AmnesiaError)) throw err;
  }
  return items;
}

/** A hostile value for a database cell: text, numbers, blobs, JSON of the wrong shape, JSON or msgpack nested deep, a cut of the cell's own value. */
export type CellValue = {
  kind: 'json' | 'text' | 'int' | 'real' | 'null' | 'blob' | 'deep-json' | 'deep-msgpack' | 'cut';
  json: string;
  n: number;
  bytes: Uint8Array;
};

export const cellValue: fc.Arbitrary<CellValue> = fc.record({
  kind: fc.constantFrom('json', 'json', 'text', 'int', 'real', 'null', 'blob', 'deep-json', 'deep-msgpack', 'cut'),
  json: hostileJson,
  n: fc.integer({ min: -5, max: 5000 }),
  bytes: fc.uint8Array({ maxLength: 64 }),
});

/** The value to write, given the cell's current value (for 'cut') and whether the column takes only text. */
export function cell(v: CellValue, current: unknown, textOnly: boolean): unknown {
  switch (v.kind) {
    case 'json':
      return v.json;
    case 'text':
      return textOnly
        ? 'x'.repeat(Math.max(0, v.n))
        : ['ADD', 'UPDATE', 'DELETE', 'NONE', 'json', 'msgpack', 'bytes', 'null', '', 'pickle'][Math.abs(v.n) % 10];
    case 'int':
      return textOnly ? String(v.n) : v.n;
    case 'real':
      return textOnly ? String(v.n / 7) : v.n / 7;
    case 'null':
      return null;
    case 'blob':
      return textOnly ? Buffer.from(v.bytes).toString('hex') : Buffer.from(v.bytes);
    case 'deep-json':
      return `${'{"v":'.repeat(300 + Math.abs(v.n))}1${'}'.repeat(300 + Math.abs(v.n))}`;
    case 'deep-msgpack': {
      const n = 300 + Math.abs(v.n);
      const b = Buffer.concat([Buffer.alloc(n * 3, 0), Buffer.from([0xc0])]);
      for (let i = 0; i < n; i++) b.set([0x81, 0xa1, 0x76], i * 3);
      return textOnly ? b.toString('latin1') : b;
    }
    case 'cut': {
      const b = Buffer.isBuffer(current) ? current : Buffer.from(String(current ?? ''));
      const cut = b.subarray(0, Math.abs(v.n) % (b.length + 1));
      return textOnly ? cut.toString('utf8') : cut;
    }
  }
}

export { FORMATS };
