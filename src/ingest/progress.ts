/** A one-line progress display on stderr, only when stderr is a terminal. */
export class Progress {
  private last = 0;
  private readonly started = Date.now();
  private shown = false;

  constructor(
    private readonly enabled: boolean,
    private readonly totalBytes: number,
  ) {}

  static forStderr(totalBytes: number): Progress {
    return new Progress(!!process.stderr.isTTY && !process.env.CI, totalBytes);
  }

  update(state: { bytes: number; events: number; bad: number; file: string }, force = false): void {
    if (!this.enabled) return;
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
    const cols = process.stderr.columns ?? 100;
    const text = `${bar} ${pct.toFixed(0).padStart(3)}%  ${mb} MB  ${rate} events/s  ${state.bad} bad  ${state.file}`;
    process.stderr.write(`\r\x1b[2K${text.slice(0, cols - 1)}`);
    this.shown = true;
  }

  done(): void {
    if (this.shown) process.stderr.write('\r\x1b[2K');
    this.shown = false;
  }
}
