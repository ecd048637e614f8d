import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { PassThrough, Readable } from 'node:stream';
import type { Db } from '../store/connection.js';
import { StoredCalls } from '../store/stored-calls.js';
import { EvidenceWriter, pendingSha } from '../store/writer.js';
import type { ModelOverride } from '../tokens/models.js';
import { TokenCounter, type TokenResult } from '../tokens/pool.js';
import { InputError, UsageError } from '../errors.js';
import { detectFormat, formatByName } from './formats.js';
import { isAutoFormat, type InputFile, type ResolvedInputs } from './inputs.js';
import { hashFile, isGzip, MAX_LINE_BYTES_LIMIT, openContent } from './read.js';
import { hashed, opened } from './database.js';
import { fromReader, ReaderFailure, readFailed } from './reader-failure.js';
import { Progress, type IngestSink } from './progress.js';
import { planLogJoin, type SpanRecordPool } from './otlp/cross-file.js';
import type { IngestItem, InputFormat } from './types.js';
import { settings } from '../settings.js';

export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;
const BATCH_ITEMS = 500;
const BATCH_BYTES = 2 * 1024 * 1024;

export interface IngestOptions {
  /** from resolveInputs(): checked before the store is opened, so bad paths leave it untouched */
  inputs: ResolvedInputs;
  maxLineBytes?: number;
  models?: Record<string, ModelOverride>;
  /** standard input, when '-' is among the paths */
  stdin?: Readable;
  /** set to true (e.g. on SIGINT) to stop after the batch being written */
  signal?: { stop: boolean };
  /** false: no progress bar even on a terminal (--no-progress) */
  progress?: boolean;
  /** where notes (which session key each source used) and the progress bar go: the command's Io; silent without it */
  sink?: IngestSink;
  /**
   * After each batch is committed: the sessions it touched, and `settle`, which makes sessions
   * as final as the store can before the end of their file (EvidenceWriter.settleSessions) and
   * returns those whose prompts are all counted. `triage` analyses quiet sessions meanwhile.
   */
  onBatch?: (sessions: ReadonlySet<string>, settle: (sessions: readonly string[]) => string[]) => void;
  /**
   * false for a new store that is thrown away afterwards (triage's temporary store): a file is
   * identified by the sha256 of its bytes computed while it is read, not in a pass before (that
   * pass is what lets a later run into the same store skip or resume the file)
   */
  hashAhead?: boolean;
}

export interface BadSample {
  source: string;
  reason: string;
}

export interface FileSummary {
  path: string;
  format: string;
  /** ingested: read now; unchanged: same bytes already in the store; resumed: an interrupted read finished */
  status: 'ingested' | 'unchanged' | 'resumed' | 'interrupted';
  events: number;
  duplicates: number;
  bad_lines: number;
  /** where the sessions came from, for formats with several session keys: key -> records */
  session_keys?: Record<string, number>;
  /** what the reader said of the file as a whole (read, but no model call in it), also printed on stderr */
  notes?: string[];
}

export interface IngestSummary {
  files: FileSummary[];
  skipped: { path: string; reason: string }[];
  /** files a format read beside another (Cline's ui_messages.json): listed, not read alone, not unread */
  companions: { path: string; of: string; format: string }[];
  events: number;
  duplicates: number;
  bad_lines: number;
  by_kind: Record<string, number>;
  sessions: number;
  unknown_kinds: { kind: string; count: number; first: string }[];
  bad_samples: BadSample[];
  interrupted: boolean;
}

const MAX_SAMPLES = 10;

/** "f.json: session from trace.sessionId (12), trace id (no sessionId) (3)" */
export function sessionKeysLine(file: string, keys: Record<string, number>): string {
  return `${file.replace(/[\x00-\x1f\x7f]/g, '?')}: session from ${Object.entries(keys)
    .map(([k, n]) => `${k} (${n})`)
    .join(', ')}`;
}

/** What one ingest run shares between its sources: the writer, the summary, and the counts kept as it goes. */
interface IngestRun {
  opts: IngestOptions;
  writer: EvidenceWriter;
  tokens: TokenFlow;
  summary: IngestSummary;
  /** sessions seen in this run: counted in memory up to maxSessions (AMNESIA_MAX_SESSIONS_IN_MEMORY), then by the store (10M one-event sessions stay flat) */
  sessions: Set<string>;
  maxSessions: number;
  sessionsOverflow: boolean;
  sourceIds: number[];
  unknown: Map<string, { count: number; first: string }>;
  progress: Progress;
  maxLineBytes: number;
  /** bytes of the files read before the current one (for progress) */
  bytesBefore: number;
  signal: { stop: boolean };
  /** session -> the database that first gave it rows: a second one merges into it (said once, on stderr) */
  dbSessions: Map<string, string>;
  /** OTLP log records of this ingest's files, for spans in another file (otlp/cross-file.ts) */
  spanRecords?: SpanRecordPool;
  /** the store's requests without messages and log records kept as bad lines, for joins across ingests (otlp/stored-calls.ts) */
  storedCalls: StoredCalls;
}

/**
 * Tokens are counted in a worker thread while this thread parses and writes; counts come back
 * a few batches later and are stored then. A request's prompt_tokens is summed once its
 * messages are all counted (at the end of each file).
 */
class TokenFlow {
  private readonly inflight: Promise<void>[] = [];
  private readonly ready: TokenResult[][] = [];
  constructor(
    private readonly writer: EvidenceWriter,
    readonly counter: TokenCounter,
  ) {}
  applyReady(): void {
    while (this.ready.length) this.writer.applyTokens(this.ready.shift()!);
  }
  async countQueued(): Promise<void> {
    const jobs = this.writer.takeJobs();
    if (jobs.length) this.inflight.push(this.counter.count(jobs).then((r) => void this.ready.push(r)));
    while (this.inflight.length > 4) await this.inflight.shift();
  }
  async settle(): Promise<void> {
    await this.countQueued();
    while (this.inflight.length) await this.inflight.shift();
    this.applyReady();
    this.writer.finalizeRequests();
  }
}

/** Ingest every input into the store. Throws InputError (exit 2) before writing if an input is unusable. */
export async function ingest(db: Db, opts: IngestOptions): Promise<IngestSummary> {
  const { files, skipped, stdin } = opts.inputs;
  const companions = opts.inputs.companions ?? [];
  const writer = new EvidenceWriter(db, opts.models);
  const totalBytes = files.reduce((n, f) => n + f.size, 0);
  const progress = Progress.forSink(opts.progress === false ? undefined : opts.sink, totalBytes);
  const maxLineBytes = opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  if (!Number.isSafeInteger(maxLineBytes) || maxLineBytes <= 0 || maxLineBytes > MAX_LINE_BYTES_LIMIT) {
    throw new UsageError(`--max-line-bytes: ${maxLineBytes} is not an integer from 1 to ${MAX_LINE_BYTES_LIMIT}`);
  }
  const counter = new TokenCounter();
  const st: IngestRun = {
    opts,
    writer,
    storedCalls: new StoredCalls(db),
    tokens: new TokenFlow(writer, counter),
    summary: {
      files: [],
      skipped,
      companions,
      events: 0,
      duplicates: 0,
      bad_lines: 0,
      by_kind: Object.create(null) as Record<string, number>, // keys are log text
      sessions: 0,
      unknown_kinds: [],
      bad_samples: [],
      interrupted: false,
    },
    sessions: new Set<string>(),
    sessionsOverflow: false,
    maxSessions: settings().maxSessionsInMemory,
    sourceIds: [],
    dbSessions: new Map(),
    unknown: new Map(),
    progress,
    maxLineBytes,
    bytesBefore: 0,
    signal: opts.signal ?? { stop: false },
  };
  const { summary, signal } = st;
  const run: Runner = (file, content, counted, sha256, format) => readSource(st, file, content, counted, sha256, format);

  const endBulkLoad = writer.beginBulkLoad();
  // stdin, pipe and database sources a killed run left behind can never be resumed: undo them
  writer.recoverAbandoned();
  try {
    // counts an interrupted run left undone
    const leftover = writer.backfillJobs();
    if (leftover.length) {
      writer.applyTokens(await counter.count(leftover));
      writer.finalizeRequests();
    }
    // log records in one file, their spans in another (OpenTelemetry JS exports traces and logs apart)
    const plan = await planLogJoin(files, maxLineBytes);
    st.spanRecords = plan.pool;
    for (const file of plan.files) {
      if (signal.stop) break;
      if (file.db && file.format.database) {
        await readDatabase(st, file);
        continue;
      }
      if (file.stream) {
        await ingestStream(fs.createReadStream(file.path, { highWaterMark: 1 << 20 }), file, writer, run);
        continue;
      }
      let read = 0;
      if (opts.hashAhead === false) {
        // identified by the hash of what was read, computed while reading (one pass, not two)
        const h = crypto.createHash('sha256');
        const content = openContent(
          file.path,
          (n) => (read += n),
          (chunk) => h.update(chunk),
        );
        const id = await run(file, content, () => read, null, file.format);
        if (id !== undefined) identifyRead(writer, id, h.digest('hex'), file.size);
      } else {
        const sha = await hashFile(file.path);
        const content = openContent(file.path, (n) => (read += n));
        await run(file, content, () => read, sha, file.format);
      }
      st.bytesBefore += file.size;
    }
    if (stdin && !signal.stop) {
      await ingestStream(opts.stdin ?? process.stdin, { path: '-', display: '<stdin>', size: 0, format: stdin }, writer, run);
    }
  } finally {
    progress.done();
    await counter.close();
    endBulkLoad();
  }
  summary.sessions = st.sessionsOverflow ? writer.countSessions(st.sourceIds) : st.sessions.size;
  summary.unknown_kinds = [...st.unknown].map(([kind, u]) => ({ kind, ...u }));
  return summary;
}

/** Where a database reader's notes go: kept until its file's summary exists, then to that file's notes. */
interface NoteRelay {
  early: string[];
  to?: (text: string) => void;
}

/** A database: read by rows; its identity is the hash of what was read (like stdin). */
async function readDatabase(st: IngestRun, file: InputFile): Promise<void> {
  const { writer, maxLineBytes } = st;
  const h = crypto.createHash('sha256').update(`${file.format.name}\0${file.display}\0`);
  // the first row opens the database: one that is refused never leaves a source behind
  // a note the reader makes while it opens the database waits for the file's summary (readSource)
  const relay: NoteRelay = { early: [] };
  const note = (text: string) => (relay.to ? relay.to(text) : relay.early.push(text));
  const rows = hashed(await opened(file.format.database!.read(file.db!, { display: file.display, maxLineBytes, note })), h);
  const id = await readSource(st, file, Readable.from([]), () => 0, null, file.format, { items: rows, relay });
  if (id !== undefined) identifyRead(writer, id, h.digest('hex'), file.size);
  st.bytesBefore += file.size;
}

/** Two databases giving rows to one session (the same ?session=): say so once, they are read as one history. */
function noteMerge(st: IngestRun, display: string, session: string, note: (text: string) => void): void {
  const first = st.dbSessions.get(session);
  if (first === undefined) st.dbSessions.set(session, display);
  else if (first !== display && !st.dbSessions.has(`\0${session}`)) {
    st.dbSessions.set(`\0${session}`, display);
    note(`rows merged into session "${session}" with those of ${first} (give each file its own ?session= to keep them apart)`);
  }
}

/** Count what one read item adds to the run: its session, an unknown kind, a bad line's sample. */
function noteItem(st: IngestRun, file: InputFile, item: IngestItem): void {
  const { summary, sessions, unknown } = st;
  if (item.type === 'bad') {
    if (summary.bad_samples.length < MAX_SAMPLES) summary.bad_samples.push({ source: `${file.display}:${item.line}`, reason: item.reason });
    return;
  }
  if (!st.sessionsOverflow) {
    sessions.add(item.event.session);
    if (sessions.size > st.maxSessions) {
      st.sessionsOverflow = true;
      sessions.clear();
    }
  }
  if (!item.event.knownKind) {
    const u = unknown.get(item.event.kind);
    if (u) u.count++;
    else unknown.set(item.event.kind, { count: 1, first: `${file.display}:${item.line}` });
  }
}

/**
 * Read one source into the store in batches (skipping what an interrupted run already committed).
 * Returns the source's id, or undefined when it was already complete or the run was stopped.
 */
async function readSource(
  st: IngestRun,
  file: InputFile,
  content: Readable,
  counted: () => number,
  sha256: string | null,
  format: InputFormat,
  rows?: { items: AsyncIterable<IngestItem>; relay: NoteRelay },
): Promise<number | undefined> {
  const { writer, summary, progress, tokens, signal, opts } = st;
  let source = sha256 ? writer.findSource(sha256) : undefined;
  if (source?.status === 'complete') {
    summary.files.push({ path: file.display, format: format.name, status: 'unchanged', events: 0, duplicates: 0, bad_lines: 0 });
    content.destroy();
    return;
  }
  const resumed = !!source;
  const resumeFrom = source?.items_done ?? 0;
  source ??= writer.beginSource(sha256 ?? pendingSha(), file.display, file.size, format.name);
  st.sourceIds.push(source.id);
  const fs_: FileSummary = { path: file.display, format: format.name, status: resumed ? 'resumed' : 'ingested', events: 0, duplicates: 0, bad_lines: 0 };
  summary.files.push(fs_);
  let batch: IngestItem[] = [];
  let batchBytes = 0;
  let index = 0;
  const flush = () => {
    if (batch.length === 0) return;
    tokens.applyReady();
    const r = writer.writeBatch(source!.id, batch, index);
    if (opts.onBatch) {
      const touched = new Set<string>();
      for (const it of batch) if (it.type === 'event') touched.add(it.event.session);
      opts.onBatch(touched, (sessions) => writer.settleSessions(sessions));
    }
    fs_.events += r.inserted;
    fs_.duplicates += r.duplicates;
    fs_.bad_lines += r.bad;
    summary.events += r.inserted;
    summary.duplicates += r.duplicates;
    summary.bad_lines += r.bad;
    for (const [k, n] of Object.entries(r.byKind)) summary.by_kind[k] = (summary.by_kind[k] ?? 0) + n;
    batch = [];
    batchBytes = 0;
    progress.update({ bytes: st.bytesBefore + counted(), events: summary.events, bad: summary.bad_lines, file: file.display });
  };
  const keys = new Map<string, number>();
  const sessionKey = (k: string) => void keys.set(k, (keys.get(k) ?? 0) + 1);
  const printNote = (l: string) => opts.sink?.err.write(`${l}\n`);
  const note = (text: string) => {
    (fs_.notes ??= []).push(text);
    printNote(`${file.display.replace(/[\x00-\x1f\x7f]/g, '?')}: ${text}`);
  };
  if (rows) {
    for (const t of rows.relay.early.splice(0)) note(t);
    rows.relay.to = note;
  }
  let line = 0;
  try {
    for await (const item of fromReader(
      rows?.items ??
        format.read(content, {
          display: file.display,
          maxLineBytes: st.maxLineBytes,
          sessionKey,
          note,
          ...(file.path !== '-' && !file.stream ? { path: file.path } : {}),
          ...(st.spanRecords && format.joinsLogRecords ? { spanRecords: st.spanRecords } : {}),
          ...(format.joinsLogRecords ? st.storedCalls.lookups() : {}),
        }),
    )) {
      index++;
      line = item.line;
      if (index <= resumeFrom) continue; // committed by the interrupted run
      noteItem(st, file, item);
      if (file.db && item.type === 'event') noteMerge(st, file.display, item.event.session, note);
      batchBytes += item.raw.length;
      batch.push(item);
      if (batch.length >= BATCH_ITEMS || batchBytes >= BATCH_BYTES) {
        flush();
        await tokens.countQueued();
        if (signal.stop) break;
      }
    }
    flush();
  } catch (err) {
    // a store error (full disk, a lock) is not the reader's: the source stays, to be resumed
    if (!(err instanceof ReaderFailure)) throw err;
    // nothing of a file that could not be read to the end stays half-read: the next run reads it from the start
    writer.abandonSource(source.id);
    fs_.status = 'interrupted';
    throw readFailed(file.display, format.name, line, err.cause);
  }
  await tokens.settle();
  writer.assignTurns(source.id);
  if (keys.size) {
    fs_.session_keys = Object.fromEntries([...keys].sort((a, b) => b[1] - a[1]));
    printNote(sessionKeysLine(file.display, fs_.session_keys));
  }
  if (signal.stop) {
    fs_.status = 'interrupted';
    summary.interrupted = true;
    content.destroy();
    return;
  }
  if (sha256) writer.completeSource(source.id, sha256, file.size);
  return source.id;
}

type Runner = (file: InputFile, content: Readable, counted: () => number, sha256: string | null, format: InputFormat) => Promise<number | undefined>;

/** Standard input or a named pipe: hashed while it is read; its format detected from its first 64 KiB. */
async function ingestStream(input: Readable, source: InputFile, writer: EvidenceWriter, run: Runner): Promise<void> {
  const forced = isAutoFormat(source.format) ? undefined : source.format;
  const hash = crypto.createHash('sha256');
  let size = 0;
  const iterator = input[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLen = 0;
  let ended = false;
  while (headLen < 65536) {
    const r = await iterator.next();
    if (r.done) {
      ended = true;
      break;
    }
    const b = typeof r.value === 'string' ? Buffer.from(r.value) : (r.value as Buffer);
    head.push(b);
    headLen += b.length;
  }
  const raw = new PassThrough({ highWaterMark: 1 << 20 });
  const pump = async () => {
    for (const b of head) {
      hash.update(b);
      size += b.length;
      if (!raw.write(b)) await new Promise((r) => raw.once('drain', r));
    }
    while (!ended) {
      const r = await iterator.next();
      if (r.done) break;
      const b = typeof r.value === 'string' ? Buffer.from(r.value) : (r.value as Buffer);
      hash.update(b);
      size += b.length;
      if (!raw.write(b)) await new Promise((r) => raw.once('drain', r));
    }
    raw.end();
  };
  const first = Buffer.concat(head);
  const gz = isGzip(first);
  let format = forced;
  if (!format) {
    let text = first.toString('utf8');
    if (gz) {
      try {
        text = zlib.gunzipSync(first, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('utf8');
      } catch {
        text = '';
      }
    }
    format = detectFormat(text) ?? (first.length === 0 ? formatByName('native') : undefined);
    if (!format) throw new InputError(`${source.display}: cannot detect the format; use --input-format`);
  }
  const content = gz ? raw.pipe(zlib.createGunzip()) : raw;
  const pumping = pump();
  const file: InputFile = { ...source, size: 0, format };
  const id = await run(file, content, () => size, null, format);
  await pumping;
  if (id !== undefined) identifyRead(writer, id, hash.digest('hex'), size);
}

/**
 * A source known by its hash only once read to the end (stdin, a pipe, a database, a file read
 * into a temporary store): the same bytes read before make it part of that source (the second
 * read added nothing: events are de-duplicated); else it is complete under its hash.
 */
function identifyRead(writer: EvidenceWriter, id: number, sha: string, size: number): void {
  const existing = writer.findSource(sha);
  if (existing) writer.mergeSource(id, { ...existing, size });
  else writer.completeSource(id, sha, size);
}
