// LangGraph runs that delete state on purpose (issue 30), which must stay quiet: a chat thread whose `trim` node
// removes the oldest messages (RemoveMessage, through the messages reducer) while `respond` adds the answer in the
// same step, and a thread that trims after answering; and a thread the app deleted (`deleteThread`), which leaves
// no row. Real @langchain/langgraph on SqliteSaver, or PostgresSaver given a postgres:// URL of an empty database.
// Run: node langgraph-deletes.mjs NEW.sqlite | postgres://…   (versions: SOURCES.md)
import fs from 'node:fs';
import { AIMessage, HumanMessage, RemoveMessage } from '@langchain/core/messages';
import { END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import Database from 'better-sqlite3';

const out = process.argv[2];
const pg = out?.startsWith('postgres://');
if (!out || (!pg && fs.existsSync(out))) throw new Error('usage: node langgraph-deletes.mjs NEW.sqlite | postgres://…');
const checkpointer = pg ? PostgresSaver.fromConnString(out) : SqliteSaver.fromConnString(out);
if (pg) await checkpointer.setup();

const KEEP = 2;
const answer = (s) => ({ messages: [new AIMessage({ id: `ai-${s.messages.at(-1).id}`, content: `answer to: ${s.messages.at(-1).content}` })] });
const trim = (s) => ({ messages: s.messages.slice(0, Math.max(0, s.messages.length - KEEP)).map((m) => new RemoveMessage({ id: m.id })) });

// trim and respond in parallel: one removes the oldest messages, the other appends; the reducer applies both
const parallel = new StateGraph(MessagesAnnotation)
  .addNode('respond', answer)
  .addNode('trim', trim)
  .addEdge(START, 'respond')
  .addEdge(START, 'trim')
  .addEdge('respond', END)
  .addEdge('trim', END)
  .compile({ checkpointer });
// respond, then trim
const sequential = new StateGraph(MessagesAnnotation)
  .addNode('respond', answer)
  .addNode('trim', trim)
  .addEdge(START, 'respond')
  .addEdge('respond', 'trim')
  .addEdge('trim', END)
  .compile({ checkpointer });

const says = ['I fly to Lisbon on Tuesday.', 'Book a hotel near Alfama.', 'What is the weather there?'];
const result = {};
for (const [thread, graph] of [
  ['trim-parallel', parallel],
  ['trim-after', sequential],
]) {
  const cfg = { configurable: { thread_id: thread } };
  for (const [i, text] of says.entries()) await graph.invoke({ messages: [new HumanMessage({ id: `human-${i}`, content: text })] }, cfg);
  result[thread] = (await graph.getState(cfg)).values.messages.map((m) => m.content);
}
// a thread the app deleted: LangGraph removes its checkpoints, blobs and writes
const gone = { configurable: { thread_id: 'deleted-thread' } };
await sequential.invoke({ messages: [new HumanMessage({ id: 'human-0', content: 'Forget me.' })] }, gone);
await checkpointer.deleteThread('deleted-thread');
if ((await sequential.getState(gone)).values.messages?.length) throw new Error('deleted-thread: still has messages');
console.log(JSON.stringify(result, null, 1));
if (pg) await checkpointer.end();
else {
  checkpointer.db.close();
  new Database(out).pragma('journal_mode = delete');
}
