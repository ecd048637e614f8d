// A throwaway PostgreSQL server for the generators: initdb into a temp folder, loopback only, trust auth.
// Needs Debian's `postgresql` package (initdb, pg_ctl, pg_dump).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

export function pgBin() {
  const dirs = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const d of dirs) if (fs.existsSync(`/usr/lib/postgresql/${d}/bin/initdb`)) return `/usr/lib/postgresql/${d}/bin`;
  throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)');
}

export function startPostgres() {
  const bin = pgBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memsys-pg-'));
  const asPg = (cmd, args) => {
    if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
    else execFileSync(cmd, args, { stdio: 'pipe' });
  };
  if (process.getuid?.() === 0)
    fs.chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const port = 20000 + Math.floor(Math.random() * 20000);
  asPg(`${bin}/initdb`, ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  asPg(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-l', `${dir}/log`, '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
  const url = (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`;
  return {
    bin,
    port,
    url: url(),
    /** a new empty database; its URL */
    createDb: (name) => {
      execFileSync(
        `${bin}/psql`,
        ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c', `CREATE DATABASE "${name}"`, 'postgres'],
        {
          stdio: 'pipe',
        },
      );
      return url(name);
    },
    /** pg_dump of LangGraph's four tables; `extra` e.g. ['--inserts'] (default: COPY, pg_dump's own default) */
    dump: (db, extra = []) =>
      execFileSync(`${bin}/pg_dump`, [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '--no-owner',
        '--no-privileges',
        ...extra,
        ...['checkpoint_migrations', 'checkpoints', 'checkpoint_blobs', 'checkpoint_writes'].flatMap((t) => ['-t', t]),
        db,
      ]).toString(),
    stop: () => {
      try {
        asPg(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'fast', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    dir,
  };
}
