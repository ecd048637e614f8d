// LangGraph threads where a node throws (issue 30): real @langchain/langgraph on SqliteSaver.
//   error-retry: researcher and planner run in parallel; planner's call fails after researcher wrote; 1.5 s later
//     the user retries the thread (invoke(null)), planner succeeds. The error happened before the retry.
//   error-abandoned: the same failure, never retried.
// Run: node langgraph-errors.mjs OUT.sqlite   (versions: SOURCES.md), or a postgres:// URL of an empty database (langgraph-postgres.mjs)
import fs from 'node:fs';
import { Annotation, END, START, StateGraph } from '@langchain/langgraph';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';

const out = process.argv[2];
const pg = out?.startsWith('postgres://');
if (!out || (!pg && fs.existsSync(out))) throw new Error('usage: node langgraph-errors.mjs NEW.sqlite | postgres://…');
const checkpointer = pg ? PostgresSaver.fromConnString(out) : SqliteSaver.fromConnString(out);
if (pg) await checkpointer.setup();
const S = Annotation.Root({ notes: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });

function graph(failures) {
  let left = failures;
  return new StateGraph(S)
    .addNode('researcher', () => ({ notes: ['researcher: flights are cheaper on Tuesday'] }))
    .addNode('planner', async () => {
      await new Promise((r) => setTimeout(r, 100)); // researcher has written by now
      if (left-- > 0) throw new Error('hotel search API timed out');
      return { notes: ['planner: hotel booked near Alfama'] };
    })
    .addEdge(START, 'researcher')
    .addEdge(START, 'planner')
    .addEdge('researcher', END)
    .addEdge('planner', END)
    .compile({ checkpointer });
}

const outcome = {};
for (const [thread, retry] of [
  ['error-retry', true],
  ['error-abandoned', false],
]) {
  const g = graph(1);
  const cfg = { configurable: { thread_id: thread } };
  const failed = await g.invoke({ notes: ['user: plan a trip to Lisbon'] }, cfg).then(
    () => null,
    (e) => String(e.message),
  );
  if (!failed) throw new Error(`${thread}: expected the planner to fail`);
  if (retry) {
    await new Promise((r) => setTimeout(r, 1500));
    await g.invoke(null, cfg);
  }
  outcome[thread] = { failed, notes: (await g.getState(cfg)).values.notes };
}
if (pg) await checkpointer.end();
else {
  checkpointer.db.pragma('journal_mode = DELETE');
  checkpointer.db.close();
}
console.log(JSON.stringify(outcome, null, 1));
