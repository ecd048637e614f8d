import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { cli, counts, json, nativeLine, query, tmpdir } from './helpers.js';

function ingestOne(content: string | Buffer, name = 'log.jsonl', extra: string[] = []) {
  const dir = tmpdir();
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  const db = path.join(dir, 'e.db');
  const r = cli(['ingest', file, '--db', db, '--format', 'json', ...extra]);
  return { r, db, file, dir };
}

const ok = nativeLine({ kind: 'lifecycle', event: 'start' });
const bad = (db: string) => query(db, 'SELECT line, reason, raw_bytes FROM bad_lines ORDER BY line');

describe('bad lines are kept, counted, and ingest goes on (exit 0)', () => {
  const cases: { name: string; line: string | Buffer; reason: RegExp }[] = [
    { name: 'a malformed line', line: '{"kind": "lifecycle", oops}', reason: /^not valid JSON/ },
    {
      name: 'a line missing a required field',
      line: JSON.stringify({ kind: 'request', ts: '2026-03-02T10:00:00Z', session: 's', messages: [] }),
      reason: /missing required field "model"/,
    },
    { name: 'a line without a session', line: JSON.stringify({ kind: 'lifecycle', ts: '2026-03-02T10:00:00Z' }), reason: /missing required field "session"/ },
    { name: 'a wrong type', line: nativeLine({ kind: 'state', key: 'k', op: 'read', turn: '3' }), reason: /^turn: expected integer >= 0, got string/ },
    { name: 'a bad timestamp', line: nativeLine({ kind: 'lifecycle', ts: 'yesterday' }), reason: /^ts: .* not an ISO-8601 date/ },
    { name: 'a JSON value that is not an object', line: '[1,2,3]', reason: /expected a JSON object, got array/ },
    { name: 'an unknown write phase', line: nativeLine({ kind: 'memory_write', write_id: 'w', phase: 'flushed' }), reason: /phase: "flushed" is not one of/ },
    {
      name: 'invalid UTF-8',
      line: Buffer.concat([Buffer.from('{"kind":"lifecycle","session":"s","ts":"2026-03-02T10:00:00Z","x":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
      reason: /^invalid UTF-8 at byte 67$/,
    },
  ];
  // one file, one ingest for every case: a good line, then each bad line followed by a good one,
  // so a bad line that swallowed or broke its neighbour would show in the counts
  const good = (i: number) => nativeLine({ kind: 'lifecycle', event: 'start', ts: `2026-03-02T10:00:${String(i).padStart(2, '0')}Z` });
  const raw = (c: (typeof cases)[number]) => (Buffer.isBuffer(c.line) ? c.line : Buffer.from(c.line));
  let all: ReturnType<typeof ingestOne>;
  beforeAll(() => {
    all = ingestOne(Buffer.concat([Buffer.from(good(0) + '\n'), ...cases.flatMap((c, i) => [raw(c), Buffer.from('\n' + good(i + 1) + '\n')])]));
  });

  it('every good line is stored and every bad line counted once', () => {
    expect(all.r.code).toBe(0);
    const s = json(all.r);
    expect([s.events, s.bad_lines]).toEqual([cases.length + 1, cases.length]);
    expect(bad(all.db).map((r) => r.line)).toEqual(cases.map((_c, i) => 2 * i + 2));
  });

  for (const [i, c] of cases.entries()) {
    it(c.name, () => {
      const line = 2 * i + 2;
      expect(all.r.code).toBe(0);
      expect(json(all.r).bad_samples.map((b: { source: string }) => b.source)).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`log\\.jsonl:${line}$`))]),
      );
      const rows = bad(all.db).filter((r) => r.line === line);
      expect(rows).toHaveLength(1);
      expect(rows[0].reason).toMatch(c.reason);
      // the raw bytes are kept exactly
      const kept = query(all.db, 'SELECT raw FROM bad_lines WHERE line = ?', line)[0].raw as Buffer;
      expect(Buffer.compare(kept, raw(c))).toBe(0);
    });
  }

  it('an unknown kind is kept as an event and reported once per kind, not as a bad line', () => {
    const lines = [ok, nativeLine({ kind: 'heartbeat' }), nativeLine({ kind: 'heartbeat', n: 2 }), nativeLine({ kind: 'audit' })];
    const { r, db } = ingestOne(lines.join('\n') + '\n');
    const s = json(r);
    expect(r.code).toBe(0);
    expect(s.bad_lines).toBe(0);
    expect(s.unknown_kinds).toEqual([
      { kind: 'heartbeat', count: 2, first: expect.stringMatching(/log\.jsonl:2$/) },
      { kind: 'audit', count: 1, first: expect.stringMatching(/log\.jsonl:4$/) },
    ]);
    expect(query(db, "SELECT count(*) AS n FROM events WHERE kind = 'heartbeat'")[0].n).toBe(2);
    const text = cli(['ingest', path.join(path.dirname(db), 'log.jsonl'), '--db', path.join(path.dirname(db), 'other.db')]);
    expect(text.stdout).toMatch(/unknown kind "heartbeat": 2 event\(s\) kept as raw, first at .*log\.jsonl:2/);
  });

  it('a truncated last line (no newline) is a bad line naming the truncation', () => {
    const { r, db } = ingestOne(ok + '\n' + ok.slice(0, 30));
    expect(json(r).bad_lines).toBe(1);
    expect(bad(db)[0]).toMatchObject({ line: 2, reason: expect.stringMatching(/^truncated last line/) });
  });

  it('a valid last line without a newline is ingested', () => {
    const { r } = ingestOne(ok + '\n' + ok.replace('start', 'stop'));
    expect([json(r).events, json(r).bad_lines]).toEqual([2, 0]);
  });

  it('a huge valid line (10 MB) is ingested; a huge broken one is a bad line; past --max-line-bytes it is cut', () => {
    const big = nativeLine({ kind: 'tool_result', call_id: 'c', content: 'x'.repeat(10 * 1024 * 1024) });
    const broken = big.slice(0, -2);
    const { r, db } = ingestOne([ok, big, broken, ok.replace('start', 'stop')].join('\n') + '\n');
    expect(r.code).toBe(0);
    expect([json(r).events, json(r).bad_lines]).toEqual([3, 1]);
    expect(bad(db)[0]).toMatchObject({ line: 3, raw_bytes: broken.length });
    const { r: r2, db: db2 } = ingestOne([ok, big, ok.replace('start', 'stop')].join('\n') + '\n', 'log.jsonl', ['--max-line-bytes', '1000000']);
    expect([json(r2).events, json(r2).bad_lines]).toEqual([2, 1]);
    expect(bad(db2)[0]).toMatchObject({ line: 2, raw_bytes: big.length, reason: expect.stringMatching(/over the 1000000-byte limit/) });
    // only the start of an over-long line is kept in the store
    expect((query(db2, 'SELECT length(raw) AS n FROM bad_lines')[0].n as number) <= 1024 * 1024).toBe(true);
  });

  it('an empty file ingests nothing and is not an error', () => {
    const { r } = ingestOne('');
    expect(r.code).toBe(0);
    expect([json(r).events, json(r).bad_lines]).toEqual([0, 0]);
  });

  it('CRLF line ends and a UTF-8 BOM are accepted', () => {
    const { r } = ingestOne('\ufeff' + ok + '\r\n' + ok.replace('start', 'stop') + '\r\n');
    expect([json(r).events, json(r).bad_lines]).toEqual([2, 0]);
  });

  it('bad CSV rows are kept with their line, the rest of the retrieval is read', () => {
    const csv =
      [
        'retrieval_id,session,ts,query,top_k,threshold,rank,candidate_id,score,text',
        'q1,s,2026-03-02T11:00:00Z,format,2,0.5,1,m1,0.9,a',
        'q1,s,2026-03-02T11:00:00Z,format,2,0.5,2,m2,high,b',
        'q1,s,2026-03-02T11:00:00Z,format,2,0.5,3,m3,0.4,c,extra-column',
        'q1,s,2026-03-02T11:00:00Z,format,2,0.5,4,m4,0.3,d',
      ].join('\n') + '\n';
    const { r, db } = ingestOne(csv, 'trace.csv');
    expect(r.code).toBe(0);
    expect([json(r).events, json(r).bad_lines]).toEqual([1, 2]);
    const rows = bad(db);
    expect(rows.map((b) => b.line)).toEqual([3, 4]);
    expect(rows[0].reason).toBe('score: "high" is not a number');
    expect(rows[1].reason).toMatch(/^CSV: Invalid Record Length: columns length is 10, got 11 on line 4/);
    expect(JSON.parse(query(db, 'SELECT body FROM events')[0].body).candidates.map((c: any) => c.id)).toEqual(['m1', 'm4']);
  });

  it('OpenAI-style lines without a session id fall back to the call (never a bad line), and stderr says so', () => {
    const line = JSON.stringify({
      timestamp: '2026-04-10T08:00:00Z',
      request_id: 'req-9',
      request: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
      response: { choices: [] },
    });
    const good = JSON.stringify({
      timestamp: '2026-04-10T08:00:00Z',
      request: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
      metadata: { session_id: 'x' },
    });
    const { r, db } = ingestOne(good + '\n' + line + '\n');
    expect([json(r).events, json(r).bad_lines]).toEqual([2, 0]);
    expect(query(db, 'SELECT DISTINCT session FROM events ORDER BY session').map((x: any) => x.session)).toEqual(['req-9', 'x']);
    expect(r.stderr).toMatch(/session from metadata\.session_id \(1\), the call id \(no session, trace or user\) \(1\)/);
  });

  it('amnesia bad-lines lists them with file:line', () => {
    const { db } = ingestOne(ok + '\nnot json\n');
    const r = cli(['bad-lines', '--db', db]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/log\.jsonl:2: not valid JSON/);
  });
});

describe('unusable input or store: one line on stderr, exit 2, the store untouched', () => {
  function prepared() {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    fs.writeFileSync(path.join(dir, 'ok.jsonl'), ok + '\n');
    expect(cli(['ingest', path.join(dir, 'ok.jsonl'), '--db', db]).code).toBe(0);
    return { dir, db, snapshot: () => counts(db) };
  }

  it('a missing path', () => {
    const { dir, db, snapshot } = prepared();
    const before = snapshot();
    const r = cli(['ingest', path.join(dir, 'ok.jsonl'), path.join(dir, 'nope.jsonl'), '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/nope\.jsonl: no such file or directory/);
    expect(snapshot()).toEqual(before);
  });

  it('a missing path does not even create a new store', () => {
    const dir = tmpdir();
    const r = cli(['ingest', path.join(dir, 'nope.jsonl'), '--db', path.join(dir, 'new.db')]);
    expect(r.code).toBe(2);
    expect(fs.existsSync(path.join(dir, 'new.db'))).toBe(false);
  });

  it('a folder without readable logs', () => {
    const { dir, db, snapshot } = prepared();
    const empty = path.join(dir, 'empty');
    fs.mkdirSync(empty);
    fs.writeFileSync(path.join(empty, 'notes.md'), '# not a log');
    fs.writeFileSync(path.join(empty, 'data.txt'), 'just some words, nothing else');
    const before = snapshot();
    const r = cli(['ingest', empty, '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/empty: no readable logs in this folder/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(snapshot()).toEqual(before);
  });

  it('an unknown forced format', () => {
    const { dir, db, snapshot } = prepared();
    const before = snapshot();
    const r = cli(['ingest', path.join(dir, 'ok.jsonl'), '--db', db, '--format', 'parquet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown format "parquet"; input formats: native, openai, csv/);
    expect(snapshot()).toEqual(before);
  });

  it('a file whose format cannot be detected, named explicitly', () => {
    const { dir, db } = prepared();
    fs.writeFileSync(path.join(dir, 'weird.log'), 'hello\nworld\n');
    const r = cli(['ingest', path.join(dir, 'weird.log'), '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/weird\.log: cannot detect the format .* use --input-format/);
  });

  it('an unwritable store location', () => {
    const dir = tmpdir();
    fs.writeFileSync(path.join(dir, 'ok.jsonl'), ok + '\n');
    fs.writeFileSync(path.join(dir, 'afile'), 'x');
    const r = cli(['ingest', path.join(dir, 'ok.jsonl'), '--db', path.join(dir, 'afile', 'e.db')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot create store .*afile\/e\.db/);
  });

  it('a corrupt store is refused and left byte for byte as it was', () => {
    const dir = tmpdir();
    fs.writeFileSync(path.join(dir, 'ok.jsonl'), ok + '\n');
    const db = path.join(dir, 'corrupt.db');
    const garbage = Buffer.alloc(8192, 0x5a);
    fs.writeFileSync(db, garbage);
    for (const args of [['ingest', path.join(dir, 'ok.jsonl')], ['sessions']]) {
      const r = cli([...args, '--db', db]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/corrupt\.db: the file is not an SQLite database/);
    }
    expect(Buffer.compare(fs.readFileSync(db), garbage)).toBe(0);
    expect(fs.existsSync(db + '-wal')).toBe(false);
  });

  it('a store written by a newer version is refused, untouched', () => {
    const { dir, db, snapshot } = prepared();
    const raw = new Database(db);
    raw.pragma('user_version = 99');
    raw.close();
    const before = snapshot();
    const r = cli(['ingest', path.join(dir, 'ok.jsonl'), '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/written by a newer amnesia \(schema 99, this version reads up to \d+\)/);
    expect(snapshot()).toEqual(before);
    expect(query(db, 'PRAGMA user_version')[0].user_version).toBe(99);
  });

  it('sessions on a missing store says how to make one', () => {
    const r = cli(['sessions', '--db', path.join(tmpdir(), 'none.db')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no evidence store at .*none\.db; run `amnesia ingest <paths>` first/);
  });

  it('an unknown option is a usage error (exit 2)', () => {
    const r = cli(['ingest', '--frobnicate', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown option '--frobnicate'/);
  });
});
