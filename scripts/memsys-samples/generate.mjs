// Makes every sample in this folder with the real packages. See SOURCES.md.
//   npm ci && npm run generate (= MEM0_TELEMETRY=false node generate.mjs)        (needs PostgreSQL's server binaries: initdb, pg_ctl, pg_dump)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { generateMem0 } from './mem0.mjs';
import { runThreads } from './langgraph.mjs';

// mem0ai reads MEM0_TELEMETRY when it is imported: set it in the environment (npm run generate does)
if (process.env.MEM0_TELEMETRY !== 'false') throw new Error('run with MEM0_TELEMETRY=false (npm run generate): no network but the npm registry and loopback');
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/real/generated-memsys');

function pgBin() {
  const dirs = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const d of dirs) if (fs.existsSync(`/usr/lib/postgresql/${d}/bin/initdb`)) return `/usr/lib/postgresql/${d}/bin`;
  throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)');
}

/** A throwaway server: initdb into a temp folder, loopback only, trust auth. */
function startPostgres() {
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
  return {
    bin,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => asPg(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'fast', 'stop']),
    dir,
  };
}

const mem0 = await generateMem0(path.join(here, 'mem0'));
console.log('mem0:', mem0);

const lgDir = path.join(here, 'langgraph');
fs.mkdirSync(lgDir, { recursive: true });
const sqlitePath = path.join(lgDir, 'checkpoints.sqlite');
for (const s of ['', '-wal', '-shm']) fs.rmSync(sqlitePath + s, { force: true });
const sqliteSaver = SqliteSaver.fromConnString(sqlitePath);
console.log('langgraph sqlite:', JSON.stringify(await runThreads(sqliteSaver)));
// the saver leaves the file in WAL mode; a committed sample is one self-contained file
sqliteSaver.db.pragma('journal_mode = DELETE');
sqliteSaver.db.close();

const pg = startPostgres();
try {
  const saver = PostgresSaver.fromConnString(pg.url);
  await saver.setup();
  console.log('langgraph postgres:', JSON.stringify(await runThreads(saver)));
  await saver.end();
  const tables = ['checkpoint_migrations', 'checkpoints', 'checkpoint_blobs', 'checkpoint_writes'].flatMap((t) => ['-t', t]);
  const dump = execFileSync(`${pg.bin}/pg_dump`, [
    '-h',
    '127.0.0.1',
    '-p',
    String(pg.port),
    '-U',
    'postgres',
    '--no-owner',
    '--no-privileges',
    '--inserts',
    ...tables,
    'postgres',
  ]).toString();
  fs.writeFileSync(path.join(lgDir, 'checkpoints.pg.sql'), dump);
} finally {
  pg.stop();
  fs.rmSync(pg.dir, { recursive: true, force: true });
}
