import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ChatMessage } from '../events/types.js';
import { countMessageTokens } from './count.js';
import type { EncodingName } from './models.js';
import { settings } from '../settings.js';

export interface TokenJob {
  /** messages.id */
  id: number;
  encoding: EncodingName;
  message: ChatMessage;
}

export interface TokenResult {
  id: number;
  encoding: EncodingName;
  tokens: number;
}

/**
 * Token workers at most: AMNESIA_TOKEN_WORKERS, else one per core but the main thread's (at least 1,
 * at most 4): the main thread parses and writes all along, and each worker holds an encoder (~90 MB).
 * On 2 cores, one worker ingests the 500 MB bench in 29 s and 438 MB, two in 36 s and 495 MB.
 */
function maxWorkers(): number {
  const env = settings().tokenWorkers;
  if (env !== undefined && Number.isInteger(env)) return Math.min(env, 16);
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

/**
 * A token worker keeps little (its rank tables are outside the heap): its young generation is held to
 * 8 MB (V8's default commits up to 48) and its old one to 512 MB, under which V8 grows the heap 1.4x
 * past what is live instead of 4x. A line is at most 16 MiB (--max-line-bytes).
 */
const TOKEN_WORKER_HEAP = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 512 };

/** Content characters below which a batch is counted in-process while no worker runs. */
const IN_PROCESS_CHARS = 64 * 1024;

function contentChars(jobs: TokenJob[]): number {
  let n = 0;
  for (const j of jobs) {
    const c = j.message.content;
    n += typeof c === 'string' ? c.length : 256;
    if (n >= IN_PROCESS_CHARS) break;
  }
  return n;
}

interface CountWorker {
  worker: Worker;
  /** batches sent and not answered yet */
  busy: number;
}

/**
 * Counts message tokens in worker threads, so tiktoken runs beside the main thread that parses and
 * writes. One worker starts with the first batch; another starts only when every running one
 * already has a batch waiting (a small input never pays for a second tokenizer). Falls back to
 * counting in-process when the compiled worker is not there (running from TypeScript sources) or
 * AMNESIA_TOKEN_WORKER=0.
 */
export class TokenCounter {
  private readonly workers: CountWorker[] = [];
  private readonly file: string | null;
  private readonly limit: number;
  private seq = 0;
  private readonly waiting = new Map<number, { done: (r: TokenResult[]) => void; w: CountWorker }>();
  private failed: Error | null = null;

  constructor(useWorker = settings().tokenWorker) {
    const file = fileURLToPath(new URL('./worker.js', import.meta.url));
    this.file = useWorker && fs.existsSync(file) ? file : null;
    this.limit = maxWorkers();
  }

  private pick(): CountWorker {
    let best = this.workers[0];
    for (const w of this.workers) if (w.busy < best.busy) best = w;
    if ((!best || best.busy > 0) && this.workers.length < this.limit) {
      const w: CountWorker = { worker: new Worker(this.file!, { resourceLimits: TOKEN_WORKER_HEAP }), busy: 0 };
      w.worker.on('message', (m: { seq: number; results: TokenResult[] }) => {
        const entry = this.waiting.get(m.seq);
        this.waiting.delete(m.seq);
        w.busy--;
        entry?.done(m.results);
      });
      w.worker.on('error', (err) => {
        this.failed = err;
        for (const entry of this.waiting.values()) entry.done([]);
        this.waiting.clear();
      });
      this.workers.push(w);
      return w;
    }
    return best;
  }

  /**
   * Count a batch; resolves with one result per job. Until a worker runs, a small batch (under
   * IN_PROCESS_CHARS of content) is counted here: a few messages cost less than starting a thread.
   */
  count(jobs: TokenJob[]): Promise<TokenResult[]> {
    if (jobs.length === 0) return Promise.resolve([]);
    if (this.failed) throw this.failed;
    if (!this.file || (this.workers.length === 0 && contentChars(jobs) < IN_PROCESS_CHARS)) {
      return Promise.resolve(jobs.map((j) => ({ id: j.id, encoding: j.encoding, tokens: countMessageTokens(j.message, j.encoding) })));
    }
    const w = this.pick();
    const seq = ++this.seq;
    w.busy++;
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { w, done: (r) => (this.failed ? reject(this.failed) : resolve(r)) });
      w.worker.postMessage({ seq, jobs });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    this.workers.length = 0;
  }
}
