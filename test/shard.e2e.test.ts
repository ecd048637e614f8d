// Sharded triage (docs/scale.md): `amnesia shard` cuts the logs, each shard is triaged on its own with
// --shard K/N, `amnesia merge` joins the documents, and the result is the document one triage of
// everything gives, byte for byte; `ci --findings` gates on it as `ci` gates on the logs.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, cli, json, tmpdir } from './helpers.js';
import { shardOf } from '../src/events/shard.js';
import { EXHAUSTIVE, SLOW } from './tier.js';

/**
 * The incidents, every folder: in npm test all but window-overflow's (its two 17.6 MB logs were most
 * of each shard, triage and ci run's time here, and a window-overflow finding crosses shards no
 * differently than another's), every one in test:slow.
 */
const INCIDENTS = SLOW
  ? [path.join(FIXTURES, 'incidents')]
  : fs
      .readdirSync(path.join(FIXTURES, 'incidents'))
      .filter((d) => d !== 'window-overflow')
      .map((d) => path.join(FIXTURES, 'incidents', d));
// sessions that recall memories other sessions wrote (recall-mismatch's long-term memory)
const CROSS_SESSION = path.join(ROOT, 'src', 'analyzers', 'recall-mismatch', 'fixtures', 'ltm');

interface Sharded {
  out: string;
  manifest: string;
  docs: string[];
  merged: string;
}

let dir: string;
let incidents: Sharded;

/** shard, triage each shard in its own process, merge */
function sharded(input: string | string[], n: number, by: 'session' | 'user', name: string): Sharded {
  const out = path.join(dir, name);
  const cut = cli(['shard', ...[input].flat(), '--out', out, '--shards', String(n), '--by', by, '--no-progress']);
  expect(cut.code, cut.stderr).toBe(0);
  const docs: string[] = [];
  for (let k = 0; k < n; k++) {
    const r = cli(['triage', path.join(out, `shard-${k}-of-${n}`), '--shard', `${k}/${n}`, '--by', by, '--format', 'json', '--no-progress']);
    expect(r.code, r.stderr).toBe(0);
    const file = path.join(out, `findings-${k}.json`);
    fs.writeFileSync(file, r.stdout);
    docs.push(file);
  }
  const manifest = path.join(out, 'manifest.json');
  const merged = cli(['merge', ...docs, '--manifest', manifest]);
  expect(merged.code, merged.stderr).toBe(0);
  return { out, manifest, docs, merged: merged.stdout };
}

beforeAll(() => {
  dir = tmpdir('amnesia-shard-');
  incidents = sharded(INCIDENTS, 3, 'session', 'incidents');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('sharded triage', () => {
  it('gives the findings one triage gives, byte for byte (the incidents, 3 shards by session)', EXHAUSTIVE, () => {
    const whole = cli(['triage', ...INCIDENTS, '--format', 'json', '--no-progress']);
    expect(whole.code).toBe(0);
    const doc = json(whole);
    expect(doc.findings.length).toBeGreaterThan(10);
    expect(incidents.merged).toBe(whole.stdout);
    // every session was analysed by exactly one shard, and each shard says which it is
    const parts = incidents.docs.map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
    expect(parts.map((p) => p.summary.shard)).toEqual([0, 1, 2].map((k) => ({ k, n: 3, by: 'session' })));
    expect(parts.reduce((s, p) => s + p.summary.sessions, 0)).toBe(doc.summary.sessions);
    for (const [k, p] of parts.entries()) for (const f of p.findings) expect(shardOf(f.session, 3)).toBe(k);
  });

  it("keeps recall across sessions: each shard holds the other sessions' memory writes (cross-session memory, 3 shards by user)", () => {
    const whole = cli(['triage', CROSS_SESSION, '--format', 'json', '--no-progress']);
    expect(json(whole).summary.by_analyzer['recall-mismatch']).toBeGreaterThan(3);
    const s = sharded(CROSS_SESSION, 3, 'user', 'ltm-by-user');
    expect(s.merged).toBe(whole.stdout);
    const manifest = JSON.parse(fs.readFileSync(s.manifest, 'utf8'));
    expect(manifest).toMatchObject({ schema: 'amnesia.shards/v1', shards: 3, by: 'user' });
    expect(manifest.parts.reduce((n: number, p: { context_events: number }) => n + p.context_events, 0)).toBeGreaterThan(0);
    expect(manifest.parts.reduce((n: number, p: { events: number }) => n + p.events, 0)).toBe(manifest.summary.events);
    // each line names where it was first read, so evidence points at the original logs
    const first = JSON.parse(fs.readFileSync(path.join(s.out, manifest.parts[0].events_file), 'utf8').split('\n')[0]);
    expect(first.origin).toMatch(/ltm[/\\][\w-]+\.jsonl:\d+$/);
  });

  it('fails the merge, with one line naming what is wrong, on a missing shard, a document given twice, or not a findings document', () => {
    const { out, docs, manifest } = incidents;
    const missing = cli(['merge', docs[0], docs[1], '--manifest', manifest]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe('amnesia: merge: no findings document for shard(s) 2 of 3');
    const twice = cli(['merge', docs[0], docs[0], docs[1], docs[2]]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain(`shard 0 of 3 is also ${docs[0]}`);
    const notDoc = path.join(out, 'not-a-doc.json');
    fs.writeFileSync(notDoc, '{"schema":"amnesia.findings/v1",\n"findings":[]');
    const bad = cli(['merge', notDoc]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not-a-doc\.json(:2)?: not JSON/);
    // a document of a shard cut another way does not merge with these
    const other = JSON.parse(fs.readFileSync(docs[0], 'utf8'));
    other.summary.shard = { k: 0, n: 4, by: 'session' };
    other.findings = [];
    const otherFile = path.join(out, 'other.json');
    fs.writeFileSync(otherFile, JSON.stringify(other));
    const mixed = cli(['merge', docs[1], otherFile]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('another document was cut as 3/session');
  });

  it('ci --findings gates on the merged shards as ci gates on the logs: same verdict, baseline and reports', () => {
    const { out, docs, manifest } = incidents;
    const d1 = cli(['ci', ...INCIDENTS, '--format', 'json', '--no-progress'], { cwd: out });
    const d2 = cli(['ci', '--findings', ...docs, '--manifest', manifest, '--format', 'json', '--junit', path.join(out, 'junit.xml')], { cwd: out });
    expect(d1.code).toBe(1);
    expect(d2.code).toBe(1);
    const ids = (r: typeof d1) => json(r).new.map((f: { id: string }) => f.id);
    expect(ids(d2)).toEqual(ids(d1));
    expect(json(d2).summary).toEqual(json(d1).summary);
    expect(fs.readFileSync(path.join(out, 'junit.xml'), 'utf8')).toContain('<testsuites');
    // accept them: the next gate on the same documents passes
    const baseline = path.join(out, 'baseline.json');
    expect(cli(['ci', '--findings', ...docs, '--update-baseline', '--baseline', baseline]).code).toBe(0);
    // the incidents hold Cline's task metadata and UI messages beside its transcript: read with it, not unread
    const again = cli(['ci', '--findings', ...docs, '--manifest', manifest, '--baseline', baseline]);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    // a shard left out cannot pass the gate
    const partial = cli(['ci', '--findings', docs[0], docs[1], '--manifest', manifest, '--baseline', baseline]);
    expect(partial.code).toBe(2);
    expect(partial.stderr).toContain('no findings document for shard(s) 2 of 3');
  });

  it('ci --findings fails on what amnesia shard could not read, unless --ignore-unread names it', () => {
    const logs = path.join(dir, 'with-unread');
    fs.cpSync(path.join(FIXTURES, 'incidents', 'tool-drift'), logs, { recursive: true });
    fs.writeFileSync(path.join(logs, 'notes.jsonl'), 'this is not a log line\nnor this\n');
    const s = sharded(logs, 2, 'session', 'with-unread-shards');
    const manifest = JSON.parse(fs.readFileSync(s.manifest, 'utf8'));
    expect(manifest.unread).toEqual([expect.objectContaining({ path: expect.stringContaining('notes.jsonl') })]);
    const baseline = path.join(s.out, 'baseline.json');
    expect(cli(['ci', '--findings', ...s.docs, '--update-baseline', '--baseline', baseline]).code).toBe(0);
    const gate = cli(['ci', '--findings', ...s.docs, '--manifest', s.manifest, '--baseline', baseline]);
    expect(gate.code).toBe(1);
    expect(gate.stdout).toContain('notes.jsonl');
    const ignored = cli(['ci', '--findings', ...s.docs, '--manifest', s.manifest, '--baseline', baseline, '--ignore-unread', '**/notes.jsonl']);
    expect(ignored.code, ignored.stdout).toBe(0);
  });

  it('events --shard K/N: each session whole in its own shard; elsewhere only what recall needs; the same on every run', () => {
    const db = path.join(dir, 'events.db');
    expect(cli(['ingest', CROSS_SESSION, '--db', db, '--no-progress']).code).toBe(0);
    const lines = (out: string) =>
      out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { session: string; kind: string });
    const all = lines(cli(['events', '--db', db]).stdout);
    const total = (s: string) => all.filter((e) => e.session === s).length;
    const r = cli(['events', '--db', db, '--shard', '1/4']);
    expect(r.code).toBe(0);
    expect(cli(['events', '--db', db, '--shard', '1/4']).stdout).toBe(r.stdout);
    const shard = lines(r.stdout);
    const sessions = new Set(shard.map((e) => e.session));
    expect([...sessions].some((s) => shardOf(s, 4) !== 1)).toBe(true); // context came along
    for (const s of sessions) {
      const own = shard.filter((e) => e.session === s);
      if (shardOf(s, 4) === 1) expect(own.length).toBe(total(s));
      else expect(own.filter((e) => e.kind !== 'memory_write').length).toBeLessThanOrEqual(2);
    }
    for (const e of all) if (shardOf(e.session, 4) === 1) expect(sessions.has(e.session)).toBe(true);
    expect(cli(['events', '--db', db, '--shard', '4/4']).stderr.trim()).toBe('amnesia: --shard: K counts from 0, so shard 4 of 4 does not exist (0 to 3)');
    expect(cli(['events', '--db', db, '--by', 'user']).code).toBe(2);
  });
});
