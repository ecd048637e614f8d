import type { Readable } from 'node:stream';
import { InvalidEvent, validateEvent } from '../../events/validate.js';
import { isBad, linesLike, readJsonLines } from '../jsonl.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';

/** The native `amnesia.events/v1` JSON Lines format (docs/spec/EVENTS.md). */
export const nativeFormat: InputFormat = {
  name: 'native',
  description: 'amnesia.events/v1 JSON Lines: one event per line with kind, ts, session',
  detect(head) {
    return linesLike(head, (line) => /^\s*\{/.test(line) && /"kind"\s*:/.test(line) && /"session"\s*:/.test(line)) > 0 ? 10 : 0;
  },
  async *read(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
    for await (const x of readJsonLines(content, opts)) {
      if (isBad(x)) {
        yield x;
        continue;
      }
      try {
        const event = validateEvent(x.value);
        yield { type: 'event', line: x.no, event, raw: x.text, sub: 0, json: event.kind === 'request' ? undefined : x.text };
      } catch (err) {
        if (!(err instanceof InvalidEvent)) throw err;
        yield { type: 'bad', line: x.no, reason: err.message, raw: Buffer.from(x.text) };
      }
    }
  },
};
