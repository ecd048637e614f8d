// LangGraph JS on Postgres, end to end on the built binary: the issue-30 situations run by the real
// @langchain/langgraph 1.7.3 on @langchain/langgraph-checkpoint-postgres 1.0.5 (PostgreSQL 15), dumped with
// pg_dump and read from the dump without a server (fixtures/real/generated-memsys/langgraph/*.pg.sql,
// SOURCES.md); the same dumps restored into a real server and read through a connection give the same events.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, tmpdir } from './helpers.js';
import { loadDump, type PgServer, startPostgres } from './postgres.js';
import { type Ev, ingestReal } from './real-samples.js';

const DIR = path.join(FIXTURES, 'real', 'generated-memsys', 'langgraph');
const dump = (name: string) => path.join(DIR, `${name}.pg.sql`);
const lg = (file: string) => `langgraph:${file}`;

interface Finding {
  analyzer: string;
  cause: string;
  session: string;
  severity: string;
  title: string;
  detail: Record<string, unknown>;
  evidence: { role: string; source: string; text: string; detail: Record<string, unknown> }[];
}

function triage(...inputs: string[]): Finding[] {
  const r = cli(['triage', ...inputs, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return json<{ findings: Finding[] }>(r).findings;
}

/** the thread a session names (`langgraph:<db>#<thread>`) */
const thread = (session: string) => session.slice(session.lastIndexOf('#') + 1);
const summary = (fs_: Finding[]) => fs_.map((f) => `${thread(f.session)}:${f.analyzer}:${f.cause}`).sort();
const t = (e: Ev | undefined) => Date.parse(String(e?.ts));

describe('LangGraph on Postgres, read from pg_dump files (no server)', () => {
  it('lineage: the updateState edit a running node overwrote is the loser, research the winner; rewind, Send and interrupt stay quiet', () => {
    const findings = triage(lg(dump('lineage')));
    expect(summary(findings)).toEqual(['update-race:concurrent-overwrite:same_base_version']);
    const f = findings[0];
    expect(f.detail.writers).toEqual(['updateState', 'research']);
    expect(f.detail.lost_value).toEqual(['user: plan a trip to Lisbon', 'human: budget is 500 EUR']);
    expect(f.detail.surviving_value).toEqual(['user: plan a trip to Lisbon', 'research: flights are cheaper on Tuesday']);
    const lost = f.evidence.find((e) => e.detail.lost === true);
    expect(lost?.detail.actor).toBe('updateState');
    expect(lost?.source).toMatch(/lineage\.pg\.sql#checkpoint_writes:thread_id=update-race,checkpoint_id=[0-9a-f-]+,task_id=[0-9a-f-]+,idx=0$/);
  });

  it('lineage events: Send workers by their node, the interrupt at its own step 1.5 s before the resumed step commits, the edit at its own time', () => {
    const { events } = ingestReal([lg(dump('lineage'))]);
    const of = (th: string) => events.filter((e) => thread(e.session) === th);
    expect(
      of('send')
        .filter((e) => e.kind === 'state' && e.key === 'notes')
        .map((e) => e.actor),
    ).toEqual(['worker', 'worker']);
    const ir = of('interrupt-resume');
    const interrupt = ir.find((e) => e.kind === 'lifecycle' && e.event === 'interrupt');
    const approved = ir.find((e) => e.kind === 'state' && e.key === 'approved');
    expect(t(approved) - t(interrupt)).toBeGreaterThan(1000);
    expect(interrupt?.time).toMatch(/^unknown: the interrupt row has no time; given /);
    expect(
      ir
        .filter((e) => e.kind === 'lifecycle' && e.event === 'resume')
        .map((e) => e.actor)
        .sort(),
    ).toEqual(['Command', 'approve']);
    // the human edit is stamped with its own checkpoint's time, after research started and before it finished
    const race = of('update-race').filter((e) => e.kind === 'state' && e.key === 'notes');
    const edit = race.find((e) => e.actor === 'updateState');
    const research = race.find((e) => e.actor === 'research');
    expect(edit?.overwritten).toBe(true);
    expect(t(edit)).toBeLessThan(t(research));
  });

  it('errors: a retried error is stamped before the retry commits and stays quiet; an abandoned step is never_committed with its error row in the chain', () => {
    const findings = triage(lg(dump('errors')));
    expect(summary(findings)).toEqual(['error-abandoned:lost-write:never_committed']);
    const f = findings[0];
    expect(f.title).toMatch(/its step stopped on planner's error \("hotel search API timed out"\)/);
    // both rows of the step in the chain (their order is the rows' task ids', which the run draws at random)
    expect(f.evidence.map((e) => `${e.role}:${e.detail.event ?? e.detail.phase}`).sort()).toEqual(['lifecycle:error', 'write:acknowledged']);
    expect(f.evidence.find((e) => e.role === 'lifecycle')?.source).toMatch(/errors\.pg\.sql#checkpoint_writes:thread_id=error-abandoned,.*idx=-1$/);
    const run = ingestReal([lg(dump('errors'))]).events.filter((e) => thread(e.session) === 'error-retry');
    const error = run.find((e) => e.kind === 'lifecycle' && e.event === 'error');
    expect([error?.actor, error?.error]).toEqual(['planner', 'hotel search API timed out']);
    const commit = run.filter((e) => e.kind === 'memory_write' && e.phase === 'committed' && e.actor === 'planner');
    expect(commit).toHaveLength(1);
    expect(t(commit[0]) - t(error)).toBeGreaterThan(1000);
  });

  it('refused: each refused concurrent update is one warning with the reducer fix, never a lost write; the fixed and the reducer fan-outs are quiet', () => {
    const findings = triage(lg(dump('refused')));
    expect(summary(findings)).toEqual([
      'refused-then-fixed:concurrent-overwrite:refused_concurrent_update',
      'refused:concurrent-overwrite:refused_concurrent_update',
    ]);
    for (const f of findings) {
      expect(f.severity).toBe('warning');
      expect((f.detail.writers as string[]).slice().sort()).toEqual(['planner', 'researcher']);
      expect(f.evidence.some((e) => /refused\.pg\.sql#checkpoint_writes:thread_id=refused/.test(e.source))).toBe(true);
    }
  });

  it('look-alikes: a reducer merge with an empty branch and two equal writes stay quiet; the clear a last-write-wins channel lost is found', () => {
    const findings = triage(lg(dump('lookalikes')));
    expect(summary(findings)).toEqual(['clear-lost:concurrent-overwrite:same_base_version']);
    expect(findings[0].detail.writers).toEqual(['retrieve_notes', 'retrieve_web']);
    expect(findings[0].detail.lost_value).toEqual([]);
  });

  it('deletes: RemoveMessage trims beside and after an answer raise nothing; a deleted thread leaves no session', () => {
    expect(triage(lg(dump('deletes')))).toEqual([]);
    const { events } = ingestReal([lg(dump('deletes'))]);
    expect([...new Set(events.map((e) => thread(e.session)))].sort()).toEqual(['trim-after', 'trim-parallel']);
    // the parallel step: trim's removals and respond's answer both merged by the messages reducer
    const merged = events.filter((e) => thread(e.session) === 'trim-parallel' && e.kind === 'state' && e.merged === true);
    expect(new Set(merged.map((e) => e.actor))).toEqual(new Set(['respond', 'trim']));
  });

  it('subgraphs: a lost update inside a subgraph is named by its namespace and nodes, the winner the list the parent kept; a reducer merge is quiet', () => {
    const findings = triage(lg(dump('subgraphs')));
    expect(summary(findings)).toEqual(['sub-overwrite:concurrent-overwrite:same_base_version']);
    const f = findings[0];
    expect(f.detail.key).toBe('research/notes');
    expect(f.detail.writers).toEqual(['flights', 'hotels']);
    expect(f.detail.surviving_value).toEqual(['user: plan a trip to Lisbon', 'intake: Lisbon in May', 'hotels: Alfama has rooms']);
    expect(f.evidence.every((e) => /subgraphs\.pg\.sql#checkpoint_writes:thread_id=sub-overwrite,checkpoint_ns=research,/.test(e.source))).toBe(true);
  });

  it("says where a checkpoint's stored value is another branch's (one blob row per channel version): the rewound edit, the racing edit; nowhere else", () => {
    const notes = (input: string) => {
      const r = cli(['ingest', input, '--db', path.join(tmpdir('amnesia-stray-'), 's.db')]);
      expect(r.code, r.stderr).toBe(0);
      return r.stderr.split('\n').filter((l) => l.includes('langgraphjs issue #1812'));
    };
    const lineage = notes(lg(dump('lineage')));
    expect(lineage.map((l) => /thread "([^"]+)"/.exec(l)?.[1])).toEqual(['rewind', 'update-race']);
    expect(lineage[0]).toMatch(
      /: thread "rewind": checkpoint [0-9a-f-]+'s stored "notes" \(version 3\) is the value checkpoint [0-9a-f-]+ of another branch saved first/,
    );
    for (const name of ['errors', 'refused', 'lookalikes', 'deletes', 'subgraphs', 'checkpoints']) expect(notes(lg(dump(name))), name).toEqual([]);
    expect(notes(lg(path.join(DIR, 'lineage.sqlite')))).toEqual([]); // SQLite keeps each checkpoint's values inline
  });

  it('each Postgres dump gives the findings its SQLite twin (the same script on SqliteSaver) gives', () => {
    for (const name of ['lineage', 'errors', 'refused', 'lookalikes', 'deletes', 'subgraphs', 'checkpoints']) {
      expect(summary(triage(lg(dump(name)))), name).toEqual(summary(triage(lg(path.join(DIR, `${name}.sqlite`)))));
    }
  });

  it("pg_dump --inserts (checkpoints.pg.sql) reads like the COPY form: the overwrite, the refusal, the interrupt's wait", () => {
    const findings = triage(lg(dump('checkpoints')));
    expect(summary(findings)).toEqual([
      'parallel-lastvalue:concurrent-overwrite:refused_concurrent_update',
      'parallel-overwrite:concurrent-overwrite:same_base_version',
    ]);
    expect(findings.find((f) => f.cause === 'same_base_version')?.evidence[0].source).toMatch(
      /checkpoints\.pg\.sql#checkpoint_writes:thread_id=parallel-overwrite,/,
    );
  });
});

describe('pg_dump files that are not whole, or not LangGraph: one line naming the file and the line', () => {
  const lines = fs.readFileSync(dump('lineage'), 'utf8').split('\n');
  const at = (re: RegExp) => lines.findIndex((l) => re.test(l)) + 1;
  const writesCopy = at(/^COPY public\.checkpoint_writes /);
  const dir = tmpdir('amnesia-pgdump-');
  const bad = (name: string, text: string) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, text);
    return f;
  };
  const refused = (file: string) => {
    const r = cli(['ingest', lg(file), '--db', path.join(dir, 'x.db')]);
    expect(r.code).toBe(2);
    const errs = r.stderr.trim().split('\n');
    expect(errs, r.stderr).toHaveLength(1);
    return errs[0];
  };

  it('cut inside a COPY block', () => {
    const f = bad('cut-block.pg.sql', `${lines.slice(0, writesCopy + 5).join('\n')}\n`);
    expect(refused(f)).toBe(
      `amnesia: ${f}:${writesCopy + 5}: the dump ends inside the COPY block of checkpoint_writes begun at line ${writesCopy} (no "\\." line): truncated`,
    );
  });

  it('cut in the middle of a row', () => {
    const row = lines[writesCopy + 2];
    const f = bad('cut-row.pg.sql', `${[...lines.slice(0, writesCopy + 2), row.slice(0, row.indexOf('\t', row.indexOf('\t') + 1))].join('\n')}`);
    expect(refused(f)).toBe(`amnesia: ${f}:${writesCopy + 3}: a checkpoint_writes row with 2 fields, the table has 8`);
  });

  it("cut between statements: pg_dump's closing line is missing", () => {
    const end = at(/^-- PostgreSQL database dump complete$/);
    const f = bad('cut-end.pg.sql', `${lines.slice(0, end - 3).join('\n')}\n`);
    expect(refused(f)).toMatch(
      new RegExp(`^amnesia: ${f.replace(/[.]/g, '\\.')}:${end - 3}: the dump has no "-- PostgreSQL database dump complete" line.*truncated$`),
    );
  });

  it('cut inside an INSERT (pg_dump --inserts)', () => {
    const ins = fs.readFileSync(dump('checkpoints'), 'utf8').split('\n');
    const n = ins.findIndex((l) => l.startsWith('INSERT INTO public.checkpoints VALUES')) + 1;
    const f = bad('cut-insert.pg.sql', `${[...ins.slice(0, n - 1), ins[n - 1].slice(0, 120)].join('\n')}\n`);
    expect(refused(f)).toBe(`amnesia: ${f}:${n}: the dump ends inside the INSERT statement begun at line ${n}: truncated`);
  });

  it("the wrong tables: a dump of other tables, and SQLite's writes columns under Postgres' name", () => {
    const other = bad(
      'other.pg.sql',
      lines
        .join('\n')
        .replace(/public\.checkpoint_writes/g, 'public.sessions')
        .replace(/public\.checkpoints\b/g, 'public.users'),
    );
    expect(refused(other)).toMatch(
      new RegExp(
        `^amnesia: ${other.replace(/[.]/g, '\\.')}: not a pg_dump of LangGraph's checkpoints and checkpoint_writes tables \\(tables: .*sessions at line \\d+.*users at line \\d+`,
      ),
    );
    const cols = bad(
      'cols.pg.sql',
      lines.join('\n').replace('task_id, idx, channel, type, blob) FROM stdin;', 'task_id, idx, channel, type, value) FROM stdin;'),
    );
    expect(refused(cols)).toBe(`amnesia: ${cols}:${writesCopy}: checkpoint_writes has no blob column: not PostgresSaver's checkpoint_writes table`);
  });
});

describe('the dumps restored into a real PostgreSQL server read like the dumps', () => {
  let server: PgServer;
  beforeAll(() => {
    server = startPostgres();
  });
  afterAll(() => server?.stop());

  it('the same events, in the same order, through a connection as from the file', async () => {
    for (const name of ['lineage', 'refused', 'deletes']) {
      const url = await loadDump(server.url, dump(name));
      const view = (evs: Ev[]) =>
        evs.map((e) => JSON.stringify({ ...e, session: thread(e.session), locator: undefined, source: undefined, line: undefined, id: e.id }));
      const live = ingestReal([lg(url)]);
      const file = ingestReal([lg(dump(name))]);
      expect(live.events.length, name).toBeGreaterThan(10);
      expect(view(live.events), name).toEqual(view(file.events));
    }
  });
});
