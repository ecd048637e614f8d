import type { Writable } from 'node:stream';

/**
 * Write and wait until the data is handed off, so large outputs survive piping into `head`. A reader
 * that went away (`| head` has read its lines: EPIPE) ends the wait and every later write is dropped,
 * so the command finishes and exits with its own code (a `ci` gate keeps its verdict).
 */
export function write(stream: Writable, text: string): Promise<void> {
  if (stream.destroyed || stream.writableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    if (stream.write(text)) return resolve();
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', done);
  });
}

/** Errors of a stream whose reader closed early: the output is dropped, the run goes on. */
const CLOSED_READER = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

/**
 * An output stream whose reader may close early: a closed pipe is no crash (Node throws an unhandled
 * 'error' otherwise, with a stack trace after `| head`); any other error still is.
 */
export function toleratePipeClose(stream: Writable): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (!CLOSED_READER.has(e.code ?? '')) throw e;
    stream.destroy();
  });
}

/** Write a report's chunks in order, each handed off before the next is made. */
export async function writeAll(stream: Writable, chunks: Iterable<string>): Promise<void> {
  for (const chunk of chunks) await write(stream, chunk);
}
