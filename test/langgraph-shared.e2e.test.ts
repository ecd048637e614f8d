// Two LangGraph databases that use the same thread ids (two deployments of one app, or the SQLite and the
// Postgres store of the same graphs) read into one evidence store: each database's thread is its own
// session, `langgraph:<the database as given>#<thread>`, and never one history with false overwrites.
// Real stores: lineage.sqlite and lineage-2.sqlite (two runs of langgraph-lineage.mjs on SqliteSaver) and
// lineage.pg.sql (the same script on PostgresSaver); fixtures/real/generated-memsys/SOURCES.md.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, tmpdir } from './helpers.js';
import { ingestReal } from './real-samples.js';

const DIR = path.join(FIXTURES, 'real', 'generated-memsys', 'langgraph');
const A = path.join(DIR, 'lineage.sqlite');
const B = path.join(DIR, 'lineage-2.sqlite');
const PG = path.join(DIR, 'lineage.pg.sql');
const THREADS = ['interrupt-resume', 'rewind', 'send', 'update-race'];

interface Finding {
  analyzer: string;
  cause: string;
  session: string;
  detail: Record<string, unknown>;
  evidence: { source: string }[];
}

/** `langgraph:<the database as the CLI shows it>#<thread>` -> `<its file name>#<thread>` (the CLI shows paths under its folder relative to it) */
const short = (session: string) => session.replace(/^langgraph:(.*\/)?/, '');
const found = (stdout: string) =>
  json<{ findings: Finding[] }>({ code: 0, stdout, stderr: '' })
    .findings.map((f) => `${short(f.session)}:${f.analyzer}:${f.cause}:${(f.detail.writers as string[]).join('>')}`)
    .sort();
const RACE = 'update-race:concurrent-overwrite:same_base_version:updateState>research';

describe('two LangGraph databases sharing thread ids', () => {
  it('in one ingest: a session per database and thread, one race finding per database, no merge note', () => {
    const r = cli(['triage', `langgraph:${A}`, `langgraph:${B}`, `langgraph:${PG}`, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/merged into session/);
    // merged, the threads gave false overwrites (the other run's __start__ or summarize "replacing" a write)
    expect(found(r.stdout)).toEqual(['lineage-2.sqlite', 'lineage.pg.sql', 'lineage.sqlite'].map((db) => `${db}#${RACE}`));
    // each finding's evidence is in its own database
    for (const f of json<{ findings: Finding[] }>(r).findings) {
      const db = f.session.slice('langgraph:'.length, f.session.lastIndexOf('#'));
      expect(f.evidence.every((e) => e.source.startsWith(`${db}#`))).toBe(true);
    }
    const { events } = ingestReal([`langgraph:${A}`, `langgraph:${B}`, `langgraph:${PG}`]);
    expect([...new Set(events.map((e) => short(e.session)))].sort()).toEqual(
      ['lineage-2.sqlite', 'lineage.pg.sql', 'lineage.sqlite'].flatMap((db) => THREADS.map((t) => `${db}#${t}`)),
    );
  });

  it('in two ingests into one store: still apart', () => {
    const db = path.join(tmpdir('amnesia-shared-'), 's.db');
    for (const input of [A, B]) expect(cli(['ingest', `langgraph:${input}`, '--db', db]).code).toBe(0);
    const r = cli(['analyze', '--db', db, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(found(r.stdout)).toEqual([`lineage-2.sqlite#${RACE}`, `lineage.sqlite#${RACE}`]);
  });

  it('?session= names the database part; the same name on both is read as one history, and said so', () => {
    const r = cli(['triage', `langgraph:${A}?session=app-1`, `langgraph:${B}?session=app-1`, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/rows merged into session "app-1#update-race" with those of .*lineage\.sqlite/);
    const apart = cli(['triage', `langgraph:${A}?session=app-1`, `langgraph:${B}?session=app-2`, '--format', 'json']);
    expect(found(apart.stdout)).toEqual(
      ['app-1#update-race', 'app-2#update-race'].map((s) => `${s}:concurrent-overwrite:same_base_version:updateState>research`),
    );
  });
});
