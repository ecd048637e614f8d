// LangGraph JS on SQLite, end to end on the built binary, on stores the real @langchain/langgraph 1.7.3
// wrote (fixtures/real/generated-memsys/langgraph, SOURCES.md): who lost a race with a human edit, who a
// Send worker is, when an interrupt or an error happened, and why a step's write stayed pending.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, FIXTURES, json } from './helpers.js';
import { type Ev, ingestReal } from './real-samples.js';

const DIR = path.join(FIXTURES, 'real', 'generated-memsys', 'langgraph');
const LINEAGE = `langgraph:${path.join(DIR, 'lineage.sqlite')}`;
const ERRORS = `langgraph:${path.join(DIR, 'errors.sqlite')}`;

interface Finding {
  analyzer: string;
  cause: string;
  session: string;
  title: string;
  detail: Record<string, unknown>;
  evidence: { role: string; source: string; text: string; detail: Record<string, unknown> }[];
}

function triage(input: string): Finding[] {
  const r = cli(['triage', input, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return json<{ findings: Finding[] }>(r).findings;
}

const t = (e: Ev | undefined) => Date.parse(String(e?.ts));
/** the thread a session names: `langgraph:<the database>#<thread>` */
const thread = (session: string) => session.slice(session.indexOf('#') + 1);

describe('langgraph lineage.sqlite: a human edit racing a run, a rewind, Send workers, an interrupt', () => {
  it('the updateState edit the run overwrote is the lost write, named updateState; the rewind, the Send fan-out and the interrupt stay quiet', () => {
    const findings = triage(LINEAGE);
    expect(findings.map((f) => `${thread(f.session)}:${f.analyzer}:${f.cause}`)).toEqual(['update-race:concurrent-overwrite:same_base_version']);
    const f = findings[0];
    expect(f.detail.writers).toEqual(['updateState', 'research']);
    expect(f.detail.lost_value).toEqual(['user: plan a trip to Lisbon', 'human: budget is 500 EUR']);
    expect(f.detail.surviving_value).toEqual(['user: plan a trip to Lisbon', 'research: flights are cheaper on Tuesday']);
    expect(f.title).toMatch(/updateState's update was lost$/);
    expect(f.evidence.find((e) => e.detail.lost === true)?.detail.actor).toBe('updateState');
  });

  it('events: Send workers by their node, the interrupt at its own step (1.5 s before the resumed step commits), the resume by its Command', () => {
    const { events } = ingestReal([LINEAGE]);
    const send = events.filter((e) => thread(e.session) === 'send' && e.kind === 'state' && e.key === 'notes');
    expect(send.map((e) => e.actor)).toEqual(['worker', 'worker']);
    const ir = events.filter((e) => thread(e.session) === 'interrupt-resume');
    const interrupt = ir.find((e) => e.kind === 'lifecycle' && e.event === 'interrupt');
    const approved = ir.find((e) => e.kind === 'state' && e.key === 'approved');
    expect(t(approved) - t(interrupt)).toBeGreaterThan(1000);
    expect(interrupt?.time).toMatch(/^unknown: the interrupt row has no time; given /);
    // the answer the caller sent with Command({ resume }) is written under LangGraph's null task id: the Command, not task:00000000
    const resumes = ir.filter((e) => e.kind === 'lifecycle' && e.event === 'resume').map((e) => e.actor);
    expect(resumes.sort()).toEqual(['Command', 'approve']);
  });
});

describe('langgraph errors.sqlite: a node fails after its sibling wrote', () => {
  it('retried 1.5 s later: the error is stamped at its own step, before the retry commits, and nothing is reported', () => {
    const { events } = ingestReal([ERRORS]);
    const run = events.filter((e) => thread(e.session) === 'error-retry');
    const error = run.find((e) => e.kind === 'lifecycle' && e.event === 'error');
    expect(error?.actor).toBe('planner');
    expect(error?.error).toBe('hotel search API timed out');
    const commits = run.filter((e) => e.kind === 'memory_write' && e.phase === 'committed' && e.actor === 'planner');
    expect(commits).toHaveLength(1);
    expect(t(commits[0]) - t(error)).toBeGreaterThan(1000);
    expect(triage(ERRORS).filter((f) => thread(f.session) === 'error-retry')).toEqual([]);
  });

  it('never retried: the sibling write left pending is never_committed, with the error that stopped its step in the chain', () => {
    const findings = triage(ERRORS);
    expect(findings.map((f) => `${thread(f.session)}:${f.analyzer}:${f.cause}`)).toEqual(['error-abandoned:lost-write:never_committed']);
    const f = findings[0];
    expect(f.title).toMatch(/its step stopped on planner's error \("hotel search API timed out"\)/);
    expect(f.evidence.map((e) => [e.role, e.detail.event ?? e.detail.phase])).toEqual([
      ['lifecycle', 'error'],
      ['write', 'acknowledged'],
    ]);
    expect(f.evidence[0].source).toMatch(/errors\.sqlite#writes:thread_id=error-abandoned,.*idx=-1$/);
  });
});
