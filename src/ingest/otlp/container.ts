import { isBad, readJsonLines } from '../jsonl.js';
import type { IngestItem, ReadOptions } from '../types.js';
import { scanValues, type Decision, type PathKey } from './json-stream.js';
import { attrMap, isObj, type Attrs } from './span.js';
import { InvalidEvent } from '../../events/validate.js';

/**
 * The OTLP/JSON trace container, shared by the `otlp-genai` and `openinference` readers:
 * `{ resourceSpans: [{ resource: { attributes }, scopeSpans: [{ scope: { name }, spans: [...] }] }] }`
 * (`instrumentationLibrarySpans` / `instrumentationLibrary` in exports older than OTLP 0.15).
 *
 * Two layouts: one such document per line (what the collector's file exporter writes; a span's line is
 * its document's line), or one document for the whole file, pretty-printed or not (read with the
 * streaming scanner, in memory bounded by the largest span; a span's line is the line where its `{`
 * is). Resource attributes are applied to the spans that follow them, as exporters write them.
 */

export interface RawSpan {
  type: 'span' | 'log';
  value: unknown;
  resource: Attrs;
  scope: string | null;
  line: number;
  /** which export document it is in: its line in JSON Lines, 0 for one document per file */
  doc: number;
  /** the span's (or log record's) JSON text, for a bad item ('' when it came from a parsed line: see rawText) */
  raw: string;
}

const PEEK_BYTES = 1 << 20;

/** The first bytes of a stream, and the whole stream again. */
export async function peek(content: AsyncIterable<Buffer | string>, bytes = PEEK_BYTES): Promise<{ head: Buffer; stream: AsyncIterable<Buffer> }> {
  const it = content[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < bytes) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    const b = typeof r.value === 'string' ? Buffer.from(r.value) : (r.value as Buffer);
    chunks.push(b);
    size += b.length;
  }
  async function* again(): AsyncGenerator<Buffer> {
    yield* chunks;
    if (done) return;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      yield typeof r.value === 'string' ? Buffer.from(r.value) : (r.value as Buffer);
    }
  }
  return { head: Buffer.concat(chunks, size), stream: again() };
}

/**
 * JSON Lines when one of the first lines is a whole document of this format on its own
 * (`isDocument`); otherwise one document for the file.
 */
export function looksLikeJsonLines(head: Buffer, isDocument: (v: unknown) => boolean): boolean {
  const text = head.toString('utf8').replace(/^\ufeff/, '');
  const lines = text.split('\n');
  // the last piece may be cut short by the peek; it counts only when the head is the whole file
  const complete = head.length < PEEK_BYTES ? lines : lines.slice(0, -1);
  let seen = 0;
  for (const l of complete) {
    const t = l.trim();
    if (!t) continue;
    if (++seen > 20) break;
    if (!t.startsWith('{') && !t.startsWith('[')) continue;
    try {
      if (isDocument(JSON.parse(t))) return true;
    } catch {
      /* not a whole document on one line */
    }
  }
  return false;
}

/**
 * A trace document, or a logs document (`resourceLogs`: the official GenAI instrumentations write
 * message content as log records; a collector whose traces and logs pipelines share one file
 * exporter writes both kinds of line into one file).
 */
export const isOtlpDocument = (v: unknown): boolean =>
  isObj(v) && (Array.isArray(v.resourceSpans) || Array.isArray(v.resource_spans) || Array.isArray(v.resourceLogs) || Array.isArray(v.resource_logs));

const RS = new Set(['resourceSpans', 'resource_spans']);
const SS = new Set(['scopeSpans', 'scope_spans', 'instrumentationLibrarySpans']);
const RL = new Set(['resourceLogs', 'resource_logs']);
const SL = new Set(['scopeLogs', 'scope_logs', 'instrumentationLibraryLogs']);
const RECORDS = new Set(['logRecords', 'log_records']);
const SCOPE = new Set(['scope', 'instrumentationLibrary']);

function want(path: PathKey[]): Decision {
  const p = typeof path[0] === 'number' ? path.slice(1) : path;
  const n = p.length;
  if (n === 0) return 'descend';
  const logs = RL.has(p[0] as string);
  if (!RS.has(p[0] as string) && !logs) return 'skip';
  const inner = logs ? SL : SS;
  const items = logs ? RECORDS : new Set(['spans']);
  if (n <= 2) return 'descend'; // resourceSpans, resourceSpans[i]
  if (n === 3) return p[2] === 'resource' ? 'capture' : inner.has(p[2] as string) ? 'descend' : 'skip';
  if (!inner.has(p[2] as string)) return 'skip';
  if (n === 4) return 'descend'; // scopeSpans[j]
  if (n === 5) return SCOPE.has(p[4] as string) ? 'capture' : items.has(p[4] as string) ? 'descend' : 'skip';
  if (n === 6 && items.has(p[4] as string)) return 'capture';
  return 'skip';
}

function resourceAttrs(v: unknown): Attrs {
  return isObj(v) ? attrMap(v.attributes, 'resource.attributes') : {};
}

function scopeName(v: unknown): string | null {
  return isObj(v) && typeof v.name === 'string' ? v.name : null;
}

function* spansOf(doc: Record<string, unknown>, line: number): Generator<RawSpan | IngestItem> {
  const logs = !Array.isArray(doc.resourceSpans ?? doc.resource_spans);
  const rss = (logs ? (doc.resourceLogs ?? doc.resource_logs) : (doc.resourceSpans ?? doc.resource_spans)) as unknown[];
  for (let i = 0; i < rss.length; i++) {
    const rs = rss[i];
    if (!isObj(rs)) {
      yield { type: 'bad', line, reason: `resourceSpans[${i}]: expected an object`, raw: Buffer.from(JSON.stringify(rs) ?? '') };
      continue;
    }
    let resource: Attrs;
    try {
      resource = resourceAttrs(rs.resource);
    } catch (err) {
      if (!(err instanceof InvalidEvent)) throw err;
      yield { type: 'bad', line, reason: `resourceSpans[${i}].${err.message}`, raw: Buffer.from(JSON.stringify(rs.resource)) };
      continue;
    }
    const sss = (
      logs ? (rs.scopeLogs ?? rs.scope_logs ?? rs.instrumentationLibraryLogs) : (rs.scopeSpans ?? rs.scope_spans ?? rs.instrumentationLibrarySpans)
    ) as unknown;
    if (!Array.isArray(sss)) continue;
    for (const ss of sss) {
      const list = isObj(ss) ? (logs ? (ss.logRecords ?? ss.log_records) : ss.spans) : undefined;
      if (!isObj(ss) || !Array.isArray(list)) continue;
      const scope = scopeName(ss.scope ?? ss.instrumentationLibrary);
      for (const value of list) yield { type: logs ? 'log' : 'span', value, resource, scope, line, doc: line, raw: '' };
    }
  }
}

/** Every span of an OTLP/JSON file, with its resource and line; unreadable input as bad items. */
export async function* readOtlpContainer(content: AsyncIterable<Buffer | string>, opts: ReadOptions): AsyncGenerator<RawSpan | IngestItem> {
  const { head, stream } = await peek(content);
  let spans = 0;
  if (looksLikeJsonLines(head, isOtlpDocument)) {
    for await (const x of readJsonLines(stream, opts)) {
      if (isBad(x)) {
        yield x;
        continue;
      }
      if (!isOtlpDocument(x.value)) {
        yield {
          type: 'bad',
          line: x.no,
          reason: 'expected an OTLP/JSON document ({"resourceSpans": [...]} or {"resourceLogs": [...]}) on this line',
          raw: Buffer.from(x.text),
        };
        continue;
      }
      for (const s of spansOf(x.value as Record<string, unknown>, x.no)) {
        if (s.type === 'span' || s.type === 'log') spans++;
        yield s;
      }
    }
    return;
  }
  let resource: Attrs = {};
  let scope: string | null = null;
  let firstLine = 0;
  for await (const item of scanValues(stream, want, opts.maxLineBytes)) {
    if (item.type === 'bad') {
      yield item;
      continue;
    }
    const p = typeof item.path[0] === 'number' ? item.path.slice(1) : item.path;
    if (item.type === 'end') {
      if (p.length === 2) resource = {};
      if (p.length === 4) scope = null;
      continue;
    }
    firstLine ||= item.line;
    const value = item.value;
    if (p.length === 3) {
      try {
        resource = resourceAttrs(value);
      } catch (err) {
        if (!(err instanceof InvalidEvent)) throw err;
        yield { type: 'bad', line: item.line, reason: `resource.${err.message}`, raw: Buffer.from(item.text) };
        resource = {};
      }
    } else if (p.length === 5) {
      scope = scopeName(value);
    } else {
      spans++;
      yield { type: RL.has(p[0] as string) ? 'log' : 'span', value, resource, scope, line: item.line, doc: 0, raw: item.text };
    }
  }
  if (spans === 0) {
    yield {
      type: 'bad',
      line: firstLine || 1,
      reason: 'no spans found (looked for resourceSpans[].scopeSpans[].spans[] and resourceLogs[].scopeLogs[].logRecords[] in an OTLP/JSON document)',
      raw: head.subarray(0, 200),
    };
  }
}

/** The span's text for a bad item (made only when needed). */
export function rawText(x: { raw: string; value: unknown }): string {
  return x.raw || (JSON.stringify(x.value) ?? '');
}
