// The engine's example agent (examples/engine-agent) from the built package, as an agent developer
// runs it: two processes on one store remember across sessions, de-identify, and erase; then a team
// space across users (a team memory one member wrote and another read, a private note no one else
// reads, the team's shared state), whose events `amnesia triage` reads without a finding, while the
// same log with one member moved to another tenant, or to another team of the tenant, is a scope leak.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliProcess, json, ROOT, tmpdir } from './helpers.js';

interface Findings {
  findings: {
    analyzer: string;
    cause: string;
    turn: number | null;
    detail: { dimension?: string; written?: { scope: unknown }; served?: { scope: unknown } };
  }[];
  summary: { events: number; bad_lines: number };
}

describe('examples/engine-agent', () => {
  const dir = tmpdir();
  const db = path.join(dir, 'memory.db');
  const events = path.join(dir, 'team-events.jsonl');
  let run: SpawnSyncReturns<string>;
  beforeAll(() => {
    run = spawnSync(process.execPath, [path.join(ROOT, 'examples', 'engine-agent', 'agent.mjs'), db, events], { encoding: 'utf8' });
  });

  it('runs without network: the second session answers from the store, the phone is masked, the user is erased', () => {
    expect(run.status, run.stderr).toBe(0);
    const second = run.stdout.slice(run.stdout.indexOf('-- session 2'), run.stdout.indexOf('-- session 3'));
    expect(second).toContain('< You asked for TypeScript examples, so here is one in TypeScript.');
    expect(second).toContain('< Here is the config as JSON (you asked me never to use XML).');
    expect(second).toMatch(/"My phone is \[phone #[0-9a-f]{8}\], call me if the build breaks\."/);
    expect(run.stdout).toMatch(/-- erased: 3 memory rows, \d+ raw entries; left: 0 memories/);
    const bytes = fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f)).toString('latin1'))
      .join('');
    expect(bytes).not.toContain('1234 5678');
    expect(bytes).not.toContain('TypeScript');
  });

  it("a team: one member's memory reaches the other, a private note reaches no one else, the team's state is one field, an outsider is refused", () => {
    expect(run.status, run.stderr).toBe(0);
    const third = run.stdout.slice(run.stdout.indexOf('-- session 3'));
    // ben reads what ana said in the team, and not her private note
    expect(third).toContain(
      "ben/executor (team) > When is the release deadline, and when is Ana's performance review?\n< The release deadline is Friday the 14th. I do not know when the review is.",
    );
    // ana's other agent reads what she shared (tagged ops), and not her private note either; her own agent does
    expect(third).toContain('< I do not know when the review is. The staging host is db-stg-3.');
    expect(third).toContain('ana/planner > When is my performance review?\n< The performance review is on Monday.');
    expect(third).toContain('team state current_task: "ship release-7" (v1, ana) -> "ship release-7, build started" (v2, ben)');
    expect(third).toContain('carol (not a member) naming the team: 2 of 2 calls refused');
  });

  it("amnesia triage reads the engine's own team log without a finding; moved to another tenant or team, the member's read is a scope leak", () => {
    expect(run.status, run.stderr).toBe(0);
    const clean = cliProcess(['triage', events, '--format', 'json', '--no-progress']);
    expect(clean.code, clean.stderr).toBe(0);
    const lines = fs.readFileSync(events, 'utf8').trim().split('\n');
    const ok = json<Findings>(clean);
    expect(ok.summary).toMatchObject({ events: lines.length, bad_lines: 0 });
    // the team's reads (ben's of ana's team memory, ana's mail agent's of her shared fact) are legitimate
    expect(ok.findings.map((f) => `${f.analyzer}:${f.cause}`)).toEqual([]);
    // ben's search, prompt and answer moved: to tenant globex (a cross-tenant read), to team web-app of acme (a cross-team read)
    const moved = (name: string, key: 'tenant' | 'team', to: string) => {
      const file = path.join(dir, `${name}.jsonl`);
      const out = lines
        .map((l) => JSON.parse(l) as { scope?: Record<string, string>; filters?: Record<string, unknown> })
        .map((e) => {
          if (e.scope?.user !== 'ben') return e;
          e.scope[key] = to;
          if (e.filters) e.filters[key] = to;
          return e;
        });
      fs.writeFileSync(file, `${out.map((e) => JSON.stringify(e)).join('\n')}\n`);
      return json<Findings>(cliProcess(['triage', file, '--format', 'json', '--no-progress', '--analyzer', 'scope-leak'])).findings;
    };
    const tenant = moved('cross-tenant', 'tenant', 'globex');
    expect(tenant.map((f) => [f.cause, f.turn, f.detail.dimension])).toEqual([['filter_not_enforced', 1, 'tenant']]);
    expect(tenant[0].detail.written?.scope).toEqual({ tenant: 'acme', user: null, agent: null, team: 'mobile-app' });
    expect(tenant[0].detail.served?.scope).toMatchObject({ tenant: 'globex', user: 'ben' });
    const team = moved('cross-team', 'team', 'web-app');
    expect(team.map((f) => [f.cause, f.turn, f.detail.dimension])).toEqual([['filter_not_enforced', 1, 'team']]);
    expect(team[0].detail.served?.scope).toMatchObject({ tenant: 'acme', user: 'ben', team: 'web-app' });
  });
});
