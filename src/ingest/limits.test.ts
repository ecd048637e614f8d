// Issue 26: nesting, row-size and field-size limits on the readers. A hostile value is a bad line
// (counted, with its reason), never a stack overflow or an out-of-memory abort of the whole run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { formatByName } from './formats.js';
import { mem0Format } from './mem0/index.js';
import { InputError } from '../errors.js';
import type { IngestItem } from './types.js';

async function readAll(format: string, text: string): Promise<IngestItem[]> {
  const items: IngestItem[] = [];
  for await (const item of formatByName(format)!.read(Readable.from([Buffer.from(text)]), { display: 'limits', maxLineBytes: 1 << 26 })) items.push(item);
  return items;
}

/** An OTLP attribute value nested n deep, built as text (JSON.stringify itself overflows on it). */
function deepAnyValue(n: number, kind: 'array' | 'kvlist'): string {
  const open = kind === 'array' ? '{"arrayValue":{"values":[' : '{"kvlistValue":{"values":[{"key":"k","value":';
  const close = kind === 'array' ? ']}}' : '}]}}';
  return `${open.repeat(n)}{"stringValue":"bottom"}${close.repeat(n)}`;
}

const HI = JSON.stringify('[{"role":"user","parts":[{"type":"text","content":"hi"}]}]');

function otlpLine(session: string, extra: string, messages = HI): string {
  const attrs = [
    '{"key":"gen_ai.operation.name","value":{"stringValue":"chat"}}',
    `{"key":"gen_ai.conversation.id","value":{"stringValue":"${session}"}}`,
    '{"key":"gen_ai.request.model","value":{"stringValue":"gpt-4o"}}',
    `{"key":"gen_ai.input.messages","value":{"stringValue":${messages}}}`,
    ...(extra ? [`{"key":"deep","value":${extra}}`] : []),
  ].join(',');
  const span = `{"traceId":"${session.padEnd(32, '0')}","spanId":"${session.padEnd(16, '0')}","name":"chat gpt-4o","kind":3,"startTimeUnixNano":"1772445000000000000","endTimeUnixNano":"1772445002000000000","attributes":[${attrs}]}`;
  return `{"resourceSpans":[{"resource":{"attributes":[]},"scopeSpans":[{"scope":{"name":"s"},"spans":[${span}]}]}]}`;
}

describe('OTLP: a value nested past 256 levels is a bad line, never a stack overflow', () => {
  for (const kind of ['array', 'kvlist'] as const) {
    for (const layout of ['lines', 'document'] as const) {
      it(`${kind} values 6,000 deep (${layout === 'lines' ? 'JSON Lines' : 'one pretty-printed document'}); the other span is read`, async () => {
        const bad = otlpLine('aaaa', deepAnyValue(6000, kind));
        const good = otlpLine('bbbb', '');
        const text = layout === 'lines' ? `${good}\n${bad}\n` : `${JSON.stringify(JSON.parse(good), null, 1)}\n${bad}\n`;
        const items = await readAll('otlp-genai', text);
        const bads = items.filter((i) => i.type === 'bad');
        expect(bads.length, JSON.stringify(bads.map((b) => b.type === 'bad' && b.reason))).toBeGreaterThanOrEqual(1);
        expect(bads.map((b) => (b.type === 'bad' ? b.reason : ''))).toEqual([expect.stringMatching(/nested deeper than 256/)]);
        expect(items.some((i) => i.type === 'event' && i.event.session === 'bbbb')).toBe(true);
      });
    }
  }

  it('JSON text nested 6,000 deep inside a string attribute (gen_ai.input.messages) is a bad line', async () => {
    const deepText = JSON.stringify(`[${'{"role":"user","parts":['.repeat(6000)}${']}'.repeat(6000)}]`);
    const line = otlpLine('aaaa', '', deepText);
    const items = await readAll('otlp-genai', `${line}\n${otlpLine('bbbb', '')}\n`);
    expect(items.filter((i) => i.type === 'bad').map((b) => (b.type === 'bad' ? b.reason : ''))).toEqual([expect.stringMatching(/nested deeper than 256/)]);
    expect(items.some((i) => i.type === 'event' && i.event.session === 'bbbb')).toBe(true);
  });
});

/**
 * A Mem0 (JS) history whose table is `columns`; `rows` are [memory_id, new_value] pairs added as ADD rows.
 * `generated` then turns the last column into one generated when read, by editing the schema's text in
 * the file as an attacker would (SQLite computes a generated column on insert too, and better-sqlite3
 * does not let the schema table be written): the column is created with a comment as long as the edit.
 */
function mem0History(columns: string, rows: [string, string][], generated?: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mem0-limits-')), 'history.db');
  const edit = generated ? ` GENERATED ALWAYS AS (${generated}) VIRTUAL` : '';
  const placeholder = generated ? ` /*${'x'.repeat(edit.length - 5)}*/` : '';
  const db = new Database(file);
  db.exec(`CREATE TABLE memory_history (${columns}${placeholder})`);
  const ins = db.prepare(`INSERT INTO memory_history (id, memory_id, previous_value, new_value, action, created_at) VALUES (?, ?, NULL, ?, 'ADD', ?)`);
  rows.forEach(([m, v], i) => ins.run(i + 1, m, v, `2026-03-02T10:0${i}:00Z`));
  db.close();
  if (generated) {
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf(placeholder);
    expect(at).toBeGreaterThan(0);
    bytes.write(edit, at, 'latin1');
    fs.writeFileSync(file, bytes);
  }
  return file;
}

const MEM0_COLUMNS = 'id INTEGER PRIMARY KEY, memory_id TEXT, previous_value TEXT, action TEXT, created_at TEXT, updated_at TEXT, is_deleted INTEGER';

async function readMem0(file: string, maxLineBytes = 1 << 20): Promise<IngestItem[]> {
  const items: IngestItem[] = [];
  for await (const it of mem0Format.database!.read({ path: file, url: null, display: 'history.db', params: {} }, { display: 'history.db', maxLineBytes }))
    items.push(it);
  return items;
}

const reasons = (items: IngestItem[]) => items.flatMap((i) => (i.type === 'bad' ? [i.reason] : []));
const writes = (items: IngestItem[]) => items.flatMap((i) => (i.type === 'event' && i.event.kind === 'memory_write' ? [i.event.body.memory_id] : []));

describe('Mem0: a row is read within a size limit, and a generated column is never computed', () => {
  it('a column Mem0 does not have, generated when read, is never evaluated (its expression fails if it is)', async () => {
    // abs() of the smallest integer raises "integer overflow" when evaluated: SELECT * stopped the run on it;
    // the same place takes printf('%.*c', 1e9, 'x'), a gigabyte per row from a file of a few kilobytes
    const file = mem0History(
      `${MEM0_COLUMNS}, new_value TEXT, huge TEXT`,
      [
        ['m1', 'likes lists'],
        ['m2', 'lives in Lisbon'],
      ],
      'abs(-9223372036854775807 - 1)',
    );
    const items = await readMem0(file);
    expect(reasons(items)).toEqual([]);
    expect(writes(items)).toEqual(['m1', 'm2']);
  });

  it("Mem0's own text column generated when read: not a Mem0 history (an input not read, which fails ci), never computed", async () => {
    const file = mem0History(
      `${MEM0_COLUMNS}, new_value TEXT`,
      [
        ['m1', 'likes lists'],
        ['m2', 'lives in Lisbon'],
      ],
      'abs(-9223372036854775807 - 1)',
    );
    await expect(readMem0(file)).rejects.toThrow(/not a Mem0 history database/);
  });

  it('a row over --max-line-bytes is a bad line with its size; the rows around it are read', async () => {
    const file = mem0History(`${MEM0_COLUMNS}, new_value TEXT`, [
      ['m1', 'likes lists'],
      ['m2', 'x'.repeat(2 << 20)],
      ['m3', 'lives in Lisbon'],
    ]);
    const items = await readMem0(file, 1 << 20);
    expect(reasons(items)).toEqual([
      expect.stringMatching(/^memory_history:rowid=2: row is 20971\d\d bytes, over the 1048576-byte limit \(--max-line-bytes\)$/),
    ]);
    expect(writes(items)).toEqual(['m1', 'm3']);
    const bad = items.find((i) => i.type === 'bad')!;
    expect(bad.type === 'bad' && bad.raw.length).toBeLessThan(1 << 20);
  });

  it('a table WITHOUT ROWID (rows are located by rowid) is refused in one line, not an internal error', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mem0-limits-')), 'history.db');
    const db = new Database(file);
    db.exec(`CREATE TABLE memory_history (${MEM0_COLUMNS.replace('id INTEGER PRIMARY KEY', 'id TEXT PRIMARY KEY')}, new_value TEXT) WITHOUT ROWID`);
    db.prepare("INSERT INTO memory_history (id, memory_id, new_value, action, created_at) VALUES ('1', 'm1', 'x', 'ADD', '2026-03-02T10:00:00Z')").run();
    db.close();
    await expect(readMem0(file)).rejects.toThrow(InputError);
  });
});
