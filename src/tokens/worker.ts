// Worker thread: counts message tokens for the ingest pipeline, off the main thread.
import { parentPort } from 'node:worker_threads';
import { countMessageTokens } from './count.js';
import type { TokenJob, TokenResult } from './pool.js';

parentPort!.on('message', (msg: { seq: number; jobs: TokenJob[] }) => {
  const results: TokenResult[] = msg.jobs.map((j) => ({ id: j.id, encoding: j.encoding, tokens: countMessageTokens(j.message, j.encoding) }));
  parentPort!.postMessage({ seq: msg.seq, results });
});
