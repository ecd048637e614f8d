import { scanValues, type Decision, type PathKey } from '../otlp/json-stream.js';
import type { IngestItem, ReadOptions } from '../types.js';

/**
 * A transcript written as one JSON document (Cline's `*.messages.json` and `api_conversation_history.json`,
 * Gemini CLI's `session-*.json`, an OpenHands trajectory): its records (the top-level array's items, or
 * the items of one list field) each with the line it starts on, and the document's other top-level
 * fields. The records are held (a transcript is rewritten whole by its agent, and its session id may
 * come after its list); a malformed value is a bad item at its line.
 */
export interface DocRecord {
  value: unknown;
  line: number;
  raw: string;
}

export interface TranscriptDocument {
  /** the top-level fields other than the list (empty for a top-level array) */
  root: Record<string, unknown>;
  records: DocRecord[];
  bad: IngestItem[];
  /** the list field was there (empty or not): a document without it is not this format's */
  listSeen?: boolean;
}

export async function readDocument(content: AsyncIterable<Buffer | string>, opts: ReadOptions, listKey: string): Promise<TranscriptDocument> {
  const doc: TranscriptDocument = { root: {}, records: [], bad: [] };
  const want = (path: PathKey[]): Decision => {
    const n = path.length;
    if (n === 0) return 'descend';
    if (typeof path[0] === 'number') return n === 1 ? 'capture' : 'skip';
    if (path[0] === listKey) {
      if (n === 1) doc.listSeen = true;
      return n === 1 ? 'descend' : n === 2 ? 'capture' : 'skip';
    }
    return n === 1 ? 'capture' : 'skip';
  };
  for await (const item of scanValues(content, want, opts.maxLineBytes)) {
    if (item.type === 'bad') doc.bad.push(item);
    else if (item.type === 'value') {
      if (typeof item.path[0] === 'number' || item.path.length === 2) doc.records.push({ value: item.value, line: item.line, raw: item.text });
      else doc.root[item.path[0] as string] = item.value;
    }
  }
  return doc;
}
