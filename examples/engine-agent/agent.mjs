#!/usr/bin/env node
// An agent loop on the reference memory engine (amnesia-forensics/engine, docs/engine.md): what an
// agent developer copies. No network: the "model" is a function that answers from the prompt it is
// given, so you can see what the engine put there. Run: npm run build && node examples/engine-agent/agent.mjs [memory.db]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openEngine } from 'amnesia-forensics/engine';

const file = process.argv[2] ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'engine-agent-')), 'memory.db');

/** Stands in for your chat model: it reports which memories the prompt carried. */
async function model(messages) {
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');
  const user = messages.at(-1)?.content ?? '';
  const knows = (w) => system.toLowerCase().includes(w);
  if (/language/i.test(user)) return knows('typescript') ? 'You asked for TypeScript examples, so here is one in TypeScript.' : 'Here is an example in Python.';
  if (/format/i.test(user)) return knows('never use xml') ? 'Here is the config as JSON (you asked me never to use XML).' : 'Here is the config as XML.';
  return 'Noted.';
}

/** One turn: the user's message in, the prompt built within the window, the model called, the answer logged. */
async function turn(engine, scope, text, n) {
  engine.userMessage(scope, text, { turn: n });
  const plan = engine.buildPrompt(scope, { system: 'You are Ada, a coding assistant.', turn: n });
  const answer = await model(plan.messages);
  engine.assistantMessage(scope, answer, { turn: n, requestId: plan.requestId });
  console.log(
    `> ${text}\n< ${answer}\n  (${plan.tokens} of ${plan.budget} tokens; pinned ${plan.pinned.length}, memories ${plan.retrieved.filter((h) => h.injected).length})`,
  );
}

const scope = { user: 'u-42', agent: 'ada' };
let engine = openEngine({ model: 'gpt-4o-mini', file, session: 'monday' });
console.log(`memory store: ${file}\n-- session 1`);
await turn(engine, scope, 'Never use XML in your answers.', 0);
await turn(engine, scope, 'I prefer TypeScript for every code example.', 1);
await turn(engine, scope, 'My phone is 138 1234 5678, call me if the build breaks.', 2);
await engine.flush();
engine.close();

// a new process, days later: the memories come back from the store, not from the chat history
engine = openEngine({ model: 'gpt-4o-mini', file, session: 'thursday' });
console.log('-- session 2 (a new process)');
await turn(engine, scope, 'Which language should the example be in?', 0);
await turn(engine, scope, 'Show me the deploy config. Which format?', 1);
console.log(
  `stored: ${engine
    .memories(scope)
    .map((m) => JSON.stringify(m.text))
    .join(', ')}`,
);

// the user asks to be forgotten
const report = engine.erase(scope);
console.log(`-- erased: ${report.removed.memories} memory rows, ${report.removed.raw} raw entries; left: ${engine.memories(scope).length} memories`);
engine.close();
