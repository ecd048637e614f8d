// A real PostgreSQL server for the LangGraph Postgres tests. CI (.ci/run) starts one from Debian's
// packages and sets AMNESIA_TEST_PG_URL; without it, a throwaway server is started here from the
// same binaries (initdb into a temp folder, loopback only) and stopped after the tests. No binaries
// at all is a failure with the command that installs them, never a silent skip.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';

export interface PgServer {
  url: string;
  stop(): void;
}

function binDir(): string {
  const roots = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of roots) if (fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)) return `/usr/lib/postgresql/${v}/bin`;
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config
  }
  throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found: install them (apt-get install -y postgresql) or set AMNESIA_TEST_PG_URL to a server');
}

export function startPostgres(): PgServer {
  const env = process.env.AMNESIA_TEST_PG_URL;
  if (env) return { url: env, stop: () => undefined };
  const bin = binDir();
  const root = process.getuid?.() === 0;
  // as root the server runs as the postgres user, who cannot enter the test file's own TMPDIR (0700,
  // test/file-tmpdir.ts): its folder is made in the system's /tmp, and removed by stop() as before
  const dir = fs.mkdtempSync(path.join(root ? '/tmp' : os.tmpdir(), 'amnesia-pg-'));
  // initdb refuses to run as root: the server runs as the postgres user, which owns the folder
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    fs.chownSync(dir, uid, gid);
  }
  const run = (cmd: string, args: string[]) => execFileSync(root ? 'runuser' : cmd, root ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: 'pipe' });
  run(`${bin}/initdb`, ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  let port = 0;
  for (let attempt = 0; attempt < 5 && !port; attempt++) {
    const p = 20000 + crypto.randomInt(20000);
    try {
      run(`${bin}/pg_ctl`, [
        '-D',
        `${dir}/data`,
        '-l',
        `${dir}/log`,
        '-w',
        '-t',
        '30',
        '-o',
        `-p ${p} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      ]);
      port = p;
    } catch {
      // the port was taken: try another
    }
  }
  if (!port) throw new Error(`could not start a throwaway PostgreSQL server (log: ${dir}/log)`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A fresh database on the server holding the rows of a SQL dump; its URL. */
export async function loadDump(serverUrl: string, sqlFile: string): Promise<string> {
  const name = `amnesia_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const text = fs.readFileSync(sqlFile, 'utf8');
  if (/^COPY .* FROM stdin;$/m.test(text)) {
    // pg_dump's default form (COPY blocks) is loaded by psql, as a user would restore it
    execFileSync(path.join(binDir(), 'psql'), ['-q', '-v', 'ON_ERROR_STOP=1', '-d', url.toString(), '-f', sqlFile], { stdio: 'pipe' });
    return url.toString();
  }
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    // pg_dump's psql meta-commands (\restrict) are not SQL
    const sql = text
      .split('\n')
      .filter((l) => !l.startsWith('\\'))
      .join('\n');
    await c.query(sql);
  } finally {
    await c.end();
  }
  return url.toString();
}
