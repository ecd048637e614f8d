// LangGraph threads whose checkpoints branch (issue 30): a human updateState racing a running node,
// and a rewind (fork from an earlier checkpoint, the old branch abandoned). Real @langchain/langgraph on SqliteSaver.
// Run: node langgraph-lineage.mjs OUT.sqlite   (versions: SOURCES.md), or a postgres:// URL of an empty database (langgraph-postgres.mjs)
import { StateGraph, Annotation, START, END } from '@langchain/langgraph';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';

const out = process.argv[2];
const pg = out.startsWith('postgres://');
const checkpointer = pg ? PostgresSaver.fromConnString(out) : SqliteSaver.fromConnString(out);
if (pg) await checkpointer.setup();
const lastWriteWins = (_prev, next) => next;
const S = Annotation.Root({ notes: Annotation({ reducer: lastWriteWins, default: () => [] }) });

// race: `research` is running (waiting on a slow tool) when a human edits `notes` with updateState
let release;
const gate = new Promise((r) => (release = r));
const racing = new StateGraph(S)
  .addNode('research', async (s) => {
    await gate;
    return { notes: [...s.notes, 'research: flights are cheaper on Tuesday'] };
  })
  .addNode('summarize', (s) => ({ notes: [...s.notes, `summary: ${s.notes.length} notes`] }))
  .addEdge(START, 'research')
  .addEdge('research', 'summarize')
  .addEdge('summarize', END)
  .compile({ checkpointer });
const cfgR = { configurable: { thread_id: 'update-race' } };
const run = racing.invoke({ notes: ['user: plan a trip to Lisbon'] }, cfgR);
await new Promise((r) => setTimeout(r, 200));
await racing.updateState(cfgR, { notes: ['user: plan a trip to Lisbon', 'human: budget is 500 EUR'] });
await new Promise((r) => setTimeout(r, 50));
release();
await run;

// rewind: a full run, then the user goes back to the first step's checkpoint, edits, and runs on from there
const plain = new StateGraph(S)
  .addNode('research', (s) => ({ notes: [...s.notes, 'research: flights are cheaper on Tuesday'] }))
  .addNode('summarize', (s) => ({ notes: [...s.notes, `summary: ${s.notes.length} notes`] }))
  .addEdge(START, 'research')
  .addEdge('research', 'summarize')
  .addEdge('summarize', END)
  .compile({ checkpointer });
const cfgF = { configurable: { thread_id: 'rewind' } };
await plain.invoke({ notes: ['user: plan a trip to Lisbon'] }, cfgF);
const history = [];
for await (const s of plain.getStateHistory(cfgF)) history.push(s);
const afterInput = history.find((s) => s.next.includes('research')); // before research ran
const forked = await plain.updateState(afterInput.config, { notes: ['user: plan a trip to Porto instead'] });
await plain.invoke(null, forked);
console.log('done', (await racing.getState(cfgR)).values, (await plain.getState(cfgF)).values);

// interrupt, then a resume 1.5 s later: the interrupt's time is when it happened, not the resume's
const { interrupt, Command, Send } = await import('@langchain/langgraph');
const Ask = Annotation.Root({ notes: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), approved: Annotation() });
const ask = new StateGraph(Ask)
  .addNode('draft', () => ({ notes: ['draft: itinerary v1'] }))
  .addNode('approve', () => ({ approved: interrupt('Approve the itinerary?') }))
  .addEdge(START, 'draft')
  .addEdge('draft', 'approve')
  .addEdge('approve', END)
  .compile({ checkpointer });
const cfgI = { configurable: { thread_id: 'interrupt-resume' } };
await ask.invoke({ notes: ['user: plan a trip to Lisbon'] }, cfgI);
await new Promise((r) => setTimeout(r, 1500));
await ask.invoke(new Command({ resume: 'yes' }), cfgI);

// Send map-reduce: one `worker` task per city, merged by a reducer
const Map_ = Annotation.Root({ cities: Annotation(), notes: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
const fan = new StateGraph(Map_)
  .addNode('plan', () => ({}))
  .addNode('worker', (s) => ({ notes: [`worker: hotel found in ${s.city}`] }))
  .addEdge(START, 'plan')
  .addConditionalEdges('plan', (s) => s.cities.map((city) => new Send('worker', { city })), ['worker'])
  .addEdge('worker', END)
  .compile({ checkpointer });
await fan.invoke({ cities: ['Lisbon', 'Porto'] }, { configurable: { thread_id: 'send' } });
console.log('done', (await ask.getState(cfgI)).values, (await fan.getState({ configurable: { thread_id: 'send' } })).values);
if (pg) await checkpointer.end();
