import { isBad, readJsonLines } from './jsonl.js';
import { looksLikeJsonLines, peek } from './otlp/container.js';
import { scanValues, type Decision, type PathKey } from './otlp/json-stream.js';
import type { IngestItem, ReadOptions } from './types.js';

/**
 * The records of a JSON export, whatever its container: JSON Lines (one record a line), a top-level
 * array, a listing object (`{data: [...], next_cursor}`), or one pretty-printed object for the whole file
 * (LiteLLM's bucket loggers write one per file). A document is streamed: one record is held at a time,
 * and each record keeps the line it starts on.
 */

export interface JsonRecord {
  type: 'record';
  value: unknown;
  line: number;
  raw: string;
}

type Obj = Record<string, unknown>;

export async function* readJsonRecords(
  content: AsyncIterable<Buffer | string>,
  opts: ReadOptions,
  isRecord: (v: unknown) => boolean,
  listKeys: readonly string[] = ['data'],
): AsyncGenerator<JsonRecord | IngestItem> {
  const { head, stream } = await peek(content);
  if (looksLikeJsonLines(head, (v) => isRecord(v) || (Array.isArray(v) && v.some(isRecord)))) {
    for await (const x of readJsonLines(stream, opts)) {
      if (isBad(x)) yield x;
      else if (Array.isArray(x.value)) for (const v of x.value) yield { type: 'record', value: v, line: x.no, raw: JSON.stringify(v) };
      else yield { type: 'record', value: x.value, line: x.no, raw: x.text };
    }
    return;
  }
  const root: Obj = {};
  let listed = 0;
  const want = (path: PathKey[]): Decision => {
    const n = path.length;
    if (n === 0) return 'descend';
    if (typeof path[0] === 'number') return n === 1 ? 'capture' : 'skip';
    if (listKeys.includes(path[0])) return n === 1 ? 'descend' : n === 2 ? 'capture' : 'skip';
    return n === 1 ? 'capture' : 'skip';
  };
  for await (const item of scanValues(stream, want, opts.maxLineBytes)) {
    if (item.type === 'bad') {
      yield item;
      continue;
    }
    if (item.type === 'end') continue;
    const value = item.value;
    const p = item.path;
    if (typeof p[0] === 'number' || (listKeys.includes(p[0] as string) && p.length === 2)) {
      listed++;
      yield { type: 'record', value, line: item.line, raw: item.text };
    } else if (listKeys.includes(p[0] as string) && !Array.isArray(value)) {
      root[p[0] as string] = value; // `data` holding one object, not a list
    } else {
      root[p[0] as string] = value;
    }
  }
  // one object for the whole file: the record is the object itself
  if (listed === 0 && Object.keys(root).length) yield { type: 'record', value: root, line: 1, raw: JSON.stringify(root) };
}
