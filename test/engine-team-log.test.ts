// A team's scope in the native log (docs/spec/EVENTS.md `scope`: a memory or a shared-state field of a
// team is the team's, `{ tenant, team }`, with no user) is a compatible addition to v1: every line the
// engine writes for a team session is read, none bad, none of an unknown kind, its scope kept as given,
// and the analyzers read a team's memory as its tenant's. The scope-leak side of the same logs is in
// test/engine-sharing.test.ts and, through the built binary on the example agent's log,
// test/engine-example.e2e.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ownerIn } from '../src/analyzers/scope-leak/check.js';
import { analyzeStore } from '../src/analyzers/run.js';
import { ANALYZERS } from '../src/analyzers/registry.js';
import { jsonlSink, openEngine } from '../src/engine/index.js';
import { validateEvent } from '../src/events/validate.js';
import { resolveInputs } from '../src/ingest/inputs.js';
import { ingest } from '../src/ingest/pipeline.js';
import { openStore } from '../src/store/connection.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Two members of team proj-x in tenant acme write memories and a state field and read each other's; alice shares a fact with her other agent. */
async function teamSession(): Promise<{ dir: string; log: string; lines: Record<string, unknown>[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-team-log-'));
  dirs.push(dir);
  const log = path.join(dir, 'team.jsonl');
  const sink = jsonlSink(log);
  let now = T0;
  const e = openEngine({ clock: () => (now += 1000), onEvent: sink, session: 's-team' });
  const A = { user: 'alice', agent: 'planner', tenant: 'acme', team: 'proj-x' };
  const B = { user: 'bob', agent: 'executor', tenant: 'acme', team: 'proj-x' };
  try {
    e.teams.create({ user: 'alice', tenant: 'acme' }, 'proj-x');
    e.teams.add(A, 'bob');
    e.userMessage(A, 'The release deadline for the mobile app is Friday the 14th.', { turn: 0 });
    e.remember(A, { type: 'fact', text: 'The release branch for the mobile app is release-7' });
    e.remember({ user: 'alice', agent: 'planner', tenant: 'acme' }, { type: 'fact', text: 'The staging host is db-stg-3', tags: ['ops'] });
    await e.flush();
    e.share({ user: 'alice', agent: 'planner', tenant: 'acme' }, { with: { agent: 'billing' }, tags: ['ops'] });
    e.state.write(A, 'current_task', 'ship release-7', { actor: 'planner', expectedVersion: 0, turn: 0 });
    e.userMessage(B, 'Which release branch and deadline for the mobile app?', { turn: 1 });
    const cur = e.state.read(B, 'current_task', 'executor', 1);
    e.state.write(B, 'current_task', 'ship release-7, build started', { actor: 'executor', expectedVersion: cur.version, turn: 1 });
    const plan = e.buildPrompt(B, { system: 'You are a coding agent.', turn: 1 });
    e.assistantMessage(B, 'The branch is release-7 and the deadline is Friday the 14th.', { turn: 1, requestId: plan.requestId });
    const billing = { user: 'alice', agent: 'billing', tenant: 'acme' };
    e.userMessage(billing, 'Which staging host do we pay for?', { turn: 2 });
    const p2 = e.buildPrompt(billing, { system: 'You are a billing agent.', turn: 2 });
    e.assistantMessage(billing, 'The staging host is db-stg-3.', { turn: 2, requestId: p2.requestId });
  } finally {
    e.close();
    sink.close();
  }
  const lines = fs
    .readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { dir, log, lines };
}

describe("a team's scope in the native log is a compatible addition to v1", () => {
  it('every event of a team session is valid v1 and read by ingest: none bad, none unknown, the team scope kept as given', async () => {
    const { dir, log, lines } = await teamSession();
    const named = lines.filter((l) => (l.scope as { team?: string } | undefined)?.team === 'proj-x');
    const team = named.filter((l) => (l.scope as { user?: string }).user === undefined);
    // the log holds the new shapes: the team's own (memory writes, state reads and writes), without a user,
    // and a member's search, prompt and answer in the team, its scope naming the team beside the member
    expect(new Set(team.map((l) => l.kind))).toEqual(new Set(['memory_write', 'state']));
    for (const l of team) expect(l.scope).toEqual({ tenant: 'acme', team: 'proj-x' });
    expect(new Set(named.filter((l) => !team.includes(l)).map((l) => l.kind))).toEqual(new Set(['retrieval', 'request', 'response']));
    for (const l of named.filter((l) => l.kind === 'request')) expect(l.scope).toEqual({ user: 'bob', agent: 'executor', tenant: 'acme', team: 'proj-x' });
    expect(team.filter((l) => l.kind === 'state').map((l) => (l.author as { user: string }).user)).toEqual(['alice', 'bob', 'bob']);
    for (const l of lines) expect(() => validateEvent(l)).not.toThrow();
    const db = openStore(path.join(dir, 'evidence.db'));
    try {
      const summary = await ingest(db, { inputs: await resolveInputs([log]), progress: false });
      expect(summary.bad_lines).toBe(0);
      expect(summary.unknown_kinds).toEqual([]);
      expect(summary.events).toBe(lines.length);
      // kept as given: the stored scopes are the written ones, the team's included
      const stored = (db.prepare('SELECT scope FROM events ORDER BY ts, id').all() as { scope: string | null }[]).map((r) =>
        r.scope === null ? null : JSON.parse(r.scope),
      );
      const written = lines.map((l) => l.scope ?? null);
      expect(stored.map((s) => JSON.stringify(s)).sort()).toEqual(written.map((s) => JSON.stringify(s)).sort());
      // a team's memory is its tenant's and team's, of no user
      expect(ownerIn(team[0].scope)).toEqual({ tenant: 'acme', user: null, agent: null, team: 'proj-x' });
      // and the analyzers find nothing in the engine's own team session
      expect([...analyzeStore(db, { analyzers: ANALYZERS, options: {} })].map((f) => `${f.analyzer}:${f.cause}`)).toEqual([]);
    } finally {
      db.close();
    }
  });
});
