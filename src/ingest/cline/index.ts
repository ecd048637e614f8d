import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { peek } from '../otlp/container.js';
import { readDocument } from '../transcript/document.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';
import { classicItems } from './classic.js';
import { sdkItems } from './sdk.js';

/**
 * Cline's transcripts, two layouts told apart by content: the SDK / CLI session file
 * (`<id>.messages.json`, an object with `sessionId` and `messages`, ./sdk.ts) and the classic task
 * folder's `api_conversation_history.json` (a list of messages whose first is the `<task>`, ./classic.ts).
 * Mapping: docs/formats.md#cline.
 */

const SDK_HEAD = (h: string) =>
  /^\s*\{/.test(h) &&
  /"sessionId"\s*:/.test(h) &&
  /"messages"\s*:\s*\[/.test(h) &&
  /"role"\s*:\s*"(user|assistant)"/.test(h) &&
  /"(agent|system_prompt|updated_at)"\s*:/.test(h);
const CLASSIC_HEAD = (h: string) => /^\s*\[\s*\{/.test(h) && /"role"\s*:\s*"user"/.test(h) && /<task>|<environment_details>/.test(h);

export const clineFormat: InputFormat = {
  name: 'cline',
  description: 'Cline sessions (~/.cline/data/sessions/<id>/<id>.messages.json) and classic tasks (tasks/<id>/api_conversation_history.json)',
  detect(head) {
    return SDK_HEAD(head) || CLASSIC_HEAD(head) ? 11 : 0;
  },
  companionOf(file) {
    const dir = path.dirname(file);
    const base = path.basename(file);
    const beside = (name: string) => (fs.existsSync(path.join(dir, name)) ? path.join(dir, name) : undefined);
    // a classic task folder: what the panel showed (read for the cuts) and the task's metadata
    if (base === 'ui_messages.json' || base === 'task_metadata.json') return beside('api_conversation_history.json');
    // an SDK session's manifest `<id>.json` beside its `<id>.messages.json`
    const id = /^(.+)\.json$/.exec(base)?.[1];
    return id && !id.endsWith('.messages') ? beside(`${id}.messages.json`) : undefined;
  },
  async *read(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
    const { head, stream } = await peek(content);
    const doc = await readDocument(stream, opts, 'messages');
    yield* /^\s*\[/.test(head.toString('utf8')) ? classicItems(doc, opts.path) : sdkItems(doc);
  },
};
