// LangGraph steps refused as concurrent updates (issue 30): two branches of one step write a channel that
// has no reducer (LastValue), and LangGraph refuses the step (InvalidUpdateError, INVALID_CONCURRENT_GRAPH_UPDATE).
// JS LangGraph stores no error write for it: the branches' writes stay at the step's checkpoint and no later
// checkpoint applies them. Look-alikes that must stay quiet: the same fan-out with a reducer, and two branches
// writing different plain channels. Real @langchain/langgraph on SqliteSaver.
// Run: node langgraph-refused.mjs OUT.sqlite   (versions: SOURCES.md; OUT must not exist yet), or a postgres:// URL of an empty database
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

/** `researcher` and `planner` run in parallel after `intake`; `channels` says what each writes. */
function fanOut(State, research, plan) {
  return new StateGraph(State)
    .addNode('intake', () => ({ request: 'plan a trip to Lisbon' }))
    .addNode('researcher', research)
    .addNode('planner', plan)
    .addEdge(START, 'intake')
    .addEdge('intake', 'researcher')
    .addEdge('intake', 'planner')
    .addEdge('researcher', END)
    .addEdge('planner', END)
    .compile({ checkpointer });
}

const outcome = async (graph, input, thread) => {
  try {
    await graph.invoke(input, { configurable: { thread_id: thread } });
    return 'ok';
  } catch (e) {
    return e.lc_error_code ?? e.name;
  }
};

// refused: both branches write `plan`, a plain channel (no reducer); each also appends to `log` (a reducer)
const Plain = Annotation.Root({ request: Annotation(), plan: Annotation(), log: Annotation({ reducer: concat, default: () => [] }) });
const refused = fanOut(
  Plain,
  () => ({ plan: 'fly on Tuesday (cheaper)', log: ['researcher: flights checked'] }),
  () => ({ plan: 'hotel near the station', log: ['planner: hotels checked'] }),
);
const results = { refused: await outcome(refused, { request: '' }, 'refused') };

// refused, then the developer adds a reducer and the user sends a new message on the same thread:
// LangGraph discards the refused step's writes (the new input's checkpoint does not apply them)
results['refused-then-fixed-1'] = await outcome(refused, { request: '' }, 'refused-then-fixed');
const Fixed = Annotation.Root({
  request: Annotation(),
  plan: Annotation({ reducer: (a, b) => [a, b].flat().filter(Boolean), default: () => [] }),
  log: Annotation({ reducer: concat, default: () => [] }),
});
const fixed = fanOut(
  Fixed,
  () => ({ plan: 'fly on Tuesday (cheaper)', log: ['researcher: flights checked'] }),
  () => ({ plan: 'hotel near the station', log: ['planner: hotels checked'] }),
);
results['refused-then-fixed-2'] = await outcome(fixed, { request: 'plan a trip to Lisbon, again' }, 'refused-then-fixed');

// look-alike: the same fan-out, `plan` with a reducer that keeps both
results['reducer-fanout'] = await outcome(fixed, { request: '' }, 'reducer-fanout');

// look-alike: each branch writes its own plain channel
const Own = Annotation.Root({ request: Annotation(), flights: Annotation(), hotel: Annotation(), log: Annotation({ reducer: concat, default: () => [] }) });
const own = fanOut(
  Own,
  () => ({ flights: 'fly on Tuesday (cheaper)', log: ['researcher: flights checked'] }),
  () => ({ hotel: 'hotel near the station', log: ['planner: hotels checked'] }),
);
results['separate-channels'] = await outcome(own, { request: '' }, 'separate-channels');

const expected = {
  refused: 'INVALID_CONCURRENT_GRAPH_UPDATE',
  'refused-then-fixed-1': 'INVALID_CONCURRENT_GRAPH_UPDATE',
  'refused-then-fixed-2': 'ok',
  'reducer-fanout': 'ok',
  'separate-channels': 'ok',
};
for (const [k, v] of Object.entries(expected)) if (results[k] !== v) throw new Error(`${k}: expected ${v}, got ${results[k]}`);
console.log('done', results, (await fixed.getState({ configurable: { thread_id: 'refused-then-fixed' } })).values);
// one file for the sample: out of WAL into a rollback journal
if (pg) await checkpointer.end();
else {
  checkpointer.db.close();
  new Database(out).pragma('journal_mode = delete');
}
