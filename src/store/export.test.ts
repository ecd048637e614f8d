import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateEvent } from '../events/validate.js';
import type { IngestItem } from '../ingest/types.js';
import { openStore, type Db } from './connection.js';
import { storedEvents } from './export.js';
import { EvidenceWriter } from './writer.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function store(events: Record<string, unknown>[]): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-export-'));
  dirs.push(dir);
  const db = openStore(path.join(dir, 'e.db'));
  const w = new EvidenceWriter(db);
  const src = w.beginSource('a.jsonl', 'a.jsonl', 0, 'test');
  const items: IngestItem[] = events.map((o, i) => ({ type: 'event', line: i + 1, raw: JSON.stringify(o), sub: 0, event: validateEvent(o) }));
  w.writeBatch(src.id, items, items.length);
  return db;
}

const user = (content: string) => ({ role: 'user', content });
// each request repeats the history before it, as request logs do: request k holds k + 1 messages
const HISTORY = ['no tables, please', 'what is the capital of France?', 'and of Spain?', 'and of Italy?', 'and of Peru?'].map(user);
const REQUESTS = HISTORY.map((_, k) => ({
  kind: 'request',
  ts: `2026-03-02T10:0${k}:00Z`,
  session: 's1',
  model: 'gpt-4o',
  messages: HISTORY.slice(0, k + 1),
}));

describe('storedEvents (amnesia events, shard)', () => {
  it("puts every request's messages back, also when the message cache is smaller than one request's history", () => {
    const db = store(REQUESTS);
    // a cache of 2: making room for a request's new messages drops older ones the same request names
    for (const size of [2, 3, 20_000]) {
      const out = [...storedEvents(db, size)].map((e) => e.native(false).messages);
      expect(out, `cache of ${size}`).toEqual(REQUESTS.map((r) => r.messages));
    }
  });
});
