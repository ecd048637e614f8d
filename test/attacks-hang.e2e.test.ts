// Issue 26, third group: nothing in a log (or a server it names) may hang the run or abort it.
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cliAsync, cli, FIXTURES, query, tmpdir } from './helpers.js';

const LANGGRAPH = path.join(FIXTURES, 'real', 'generated-memsys', 'langgraph', 'checkpoints.sqlite');

/** A TCP server on loopback: `stall` accepts and never answers; `ready` answers the start-up (trust, ready) and then never answers a query. */
function stalledServer(mode: 'stall' | 'ready'): Promise<{ port: number; close: () => void }> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => {
    sockets.push(s);
    s.on('error', () => undefined);
    let answered = false;
    s.on('data', () => {
      if (mode === 'ready' && !answered) {
        answered = true;
        // AuthenticationOk, then ReadyForQuery (idle)
        s.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]));
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close: () => {
          for (const s of sockets) s.destroy();
          server.close();
        },
      }),
    ),
  );
}

describe('a stalled Postgres server is an error, never a hang', () => {
  let close: (() => void) | null = null;
  afterEach(() => close?.());

  for (const mode of ['stall', 'ready'] as const) {
    it(`${mode === 'stall' ? 'accepts and never answers' : 'answers the start-up, never a query'}: exit 2 in one line naming the target`, async () => {
      const srv = await stalledServer(mode);
      close = srv.close;
      const dir = tmpdir();
      // the password both ways a connection URL can carry it: never in any message
      const url = `langgraph:postgres://u:secret@127.0.0.1:${srv.port}/db?sslmode=disable&password=hunter2`;
      const r = await cliAsync(['ingest', url, '--db', path.join(dir, 'e.db'), '--no-progress'], {
        env: { AMNESIA_PG_TIMEOUT_MS: '1500' },
      });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`postgres://u@127.0.0.1:${srv.port}/db?sslmode=disable`);
      expect(r.stderr).not.toContain('secret');
      expect(r.stderr).not.toContain('hunter2');
    }, 120_000);
  }
});

/** The real LangGraph checkpoints with one checkpoint rewritten by `edit(checkpoint object)` (then `text` on its JSON). */
function editedCheckpoints(
  edit: (cp: Record<string, unknown>) => void,
  text: (json: string) => string = (j) => j,
  which: 'newest' | 'first' = 'newest',
): string {
  const dir = tmpdir();
  const file = path.join(dir, 'cp.sqlite');
  fs.copyFileSync(LANGGRAPH, file);
  const db = new Database(file);
  const row = db
    .prepare(
      `SELECT thread_id, checkpoint_id, type, checkpoint FROM checkpoints WHERE thread_id = 'sequential' ORDER BY checkpoint_id ${which === 'newest' ? 'DESC' : 'ASC'} LIMIT 1`,
    )
    .get() as { thread_id: string; checkpoint_id: string; type: string; checkpoint: Buffer };
  const cp = JSON.parse(Buffer.from(row.checkpoint).toString('utf8')) as Record<string, unknown>;
  edit(cp);
  db.prepare('UPDATE checkpoints SET type = ?, checkpoint = ? WHERE thread_id = ? AND checkpoint_id = ?').run(
    'json',
    Buffer.from(text(JSON.stringify(cp))),
    row.thread_id,
    row.checkpoint_id,
  );
  db.close();
  return file;
}

/** JSON text of an object nested n deep (built as text: JSON.stringify itself overflows on it). */
const deepJson = (n: number) => `${'{"v":'.repeat(n)}"bottom"${'}'.repeat(n)}`;
/** The same as msgpack: n one-key maps, then a string. */
const deepMsgpack = (n: number) =>
  Buffer.concat([...Array.from({ length: n }, () => Buffer.from([0x81, 0xa1, 0x76])), Buffer.from([0xa6, ...Buffer.from('bottom')])]);

describe('LangGraph rows that used to abort the whole run are bad lines', () => {
  it('a non-ISO ts on the newest checkpoint, a value nested 20,000 deep: the other threads are read', () => {
    for (const file of [
      editedCheckpoints((cp) => {
        cp.ts = 'March 3, 2026 10:00';
      }),
      editedCheckpoints(
        (cp) => {
          (cp.channel_values as Record<string, unknown>).deep = 'DEEP';
        },
        (j) => j.replace('"DEEP"', deepJson(20_000)),
      ),
    ]) {
      const store = path.join(path.dirname(file), 'e.db');
      const r = cli(['ingest', file, '--db', store, '--no-progress']);
      expect(r.code, r.stderr).toBe(0);
      // sessions are `langgraph:<the database>#<thread>`
      const sessions = query<{ session: string }>(store, 'SELECT DISTINCT session FROM events').map((x) => x.session.slice(x.session.lastIndexOf('#') + 1));
      expect(sessions).toEqual(expect.arrayContaining(['parallel-overwrite', 'parallel-merge', 'interrupted']));
      expect(query<{ n: number }>(store, 'SELECT count(*) AS n FROM bad_lines')[0].n).toBeGreaterThan(0);
    }
  });

  it('a msgpack value nested 20,000 deep is a bad line', () => {
    const file = path.join(tmpdir(), 'cp.sqlite');
    fs.copyFileSync(LANGGRAPH, file);
    const db = new Database(file);
    db.prepare(`UPDATE writes SET type = 'msgpack', value = ? WHERE rowid = (SELECT min(rowid) FROM writes WHERE thread_id = 'sequential')`).run(
      deepMsgpack(20_000),
    );
    db.close();
    const store = path.join(path.dirname(file), 'e.db');
    const r = cli(['ingest', file, '--db', store, '--no-progress']);
    expect(r.code, r.stderr).toBe(0);
    expect(query<{ reason: string }>(store, 'SELECT reason FROM bad_lines').map((x) => x.reason)).toEqual([
      expect.stringMatching(/nested deeper than 256|not valid msgpack/),
    ]);
  });
});
