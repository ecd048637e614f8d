import type { Writable } from 'node:stream';

/** Write and wait until the data is handed off, so large outputs survive piping into `head`. */
export function write(stream: Writable, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (stream.write(text)) resolve();
    else stream.once('drain', () => resolve());
  });
}

/** Write a report's chunks in order, each handed off before the next is made. */
export async function writeAll(stream: Writable, chunks: Iterable<string>): Promise<void> {
  for (const chunk of chunks) await write(stream, chunk);
}
