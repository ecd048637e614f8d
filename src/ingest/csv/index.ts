import type { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { InvalidEvent, quotedValue, validateEvent } from '../../events/validate.js';
import type { NativeEvent, RetrievalCandidate } from '../../events/types.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';
import { parseJson } from '../json-parse.js';

/**
 * CSV retrieval traces: one row per candidate, rows of one retrieval next to each other.
 * Columns (header row required, names case-insensitive, aliases in parentheses):
 *   required: retrieval_id, session (session_id, conversation_id), ts (timestamp), query,
 *             candidate_id (memory_id, doc_id, chunk_id), score (similarity)
 *   optional: turn, actor, top_k, threshold, rank, text, injected (true/false/1/0/yes/no),
 *             rewritten_query, tokens, memory_type, created_at, error, filters (JSON)
 * Any other column goes into the candidate's metadata. Each group of rows becomes one `retrieval` event.
 * Phoenix's retrieved-documents table is read too: context.span_id (retrieval_id), context.trace_id (the
 * session when there is no session column), input (query), document / reference (text), document_score
 * (score, absent when empty), document_position (rank = position + 1, id = <span id>#<position>),
 * document_metadata (JSON), and a time column (ts / timestamp / start_time) that the user adds.
 */

const ALIASES: Record<string, string> = {
  session_id: 'session',
  conversation_id: 'session',
  timestamp: 'ts',
  memory_id: 'candidate_id',
  doc_id: 'candidate_id',
  chunk_id: 'candidate_id',
  similarity: 'score',
  start_time: 'ts',
  // Phoenix's retrieved-documents table (px.Client().get_retrieved_documents() saved with to_csv)
  'context.span_id': 'retrieval_id',
  'context.trace_id': 'trace_id',
  input: 'query',
  document: 'text',
  reference: 'text',
  document_score: 'score',
};

export const REQUIRED_COLUMNS = ['retrieval_id', 'session', 'ts', 'query', 'candidate_id', 'score'];
/** Alternatives for a required column: a Phoenix table names the trace and the position instead. */
const STANDS_IN: Record<string, string> = { session: 'trace_id', candidate_id: 'document_position' };

function missingColumns(header: string[]): string[] {
  const phoenix = header.includes('document_position');
  return REQUIRED_COLUMNS.filter((c) => !header.includes(c) && !(STANDS_IN[c] && header.includes(STANDS_IN[c])) && !(c === 'score' && phoenix)).map((c) =>
    c === 'ts' && phoenix ? "ts (timestamp, start_time: Phoenix's retrieved-documents table has none; add the retriever spans' start_time)" : c,
  );
}

const KNOWN = new Set([
  ...REQUIRED_COLUMNS,
  'trace_id',
  'document_position',
  'document_metadata',
  'turn',
  'actor',
  'top_k',
  'threshold',
  'rank',
  'text',
  'injected',
  'rewritten_query',
  'tokens',
  'memory_type',
  'created_at',
  'error',
  'filters',
]);

function canonical(name: string): string {
  const n = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return Object.hasOwn(ALIASES, n) ? ALIASES[n] : n; // "constructor" is a column name, not Object's
}

type Row = Record<string, string>;

function num(row: Row, col: string, integer: boolean): number | undefined {
  const v = row[col];
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || (integer && !Number.isSafeInteger(n))) {
    throw new InvalidEvent(`${col}: ${quotedValue(v)} is not ${integer ? 'an integer' : 'a number'}`);
  }
  return n;
}

function bool(row: Row, col: string): boolean | undefined {
  const v = row[col]?.trim().toLowerCase();
  if (v === undefined || v === '') return undefined;
  if (['true', '1', 'yes', 'y', 't'].includes(v)) return true;
  if (['false', '0', 'no', 'n', 'f'].includes(v)) return false;
  throw new InvalidEvent(`${col}: ${quotedValue(v)} is not true/false`);
}

interface Group {
  line: number;
  raw: string[];
  first: Row;
  candidates: RetrievalCandidate[];
  injected: string[];
  sawInjected: boolean;
}

function candidateOf(row: Row, extra: string[]): RetrievalCandidate {
  const phoenix = row.document_position !== undefined;
  for (const c of REQUIRED_COLUMNS) {
    const stand = STANDS_IN[c];
    const has = (k: string | undefined) => k !== undefined && row[k] !== undefined && row[k].trim() !== '';
    if (!has(c) && !has(stand) && !(c === 'score' && phoenix)) throw new InvalidEvent(`missing value in required column ${quotedValue(c, 200)}`);
  }
  const score = num(row, 'score', false);
  // a Phoenix document has no id: its span and position name it (as for OpenInference spans)
  const position = num(row, 'document_position', true);
  const id = row.candidate_id?.trim() ? row.candidate_id : `${row.retrieval_id}#${position}`;
  const c = { id, ...(score !== undefined ? { score } : {}) } as RetrievalCandidate;
  if (position !== undefined && row.rank === undefined) c.rank = position + 1;
  if (row.document_metadata?.trim()) {
    const m = parseJson(row.document_metadata);
    if (!m.ok)
      c.metadata = { raw: row.document_metadata }; // pandas writes dicts as Python reprs: kept as text, not guessed
    else if (m.value && typeof m.value === 'object' && !Array.isArray(m.value)) c.metadata = m.value as Record<string, unknown>;
  }
  const rank = num(row, 'rank', true);
  if (rank !== undefined) c.rank = rank;
  if (row.text) c.text = row.text;
  const tokens = num(row, 'tokens', true);
  if (tokens !== undefined) c.tokens = tokens;
  const metadata: Record<string, unknown> = {};
  if (row.memory_type) metadata.type = row.memory_type;
  if (row.created_at) metadata.created_at = row.created_at;
  for (const k of extra) if (row[k] !== undefined && row[k] !== '') metadata[k] = row[k];
  if (Object.keys(metadata).length > 0) c.metadata = { ...(c.metadata ?? {}), ...metadata };
  return c;
}

function eventOf(g: Group): NativeEvent {
  const r = g.first;
  const ts = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(r.ts) ? `${r.ts.replace(' ', 'T')}Z` : r.ts; // zoneless (pandas): UTC
  const e: NativeEvent = { kind: 'retrieval', ts: /^\d+(\.\d+)?$/.test(ts) ? Number(ts) : ts, session: r.session?.trim() ? r.session : r.trace_id };
  const turn = num(r, 'turn', true);
  if (turn !== undefined) e.turn = turn;
  if (r.actor) e.actor = r.actor;
  e.retrieval_id = r.retrieval_id;
  e.query = r.query;
  if (r.rewritten_query) e.rewritten_query = r.rewritten_query;
  const topK = num(r, 'top_k', true);
  if (topK !== undefined) e.top_k = topK;
  const threshold = num(r, 'threshold', false);
  if (threshold !== undefined) e.threshold = threshold;
  if (r.filters) {
    const filters = parseJson(r.filters);
    if (!filters.ok) throw new InvalidEvent(`filters: ${filters.reason.startsWith('nested') ? filters.reason : 'not valid JSON'}`);
    e.filters = filters.value;
  }
  if (r.error) e.error = r.error;
  e.candidates = g.candidates;
  if (g.sawInjected) e.injected = g.injected;
  return e;
}

export const csvFormat: InputFormat = {
  name: 'csv',
  description: 'CSV retrieval traces: one row per candidate (retrieval_id, session, ts, query, candidate_id, score, ...)',
  detect(head) {
    const header = head.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
    if (header.trim().startsWith('{') || !header.includes(',')) return 0;
    const cols = new Set(header.split(',').map((c) => canonical(c.replace(/^"|"$/g, ''))));
    if (cols.has('document_position') && cols.has('retrieval_id') && cols.has('query')) return 10; // Phoenix's table
    const have = REQUIRED_COLUMNS.filter((c) => cols.has(c)).length;
    return have === REQUIRED_COLUMNS.length ? 10 : have >= 3 && cols.has('score') ? 5 : 0;
  },
  async *read(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
    const skipped: IngestItem[] = [];
    let header: string[] | null = null;
    let missing: string[] = [];
    const parser = parse({
      columns: (h: string[]) => {
        // a column named __proto__ would be an object key that rewrites the record's prototype: not read
        header = h.map(canonical);
        missing = missingColumns(header);
        return header.map((c) => (c === '__proto__' ? undefined : c)) as string[];
      },
      info: true,
      raw: true,
      bom: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      max_record_size: opts.maxLineBytes,
      on_skip: (err: CsvError | undefined, raw: string | undefined) => {
        skipped.push({
          type: 'bad',
          line: (err as { lines?: number } | undefined)?.lines ?? 0,
          reason: `CSV: ${(err?.message ?? 'unreadable row').replace(/\s+/g, ' ')}`,
          raw: Buffer.from(raw ?? ''),
        });
        return undefined;
      },
    });
    content.on('error', (err) => parser.destroy(err));
    content.pipe(parser);
    let group: Group | null = null;
    let extra: string[] = [];
    const flush = function* (): Generator<IngestItem> {
      if (!group) return;
      const g = group;
      group = null;
      if (!g.first.session?.trim() && g.first.trace_id?.trim()) opts.sessionKey?.('context.trace_id (no session column)');
      try {
        const event = validateEvent(eventOf(g));
        // a Phoenix table's retrievals take their trace's turn (numbered by the store, by start time)
        const key = event.turn === null && g.first.trace_id?.trim() ? `trace:${g.first.trace_id}` : undefined;
        yield { type: 'event', line: g.line, event, raw: g.raw.join(''), sub: 0, ...(key ? { turnKey: key } : {}) };
      } catch (err) {
        if (!(err instanceof InvalidEvent)) throw err;
        yield { type: 'bad', line: g.line, reason: `retrieval ${g.first.retrieval_id}: ${err.message}`, raw: Buffer.from(g.raw.join('')) };
      }
    };
    try {
      for await (const rec of parser as AsyncIterable<{ record: Row; raw: string; info: { lines: number } }>) {
        while (skipped.length) yield skipped.shift()!;
        const trimmed = rec.raw.replace(/^(\r?\n)+/, '');
        const inner = (trimmed.match(/\n/g)?.length ?? 0) - (trimmed.endsWith('\n') ? 1 : 0);
        const line = rec.info.lines - inner;
        if (extra.length === 0 && header) extra = (header as string[]).filter((c) => !KNOWN.has(c) && c !== '__proto__');
        if (missing.length > 0) {
          yield { type: 'bad', line, reason: `CSV header (line 1) lacks required column(s): ${missing.join(', ')}`, raw: Buffer.from(trimmed) };
          continue;
        }
        const row = rec.record;
        if (trimmed.includes('\ufffd')) {
          yield { type: 'bad', line, reason: 'invalid UTF-8 in row', raw: Buffer.from(trimmed) };
          continue;
        }
        let cand: RetrievalCandidate;
        let injected: boolean | undefined;
        try {
          cand = candidateOf(row, extra);
          injected = bool(row, 'injected');
        } catch (err) {
          if (!(err instanceof InvalidEvent)) throw err;
          yield { type: 'bad', line, reason: err.message, raw: Buffer.from(trimmed) };
          continue;
        }
        const g = group as Group | null;
        if (g && (g.first.retrieval_id !== row.retrieval_id || g.first.session !== row.session || g.first.trace_id !== row.trace_id)) yield* flush();
        if (!group) group = { line, raw: [], first: row, candidates: [], injected: [], sawInjected: false };
        const cur = group as Group;
        cur.raw.push(trimmed);
        cur.candidates.push(cand);
        if (injected !== undefined) cur.sawInjected = true;
        if (injected) cur.injected.push(String(cand.id));
      }
    } catch (err) {
      const e = err as CsvError & { lines?: number };
      yield* flush();
      while (skipped.length) yield skipped.shift()!;
      yield { type: 'bad', line: e.lines ?? 0, reason: `CSV reading stopped: ${(e.message ?? String(err)).split('\n')[0]}`, raw: Buffer.alloc(0) };
      return;
    }
    yield* flush();
    while (skipped.length) yield skipped.shift()!;
  },
};
