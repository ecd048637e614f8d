// Makes every sample in this folder with the real packages. See SOURCES.md.
//   npm ci && npm run generate (= MEM0_TELEMETRY=false node generate.mjs)        (needs PostgreSQL's server binaries: initdb, pg_ctl, pg_dump)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { generateMem0 } from './mem0.mjs';
import { runThreads } from './langgraph.mjs';
import { startPostgres } from './pg-server.mjs';

// mem0ai reads MEM0_TELEMETRY when it is imported: set it in the environment (npm run generate does)
if (process.env.MEM0_TELEMETRY !== 'false') throw new Error('run with MEM0_TELEMETRY=false (npm run generate): no network but the npm registry and loopback');
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/real/generated-memsys');

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
  fs.writeFileSync(path.join(lgDir, 'checkpoints.pg.sql'), pg.dump('postgres', ['--inserts']));
} finally {
  pg.stop();
}
