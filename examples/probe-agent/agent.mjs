// An agent loop that logs itself with the probe (amnesia-forensics/probe). No network: the "model" is a
// script, the memory store a Map. Run `npm run build` first, then:
//
//   node examples/probe-agent/agent.mjs [log file]      (default: examples/probe-agent/agent-log.jsonl)
//   amnesia triage examples/probe-agent/agent-log.jsonl  -> no findings
//
// What it does right, and the probe records: a preference is acknowledged to the user only after its
// write is committed; the memory is retrieved and injected; the history is kept; shared state is
// written with compare-and-set; the store's content is snapshotted at the end.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProbe } from '../../dist/probe/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const logFile = process.argv[2] ?? path.join(here, 'agent-log.jsonl');

// A fixed clock and ids keep the example's log the same from run to run; a real agent leaves both out.
let now = Date.parse('2026-05-01T09:00:00Z');
let seq = 0;
const probe = createProbe({
  file: logFile,
  session: 'probe-demo',
  actor: 'travel-agent',
  scope: { user: 'u-7' },
  clock: () => (now += 250),
  newId: () => `id-${++seq}`,
});

// ---- the pieces an agent has: a model, a memory store, tools, shared state -------------------------

const SYSTEM = 'You are a travel assistant with long-term memory.';

/** The scripted model: answers by the last user message (and the tool result, when there is one). */
function fakeModel(messages) {
  const last = messages[messages.length - 1];
  if (last.role === 'tool') return { content: `- ${JSON.parse(last.content).forecast} all week\n- Highs around ${JSON.parse(last.content).high_c} °C` };
  const user = last.content.toLowerCase();
  if (user.includes('bullet'))
    return { content: 'Noted and saved:\n- I will answer in bullet lists from now on', remember: 'User wants answers as bullet lists' };
  if (user.includes('pack')) return { content: '- Warm layers and a down jacket\n- Waterproof boots\n- Gloves and a hat' };
  if (user.includes('weather')) return { tool: { name: 'get_weather', arguments: { city: 'Oslo' } } };
  return { content: '- Happy to help' };
}

const store = new Map(); // memory_id -> text: the durable store
const kinds = new Map(); // memory_id -> memory type
const shared = { current_task: { value: 'plan_trip', version: 1 } };

function searchMemories(query) {
  const words = new Set(query.toLowerCase().split(/\W+/));
  return [...store].map(([id, text], i) => ({
    id,
    text,
    rank: i + 1,
    score: text
      .toLowerCase()
      .split(/\W+/)
      .some((w) => words.has(w))
      ? 0.82
      : 0.41,
  }));
}

// ---- the loop ------------------------------------------------------------------------------------------

const history = [{ role: 'system', content: SYSTEM }];

async function turn(userText) {
  probe.nextTurn();
  history.push({ role: 'user', content: userText });

  // 1. retrieve memories; inject the ones that pass the cut, and pin standing preferences whatever their score
  const candidates = searchMemories(userText);
  const topK = 3;
  const threshold = 0.5;
  const injected = candidates.filter((c) => (c.rank <= topK && c.score >= threshold) || kinds.get(c.id) === 'preference');
  if (candidates.length) probe.retrieval({ query: userText, top_k: topK, threshold, candidates, injected: injected.map((c) => c.id) });
  const system = injected.length ? `${SYSTEM}\nRelevant memories:\n${injected.map((c) => `- ${c.text}`).join('\n')}` : SYSTEM;
  const messages = [{ role: 'system', content: system }, ...history.slice(1)];

  // 2. call the model (and a tool, when it asks for one)
  let requestId = probe.request({ model: 'gpt-4o', context_limit: 128000, messages });
  let answer = fakeModel(messages);
  if (answer.tool) {
    const callId = probe.toolCall(answer.tool);
    probe.response({
      request_id: requestId,
      content: '',
      tool_calls: [{ id: callId, type: 'function', function: { name: answer.tool.name, arguments: JSON.stringify(answer.tool.arguments) } }],
    });
    const result = JSON.stringify({ city: 'Oslo', forecast: 'Snow', high_c: -2 });
    probe.toolResult({ call_id: callId, content: result });
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: callId, type: 'function', function: { name: answer.tool.name, arguments: JSON.stringify(answer.tool.arguments) } }],
    });
    messages.push({ role: 'tool', tool_call_id: callId, content: result });
    requestId = probe.request({ model: 'gpt-4o', context_limit: 128000, messages });
    answer = fakeModel(messages);
  }

  // 3. a memory worth keeping: commit it, then acknowledge, then tell the user
  if (answer.remember) {
    const memoryId = `m-${store.size + 1}`;
    const w = probe.write({ memory_id: memoryId, memory_type: 'preference', text: answer.remember, store: 'memories' });
    store.set(memoryId, answer.remember);
    kinds.set(memoryId, 'preference');
    w.committed();
    w.acknowledged();
  }

  // 4. shared state, compare-and-set
  const cur = shared.current_task;
  probe.state({ key: 'current_task', op: 'read', value: cur.value, version: cur.version });
  shared.current_task = { value: `${cur.value}:turn${probe.turn()}`, version: cur.version + 1 };
  probe.state({ key: 'current_task', op: 'write', value: shared.current_task.value, expected_version: cur.version, version: cur.version + 1 });

  probe.response({ request_id: requestId, content: answer.content, finish_reason: 'stop' });
  history.push({ role: 'assistant', content: answer.content });
}

probe.lifecycle('start', 'travel-agent');
await turn('Hi! Please always answer me in bullet lists.');
await turn('What should I pack for Oslo in winter?');
await turn('And what is the weather there this week?');
probe.snapshot({ store: 'memories', memory_ids: [...store.keys()] });
probe.lifecycle('stop', 'travel-agent');
probe.close();
console.log(`wrote ${logFile}`);
