import path from 'node:path';
import type { Readable } from 'node:stream';
import { InvalidEvent } from '../../events/validate.js';
import { isObj } from '../fields.js';
import { readJsonRecords } from '../json-values.js';
import { lineItems } from '../transcript/history.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';
import { OpenHandsConversation } from './events.js';
import { cachePageOf, storeConversation, storeFile } from './store.js';

/**
 * OpenHands' events: a trajectory (the list of events it saves with `save_trajectory_path` or the
 * GUI's export, e.g. its own tests/runtime/trajs), events one per line, or the event store's files
 * one event each (`~/.openhands/sessions/<id>/events/<n>.json`, V1
 * `~/.openhands/conversations/<id>/events/event-*.json`). The session is the store's folder, else the
 * file's name; the store's files are one conversation, read in number order (./store.ts). Mapping:
 * ./events.ts, docs/formats.md#openhands.
 */

const V0 = /"source"\s*:\s*"(user|agent|environment)"/;
const V0_KIND = /"(action|observation)"\s*:\s*"[a-z_]+"/;
const V1 = /"kind"\s*:\s*"(MessageEvent|ActionEvent|ObservationEvent|SystemPromptEvent|Condensation)"/;
const isEvent = (v: unknown) =>
  isObj(v) && v.id !== undefined && (typeof v.action === 'string' || typeof v.observation === 'string' || typeof v.kind === 'string');

function sessionOf(file: string | undefined, display: string): string {
  const p = (file ?? display).split(path.sep).join('/');
  const store = /(?:^|\/)(?:sessions|conversations)\/([^/]+)\/events\/[^/]+$/.exec(p);
  if (store) return store[1];
  return (
    path
      .basename(p)
      .replace(/(\.gz)?$/, '')
      .replace(/\.(json|jsonl|ndjson)$/, '') || 'openhands'
  );
}

export const openHandsFormat: InputFormat = {
  name: 'openhands',
  description: 'OpenHands events (trajectories, ~/.openhands/sessions/<id>/events/*.json, V1 conversations)',
  detect(head) {
    if (V1.test(head) && /"id"\s*:/.test(head)) return 11;
    return V0.test(head) && V0_KIND.test(head) && /"timestamp"\s*:/.test(head) && /"id"\s*:/.test(head) ? 11 : 0;
  },
  // an event_cache page, in a folder beside the events it copies (./store.ts)
  companionOf: cachePageOf,
  async *read(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
    // a file of the event store goes on from its folder's earlier files (./store.ts)
    const sf = storeFile(opts.path);
    const store = sf ? storeConversation(sf) : undefined;
    const c = store?.conv ?? new OpenHandsConversation(sessionOf(opts.path, opts.display));
    for await (const r of readJsonRecords(content, opts, isEvent)) {
      if (r.type !== 'record') {
        yield r;
        continue;
      }
      try {
        if (!isObj(r.value)) throw new InvalidEvent('expected an OpenHands event object');
        yield* lineItems(r.line, r.raw, c.event(r.value));
      } catch (err) {
        if (!(err instanceof InvalidEvent)) throw err;
        yield { type: 'bad', line: r.line, reason: err.message, raw: Buffer.from(r.raw) };
      }
    }
    store?.done();
  },
};
