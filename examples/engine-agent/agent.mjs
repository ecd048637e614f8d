#!/usr/bin/env node
// An agent loop on the reference memory engine (amnesia-forensics/engine, docs/engine.md): what an
// agent developer copies. No network: the "model" is a function that answers from the prompt it is
// given, so you can see what the engine put there. Run: npm run build && node examples/engine-agent/agent.mjs [memory.db [events.jsonl]]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsonlSink, openEngine, ScopeError } from 'amnesia-forensics/engine';

const file = process.argv[2] ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'engine-agent-')), 'memory.db');
// the third session's events, as the engine logs them (native events: `amnesia triage` reads them)
const eventsFile = process.argv[3] ?? path.join(path.dirname(file), 'team-events.jsonl');

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
  const parts = [];
  if (/deadline/i.test(user)) parts.push(knows('friday the 14th') ? 'The release deadline is Friday the 14th.' : 'I do not know the release deadline.');
  if (/review/i.test(user)) parts.push(knows('review is on monday') ? 'The performance review is on Monday.' : 'I do not know when the review is.');
  if (/staging/i.test(user)) parts.push(knows('db-stg-3') ? 'The staging host is db-stg-3.' : 'I do not know the staging host.');
  return parts.join(' ') || 'Noted.';
}

/** One turn: the user's message in, the prompt built within the window, the model called, the answer logged. */
async function turn(engine, scope, text, n, who = '') {
  engine.userMessage(scope, text, { turn: n });
  const plan = engine.buildPrompt(scope, { system: 'You are Ada, a coding assistant.', turn: n });
  const answer = await model(plan.messages);
  engine.assistantMessage(scope, answer, { turn: n, requestId: plan.requestId });
  console.log(
    `${who}> ${text}\n< ${answer}\n  (${plan.tokens} of ${plan.budget} tokens; pinned ${plan.pinned.length}, memories ${plan.retrieved.filter((h) => h.injected).length})`,
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

// A team space across users: Ana's planner and Ben's executor work on the mobile app (tenant acme).
// What Ana says in the team is the team's; her private note stays in her own space.
const sink = jsonlSink(eventsFile);
engine = openEngine({ model: 'gpt-4o-mini', file, session: 'release-week', onEvent: sink });
console.log('-- session 3: team mobile-app (tenant acme): ana/planner and ben/executor');
const ana = { user: 'ana', agent: 'planner', tenant: 'acme' };
const anaTeam = { ...ana, team: 'mobile-app' };
const benTeam = { user: 'ben', agent: 'executor', tenant: 'acme', team: 'mobile-app' };
engine.teams.create(ana, 'mobile-app');
engine.teams.add(anaTeam, 'ben');
await turn(engine, anaTeam, 'The release deadline for the mobile app is Friday the 14th.', 0, 'ana/planner (team) ');
engine.remember(ana, { type: 'fact', text: 'My performance review is on Monday.', private: true, turn: 0 });
engine.remember(ana, { type: 'fact', text: 'The staging host is db-stg-3.', tags: ['ops'], turn: 0 });
engine.share(ana, { tags: ['ops'] }); // Ana's other agents read what she tagged 'ops'; never a private note
await engine.flush();
await turn(engine, benTeam, "When is the release deadline, and when is Ana's performance review?", 1, 'ben/executor (team) ');
await turn(engine, { user: 'ana', agent: 'mail', tenant: 'acme' }, 'What is the staging host, and when is my performance review?', 2, 'ana/mail ');
await turn(engine, ana, 'When is my performance review?', 3, 'ana/planner ');
// the team's shared state: one field, one version for every member, written by compare-and-set
engine.state.write(anaTeam, 'current_task', 'ship release-7', { actor: 'planner', expectedVersion: 0, turn: 3 });
const seen = engine.state.read(benTeam, 'current_task', 'executor', 3);
const next = engine.state.write(benTeam, 'current_task', `${seen.value}, build started`, { actor: 'executor', expectedVersion: seen.version, turn: 3 });
console.log(`team state current_task: ${JSON.stringify(seen.value)} (v${seen.version}, ana) -> ${JSON.stringify(next.value)} (v${next.version}, ben)`);
// someone outside the team who names it is refused, memories and state alike
const carol = { user: 'carol', agent: 'executor', tenant: 'acme', team: 'mobile-app' };
const refused = [() => engine.search(carol, 'release deadline'), () => engine.state.read(carol, 'current_task', 'executor')].filter((f) => {
  try {
    f();
    return false;
  } catch (err) {
    return err instanceof ScopeError;
  }
}).length;
console.log(`carol (not a member) naming the team: ${refused} of 2 calls refused`);
engine.close();
sink.close();
console.log(`engine events: ${eventsFile} (amnesia triage ${eventsFile})`);
