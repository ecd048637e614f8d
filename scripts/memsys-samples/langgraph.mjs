// LangGraph graphs run on the real checkpointers (SQLite and Postgres): the same threads on both.
import { StateGraph, Annotation, START, END, interrupt } from '@langchain/langgraph';

const lastWriteWins = (_prev, next) => next; // a reducer that keeps only the newest update
const concat = (a, b) => a.concat(b); // a reducer that merges both updates

function parallel(reducer, update) {
  const S = Annotation.Root({ notes: Annotation({ reducer, default: () => [] }) });
  return new StateGraph(S)
    .addNode('researcher', (s) => ({ notes: update(s.notes, 'researcher: flights are cheaper on Tuesday') }))
    .addNode('planner', (s) => ({ notes: update(s.notes, 'planner: hotel booked near the station') }))
    .addEdge(START, 'researcher')
    .addEdge(START, 'planner')
    .addEdge('researcher', END)
    .addEdge('planner', END);
}

/** The threads: [thread_id, graph, input, expect an error?] */
export function threads() {
  const append = (notes, n) => [...notes, n];
  const own = (_notes, n) => [n];
  const Seq = Annotation.Root({ notes: Annotation({ reducer: lastWriteWins, default: () => [] }) });
  const sequential = new StateGraph(Seq)
    .addNode('researcher', (s) => ({ notes: append(s.notes, 'researcher: flights are cheaper on Tuesday') }))
    .addNode('planner', (s) => ({ notes: append(s.notes, 'planner: hotel booked near the station') }))
    .addEdge(START, 'researcher')
    .addEdge('researcher', 'planner')
    .addEdge('planner', END);
  const Plain = Annotation.Root({ notes: Annotation() }); // LastValue: no reducer
  const plain = new StateGraph(Plain)
    .addNode('researcher', (s) => ({ notes: `${s.notes}; researcher: flights are cheaper on Tuesday` }))
    .addNode('planner', (s) => ({ notes: `${s.notes}; planner: hotel booked near the station` }))
    .addEdge(START, 'researcher')
    .addEdge(START, 'planner')
    .addEdge('researcher', END)
    .addEdge('planner', END);
  const Ask = Annotation.Root({ notes: Annotation({ reducer: concat, default: () => [] }), approved: Annotation() });
  const ask = new StateGraph(Ask)
    .addNode('draft', () => ({ notes: ['draft: itinerary v1'] }))
    .addNode('approve', () => ({ approved: interrupt('Approve the itinerary?') }))
    .addEdge(START, 'draft')
    .addEdge('draft', 'approve')
    .addEdge('approve', END);
  return [
    // parallel nodes, one channel, a last-write-wins reducer: one note is overwritten
    ['parallel-overwrite', parallel(lastWriteWins, append), { notes: ['user: plan a trip to Lisbon'] }, false],
    // look-alike: the same parallel nodes with a reducer that merges both writes
    ['parallel-merge', parallel(concat, own), { notes: ['user: plan a trip to Lisbon'] }, false],
    // look-alike: the same two writers one after the other
    ['sequential', sequential, { notes: ['user: plan a trip to Lisbon'] }, false],
    // no reducer: LangGraph refuses the step (INVALID_CONCURRENT_GRAPH_UPDATE); both writes stay pending
    ['parallel-lastvalue', plain, { notes: 'user: plan a trip to Lisbon' }, true],
    // human-in-the-loop: interrupted, waiting for approval (not a lost write)
    ['interrupted', ask, { notes: ['user: plan a trip to Lisbon'] }, false],
  ];
}

export async function runThreads(checkpointer) {
  const out = [];
  for (const [thread, graph, input, errs] of threads()) {
    const app = graph.compile({ checkpointer });
    let error = null;
    try {
      await app.invoke(input, { configurable: { thread_id: thread } });
    } catch (e) {
      error = e.lc_error_code ?? e.name;
    }
    if (errs !== (error !== null)) throw new Error(`${thread}: unexpected outcome ${error}`);
    const state = await app.getState({ configurable: { thread_id: thread } }).catch((e) => ({ values: null, next: [], error: e.lc_error_code }));
    out.push({ thread, error, values: state.values, next: state.next });
  }
  return out;
}
