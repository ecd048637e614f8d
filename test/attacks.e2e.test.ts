// Issue 15: each attack an attacker found, replayed on the built binary.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BIN, cli, FIXTURES, json, nativeLine, query, tmpdir } from './helpers.js';
import { EXHAUSTIVE, SLOW } from './tier.js';

const ESC = '\x1b';
const LOST_WRITE = path.join(FIXTURES, 'incidents', 'lost-write', 'en.jsonl');
const OPENAI = path.join(FIXTURES, 'formats', 'openai-proxy.jsonl');

/** The lost-write incident with its session id replaced (JSON text, so escapes such as \ud800 stay as written). */
function withSession(dir: string, sessionJson: string, name = 'log.jsonl'): string {
  const text = fs.readFileSync(LOST_WRITE, 'utf8').replace(/"session":"s7-en"/g, `"session":${sessionJson}`);
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

function sha256(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  return lines[0];
}

describe('1. ids cannot hide findings', () => {
  it('a session id with a lone surrogate still yields its finding and fails ci', () => {
    const dir = tmpdir();
    const clean = cli(['ci', withSession(dir, '"s7-en"', 'clean.jsonl'), '--no-progress'], { cwd: dir });
    expect(clean.code).toBe(1);
    for (const sid of ['"s\\ud800"', '"\\udc00x\\ud83d"', '"a\\ud83d\\ude00b\\udfff"']) {
      const r = cli(['ci', withSession(dir, sid), '--no-progress', '--format', 'json'], { cwd: dir });
      expect(r.code, `${sid}: ${r.stderr}`).toBe(1);
      expect(json(r).new.some((f: { analyzer: string }) => f.analyzer === 'lost-write')).toBe(true);
    }
  });
});

describe('2. ingest output is inert', () => {
  it('an event kind with an OSC 52 clipboard write is shown visibly, in text and json', () => {
    const dir = tmpdir();
    const file = path.join(dir, 'k.jsonl');
    fs.writeFileSync(
      file,
      [
        nativeLine({ kind: `x${ESC}]52;c;aGk=\x07`, session: 's' }),
        nativeLine({ kind: `t${ESC}]0;pwned\x07`, session: `s${ESC}[2J` }),
        nativeLine({ kind: 'constructor', session: 's' }),
        nativeLine({ kind: 'toString', session: 's' }),
      ].join('\n') + '\n',
    );
    const r = cli(['ingest', file, '--db', path.join(dir, 'e.db'), '--no-progress']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).not.toContain('\x07');
    expect(r.stdout).toContain('\\x1b]52;c;aGk=');
    expect(r.stdout).not.toContain('native code');
    const j = cli(['ingest', file, '--db', path.join(dir, 'f.db'), '--no-progress', '--format', 'json']);
    expect(j.stdout).not.toContain('native code');
    const doc = json(j);
    expect(doc.by_kind.constructor).toBe(1);
    expect(doc.by_kind.toString).toBe(1);
  });
});

describe('3. secrets never leave', () => {
  const KEYS = {
    proj: 'sk-proj-' + 'Ab3dEf9hIjKlMn0pQrStUvWxYz_0123456789-abcdefABCDEF0123456789abcdefABCDEF012345678901234567T3BlbkFJ' + 'x'.repeat(40),
    ant: 'sk-ant-api03-' + 'Q'.repeat(40) + '_' + 'z9'.repeat(20) + '-' + 'AAAA',
    stripe: 'sk_live_' + '51HqLyjWDarjtT1zdp7dcXyz0123456789',
    stripeR: 'rk_live_' + '51HqLyjWDarjtT1zdp7dcXyz0123456789',
    aws: 'AKIAIOSFODNN7EXAMPLE',
    github: 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
    jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  };
  // any visible piece of a key: its start (beyond a public prefix), a middle, its end
  const tails = (k: string) => [k.slice(0, 14), k.slice(14, 24), k.slice(-12)];

  it('keys anywhere in a long text (across any excerpt cut) are fully masked', () => {
    const dir = tmpdir();
    // each key placed so that a 400-character cut falls inside it
    const lines: string[] = [];
    let turn = 0;
    for (const k of Object.values(KEYS)) {
      // the evidence excerpt reads "enqueued mN (fact): Remember my key. ...": these pads put the 400-character cut inside the key
      for (let pad = 300; pad <= 372; pad += 6) {
        const text = 'Remember my key. ' + '.'.repeat(pad) + ' ' + k + ' and never forget it please';
        lines.push(nativeLine({ kind: 'request', session: 'sk', turn, model: 'gpt-4o', messages: [{ role: 'user', content: text }] }));
        lines.push(
          nativeLine({ kind: 'memory_write', session: 'sk', turn, write_id: `w${turn}`, phase: 'enqueued', memory_id: `m${turn}`, memory_type: 'fact', text }),
        );
        lines.push(nativeLine({ kind: 'memory_write', session: 'sk', turn, write_id: `w${turn}`, phase: 'acknowledged' }));
        turn++;
      }
    }
    lines.push(nativeLine({ kind: 'lifecycle', session: 'sk', event: 'restart', process: 'memory-worker', ts: '2026-03-02T11:00:00Z' }));
    const file = path.join(dir, 'keys.jsonl');
    fs.writeFileSync(file, lines.join('\n') + '\n');
    const db = path.join(dir, 'e.db');
    expect(cli(['ingest', file, '--db', db, '--no-progress']).code).toBe(0);
    for (const fmt of ['text', 'json', 'markdown']) {
      const r = cli(['analyze', '--db', db, '--format', fmt]);
      expect(r.stdout.length, r.stderr).toBeGreaterThan(100);
      for (const [name, k] of Object.entries(KEYS)) {
        for (const t of tails(k)) expect(r.stdout, `${fmt} ${name}`).not.toContain(t);
      }
    }
  });

  it('--redact masks session ids in every output; bad-lines masks keys; parse errors show no line start', () => {
    const dir = tmpdir();
    const sid = 'alice-secret-session-7f3a9c';
    const file = withSession(dir, JSON.stringify(sid));
    fs.appendFileSync(file, `{"kind":"request","api_key":"${KEYS.stripe}", broken\n`);
    const sarif = path.join(dir, 'r.sarif');
    const junit = path.join(dir, 'r.xml');
    const md = path.join(dir, 'r.md');
    const r = cli(['ci', file, '--redact', '--sarif', sarif, '--junit', junit, '--markdown', md, '--no-progress'], {
      cwd: dir,
      env: { GITHUB_ACTIONS: 'true' },
    });
    expect(r.code).toBe(1);
    for (const [what, text] of [
      ['stdout', r.stdout],
      ['stderr', r.stderr],
      ['sarif', fs.readFileSync(sarif, 'utf8')],
      ['junit', fs.readFileSync(junit, 'utf8')],
      ['md', fs.readFileSync(md, 'utf8')],
    ]) {
      expect(text, what).not.toContain(sid);
      expect(text, what).not.toContain(KEYS.stripe.slice(-12));
      expect(text, what).not.toContain('"api_key"');
    }
    const db = path.join(dir, 'e.db');
    cli(['ingest', file, '--db', db, '--no-progress']);
    for (const fmt of ['text', 'json', 'markdown']) {
      const a = cli(['analyze', '--db', db, '--redact', '--format', fmt]);
      expect(a.stdout.length).toBeGreaterThan(50);
      expect(a.stdout, fmt).not.toContain(sid);
    }
    const t = cli(['triage', file, '--redact', '--no-progress']);
    expect(t.stdout + t.stderr).not.toContain(sid);
    expect(t.stderr).not.toContain('"api_key"');
    const b = cli(['bad-lines', '--db', db]);
    expect(b.stdout).toContain('api_key'); // the line is shown...
    expect(b.stdout).not.toContain(KEYS.stripe.slice(-12)); // ...with its key masked
    const bj = cli(['bad-lines', '--db', db, '--format', 'json']);
    expect(bj.stdout).not.toContain(KEYS.stripe.slice(-12));
  });

  it('the store and its -wal / -shm are created readable by their owner only', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    const old = process.umask(0o022);
    try {
      expect(cli(['ingest', LOST_WRITE, '--db', db, '--no-progress']).code).toBe(0);
    } finally {
      process.umask(old);
    }
    for (const f of [db, `${db}-wal`, `${db}-shm`]) {
      if (fs.existsSync(f)) expect((fs.statSync(f).mode & 0o777).toString(8), f).toBe('600');
    }
  });
});

describe('4. one crafted field never aborts an ingest', () => {
  const line = JSON.parse(fs.readFileSync(OPENAI, 'utf8').split('\n')[0]);
  const cases: [string, (o: any) => void][] = [
    ['model', (o) => (o.request.model = { toString: 1 })],
    ['request_id', (o) => (o.request_id = { toString: 1 })],
    ['metadata.agent', (o) => (o.metadata.agent = { toString: 1 })],
    ['metadata.session_id', (o) => (o.metadata.session_id = { toString: 1 })],
    ['model valueOf', (o) => (o.request.model = { valueOf: 1, toString: 2 })],
  ];
  it.each(cases)('openai %s as an object: a bad line, the next line is read, a re-run recovers', (_name, mutate) => {
    const dir = tmpdir();
    const bad = structuredClone(line);
    mutate(bad);
    const good = structuredClone(line);
    good.metadata.session_id = 'good-one';
    const file = path.join(dir, 'o.jsonl');
    fs.writeFileSync(file, JSON.stringify(bad) + '\n' + JSON.stringify(good) + '\n');
    const db = path.join(dir, 'e.db');
    const r = cli(['ingest', file, '--db', db, '--no-progress', '--format', 'json']);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    const doc = json(r);
    expect(doc.events).toBeGreaterThanOrEqual(1);
    expect(doc.files[0].status).toBe('ingested');
    expect(query(db, 'SELECT status FROM sources')[0].status).toBe('complete');
  });

  it('a Langfuse export with an object as startTime: that observation is a bad line, the rest is read', () => {
    const dir = tmpdir();
    const doc = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'formats', 'langfuse', 'lost-write.json'), 'utf8'));
    const obs = doc.traces.flatMap((t: { observations?: unknown[] }) => t.observations ?? []);
    expect(obs.length).toBeGreaterThan(2);
    (obs[0] as Record<string, unknown>).startTime = { toString: 1 };
    (obs[1] as Record<string, unknown>).startTime = { valueOf: 1, toString: 1 };
    const file = path.join(dir, 'lf.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const db = path.join(dir, 'e.db');
    const r = cli(['ingest', file, '--db', db, '--no-progress', '--format', 'json']);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expect(json(r).events).toBeGreaterThan(0);
    expect(json(r).bad_lines).toBeGreaterThan(0);
    expect(query(db, 'SELECT status FROM sources')[0].status).toBe('complete');
  });

  it('a source left "ingesting" by a crash is recovered by the next run', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    expect(cli(['ingest', LOST_WRITE, '--db', db, '--no-progress']).code).toBe(0);
    const w = new Database(db);
    w.prepare("UPDATE sources SET status = 'ingesting', items_done = 3").run();
    w.close();
    const r = cli(['ingest', LOST_WRITE, '--db', db, '--no-progress']);
    expect(r.code).toBe(0);
    expect(query(db, 'SELECT status FROM sources')[0].status).toBe('complete');
  });

  it('a CSV header named __proto__ does not lose the file', () => {
    const dir = tmpdir();
    const file = path.join(dir, 'p.csv');
    const src = fs.readFileSync(path.join(FIXTURES, 'formats', 'retrieval-trace.csv'), 'utf8').split('\n');
    const rows = src
      .slice(1)
      .filter(Boolean)
      .map((l) => `x,${l}`);
    fs.writeFileSync(file, [`__proto__,${src[0]}`, ...rows].join('\n') + '\n');
    const r = cli(['ingest', file, '--db', path.join(dir, 'e.db'), '--no-progress', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = json(r);
    expect(doc.events).toBeGreaterThan(0);
    expect(doc.bad_lines).toBe(0);
  });

  it('an OTLP attribute keyed __proto__ cannot inject attributes', async () => {
    const { attrMap } = await import('../src/ingest/otlp/span.js');
    const m = attrMap(
      [{ key: '__proto__', value: { kvlistValue: { values: [{ key: 'gen_ai.operation.name', value: { stringValue: 'chat' } }] } } }],
      'attributes',
    );
    expect((m as Record<string, unknown>)['gen_ai.operation.name']).toBeUndefined();
    expect(Object.keys(m)).toEqual(['__proto__']);
  });
});

describe('5. a database that is not ours is refused untouched', () => {
  const variants: [string, (db: Database.Database) => void][] = [
    [
      'user_version 1, no tables of ours',
      (db) => {
        db.exec('CREATE TABLE notes (x TEXT)');
        db.pragma('user_version = 1');
      },
    ],
    [
      'user_version 2',
      (db) => {
        db.exec('CREATE TABLE notes (x TEXT)');
        db.pragma('user_version = 2');
      },
    ],
    [
      'negative user_version',
      (db) => {
        db.exec('CREATE TABLE notes (x TEXT)');
        db.pragma('user_version = -5');
      },
    ],
    [
      'negative user_version, no tables',
      (db) => {
        db.pragma('user_version = -1');
      },
    ],
    [
      'our table names, foreign version',
      (db) => {
        db.exec('CREATE TABLE sources (x)');
        db.pragma('user_version = 77');
      },
    ],
  ];
  const commands = [['ingest', LOST_WRITE, '--no-progress'], ['analyze'], ['sessions']];
  // npm test: each database with one of the three commands in turn, so every command and every kind of
  // foreign database is tried; test:slow: every command on every database
  it.each(variants.map(([name, make], i) => [name, make, i] as const))('%s', EXHAUSTIVE, (_n, make, i) => {
    const dir = tmpdir();
    const file = path.join(dir, 'other.db');
    const d = new Database(file);
    make(d);
    d.close();
    const before = sha256(file);
    for (const args of SLOW ? commands : [commands[i % commands.length]]) {
      const r = cli([...args, '--db', file]);
      expect(r.code, args[0]).toBe(2);
      expect(oneLine(r.stderr)).toMatch(/not an amnesia evidence store|written by a newer amnesia/);
    }
    expect(sha256(file)).toBe(before);
    expect(fs.readdirSync(dir).sort()).toEqual(['other.db']);
  });
});

describe('6. legacy workflow commands and invisible characters are inert', () => {
  it('##[error], ##[add-mask], ##[stop-commands] anywhere in a line pass through no output raw', () => {
    const dir = tmpdir();
    const hostile = 'prefix ##[add-mask]secret ##[error]forged ##[stop-commands]tok \u061c\u200b\u2028\u2029\ufeff end';
    const text = fs.readFileSync(LOST_WRITE, 'utf8').replace(/"text":"([^"]*)"/g, (_m, t) => `"text":${JSON.stringify(t + ' ' + hostile)}`);
    const file = path.join(dir, 'h.jsonl');
    fs.writeFileSync(file, text);
    const outs = [
      cli(['ci', file, '--no-progress'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } }),
      cli(['triage', file, '--no-progress']),
      cli(['triage', file, '--no-progress', '--format', 'markdown']),
    ];
    const db = path.join(dir, 'e.db');
    cli(['ingest', file, '--db', db, '--no-progress']);
    outs.push(cli(['analyze', '--db', db]));
    for (const r of outs) {
      expect(r.stdout.length).toBeGreaterThan(50);
      expect(r.stdout).not.toMatch(/##\[/);
      // the only invisible characters left are the zero-width spaces that defuse `##[` and `::`
      const ours = r.stdout.replace(/\\?#\u200b\\?#\\?\[/g, '').replace(/:\u200b:/g, '');
      expect(ours).not.toMatch(/[\u061c\u200b\u2028\u2029\ufeff]/);
    }
    expect(outs[1].stdout).toContain('\\u061c');
  });
});

describe('7. limits and odd inputs', () => {
  it('bad-line storage is capped per source, the overflow counted', () => {
    const dir = tmpdir();
    const file = path.join(dir, 'bad.jsonl');
    const line = '{' + 'x'.repeat(2000) + '\n';
    fs.writeFileSync(file, line.repeat(20000));
    const db = path.join(dir, 'e.db');
    const r = cli(['ingest', file, '--db', db, '--no-progress', '--format', 'json', '--input-format', 'native']);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r).bad_lines).toBe(20000);
    const stored = query<{ n: number; bytes: number }>(db, 'SELECT count(*) AS n, coalesce(sum(length(raw)), 0) AS bytes FROM bad_lines')[0];
    expect(stored.bytes).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(stored.n).toBeLessThan(20000);
    expect(query(db, 'SELECT bad_lines FROM sources')[0].bad_lines).toBe(20000);
    expect(cli(['bad-lines', '--db', db]).stdout).toContain(`${20000 - stored.n} more bad line(s), counted but not kept`);
  });

  it('a FIFO is read as a stream (never hangs); /dev/zero and other devices are refused in one line', async () => {
    const dir = tmpdir();
    const fifo = path.join(dir, 'pipe.jsonl');
    spawnSync('mkfifo', [fifo]);
    const db = path.join(dir, 'e.db');
    const child = spawn(process.execPath, [BIN, 'ingest', fifo, '--db', db, '--no-progress', '--format', 'json'], { env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    const writer = fs.createWriteStream(fifo);
    writer.end(fs.readFileSync(LOST_WRITE));
    const code = await new Promise<number | null>((resolve) => {
      const t = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(-1);
      }, 120_000);
      child.on('close', (c) => {
        clearTimeout(t);
        resolve(c);
      });
    });
    expect(code, err).toBe(0);
    expect(JSON.parse(out).events).toBeGreaterThan(5);
    for (const dev of ['/dev/zero', '/dev/urandom']) {
      const r = spawnSync(process.execPath, [BIN, 'ingest', dev, '--db', path.join(dir, 'z.db'), '--no-progress'], { encoding: 'utf8', timeout: 120_000 });
      expect(r.status, dev).toBe(2);
      expect(oneLine(r.stderr)).toContain(dev);
    }
  });

  it('--db "", :memory: and /dev/null are refused in one line', () => {
    for (const db of ['', ':memory:', '/dev/null']) {
      const r = cli(['ingest', LOST_WRITE, '--db', db, '--no-progress']);
      expect(r.code, db).toBe(2);
      expect(oneLine(r.stderr)).toMatch(/--db/);
    }
    expect(fs.existsSync('/dev/null-journal')).toBe(false);
  });

  it('--max-line-bytes must be an integer in range', () => {
    for (const v of ['1e20', '0', '-1', '1.5', 'abc', String(2 ** 40)]) {
      const r = cli(['ingest', LOST_WRITE, '--db', path.join(tmpdir(), 'e.db'), '--max-line-bytes', v, '--no-progress']);
      expect(r.code, v).toBe(2);
      expect(r.stderr).toMatch(/--max-line-bytes/);
      expect(r.stderr).not.toContain('internal error');
    }
  });

  it('an interrupted triage removes its temporary store', async () => {
    const dir = tmpdir();
    const tmp = path.join(dir, 'tmp');
    fs.mkdirSync(tmp);
    const fifo = path.join(dir, 'slow.jsonl');
    spawnSync('mkfifo', [fifo]);
    const child = spawn(process.execPath, [BIN, 'triage', fifo, '--no-progress'], { env: { ...process.env, TMPDIR: tmp, NO_COLOR: '1' } });
    const writer = fs.createWriteStream(fifo);
    writer.write(fs.readFileSync(LOST_WRITE)); // the read never ends: the process is killed mid-ingest
    // waits for the store to appear as long as any wait in the tests (2 minutes): 10 s was too short at load 27
    for (let i = 0; i < 1200 && fs.readdirSync(tmp).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(fs.readdirSync(tmp).length).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    for (const sig of ['SIGTERM'] as const) child.kill(sig);
    await new Promise((r) => child.on('close', r));
    writer.destroy();
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('sessions with huge ids are shown truncated', () => {
    const dir = tmpdir();
    const long = 'L'.repeat(100_000);
    const file = path.join(dir, 's.jsonl');
    fs.writeFileSync(file, Array.from({ length: 30 }, (_, i) => nativeLine({ kind: 'response', session: `${long}${i}`, content: 'x' })).join('\n') + '\n');
    const db = path.join(dir, 'e.db');
    expect(cli(['ingest', file, '--db', db, '--no-progress', '--input-format', 'native']).code).toBe(0);
    const r = cli(['sessions', '--db', db]);
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBeLessThan(30 * 2000);
  });

  it('a read-only store gives a one-line error, not an internal error', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    expect(cli(['ingest', LOST_WRITE, '--db', db, '--no-progress']).code).toBe(0);
    // root writes through file modes: an immutable file is read-only for root too
    const root = process.getuid?.() === 0;
    if (root) expect(spawnSync('chattr', ['+i', db]).status, 'chattr +i (root needs it to make a read-only file)').toBe(0);
    else fs.chmodSync(db, 0o400);
    let r;
    try {
      r = cli(['ingest', OPENAI, '--db', db, '--no-progress']);
    } finally {
      if (root) spawnSync('chattr', ['-i', db]);
      else fs.chmodSync(db, 0o600);
    }
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/read-only/);
    expect(r.stderr).not.toContain('internal error');
  });

  it('a store damaged by flipped bytes is checked before it is written: refused, left as it was', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    expect(cli(['ingest', LOST_WRITE, '--db', db, '--no-progress']).code).toBe(0);
    const r0 = new Database(db, { readonly: true });
    const root = (r0.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'events'").get() as { rootpage: number }).rootpage;
    const pageSize = r0.pragma('page_size', { simple: true }) as number;
    r0.close();
    const bytes = fs.readFileSync(db);
    bytes[(root - 1) * pageSize] = 0x00; // the events table's root page: no longer a b-tree page
    fs.writeFileSync(db, bytes);
    const before = sha256(db);
    const r = cli(['ingest', OPENAI, '--db', db, '--no-progress']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/damaged|corrupt/);
    expect(r.stderr).toContain(db);
    expect(sha256(db)).toBe(before);
  });

  it('a damaged row: the JSON error names the store and the row', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    expect(cli(['ingest', LOST_WRITE, '--db', db, '--no-progress']).code).toBe(0);
    const w = new Database(db);
    const id = (w.prepare("SELECT id FROM events WHERE kind = 'memory_write' LIMIT 1").get() as { id: number }).id;
    w.prepare('UPDATE events SET body = ? WHERE id = ?').run('{"kind":"memory_write", bro', id);
    w.close();
    const r = cli(['analyze', '--db', db]);
    expect(r.code).toBe(2);
    const line = oneLine(r.stderr);
    expect(line).toContain(db);
    expect(line).toMatch(new RegExp(`event ${id}\\b|row ${id}\\b`));
    expect(line).not.toContain('internal error');
  });
});
