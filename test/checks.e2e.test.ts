import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { referenceAgent, type Agent, type ReferenceFaults } from '../src/lab/checks/agents.js';
import { cli, cliAsync, json, ROOT, sarifErrors, tmpdir } from './helpers.js';

// Checks the reference engine keeps today: a pinned constraint through a long chat, a preference
// across sessions, scope between users (the full example set is checked in its own test below).
const SET = `version: 1
model: gpt-4o-mini
context_limit: 4096
checks:
  - id: ticket-number
    memory: constraint
    layer: injection
    user: ana
    sessions:
      - - Never use XML in your answers, and always end them with our ticket number T-4471.
        - filler: 40
        - probe: Give me the settings for the staging server.
    expect:
      contains: T-4471
      honours: Never use XML in your answers.
  - id: pkg-manager
    memory: preference
    layer: retrieval
    user: bo
    sessions:
      - - I always use pnpm as my package manager, never npm or yarn.
      - - probe: Which package manager should the setup script call to add lodash?
    expect:
      contains: pnpm
  - id: locker
    memory: fact
    layer: index
    sessions:
      - user: dana
        steps: [My locker code at the gym is 4812.]
      - user: eli
        steps: [probe: What is my locker code at the gym?]
    expect:
      not_contains: "4812"
`;

let dir: string;
let setFile: string;
beforeAll(() => {
  dir = tmpdir('amnesia-checks-');
  setFile = path.join(dir, 'checks.yaml');
  fs.writeFileSync(setFile, SET);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An OpenAI-compatible endpoint on loopback that answers with the reference agent, run with faults: it forgets on purpose. */
async function forgetfulEndpoint(faults: ReferenceFaults): Promise<{ url: string; seen: Record<string, unknown>[]; close: () => Promise<void> }> {
  const agents = new Map<string, Agent>();
  const seen: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      const b = JSON.parse(body);
      seen.push(b);
      const check = b.metadata.check as string;
      let a = agents.get(check);
      if (!a) {
        a = referenceAgent({ model: 'gpt-4o-mini', contextLimit: 4096, faults });
        a.begin?.(check);
        agents.set(check, a);
      }
      // an endpoint cannot tell a probe from a statement: it always answers from its prompt
      const content = await a.answer({ check, session: b.metadata.session_id, user: b.user, messages: b.messages, probe: true });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, seen, close: () => new Promise((r) => server.close(() => r())) };
}

describe('amnesia check', () => {
  it('passes its checks against the reference engine, offline, and writes every CI format', () => {
    const r = cli([
      'check',
      '--set',
      setFile,
      '--agent',
      'reference',
      '--format',
      'json',
      '--junit',
      path.join(dir, 'j.xml'),
      '--sarif',
      path.join(dir, 's.sarif'),
      '--markdown',
      path.join(dir, 'm.md'),
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = json(r);
    expect(doc.schema).toBe('amnesia.checks/v1');
    expect(doc.summary).toMatchObject({ checks: 3, passed: 3, failed: 0, errors: 0 });
    expect(doc.results.map((x: any) => [x.id, x.layer, x.source])).toEqual([
      ['ticket-number', 'injection', `${setFile}:5`],
      ['pkg-manager', 'retrieval', `${setFile}:16`],
      ['locker', 'index', `${setFile}:25`],
    ]);
    const junit = new XMLParser({ ignoreAttributes: false }).parse(fs.readFileSync(path.join(dir, 'j.xml'), 'utf8'));
    expect(junit.testsuites['@_tests']).toBe('3');
    expect(junit.testsuites['@_failures']).toBe('0');
    const sarif = JSON.parse(fs.readFileSync(path.join(dir, 's.sarif'), 'utf8'));
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'm.md'), 'utf8')).toContain('3 of 3 memory checks passed');
  });

  it('against an endpoint that forgets on purpose, the check of the broken layer fails, and only it', async () => {
    const cases: [ReferenceFaults, string, string][] = [[{ noPinning: true }, 'ticket-number', 'injection']];
    for (const [faults, failing, layer] of cases) {
      const ep = await forgetfulEndpoint(faults);
      try {
        const sarifFile = path.join(dir, `${failing}.sarif`);
        const r = await cliAsync(['check', '--set', setFile, '--agent', ep.url, '--model', 'mock-1', '--format', 'json', '--sarif', sarifFile]);
        expect(r.code, r.stderr).toBe(1);
        const doc = json(r);
        expect(doc.results.filter((x: any) => x.status !== 'pass').map((x: any) => [x.id, x.layer])).toEqual([[failing, layer]]);
        expect(doc.summary.by_layer[layer]).toEqual({ checks: 1, failed: 1 });
        const sarif = JSON.parse(fs.readFileSync(sarifFile, 'utf8'));
        expect(sarif.runs[0].results.map((x: any) => [x.ruleId, x.locations[0].physicalLocation.region.startLine])).toEqual([
          [
            `memory-check/${layer}`,
            doc.results
              .find((x: any) => x.id === failing)
              .source.split(':')
              .pop() * 1,
          ],
        ]);
        // the endpoint got OpenAI's request shape, with the session and the user
        expect(ep.seen[0]).toMatchObject({ model: 'mock-1', user: 'ana', metadata: { session_id: 'ticket-number#1', user_id: 'ana', check: 'ticket-number' } });
      } finally {
        await ep.close();
      }
    }
  });

  it('passes the whole example set with --agent reference: corrections supersede, updates keep their details, queued writes are read', () => {
    const example = path.join('examples', 'checks', 'checks.yaml');
    const r = cli(['check', '--set', example, '--agent', 'reference', '--format', 'json']);
    expect(r.code, r.stdout).toBe(0);
    const doc = json(r);
    expect(doc.summary).toMatchObject({ checks: 5, passed: 5, failed: 0, errors: 0 });
    const answer = (id: string) => doc.results.find((x: any) => x.id === id).runs[0].answer as string;
    // the reference agent answers from its prompt: the corrected fact, never the old value as current
    expect(answer('correction-supersedes-fact')).toContain('MySQL 8');
    expect(answer('correction-supersedes-fact')).not.toContain('PostgreSQL 14');
    // the update became the next version of the flight, with the seat it left alone
    expect(answer('update-keeps-detail')).toContain('My flight to Osaka is on May 4, seat 14C.');
  });

  it('each fault of the reference agent fails the example checks of the layer it breaks, and only those', async () => {
    const example = path.join(ROOT, 'examples', 'checks', 'checks.yaml');
    const cases: [ReferenceFaults, string[]][] = [
      [{ noPinning: true }, ['constraint-survives-long-chat']],
      // the pnpm preference is pinned, not recalled: cutting recall breaks only what must be recalled
      [{ noRecall: true }, ['correction-supersedes-fact', 'update-keeps-detail']],
      [{ oneScope: true }, ['scope-kept-between-users']],
      [{ noUpdates: true }, ['correction-supersedes-fact', 'update-keeps-detail']],
    ];
    for (const [faults, failing] of cases) {
      const ep = await forgetfulEndpoint(faults);
      try {
        const r = await cliAsync(['check', '--set', example, '--agent', ep.url, '--model', 'mock-1', '--format', 'json']);
        expect(r.code, `${JSON.stringify(faults)} ${r.stderr}`).toBe(1);
        const doc = json(r);
        expect(
          doc.results.filter((x: any) => x.status !== 'pass').map((x: any) => x.id),
          JSON.stringify(faults),
        ).toEqual(failing);
      } finally {
        await ep.close();
      }
    }
  });

  it('runs a command agent with the conversation as JSON on stdin; a crash is an error naming the check', () => {
    const agent = path.join(dir, 'agent.mjs');
    // remembers nothing: answers each probe with what it was sent, so pnpm is found only within a session
    fs.writeFileSync(
      agent,
      `let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const j=JSON.parse(s);if(j.messages.at(-1).content.includes('locker'))process.exit(3);process.stdout.write(j.messages.map(m=>m.content).join(' | ')+' session='+j.session+' user='+j.user)})`,
    );
    const r = cli(['check', '--set', setFile, '--agent', `node ${agent}`, '--only', 'pkg-manager,locker', '--format', 'json']);
    expect(r.code).toBe(1);
    const doc = json(r);
    const pnpm = doc.results.find((x: any) => x.id === 'pkg-manager');
    expect(pnpm.status).toBe('fail'); // a new session: the command has no memory of the first
    expect(pnpm.runs[0].answer).toBe('Which package manager should the setup script call to add lodash? session=pkg-manager#2 user=bo');
    const locker = doc.results.find((x: any) => x.id === 'locker');
    expect(locker.status).toBe('error');
    expect(locker.runs[0].reasons[0]).toMatch(/^the agent failed: exited with 3/);
    expect(doc.summary).toMatchObject({ checks: 2, failed: 1, errors: 1 });
  });

  it('refuses a bad set or agent in one line, exit 2', () => {
    fs.writeFileSync(path.join(dir, 'bad.yaml'), 'checks:\n  - id: x\n    memory: fact\n    layer: brain\n');
    const bad = cli(['check', '--set', path.join(dir, 'bad.yaml'), '--agent', 'reference']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      `amnesia: ${path.join(dir, 'bad.yaml')}:4: layer "brain" is not one of extraction, update, index, retrieval, injection, generation\n`,
    );
    const missing = cli(['check', '--set', path.join(dir, 'none.yaml'), '--agent', 'reference']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^amnesia: cannot read .*none\.yaml: ENOENT\n$/);
    const only = cli(['check', '--set', setFile, '--agent', 'reference', '--only', 'nope']);
    expect(only.code).toBe(2);
    expect(only.stderr).toContain('--only: no check "nope"');
  });
});
