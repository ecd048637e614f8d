// How a reader's failure is told apart from the pipeline's own, and said in one line.
import { AmnesiaError, InputError } from '../errors.js';

/**
 * A read that failed part-way. An error of ours (a gzip that ends early, a document that is not
 * JSON) keeps its message; anything else is a reader bug, said in one line naming the file and line.
 */
export function readFailed(display: string, format: string, line: number, err: unknown): Error {
  const kept = 'nothing of it was kept; the next run reads it again from the start';
  if ((err as { code?: string }).code === 'Z_DATA_ERROR' || /incorrect header check|unexpected end of file/.test(String(err))) {
    return new InputError(`${display}: not a valid gzip file (${(err as Error).message}); ${kept}`);
  }
  if (err instanceof AmnesiaError) return err;
  const why = ((err as Error)?.message ?? String(err)).split('\n')[0];
  return new AmnesiaError(`${display}: the ${format} reader failed ${line ? `after line ${line}` : 'at the start'} (${why}); ${kept}`);
}

/** An error thrown by a reader (or the stream it reads), told apart from the pipeline's own. */
export class ReaderFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('reader failed');
  }
}

export async function* fromReader<T>(items: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* items;
  } catch (err) {
    throw new ReaderFailure(err);
  }
}
