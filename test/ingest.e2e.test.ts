import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { get_encoding } from 'tiktoken';
import { cli, counts, FIXTURES, ingestedOnce, json, nativeLine, query, ROOT, tmpdir } from './helpers.js';

const FORMATS = path.join(FIXTURES, 'formats');

/** fixtures/formats ingested once by the binary for this file (token counting on its worker thread, the default) */
const formatsDb = ingestedOnce([FORMATS], 'formats.db');

describe('amnesia ingest: formats', () => {
  it('reads native, OpenAI-style, CSV and gzipped logs from a folder with the right counts', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    // the folder's own files (its subfolders hold the OTLP, OpenInference and Langfuse fixtures: test/formats.e2e.test.ts)
    const own = fs
      .readdirSync(FORMATS, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(FORMATS, e.name));
    const r = cli(['ingest', ...own, '--db', db, '--format', 'json']);
    expect(r.code).toBe(0);
    const s = json(r);
    expect(s.schema).toBe('amnesia.ingest/v1');
    expect(Object.fromEntries(s.files.map((f: any) => [path.basename(f.path), [f.format, f.events]]))).toEqual({
      'native-basic.jsonl': ['native', 12],
      'openai-proxy.jsonl': ['openai', 6],
      'openai-proxy-rotated.jsonl.gz': ['openai', 6],
      'retrieval-trace.csv': ['csv', 2],
    });
    expect(s.by_kind).toEqual({
      request: 8,
      response: 8,
      retrieval: 3,
      memory_write: 2,
      tool_call: 1,
      tool_result: 1,
      state: 1,
      lifecycle: 1,
      store_snapshot: 1,
    });
    expect(s.sessions).toBe(6);
    expect(s.bad_lines).toBe(0);
    // CSV: one retrieval event per retrieval id, candidates in rank order, injected as given, multi-line query kept.
    const [q100, q101] = query(db, "SELECT body, line FROM events WHERE kind = 'retrieval' AND session = 'demo-csv' ORDER BY ts");
    const b = JSON.parse(q100.body);
    expect(b.candidates.map((c: any) => [c.id, c.score, c.rank])).toEqual([
      ['m12', 0.82, 1],
      ['m31', 0.79, 2],
      ['m77', 0.74, 3],
      ['m40', 0.71, 4],
      ['m41', 0.68, 5],
    ]);
    expect(b.injected).toEqual(['m12', 'm31']);
    expect(b.candidates[1].text).toBe('User\'s project is called "Atlas"');
    expect(q100.line).toBe(2);
    expect(JSON.parse(q101.body).query).toBe('multi-line\nquery text');
    expect(q101.line).toBe(7);
    // OpenAI-style: session from metadata / conversation_id, usage mapped, turn derived from user messages.
    const oa = query(db, "SELECT turn, body FROM events WHERE session = 'demo-openai' AND kind = 'request' ORDER BY ts");
    expect(oa.map((x) => x.turn)).toEqual([0, 1]);
    expect(JSON.parse(oa[1].body).usage.input_tokens).toBe(70);
    expect(query(db, "SELECT count(*) AS n FROM events WHERE session = 'demo-openai-2'")[0].n).toBe(2);
  });

  it('stores each distinct message once and a request as an ordered list of message ids', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    expect(cli(['ingest', path.join(FORMATS, 'native-basic.jsonl'), '--db', db]).code).toBe(0);
    // r0 has [system, user]; r1 repeats both and adds assistant + user: 4 distinct messages, not 6.
    expect(counts(db).messages).toBe(4);
    const lists = query(
      db,
      `SELECT e.event_id AS id, r.messages AS ids FROM requests r
      JOIN events e ON e.id = r.event ORDER BY e.ts`,
    );
    const [r0, r1] = lists.map((l) => JSON.parse(l.ids) as number[]);
    expect(r1.slice(0, 2)).toEqual(r0);
    expect(new Set(r1).size).toBe(4);
    // The request body keeps everything but the messages, which are reconstructable in order.
    const body = JSON.parse(query(db, "SELECT body FROM events WHERE event_id = 'r1'")[0].body);
    expect(body.messages).toBeUndefined();
    expect(body.usage).toEqual({ input_tokens: 58, output_tokens: 40 });
  });

  it('counts tokens with the model family encoding, per distinct message', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    const lines = [
      nativeLine({ kind: 'request', session: 'a', model: 'gpt-4o', messages: [{ role: 'user', content: 'hello world' }] }),
      nativeLine({ kind: 'request', session: 'b', model: 'gpt-4', messages: [{ role: 'user', content: 'hello world' }] }),
    ];
    fs.writeFileSync(path.join(dir, 'a.jsonl'), lines.join('\n') + '\n');
    expect(cli(['ingest', path.join(dir, 'a.jsonl'), '--db', db]).code).toBe(0);
    const rows = query(db, 'SELECT model, encoding, prompt_tokens FROM requests ORDER BY model');
    // "hello world" is 2 tokens in both encodings; + 3 per message + 3 per request.
    expect(rows).toEqual([
      { model: 'gpt-4', encoding: 'cl100k_base', prompt_tokens: 8 },
      { model: 'gpt-4o', encoding: 'o200k_base', prompt_tokens: 8 },
    ]);
    const m = query(db, 'SELECT tokens_o200k, tokens_cl100k FROM messages');
    expect(m).toEqual([{ tokens_o200k: 5, tokens_cl100k: 5 }]);
  });
});

describe('amnesia ingest: idempotence', () => {
  it('ingesting the same folder twice changes nothing', () => {
    const db = formatsDb();
    const before = counts(db);
    const r = cli(['ingest', FORMATS, '--db', db, '--format', 'json']);
    expect(r.code).toBe(0);
    const s = json(r);
    // log files are known by their bytes; a database (Mem0's history.db beside the logs) is read again, as it
    // can change between runs, and its rows are all already in the store
    const dbs = s.files.filter((f: any) => f.format === 'mem0');
    expect(dbs.length).toBeGreaterThan(0);
    expect(s.files.filter((f: any) => f.format !== 'mem0').every((f: any) => f.status === 'unchanged')).toBe(true);
    expect(dbs.every((f: any) => f.events === 0 && f.duplicates > 0)).toBe(true);
    expect(s.events).toBe(0);
    expect(counts(db)).toEqual(before);
  });

  it('a copy of a log under another name adds nothing; an appended log adds only its new events', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    const src = path.join(FORMATS, 'native-basic.jsonl');
    expect(cli(['ingest', src, '--db', db]).code).toBe(0);
    const before = counts(db);
    fs.copyFileSync(src, path.join(dir, 'copy.jsonl'));
    expect(json(cli(['ingest', path.join(dir, 'copy.jsonl'), '--db', db, '--format', 'json'])).files[0].status).toBe('unchanged');
    const grown = path.join(dir, 'grown.jsonl');
    fs.writeFileSync(grown, fs.readFileSync(src, 'utf8') + nativeLine({ kind: 'lifecycle', session: 'demo-native', event: 'stop' }) + '\n');
    const s = json(cli(['ingest', grown, '--db', db, '--format', 'json']));
    expect([s.events, s.duplicates]).toEqual([1, 12]);
    expect(counts(db).events).toBe(before.events + 1);
  });

  it('reads standard input, and the same input twice adds nothing', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    const input = fs.readFileSync(path.join(FORMATS, 'native-basic.jsonl'));
    const a = json(cli(['ingest', '-', '--db', db, '--format', 'json'], { input }));
    expect(a.events).toBe(12);
    expect(a.files[0].path).toBe('<stdin>');
    const b = json(cli(['ingest', '-', '--db', db, '--format', 'json'], { input }));
    expect(b.events).toBe(0);
    expect(counts(db).sources).toBe(1);
    const gz = json(cli(['ingest', '-', '--db', db, '--format', 'json'], { input: zlib.gzipSync(fs.readFileSync(path.join(FORMATS, 'openai-proxy.jsonl'))) }));
    expect([gz.files[0].format, gz.events]).toEqual(['openai', 6]);
  });
});

describe('token counting off the main thread', () => {
  it('the worker thread and in-process counting store the same counts', () => {
    const dir = tmpdir();
    const a = formatsDb(); // the worker thread
    const b = path.join(dir, 'inline.db');
    expect(cli(['ingest', FORMATS, '--db', b], { env: { AMNESIA_TOKEN_WORKER: '0' } }).code).toBe(0);
    const sql = 'SELECT model, encoding, prompt_tokens FROM requests r JOIN events e ON e.id = r.event ORDER BY e.session, e.ts';
    const rows = query(a, sql);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.every((r) => typeof r.prompt_tokens === 'number' && r.prompt_tokens > 3)).toBe(true);
    expect(rows).toEqual(query(b, sql));
  });

  it("the built binary's counts are tiktoken's, for prose, long runs without a space (merged with a heap) and odd characters", () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    const texts = [
      'Never use XML in your answers, please. 请不要使用表格。 Bitte keine Emojis!',
      '😀'.repeat(3000),
      'a'.repeat(5000),
      '中文的测试文本'.repeat(400),
      "It\u2019s the user's \u017fhort-lived choice\u0085next line\ufeff 12345678 ",
    ];
    const lines = texts.map((content, i) =>
      nativeLine({ kind: 'request', session: `t${i}`, model: i % 2 ? 'gpt-4' : 'gpt-4o', messages: [{ role: 'user', content }] }),
    );
    fs.writeFileSync(path.join(dir, 't.jsonl'), lines.join('\n') + '\n');
    expect(cli(['ingest', path.join(dir, 't.jsonl'), '--db', db]).code).toBe(0);
    const stored = query(db, 'SELECT json, tokens_o200k, tokens_cl100k FROM messages');
    expect(stored).toHaveLength(texts.length);
    for (const m of stored) {
      const content = JSON.parse(m.json).content as string;
      const [enc, tokens] = texts.indexOf(content) % 2 ? ['cl100k_base', m.tokens_cl100k] : ['o200k_base', m.tokens_o200k];
      expect(tokens, content.slice(0, 20)).toBe(3 + get_encoding(enc as 'o200k_base').encode_ordinary(content).length);
    }
  });
});

describe('schema 3: packed request messages', () => {
  it('converts a schema-2 store (a row per request message) in place, with the same prompts and findings', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'old.db');
    expect(cli(['ingest', path.join(ROOT, 'fixtures', 'incidents'), '--db', db, '--no-progress']).code).toBe(0);
    const before = json(cli(['analyze', '--db', db, '--format', 'json']));
    const prompts = query(db, 'SELECT event, messages FROM requests ORDER BY event');
    expect(prompts.some((p) => JSON.parse(p.messages).length > 3)).toBe(true);
    // turn it back into what schema 2 wrote
    const w = new Database(db);
    w.exec(`
      CREATE TABLE request_messages (request INTEGER NOT NULL REFERENCES requests (event), pos INTEGER NOT NULL,
        message INTEGER NOT NULL REFERENCES messages (id), PRIMARY KEY (request, pos)) STRICT, WITHOUT ROWID;
      CREATE INDEX request_messages_message ON request_messages (message);
      INSERT INTO request_messages SELECT r.event, j.key, j.value FROM requests r, json_each(r.messages) j;
      ALTER TABLE requests DROP COLUMN messages;
      DROP INDEX events_turn_key; DROP INDEX events_key_session; ALTER TABLE events DROP COLUMN turn_key;
      DELETE FROM findings; DELETE FROM analysis_state; DROP TABLE amnesia_store; DROP TABLE judge_verdicts;
      PRAGMA user_version = 2;`);
    w.close();
    const after = json(cli(['analyze', '--db', db, '--format', 'json']));
    expect(query(db, 'PRAGMA user_version')[0].user_version).toBeGreaterThanOrEqual(3);
    expect(query(db, "SELECT count(*) AS n FROM sqlite_master WHERE name = 'request_messages'")[0].n).toBe(0);
    expect(query(db, 'SELECT event, messages FROM requests ORDER BY event')).toEqual(prompts);
    expect(after).toEqual(before);
  });
});
