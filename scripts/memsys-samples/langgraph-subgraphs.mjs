// LangGraph subgraphs (issue 30): a parent graph whose `research` node is a compiled subgraph, which fans out to
// two workers writing one channel. Real @langchain/langgraph on SqliteSaver, or PostgresSaver given a postgres:// URL.
//   sub-merge: the workers' channel has a concatenating reducer (quiet)
//   sub-overwrite: last-write-wins; each worker appends to the list it was given, one list is kept (a lost update inside the subgraph)
// Run: node langgraph-subgraphs.mjs NEW.sqlite | postgres://…   (versions: SOURCES.md)
import fs from 'node:fs';
import { Annotation, END, START, StateGraph } from '@langchain/langgraph';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import Database from 'better-sqlite3';

const out = process.argv[2];
const pg = out?.startsWith('postgres://');
if (!out || (!pg && fs.existsSync(out))) throw new Error('usage: node langgraph-subgraphs.mjs NEW.sqlite | postgres://…');
const checkpointer = pg ? PostgresSaver.fromConnString(out) : SqliteSaver.fromConnString(out);
if (pg) await checkpointer.setup();

function parent(reducer) {
  const S = Annotation.Root({ notes: Annotation({ reducer, default: () => [] }) });
  const sub = new StateGraph(S)
    .addNode('flights', (s) => ({ notes: [...(reducer.append ? [] : s.notes), 'flights: cheaper on Tuesday'] }))
    .addNode('hotels', (s) => ({ notes: [...(reducer.append ? [] : s.notes), 'hotels: Alfama has rooms'] }))
    .addEdge(START, 'flights')
    .addEdge(START, 'hotels')
    .addEdge('flights', END)
    .addEdge('hotels', END)
    .compile({ checkpointer: true }); // the subgraph keeps its own checkpoints, under its namespace
  return new StateGraph(S)
    .addNode('intake', (s) => ({ notes: reducer.append ? ['intake: Lisbon in May'] : [...s.notes, 'intake: Lisbon in May'] }))
    .addNode('research', sub)
    .addNode('answer', (s) => ({ notes: reducer.append ? [`answer: ${s.notes.length} notes`] : [...s.notes, `answer: ${s.notes.length} notes`] }))
    .addEdge(START, 'intake')
    .addEdge('intake', 'research')
    .addEdge('research', 'answer')
    .addEdge('answer', END)
    .compile({ checkpointer });
}
const concat = Object.assign((a, b) => a.concat(b), { append: true });
const lastWriteWins = (_a, b) => b;
const result = {};
for (const [thread, reducer] of [
  ['sub-merge', concat],
  ['sub-overwrite', lastWriteWins],
]) {
  const g = parent(reducer);
  const cfg = { configurable: { thread_id: thread } };
  await g.invoke({ notes: ['user: plan a trip to Lisbon'] }, cfg);
  result[thread] = (await g.getState(cfg)).values.notes;
}
console.log(JSON.stringify(result, null, 1));
if (pg) await checkpointer.end();
else {
  checkpointer.db.close();
  new Database(out).pragma('journal_mode = delete');
}
