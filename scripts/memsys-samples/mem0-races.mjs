// Mem0 JS (mem0ai/oss 3.3.1) histories for the version chain (issue 30), made by Mem0 itself:
//   mem0/js-lost-update.db: an ADD; then two update() calls on the memory at once, a text update and a
//     metadata-only one (pinning it). The metadata-only call reads the memory before the text update wrote,
//     and writes the text it read back over it: Mem0's table gets two UPDATE rows from one previous value,
//     and the text update is lost (the script checks that the memory's text is the old one at the end).
//   mem0/js-sequential.db: the same memory updated twice, each call awaited before the next, then deleted:
//     each UPDATE from the previous one's text (a normal run).
// Run: MEM0_TELEMETRY=false node mem0-races.mjs OUT_DIR
import fs from 'node:fs';
import path from 'node:path';
import { Memory } from 'mem0ai/oss';
import { DIMS, startMockOpenAI } from './mock-openai.mjs';

if (process.env.MEM0_TELEMETRY !== 'false') throw new Error('run with MEM0_TELEMETRY=false: no network but loopback');

async function withMemory(outDir, name, run) {
  const historyDb = path.join(outDir, name);
  const vectorDb = path.join(outDir, `.${name}.vectors.tmp.db`);
  const temp = [vectorDb, vectorDb.replace(/\.db$/, '_entities.db')];
  for (const f of [historyDb, ...temp]) fs.rmSync(f, { force: true });
  const mock = await startMockOpenAI();
  const memory = new Memory({
    version: 'v1.1',
    embedder: { provider: 'openai', config: { apiKey: 'sk-mock', baseURL: mock.url, model: 'text-embedding-3-small', embeddingDims: DIMS } },
    vectorStore: { provider: 'memory', config: { collectionName: 'memories', dimension: DIMS, dbPath: vectorDb } },
    llm: { provider: 'openai', config: { apiKey: 'sk-mock', baseURL: mock.url, model: 'gpt-4o-mini' } },
    historyDbPath: historyDb,
  });
  try {
    return await run(memory);
  } finally {
    mock.server.close();
    for (const f of temp) fs.rmSync(f, { force: true });
  }
}

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: node mem0-races.mjs OUT_DIR');
fs.mkdirSync(outDir, { recursive: true });

const lost = await withMemory(outDir, 'js-lost-update.db', async (memory) => {
  const added = await memory.add([{ role: 'user', content: 'I prefer answers as bullet lists, never tables.' }], { userId: 'alice' });
  const id = added.results[0].id;
  // the user's change, and the app pinning the memory, at the same time
  await Promise.all([memory.update(id, { text: 'User prefers numbered lists.' }), memory.update(id, { metadata: { pinned: true } })]);
  const after = await memory.get(id);
  if (after.memory === 'User prefers numbered lists.') throw new Error('no race: the text update survived');
  return { id, final: after.memory };
});
console.log('js-lost-update:', lost);

const seq = await withMemory(outDir, 'js-sequential.db', async (memory) => {
  const added = await memory.add([{ role: 'user', content: 'I prefer answers as bullet lists, never tables.' }], { userId: 'alice' });
  const id = added.results[0].id;
  await memory.update(id, { text: 'User prefers numbered lists.' });
  await memory.update(id, { metadata: { pinned: true } });
  await memory.update(id, { text: 'User prefers short numbered lists.' });
  await memory.delete(id);
  return { id };
});
console.log('js-sequential:', seq);
