import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ChatMessage } from '../events/types.js';
import { countMessageTokens } from './count.js';
import type { EncodingName } from './models.js';

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
 * Counts message tokens in a worker thread, so tiktoken runs on a second core while the main
 * thread parses and writes. Falls back to counting in-process when the compiled worker is not
 * there (running from TypeScript sources) or AMNESIA_TOKEN_WORKER=0.
 */
export class TokenCounter {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly waiting = new Map<number, (r: TokenResult[]) => void>();
  private failed: Error | null = null;

  constructor(useWorker = process.env.AMNESIA_TOKEN_WORKER !== '0') {
    const file = fileURLToPath(new URL('./worker.js', import.meta.url));
    if (useWorker && fs.existsSync(file)) {
      this.worker = new Worker(file);
      this.worker.on('message', (m: { seq: number; results: TokenResult[] }) => {
        const done = this.waiting.get(m.seq);
        this.waiting.delete(m.seq);
        done?.(m.results);
      });
      this.worker.on('error', (err) => {
        this.failed = err;
        for (const done of this.waiting.values()) done([]);
        this.waiting.clear();
      });
    }
  }

  /** Count a batch; resolves with one result per job. */
  count(jobs: TokenJob[]): Promise<TokenResult[]> {
    if (jobs.length === 0) return Promise.resolve([]);
    if (this.failed) throw this.failed;
    if (!this.worker) return Promise.resolve(jobs.map((j) => ({ id: j.id, encoding: j.encoding, tokens: countMessageTokens(j.message, j.encoding) })));
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, (r) => (this.failed ? reject(this.failed) : resolve(r)));
      this.worker!.postMessage({ seq, jobs });
    });
  }

  async close(): Promise<void> {
    if (this.worker) await this.worker.terminate();
    this.worker = null;
  }
}
