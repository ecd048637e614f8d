// LangGraph threads whose checkpoints branch (issue 30): a human updateState racing a running node,
// and a rewind (fork from an earlier checkpoint, the old branch abandoned). Real @langchain/langgraph on SqliteSaver.
// Run: node langgraph-lineage.mjs OUT.sqlite   (versions: SOURCES.md)
import { StateGraph, Annotation, START, END } from '@langchain/langgraph';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';

const out = process.argv[2];
const checkpointer = SqliteSaver.fromConnString(out);
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
