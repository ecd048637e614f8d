import type { Readable } from 'node:stream';
import { InvalidEvent } from '../../events/validate.js';
import { openContent, readTextHead } from '../read.js';
import type { ReadOptions } from '../types.js';
import { readOtlpContainer } from './container.js';
import { logEvent } from './logs.js';
import type { SpanEvent } from './span.js';

/**
 * GenAI log records of one ingest, for spans of another file of the same ingest. OpenTelemetry JS
 * exports traces and logs through two exporters, so a collector (or the app) often writes them to two
 * files (`traces.jsonl`, `logs.jsonl`); the records hold the messages of the spans in the other file.
 *
 * Before reading, the pipeline scans each OTLP file that has log records (prescanLogRecords) into one
 * pool; a span then takes the records of its spanId from another file (`take`), and the file that
 * holds them skips the records a span elsewhere took (`claimed`), so a message is read once. A file of
 * log records only is read after the others, so its records have been claimed when it is read.
 * Bounded: past `max` records the pool keeps no more (the rest join their span only within their file).
 */
export class SpanRecordPool {
  private readonly records = new Map<string, { file: string; events: SpanEvent[] }>();
  private readonly taken = new Set<string>();
  private size = 0;

  constructor(private readonly max = 200_000) {}

  add(file: string, spanId: string, event: SpanEvent): void {
    if (this.size >= this.max) return;
    const got = this.records.get(spanId);
    if (got && got.file !== file) return; // one span's records in two files: each file keeps its own
    if (got) got.events.push(event);
    else this.records.set(spanId, { file, events: [event] });
    this.size++;
  }

  /** The records of this span written in another file (taken: that file skips them). */
  take(spanId: string, file: string): SpanEvent[] {
    const got = this.records.get(spanId);
    if (!got || got.file === file) return [];
    this.records.delete(spanId);
    this.taken.add(spanId);
    return got.events;
  }

  /** Were this span's records taken by a span of another file? */
  claimed(spanId: string): boolean {
    return this.taken.has(spanId);
  }
}

/**
 * Scan an OTLP file for GenAI log records into the pool. Returns true when the file holds log records
 * and no span (read it after the others). A file whose first bytes show no log container is not scanned.
 */
export async function prescanLogRecords(content: Readable, opts: ReadOptions, file: string, pool: SpanRecordPool): Promise<boolean> {
  let spans = 0;
  let logs = 0;
  try {
    for await (const x of readOtlpContainer(content, opts)) {
      if (x.type === 'span') spans++;
      if (x.type !== 'log') continue;
      try {
        const r = logEvent(x.value);
        if (r) {
          logs++;
          pool.add(file, r.spanId, r.event);
        }
      } catch (err) {
        if (!(err instanceof InvalidEvent)) throw err;
      }
    }
  } finally {
    content.destroy();
  }
  return logs > 0 && spans === 0;
}

/**
 * The files of one ingest in reading order, and the pool of their log records when two or more are
 * read by a format that joins log records (else no pool: nothing to join across). A file of log
 * records only moves after the others, so the spans it belongs to have taken its records when it is read.
 */
export async function planLogJoin<F extends { path: string; display: string; format: { joinsLogRecords?: boolean }; db?: unknown; stream?: boolean }>(
  files: F[],
  maxLineBytes: number,
): Promise<{ files: F[]; pool?: SpanRecordPool }> {
  const joining = files.filter((f) => f.format.joinsLogRecords && !f.db && !f.stream && f.path !== '-');
  if (joining.length < 2) return { files };
  const pool = new SpanRecordPool();
  const last = new Set<F>();
  for (const f of joining) {
    if (!/"(resourceLogs|resource_logs)"\s*:/.test(await readTextHead(f.path))) continue;
    if (await prescanLogRecords(openContent(f.path), { display: f.display, maxLineBytes }, f.display, pool)) last.add(f);
  }
  return { files: [...files.filter((f) => !last.has(f)), ...last], pool };
}
