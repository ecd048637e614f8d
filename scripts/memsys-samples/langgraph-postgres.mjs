// The issue-30 LangGraph threads on PostgresSaver (@langchain/langgraph-checkpoint-postgres), each script's threads
// in a fresh database of a throwaway server, dumped with pg_dump in its default form (COPY) to OUTDIR/<name>.pg.sql.
// Run: node langgraph-postgres.mjs OUTDIR   (versions: SOURCES.md; needs PostgreSQL's server binaries)
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './pg-server.mjs';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: node langgraph-postgres.mjs OUTDIR');
const here = path.dirname(fileURLToPath(import.meta.url));
const scripts = {
  lineage: 'langgraph-lineage.mjs',
  errors: 'langgraph-errors.mjs',
  refused: 'langgraph-refused.mjs',
  lookalikes: 'langgraph-lookalikes.mjs',
  deletes: 'langgraph-deletes.mjs',
  subgraphs: 'langgraph-subgraphs.mjs',
};
const pg = startPostgres();
try {
  for (const [name, script] of Object.entries(scripts)) {
    const url = pg.createDb(name);
    // each script checks its runs' outcomes (a refusal refused, an error thrown) and fails otherwise
    execFileSync(process.execPath, [path.join(here, script), url], { stdio: 'inherit' });
    fs.writeFileSync(path.join(outDir, `${name}.pg.sql`), pg.dump(name));
    console.log(`${name}.pg.sql written`);
  }
} finally {
  pg.stop();
}
