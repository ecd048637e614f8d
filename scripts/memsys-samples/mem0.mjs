// Mem0 (mem0ai OSS, SQLite history) driven by a small "agent" that logs native amnesia events.
// Writes mem0/history.db (Mem0's own history store) and mem0/agent.jsonl (the agent's log).
import fs from 'node:fs';
import path from 'node:path';
import { Memory } from 'mem0ai/oss';
import { startMockOpenAI, DIMS } from './mock-openai.mjs';

export async function generateMem0(outDir) {
  fs.mkdirSync(outDir, { recursive: true });
  const historyDb = path.join(outDir, 'history.db');
  const vectorDb = path.join(outDir, '.vector_store.tmp.db');
  const temp = [vectorDb, vectorDb.replace(/\.db$/, '_entities.db')];
  for (const f of [historyDb, ...temp]) fs.rmSync(f, { force: true });
  // the provider fails on this user's timezone message: the agent had already said "saved"
  const mock = await startMockOpenAI({ failOn: ['时区'] });
  const memory = new Memory({
    version: 'v1.1',
    embedder: { provider: 'openai', config: { apiKey: 'sk-mock', baseURL: mock.url, model: 'text-embedding-3-small', embeddingDims: DIMS } },
    vectorStore: { provider: 'memory', config: { collectionName: 'memories', dimension: DIMS, dbPath: vectorDb } },
    llm: { provider: 'openai', config: { apiKey: 'sk-mock', baseURL: mock.url, model: 'gpt-4o-mini' } },
    historyDbPath: historyDb,
  });

  const session = 'alice-support';
  const events = [];
  // the agent's clock is the real one, like Mem0's rows: both logs tell one timeline
  const ts = () => new Date().toISOString();
  const log = (e) => events.push({ ts: ts(), session, actor: 'support-agent', ...e });
  const userId = 'alice';

  // turn 0: an ADD that reached Mem0 (the agent awaits it, then acknowledges)
  const t0 = 'I prefer answers as bullet lists, never tables.';
  log({ kind: 'request', turn: 0, model: 'gpt-4o-mini', messages: [{ role: 'user', content: t0 }] });
  log({ kind: 'memory_write', turn: 0, write_id: 'w-0', phase: 'requested', memory_type: 'preference', text: t0, store: 'mem0' });
  const added = await memory.add([{ role: 'user', content: t0 }], { userId });
  const m0 = added.results[0].id;
  log({ kind: 'memory_write', turn: 0, write_id: 'w-0', phase: 'committed', memory_id: m0, store: 'mem0' });
  log({ kind: 'memory_write', turn: 0, write_id: 'w-0', phase: 'acknowledged', memory_id: m0, store: 'mem0' });
  log({ kind: 'response', turn: 0, content: "Got it, I've saved that you prefer bullet lists." });

  // turn 1: the user asks to change it: an UPDATE the user asked for (must stay quiet)
  const t1 = 'Please change that: I prefer numbered lists now.';
  log({ kind: 'request', turn: 1, model: 'gpt-4o-mini', messages: [{ role: 'user', content: t1 }] });
  log({
    kind: 'memory_write',
    turn: 1,
    write_id: 'w-1',
    phase: 'requested',
    memory_id: m0,
    memory_type: 'preference',
    text: 'User prefers numbered lists.',
    store: 'mem0',
  });
  await memory.update(m0, { text: 'User prefers numbered lists.' });
  log({ kind: 'memory_write', turn: 1, write_id: 'w-1', phase: 'committed', memory_id: m0, store: 'mem0' });
  log({ kind: 'memory_write', turn: 1, write_id: 'w-1', phase: 'acknowledged', memory_id: m0, store: 'mem0' });
  log({ kind: 'response', turn: 1, content: 'Done, I updated your preference to numbered lists.' });

  // turn 2: the agent enqueues the ADD, acknowledges at once, and the background add fails
  // (the model provider answers 500): the error is swallowed, Mem0's table never gets the row.
  const t2 = '记住：我的时区是上海时间（UTC+8）。';
  log({ kind: 'request', turn: 2, model: 'gpt-4o-mini', messages: [{ role: 'user', content: t2 }] });
  log({ kind: 'memory_write', turn: 2, write_id: 'w-2', phase: 'enqueued', memory_type: 'preference', text: t2, store: 'mem0' });
  log({ kind: 'memory_write', turn: 2, write_id: 'w-2', phase: 'acknowledged', store: 'mem0' });
  log({ kind: 'response', turn: 2, content: '好的，我已经记住你的时区了。' });
  let swallowed = null;
  await memory.add([{ role: 'user', content: t2 }], { userId }).catch((e) => (swallowed = String(e.message ?? e)));
  if (!swallowed) throw new Error('expected the background add to fail');

  // turn 3: a fact added and then deleted on request (ADD + DELETE, both awaited)
  const t3 = 'My project codename is Bluebird.';
  log({ kind: 'request', turn: 3, model: 'gpt-4o-mini', messages: [{ role: 'user', content: t3 }] });
  const a3 = await memory.add([{ role: 'user', content: t3 }], { userId });
  const m3 = a3.results[0].id;
  log({ kind: 'memory_write', turn: 3, write_id: 'w-3', phase: 'committed', memory_id: m3, memory_type: 'fact', text: t3, store: 'mem0' });
  log({ kind: 'memory_write', turn: 3, write_id: 'w-3', phase: 'acknowledged', memory_id: m3, store: 'mem0' });
  log({ kind: 'response', turn: 3, content: 'Noted, saved to memory.' });
  const t4 = 'Actually, forget the codename.';
  log({ kind: 'request', turn: 4, model: 'gpt-4o-mini', messages: [{ role: 'user', content: t4 }] });
  await memory.delete(m3);
  log({ kind: 'response', turn: 4, content: 'I removed the codename from memory.' });

  fs.writeFileSync(path.join(outDir, 'agent.jsonl'), events.map((e) => JSON.stringify(e)).join('\n') + '\n');
  mock.server.close();
  for (const f of temp) fs.rmSync(f, { force: true });
  return { historyDb, swallowed, memories: { m0, m3 }, calls: mock.calls.length };
}
