// Worker thread: counts message tokens for the ingest pipeline, off the main thread.
import { parentPort } from 'node:worker_threads';
import { countPartsTokens } from './count.js';
import type { PackedCounts, PackedJobs } from './pool.js';

parentPort!.on('message', (msg: PackedJobs) => {
  const tokens = new Float64Array(msg.texts.length);
  for (let i = 0; i < tokens.length; i++) {
    tokens[i] = countPartsTokens(msg.texts[i], msg.names[i], msg.tools[i], msg.cl100k[i] === 1 ? 'cl100k_base' : 'o200k_base');
  }
  parentPort!.postMessage({ seq: msg.seq, tokens } satisfies PackedCounts, [tokens.buffer as ArrayBuffer]);
});
