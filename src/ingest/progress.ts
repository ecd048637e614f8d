import type { Writable } from 'node:stream';

/**
 * Where ingest speaks: the command's stderr and environment (the CLI hands its `Io`). One-line notes
 * go to `err`; a progress bar too, when `err` is a terminal and `CI` is unset. Without a sink ingest
 * is silent (the lab, tests).
 */
export interface IngestSink {
  err: Writable & { isTTY?: boolean; columns?: number };
  env: Readonly<Record<string, string | undefined>>;
}

/** A one-line progress display on the sink's stderr, only when that is a terminal. */
export class Progress {
  private last = 0;
  private readonly started = Date.now();
  private shown = false;

  constructor(
    private readonly out: IngestSink['err'] | null,
    private readonly totalBytes: number,
  ) {}

  /** The bar for a sink: shown only on a terminal, never under CI; none without a sink. */
  static forSink(sink: IngestSink | undefined, totalBytes: number): Progress {
    return new Progress(sink?.err.isTTY && !sink.env.CI ? sink.err : null, totalBytes);
  }

  update(state: { bytes: number; events: number; bad: number; file: string }, force = false): void {
    if (!this.out) return;
    const now = Date.now();
    if (!force && now - this.last < 100) return;
    this.last = now;
    const secs = Math.max(0.001, (now - this.started) / 1000);
    const pct = this.totalBytes > 0 ? Math.min(100, (state.bytes / this.totalBytes) * 100) : 0;
    const width = 20;
    const filled = Math.round((pct / 100) * width);
    const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
    const mb = (state.bytes / 1e6).toFixed(1);
    const rate = Math.round(state.events / secs).toLocaleString('en-US');
    const cols = this.out.columns ?? 100;
    const text = `${bar} ${pct.toFixed(0).padStart(3)}%  ${mb} MB  ${rate} events/s  ${state.bad} bad  ${state.file}`;
    this.out.write(`\r\x1b[2K${text.slice(0, cols - 1)}`);
    this.shown = true;
  }

  done(): void {
    if (this.shown) this.out?.write('\r\x1b[2K');
    this.shown = false;
  }
}
