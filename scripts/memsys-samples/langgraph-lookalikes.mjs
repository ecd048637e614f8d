// LangGraph fan-outs that look like lost updates and are not, beside one that is (issue 30): a reducer merge where
// one branch adds nothing ([] plus [doc]), both branches writing the same value, and, must flag, a branch that
// clears a last-write-wins channel while the other writes it. Real @langchain/langgraph on SqliteSaver.
// Run: node langgraph-lookalikes.mjs OUT.sqlite   (versions: SOURCES.md; OUT must not exist yet), or a postgres:// URL of an empty database
import { StateGraph, Annotation, START, END } from '@langchain/langgraph';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import Database from 'better-sqlite3';

const out = process.argv[2];
// postgres://…: the same threads on PostgresSaver (to check the Postgres reading; the committed sample is the SQLite file)
const pg = out.startsWith('postgres://');
const checkpointer = pg ? PostgresSaver.fromConnString(out) : SqliteSaver.fromConnString(out);
if (pg) await checkpointer.setup();
const concat = (a, b) => a.concat(b);
const lastWriteWins = (_prev, next) => next;

/** `retrieve_web` and `retrieve_notes` run in parallel from START, each writing `docs`. */
function fanOut(reducer, web, notes) {
  const S = Annotation.Root({ question: Annotation(), docs: Annotation({ reducer, default: () => [] }) });
  return new StateGraph(S)
    .addNode('retrieve_web', web)
    .addNode('retrieve_notes', notes)
    .addEdge(START, 'retrieve_web')
    .addEdge(START, 'retrieve_notes')
    .addEdge('retrieve_web', END)
    .addEdge('retrieve_notes', END)
    .compile({ checkpointer });
}

const run = (graph, input, thread) => graph.invoke(input, { configurable: { thread_id: thread } });
const states = {};

// quiet: the notes retriever found nothing ([]); the reducer keeps the web's document
states['merge-empty-branch'] = await run(
  fanOut(
    concat,
    () => ({ docs: ['web: Lisbon trams run until 23:00'] }),
    () => ({ docs: [] }),
  ),
  { question: 'how late do trams run in Lisbon?' },
  'merge-empty-branch',
);
// quiet: both branches found the same document, last-write-wins keeps it
states['same-value'] = await run(
  fanOut(
    lastWriteWins,
    (s) => ({ docs: [...s.docs, 'doc: tram 28 timetable'] }),
    (s) => ({ docs: [...s.docs, 'doc: tram 28 timetable'] }),
  ),
  { question: 'tram 28?' },
  'same-value',
);
// flag: the notes branch clears the list (its documents are stale) while the web branch appends; last-write-wins keeps the web's list
states['clear-lost'] = await run(
  fanOut(
    lastWriteWins,
    (s) => ({ docs: [...s.docs, 'web: Lisbon trams run until 23:00'] }),
    () => ({ docs: [] }),
  ),
  { question: 'how late do trams run in Lisbon?', docs: ['notes: trams stop at 21:00 (2019)'] },
  'clear-lost',
);
console.log('done', states);
if (pg) await checkpointer.end();
else {
  checkpointer.db.close();
  new Database(out).pragma('journal_mode = delete');
}
