// The write logs memory systems keep, end to end on the built binary, on samples made by the real
// packages (scripts/memsys-samples): Mem0's SQLite history beside the agent's own log, and LangGraph's
// checkpointers on SQLite and on a real PostgreSQL server. What must be flagged is, with evidence
// pointing into the database (table, key, row); the look-alikes stay quiet; other databases are refused.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, tmpdir } from './helpers.js';
import { loadDump, startPostgres, type PgServer } from './postgres.js';

const SAMPLES = path.join(FIXTURES, 'real', 'generated-memsys');
const HISTORY = path.join(SAMPLES, 'mem0', 'history.db');
const AGENT = path.join(SAMPLES, 'mem0', 'agent.jsonl');
const CHECKPOINTS = path.join(SAMPLES, 'langgraph', 'checkpoints.sqlite');
const DUMP = path.join(SAMPLES, 'langgraph', 'checkpoints.pg.sql');

interface Step {
  role: string;
  source: string;
  text: string;
  detail: Record<string, unknown>;
}
interface Finding {
  analyzer: string;
  cause: string;
  session: string;
  severity: string;
  confidence: string;
  detail: Record<string, unknown>;
  evidence: Step[];
}

const sha = (f: string) => crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex');

function triage(...inputs: string[]): Finding[] {
  const r = cli(['triage', ...inputs, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return json<{ findings: Finding[] }>(r).findings;
}

describe('mem0: the history table beside the agent log', () => {
  let findings: Finding[];
  beforeAll(() => {
    findings = triage(`mem0:${HISTORY}?session=alice-support`, AGENT);
  });

  it('reports the ADD the agent acknowledged that never reached the table, with the table as evidence', () => {
    expect(findings.map((f) => `${f.analyzer}:${f.cause}:${f.detail.write_id}`)).toEqual(['lost-write:never_committed:w-2']);
    const f = findings[0];
    const snapshot = f.evidence.find((e) => e.detail.snapshot === true);
    expect(snapshot?.source).toMatch(/history\.db#memory_history:rowid=\d+$/);
    expect(snapshot?.text).toContain('none of them holds this text');
    expect(f.evidence.some((e) => e.role === 'response' && e.text.includes('记住'))).toBe(true);
  });

  it('keeps the look-alikes quiet: an awaited ADD, the UPDATE the user asked for, a DELETE', () => {
    // w-0 (ADD then acknowledged), w-1 (UPDATE) and the deleted codename all hit the table
    const rows = new Database(HISTORY, { readonly: true }).prepare('SELECT action FROM memory_history ORDER BY id').pluck().all();
    expect(rows).toEqual(['ADD', 'UPDATE', 'ADD', 'DELETE']);
    expect(findings.filter((f) => f.detail.write_id !== 'w-2')).toEqual([]);
  });

  it('without the Mem0 history the same lost write has no database evidence (the table is what proves it)', () => {
    const alone = triage(AGENT);
    expect(alone.map((f) => f.detail.write_id)).toEqual(['w-2']);
    expect(alone[0].evidence.some((e) => e.source.includes('#'))).toBe(false);
  });

  it('maps every row: ADD, UPDATE with both texts, DELETE, and the snapshot at the last row', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    expect(cli(['ingest', '--db', db, HISTORY]).code).toBe(0); // detected from the file's tables
    let ev = new Database(db, { readonly: true })
      .prepare('SELECT kind, session, body FROM events ORDER BY ts, line')
      .all()
      .map((r: any) => ({ kind: r.kind, session: r.session, ...JSON.parse(r.body) }));
    // each ADD / UPDATE also gives concurrent-overwrite a state write of its memory (versions from the chain)
    expect(ev.filter((e) => e.kind === 'state').map((e) => `${e.version}<-${e.expected_version ?? '-'}:${e.locator}`)).toEqual([
      '1<--:memory_history:rowid=1',
      '2<-1:memory_history:rowid=2',
      '1<--:memory_history:rowid=3',
    ]);
    ev = ev.filter((e) => e.kind !== 'state');
    expect(ev.map((e) => `${e.kind}:${e.op ?? ''}:${e.locator}`)).toEqual([
      'memory_write:add:memory_history:rowid=1',
      'memory_write:update:memory_history:rowid=2',
      'memory_write:add:memory_history:rowid=3',
      'memory_write:delete:memory_history:rowid=4',
      'store_snapshot::memory_history:rowid=4',
    ]);
    expect(ev.every((e) => /^mem0:.*history\.db$/.test(e.session))).toBe(true); // one session per file
    expect(ev[1]).toMatchObject({ phase: 'committed', text: 'User prefers numbered lists.', previous_text: 'I prefer answers as bullet lists, never tables.' });
    expect(ev[4].records).toEqual([{ id: ev[0].memory_id, text: 'User prefers numbered lists.', version: 2 }]);
  });
});

/** The LangGraph samples hold the same five threads on SQLite and Postgres. */
function checkLangGraph(findings: Finding[], db: RegExp) {
  const bySession = new Map<string, string[]>();
  // sessions are `langgraph:<the database as given>#<thread>`
  for (const f of findings) {
    expect(f.session).toMatch(/^langgraph:.+#/);
    const thread = f.session.slice(f.session.indexOf('#') + 1);
    bySession.set(thread, [...(bySession.get(thread) ?? []), `${f.analyzer}:${f.cause}`]);
  }
  expect(Object.fromEntries(bySession)).toEqual({
    'parallel-overwrite': ['concurrent-overwrite:same_base_version'],
    // LangGraph refused the step (no reducer: INVALID_CONCURRENT_GRAPH_UPDATE; JS stores no error row): one warning, a reducer as the fix
    'parallel-lastvalue': ['concurrent-overwrite:refused_concurrent_update'],
  });
  const r = findings.find((x) => x.cause === 'refused_concurrent_update')!;
  expect([r.severity, r.confidence, r.detail.key, r.detail.inferred]).toEqual(['warning', 'likely', 'notes', true]);
  expect([...(r.detail.writers as string[])].sort()).toEqual(['planner', 'researcher']);
  expect(r.evidence.map((e) => e.role)).toEqual(['state', 'state', 'lifecycle']);
  expect(r.evidence[2].source).toMatch(/#checkpoints?:thread_id=parallel-lastvalue,checkpoint_id=[0-9a-f-]+$/);
  const f = findings.find((x) => x.cause === 'same_base_version')!;
  expect(f.detail).toMatchObject({ key: 'notes', base_version: 2 });
  expect([...(f.detail.writers as string[])].sort()).toEqual(['planner', 'researcher']);
  expect(JSON.stringify(f.detail.lost_value)).not.toBe(JSON.stringify(f.detail.surviving_value));
  for (const e of f.evidence) expect(e.source).toMatch(db);
}

describe('langgraph: SQLite checkpointer', () => {
  it('flags the parallel overwrite from one base and leaves the merge, the sequence and the interrupt alone', () => {
    const before = sha(CHECKPOINTS);
    checkLangGraph(
      triage(`langgraph:${CHECKPOINTS}`),
      /checkpoints\.sqlite#writes:thread_id=parallel-overwrite,checkpoint_id=[0-9a-f-]+,task_id=[0-9a-f-]+,idx=0$/,
    );
    expect(sha(CHECKPOINTS)).toBe(before); // read-only: not a byte changed
    expect(fs.existsSync(`${CHECKPOINTS}-journal`) || fs.existsSync(`${CHECKPOINTS}-wal`)).toBe(false);
  });

  it('records the interrupted run as a lifecycle event, its pending write only enqueued', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    expect(cli(['ingest', '--db', db, CHECKPOINTS]).code).toBe(0);
    const rows = new Database(db, { readonly: true })
      .prepare("SELECT kind, body FROM events WHERE session LIKE '%#interrupted' ORDER BY ts, line")
      .all()
      .map((r: any) => ({ kind: r.kind, ...JSON.parse(r.body) }));
    expect(rows.filter((r) => r.kind === 'lifecycle').map((r) => [r.event, r.process, r.value[0]?.value])).toEqual([
      ['interrupt', 'approve', 'Approve the itinerary?'],
    ]);
    const draft = rows.filter((r) => r.kind === 'state');
    expect(draft.map((r) => [r.actor, r.key, r.version, r.expected_version])).toEqual([
      ['__start__', 'notes', 2, 0],
      ['draft', 'notes', 3, 2],
    ]);
  });

  it('is idempotent: the same database read twice adds nothing', () => {
    const dir = tmpdir();
    const db = path.join(dir, 'e.db');
    expect(cli(['ingest', '--db', db, `langgraph:${CHECKPOINTS}`]).code).toBe(0);
    const again = cli(['ingest', '--db', db, `langgraph:${CHECKPOINTS}`, '--format', 'json']);
    expect(again.code).toBe(0);
    const s = json(again);
    expect(s.events).toBe(0);
    expect(s.duplicates).toBeGreaterThan(30);
  });

  it.each(['delete', 'wal'])('reads while another connection holds a write transaction, and does not block it (journal %s)', (mode) => {
    const dir = tmpdir();
    const copy = path.join(dir, 'cp.sqlite');
    fs.copyFileSync(CHECKPOINTS, copy);
    const writer = new Database(copy);
    writer.pragma(`journal_mode = ${mode}`); // the SQLite saver's own files are WAL
    writer.exec('BEGIN IMMEDIATE');
    writer.prepare("UPDATE checkpoints SET metadata = metadata WHERE thread_id = 'sequential'").run();
    try {
      expect(cli(['ingest', '--db', path.join(dir, 'e.db'), `langgraph:${copy}`]).code).toBe(0);
      writer.exec('COMMIT'); // the reader left no lock behind
    } finally {
      writer.close();
    }
  });
});

describe('langgraph: Postgres checkpointer on a real server', () => {
  let server: PgServer;
  let url: string;
  beforeAll(async () => {
    server = startPostgres();
    url = await loadDump(server.url, DUMP);
  });
  afterAll(() => server?.stop());

  it('flags the same overwrite, with evidence in checkpoint_writes, and the look-alikes stay quiet', () => {
    const findings = triage(`langgraph:${url}`);
    checkLangGraph(
      findings,
      /^postgres:\/\/postgres@127\.0\.0\.1:\d+\/amnesia_[0-9a-f]+#checkpoint_writes:thread_id=parallel-overwrite,checkpoint_id=[0-9a-f-]+,task_id=[0-9a-f-]+,idx=0$/,
    );
  });

  it('leaves the rows as they were, and a password never reaches the output', async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const before = (await c.query('SELECT count(*)::int AS n FROM checkpoint_writes')).rows[0].n;
    await c.query("ALTER USER postgres PASSWORD 's3cret-pw'");
    try {
      const u = new URL(url);
      u.password = 's3cret-pw';
      const r = cli(['ingest', '--db', path.join(tmpdir(), 'e.db'), `langgraph:${u}`]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout + r.stderr).not.toContain('s3cret-pw');
    } finally {
      await c.query('ALTER USER postgres PASSWORD NULL');
    }
    expect((await c.query('SELECT count(*)::int AS n FROM checkpoint_writes')).rows[0].n).toBe(before);
    await c.end();
  });

  it('refuses a database without the checkpoint tables, in one line', async () => {
    const r = cli(['ingest', '--db', path.join(tmpdir(), 'e.db'), `langgraph:${server.url}`]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/not a LangGraph checkpoint database/);
  });
});

describe('databases that are not these', () => {
  const run = (...args: string[]) => cli(['ingest', '--db', path.join(tmpdir(), 'e.db'), ...args]);

  it('refuses an SQLite file of neither kind with a one-line reason naming its tables', () => {
    const other = path.join(tmpdir(), 'other.sqlite');
    const db = new Database(other);
    db.exec('CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)');
    db.close();
    const r = run(other);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/other\.sqlite: an SQLite database that is none of mem0, langgraph, mastra \(tables: users\)/);
  });

  it('refuses the wrong reader for a known database, and a missing file', () => {
    const store = path.join(tmpdir(), 'e.db');
    const refused = cli(['ingest', '--db', store, `langgraph:${HISTORY}`]);
    expect(refused.stderr).toMatch(/history\.db: not a LangGraph checkpoint database/);
    expect(new Database(store, { readonly: true }).prepare('SELECT count(*) FROM sources').pluck().get()).toBe(0); // nothing left behind
    expect(run(`mem0:${CHECKPOINTS}`).stderr).toMatch(/checkpoints\.sqlite: not a Mem0 history database/);
    const missing = run('mem0:/nonexistent/history.db');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/history\.db: no such file/);
    expect(run('--format', 'mem0', AGENT).stderr).toMatch(/agent\.jsonl: not an SQLite database \(the mem0 format reads one\)/);
  });
});
